use actix_web::{HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;
use paduka_domain::returns::ReturnStep;

use crate::contract::{
    AdminOnly, BodyOver64Kb, InvalidRejection, PathId, ReturnNotFound, ReturnStepRefused,
};
use crate::dto::{RejectBody, ReturnResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Rejects a return before pickup (administrators), saying why; a size reserved for an
/// exchange goes back to stock. Rejecting again changes nothing.
#[utoipa::path(
    params(PathId<ReturnId>),
    request_body = RejectBody,
    responses(
        (status = 200, description = "The return, `Rejected`", body = ReturnResponse),
        InvalidRejection, ReturnNotFound, ReturnStepRefused, AdminOnly, BodyOver64Kb,
    )
)]
#[put("/return/reject/{id}")]
pub async fn reject_return(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
    body: ValidBody<RejectBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(note) = body?;
    let ret = returns
        .admin_step(&admin, &id, ReturnStep::Reject, note)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
