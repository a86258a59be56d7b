use actix_web::{HttpResponse, post, web};
use paduka_application::coupons::CouponUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb, CouponCodeTaken, InvalidCoupon};
use crate::dto::{CouponBody, CouponWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    request_body = CouponBody,
    responses(
        (status = 201, description = "`Coupon created Successfully`", body = CouponWriteResponse),
        InvalidCoupon, CouponCodeTaken, AdminOnly, BodyOver64Kb,
    )
)]
#[post("/coupon/create-coupon")]
pub async fn create_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    body: ValidBody<CouponBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(terms) = body?;
    let coupon = coupons.create(&admin, terms).await?;
    Ok(HttpResponse::Created().json(CouponWriteResponse {
        success: true,
        message: "Coupon created Successfully".into(),
        coupon: (&coupon).into(),
    }))
}
