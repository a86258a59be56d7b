use actix_web::{HttpResponse, post, web};
use paduka_application::returns::ReturnUseCases;

use crate::contract::{
    BodyOver64Kb, ExchangeSizeGone, InvalidReturnRequest, NotYourReturnOrder, ReturnOrderNotFound,
    SignedIn,
};
use crate::dto::{ReturnDto, ReturnRequestBody, ReturnRequestedResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// Asks for some pairs of a delivered order to be taken back (its owner, within
/// `RETURN_WINDOW_DAYS` of delivery): refunded, or exchanged for another size of the same
/// product at the same price, which is taken from stock now.
#[utoipa::path(
    request_body = ReturnRequestBody,
    responses(
        (status = 201, description = "`Return requested`", body = ReturnRequestedResponse),
        InvalidReturnRequest, NotYourReturnOrder, ReturnOrderNotFound, ExchangeSizeGone, SignedIn,
        BodyOver64Kb,
    )
)]
#[post("/return/request")]
pub async fn request_return(
    CurrentUser(user): CurrentUser,
    returns: web::Data<dyn ReturnUseCases>,
    body: ValidBody<ReturnRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(input) = body?;
    let ret = returns.request(&user, &input.order, input.lines).await?;
    Ok(HttpResponse::Created().json(ReturnRequestedResponse {
        success: true,
        message: "Return requested".into(),
        ret: ReturnDto::from(&ret),
    }))
}
