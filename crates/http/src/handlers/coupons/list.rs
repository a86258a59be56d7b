use actix_web::{HttpResponse, web};
use paduka_application::coupons::CouponUseCases;

use crate::dto::{CouponDto, CouponsResponse, ErrorBody};
use crate::{AdminUser, ApiError};

/// Every coupon, newest first, with its uses so far.
#[utoipa::path(
    get,
    path = "/api/v1/coupon/all-coupons",
    tag = "coupons",
    security(("token" = [])),
    responses(
        (status = 200, description = "Every coupon, newest first", body = CouponsResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
    )
)]
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
