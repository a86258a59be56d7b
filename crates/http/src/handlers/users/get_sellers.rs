use actix_web::{HttpResponse, get, web};
use paduka_application::accounts::AuthUseCases;

use crate::contract::AdminOnly;
use crate::dto::{SellerDto, SellersResponse};
use crate::{AdminUser, ApiError};

/// The shop's sellers: its administrators, by name.
#[utoipa::path(
    responses(
        (status = 200, description = "`All sellers`", body = SellersResponse),
        AdminOnly,
    )
)]
#[get("/user/get-sellers")]
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
