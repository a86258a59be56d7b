use actix_web::{HttpResponse, get, web};
use paduka_application::checkout::CheckoutUseCases;
use paduka_domain::State;
use paduka_domain::contact::Pincode;

use crate::ApiError;
use crate::contract::InvalidPincode;
use crate::dto::DeliveryResponse;

/// Whether the shop delivers to a pincode (the product page's check), and by when.
#[utoipa::path(
    params(("pincode" = String, Path, description = "Six digits", pattern = "^[0-9]{6}$")),
    responses(
        (status = 200, description = "`Delivery available at this pincode` or `Delivery unavailable`", body = DeliveryResponse),
        InvalidPincode,
    )
)]
#[get("/delivery/{pincode}")]
pub async fn check_delivery(
    checkout: web::Data<dyn CheckoutUseCases>,
    pincode: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    // Exactly six digits: the path is not trimmed as a form field is.
    if pincode.len() != 6 || !pincode.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_request(Pincode::INVALID));
    }
    let quote = checkout.delivery(&pincode).await?;
    let state = Pincode::parse(&pincode)
        .ok()
        .and_then(|p| State::for_pincode(&p));
    Ok(HttpResponse::Ok().json(DeliveryResponse::new(quote, state)))
}
