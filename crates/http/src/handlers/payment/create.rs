use actix_web::{HttpRequest, HttpResponse, post, web};
use paduka_application::checkout::CheckoutUseCases;

use crate::contract::{
    BodyOver64Kb, CartProductMissing, InvalidPayment, PaymentConflict, ProviderFailed, SignedIn,
};
use crate::dto::{PaymentBody, PaymentResponse, TryIntoDomain};
use crate::handlers::optional_json;
use crate::{ApiError, CurrentUser};

/// Opens a payment order for `amount` whole rupees. With the cart in the body, the cart is
/// priced and checked first and kept as the checkout intent the order is later placed from.
#[utoipa::path(
    params(("amount" = i64, Path, description = "Whole rupees, 1 to 10,000,000", minimum = 1, maximum = 10_000_000)),
    request_body(content = PaymentBody, description = "The cart. Optional: no body is the same as `{}`", content_type = "application/json"),
    responses(
        (status = 200, description = "The provider order to open the checkout window with", body = PaymentResponse),
        InvalidPayment, CartProductMissing, PaymentConflict, ProviderFailed, SignedIn, BodyOver64Kb,
    )
)]
#[post("/payment/{amount}")]
pub async fn create_payment(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    amount: web::Path<String>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // Digits only: no sign, no spaces, as the document's integer says.
    let amount: i64 = Some(amount.as_str())
        .filter(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| ApiError::bad_request("Please enter a valid amount"))?;
    let body = optional_json::<PaymentBody>(&request, &body)?;
    let use_credit = body.use_credit.unwrap_or(false);
    let cart = body.try_into_domain()?;
    let order = checkout
        .start_payment(&user, amount, cart, use_credit)
        .await?;
    Ok(HttpResponse::Ok().json(PaymentResponse::from(order)))
}
