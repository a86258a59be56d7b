use actix_web::{HttpResponse, get, web};
use paduka_application::coupons::CouponUseCases;

use crate::contract::AdminOnly;
use crate::dto::{CouponDto, CouponsResponse};
use crate::{AdminUser, ApiError};

/// Every coupon, newest first, with its uses so far.
#[utoipa::path(
    responses(
        (status = 200, description = "Every coupon, newest first", body = CouponsResponse),
        AdminOnly,
    )
)]
#[get("/coupon/all-coupons")]
pub async fn all_coupons(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
) -> Result<HttpResponse, ApiError> {
    let list = coupons.list(&admin).await?;
    Ok(HttpResponse::Ok().json(CouponsResponse {
        success: true,
        coupons: list.iter().map(CouponDto::from).collect(),
    }))
}
