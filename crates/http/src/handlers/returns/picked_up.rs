use actix_web::{HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;
use paduka_domain::returns::ReturnStep;

use crate::contract::{AdminOnly, PathId, ReturnNotFound, ReturnStepRefused};
use crate::dto::ReturnResponse;
use crate::{AdminUser, ApiError};

/// Records that the courier picked the pairs up (administrators); an exchange's new pair
/// ships from here. Recording it again changes nothing.
#[utoipa::path(
    params(PathId<ReturnId>),
    responses(
        (status = 200, description = "The return, `Picked up`", body = ReturnResponse),
        ReturnNotFound, ReturnStepRefused, AdminOnly,
    )
)]
#[put("/return/picked-up/{id}")]
pub async fn return_picked_up(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
) -> Result<HttpResponse, ApiError> {
    let ret = returns
        .admin_step(&admin, &id, ReturnStep::PickUp, None)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
