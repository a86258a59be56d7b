use actix_web::{HttpResponse, post, web};
use paduka_application::checkout::CheckoutUseCases;

use crate::contract::{BodyOver64Kb, CartProductGone, CouponDoesNotApply, SignedIn};
use crate::dto::{CartQuoteResponse, QuoteBody};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// What the cart costs paid online (with the saving for paying online) and in cash on
/// delivery (with its charge), at current prices and with the coupon. Nothing is taken.
#[utoipa::path(
    request_body = QuoteBody,
    responses(
        (status = 200, description = "The cart's subtotal, the coupon's discount, and what each way of paying costs", body = CartQuoteResponse),
        CouponDoesNotApply, CartProductGone, SignedIn, BodyOver64Kb,
    )
)]
#[post("/cart/quote")]
pub async fn quote_cart(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    body: ValidBody<QuoteBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid((lines, coupon)) = body?;
    let quote = checkout.quote_cart(&user, &lines, coupon).await?;
    Ok(HttpResponse::Ok().json(CartQuoteResponse::from(quote)))
}
