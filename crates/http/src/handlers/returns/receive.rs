use actix_web::{HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;
use paduka_domain::returns::ReturnStep;

use crate::contract::{
    AdminOnly, BodyOver64Kb, InvalidReceipt, PathId, ReturnNotFound, ReturnStepRefused,
};
use crate::dto::{ReceiveBody, ReturnResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Records the pairs' arrival and the quality check (administrators): passed, they go back
/// to their sizes' stock, once; failed, nothing goes back and nothing will be refunded.
/// The first check stands: the same again changes nothing, the other is refused.
#[utoipa::path(
    params(PathId<ReturnId>),
    request_body = ReceiveBody,
    responses(
        (status = 200, description = "The return, `Received`", body = ReturnResponse),
        InvalidReceipt, ReturnNotFound, ReturnStepRefused, AdminOnly, BodyOver64Kb,
    )
)]
#[put("/return/receive/{id}")]
pub async fn receive_return(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
    body: ValidBody<ReceiveBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(input) = body?;
    let ret = returns
        .admin_step(&admin, &id, ReturnStep::Receive(input.qc), input.note)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
