use actix_web::{HttpResponse, post, web};
use paduka_application::coupons::CouponUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb};
use crate::dto::{CouponBody, CouponWriteResponse, ErrorBody};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    tag = "coupons",
    security(("token" = [])),
    request_body = CouponBody,
    responses(
        (status = 201, description = "`Coupon created Successfully`", body = CouponWriteResponse),
        (status = 400, description = "`Fill all details`, a bad code, kind, value, minimum, date or limit, or an end not after the start", body = ErrorBody),
        (status = 409, description = "`Coupon code already exists`", body = ErrorBody),
        AdminOnly,
        BodyOver64Kb,
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
