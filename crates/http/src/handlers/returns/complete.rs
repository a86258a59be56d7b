use actix_web::{HttpRequest, HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, InvalidCompletion, PathId, ReturnNotFound, ReturnRefundFailed,
    ReturnStepRefused,
};
use crate::dto::{CompleteBody, ReturnResponse, TryIntoDomain};
use crate::handlers::optional_json;
use crate::{AdminUser, ApiError};

/// Completes a received return (administrators) and refunds it, at most once whatever is
/// retried: online orders through the provider (or to credit), cash on delivery orders to
/// credit or as a recorded bank/UPI payout. After a failed quality check nothing is refunded.
/// Completing again answers the return as it is.
#[utoipa::path(
    params(PathId<ReturnId>),
    request_body(content = CompleteBody, description = "Optional: no body is the same as `{}`", content_type = "application/json"),
    responses(
        (status = 200, description = "The return, `Completed`", body = ReturnResponse),
        InvalidCompletion, ReturnNotFound, ReturnStepRefused, ReturnRefundFailed, AdminOnly,
        BodyOver64Kb,
    )
)]
#[put("/return/complete/{id}")]
pub async fn complete_return(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let input = optional_json::<CompleteBody>(&request, &body)?.try_into_domain()?;
    let ret = returns
        .complete(&admin, &id, input.to, input.reference)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
