use actix_web::{HttpResponse, put, web};
use paduka_application::coupons::CouponUseCases;
use paduka_domain::CouponId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, CouponCodeTaken, CouponNotFound, InvalidCoupon, PathId,
};
use crate::dto::{CouponBody, CouponWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Replaces the coupon's terms; its uses so far stay.
#[utoipa::path(
    params(PathId<CouponId>),
    request_body = CouponBody,
    responses(
        (status = 200, description = "`Coupon updated Successfully`", body = CouponWriteResponse),
        InvalidCoupon, CouponNotFound, CouponCodeTaken, AdminOnly, BodyOver64Kb,
    )
)]
#[put("/coupon/update-coupon/{id}")]
pub async fn update_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    PathId { id }: PathId<CouponId>,
    body: ValidBody<CouponBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(terms) = body?;
    let coupon = coupons.update(&admin, &id, terms).await?;
    Ok(HttpResponse::Ok().json(CouponWriteResponse {
        success: true,
        message: "Coupon updated Successfully".into(),
        coupon: (&coupon).into(),
    }))
}
