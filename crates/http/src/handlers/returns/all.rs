use actix_web::{HttpResponse, get, web};
use paduka_application::returns::ReturnUseCases;

use crate::contract::{AdminOnly, InvalidReturnFilter};
use crate::dto::{ReturnListParams, ReturnsResponse, TryIntoDomain};
use crate::{AdminUser, ApiError};

/// Every return, or those in `status`, newest first (administrators).
#[utoipa::path(
    params(ReturnListParams),
    responses(
        (status = 200, description = "The returns", body = ReturnsResponse),
        InvalidReturnFilter, AdminOnly,
    )
)]
#[get("/return/all")]
pub async fn all_returns(
    AdminUser(admin): AdminUser,
    returns: web::Data<dyn ReturnUseCases>,
    params: web::Query<ReturnListParams>,
) -> Result<HttpResponse, ApiError> {
    let status = params.into_inner().try_into_domain()?;
    let list = returns.all(&admin, status).await?;
    Ok(HttpResponse::Ok().json(ReturnsResponse::of(&list)))
}
