use actix_web::{HttpResponse, web};
use paduka_application::checkout::CheckoutUseCases;

use crate::dto::{ApplyCouponBody, CouponPriceResponse, ErrorBody};
use crate::handlers::JsonBody;
use crate::{ApiError, CurrentUser};

/// What the cart costs with the coupon. Nothing is taken: the order takes the coupon's use.
#[utoipa::path(
    post,
    path = "/api/v1/coupon/apply",
    tag = "coupons",
    security(("token" = [])),
    request_body = ApplyCouponBody,
    responses(
        (status = 200, description = "The cart's subtotal, the discount and what is paid", body = CouponPriceResponse),
        (status = 400, description = "`Invalid or expired coupon`, `Minimum order for this coupon is ₹N`, `Coupon usage limit reached`, or a bad cart", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 409, description = "`A product in your cart is no longer available`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn apply_coupon(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    body: JsonBody<ApplyCouponBody>,
) -> Result<HttpResponse, ApiError> {
    let (code, lines) = body?.into_inner().try_into_domain()?;
    let price = checkout.apply_coupon(&user, &code, &lines).await?;
    Ok(HttpResponse::Ok().json(CouponPriceResponse::new(&code, price)))
}
