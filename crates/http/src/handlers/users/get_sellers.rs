use actix_web::{HttpResponse, web};
use paduka_application::accounts::AuthUseCases;

use crate::dto::{ErrorBody, SellerDto, SellersResponse};
use crate::{AdminUser, ApiError};

/// The shop's sellers: its administrators, by name.
#[utoipa::path(
    get,
    path = "/api/v1/user/get-sellers",
    tag = "users",
    security(("token" = [])),
    responses(
        (status = 200, description = "`All sellers`", body = SellersResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
    )
)]
pub async fn get_sellers(
    AdminUser(admin): AdminUser,
    auth: web::Data<dyn AuthUseCases>,
) -> Result<HttpResponse, ApiError> {
    let sellers = auth.sellers(&admin).await?;
    Ok(HttpResponse::Ok().json(SellersResponse {
        success: true,
        message: "All sellers".into(),
        sellers: sellers.iter().map(SellerDto::from).collect(),
    }))
}
