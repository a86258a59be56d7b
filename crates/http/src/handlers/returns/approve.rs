use actix_web::{HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;
use paduka_domain::returns::ReturnStep;

use crate::contract::{
    AdminOnly, PathId, PickupNotBooked, PickupRefused, ReturnNotFound, ReturnStepRefused,
};
use crate::dto::ReturnResponse;
use crate::{AdminUser, ApiError};

/// Approves a requested return (administrators). With Shiprocket, books the reverse pickup
/// (`pickup`); approving again changes nothing, but books the pickup if it is still missing.
#[utoipa::path(
    params(PathId<ReturnId>),
    responses(
        (status = 200, description = "The return, `Approved`", body = ReturnResponse),
        ReturnNotFound, ReturnStepRefused, PickupRefused, PickupNotBooked, AdminOnly,
    )
)]
#[put("/return/approve/{id}")]
pub async fn approve_return(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
) -> Result<HttpResponse, ApiError> {
    let ret = returns
        .admin_step(&admin, &id, ReturnStep::Approve, None)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
