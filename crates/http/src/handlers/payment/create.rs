use actix_web::{HttpResponse, web};
use paduka_application::checkout::CheckoutUseCases;

use crate::dto::{ErrorBody, PaymentBody, PaymentResponse};
use crate::handlers::optional_json;
use crate::{ApiError, CurrentUser};

/// Opens a payment order for `amount` whole rupees. With the cart in the body, the cart is
/// priced and checked first and kept as the checkout intent the order is later placed from.
#[utoipa::path(
    post,
    path = "/api/v1/payment/{amount}",
    tag = "checkout",
    security(("token" = [])),
    params(("amount" = String, Path, description = "Whole rupees, 1 to 10,000,000")),
    request_body(content = Option<PaymentBody>, description = "The cart (optional)"),
    responses(
        (status = 200, description = "The provider order to open the checkout window with", body = PaymentResponse),
        (status = 400, description = "`Please enter a valid amount`, a bad pincode, address or cart", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 409, description = "The amount is not what the cart costs, or `Only N left of NAME`", body = ErrorBody),
        (status = 502, description = "The payment provider failed", body = ErrorBody),
    )
)]
pub async fn create_payment(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    amount: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let amount: i64 = amount
        .trim()
        .parse()
        .map_err(|_| ApiError::bad_request("Please enter a valid amount"))?;
    let cart = optional_json::<PaymentBody>(&body)?.try_into_cart()?;
    let order = checkout.start_payment(&user, amount, cart).await?;
    Ok(HttpResponse::Ok().json(PaymentResponse::from(order)))
}
