use actix_web::{HttpResponse, post, web};
use paduka_application::checkout::CheckoutUseCases;

use crate::contract::{BodyOver64Kb, CartProductGone, CouponDoesNotApply, SignedIn};
use crate::dto::{ApplyCouponBody, CouponPriceResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// What the cart costs with the coupon. Nothing is taken: the order takes the coupon's use.
#[utoipa::path(
    request_body = ApplyCouponBody,
    responses(
        (status = 200, description = "The cart's subtotal, the discount and what is paid", body = CouponPriceResponse),
        CouponDoesNotApply, CartProductGone, SignedIn, BodyOver64Kb,
    )
)]
#[post("/coupon/apply")]
pub async fn apply_coupon(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    body: ValidBody<ApplyCouponBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid((code, lines)) = body?;
    let price = checkout.apply_coupon(&user, &code, &lines).await?;
    Ok(HttpResponse::Ok().json(CouponPriceResponse::new(&code, price)))
}
