use actix_web::{HttpRequest, HttpResponse, post, web};
use paduka_application::checkout::{CheckoutUseCases, CodRequest};
use paduka_application::orders::OrderUseCases;

use crate::contract::{BodyOver64Kb, CodConflict, CodRefused, SignedIn};
use crate::dto::{CodBody, OrderDto, OrderWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// The longest `Idempotency-Key` kept.
const MAX_KEY_LENGTH: usize = 200;

/// Places a cash-on-delivery order: priced, stock-checked and written in one transaction like
/// a paid order, status `Pending`, unpaid until an administrator records the cash. The same
/// `Idempotency-Key` from the same shopper answers the same order again.
#[utoipa::path(
    params(("Idempotency-Key" = Option<String>, Header, description = "Any text up to 200 characters (a UUID per checkout attempt); the same key from the same shopper is the same order", max_length = 200, pattern = "^[!-~]+$")),
    request_body = CodBody,
    responses(
        (status = 201, description = "`Order Placed Successfully` (again, with the same order, for a repeated `Idempotency-Key`)", body = OrderWriteResponse),
        CodRefused, CodConflict, SignedIn, BodyOver64Kb,
    )
)]
#[post("/order/cod")]
pub async fn place_cod_order(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    orders: web::Data<dyn OrderUseCases>,
    request: HttpRequest,
    body: ValidBody<CodBody>,
) -> Result<HttpResponse, ApiError> {
    let key = match request.headers().get("idempotency-key") {
        None => None,
        Some(value) => {
            let key = value
                .to_str()
                .ok()
                .filter(|k| {
                    !k.is_empty()
                        && k.len() <= MAX_KEY_LENGTH
                        && k.bytes().all(|b| b.is_ascii_graphic())
                })
                .ok_or_else(|| {
                    ApiError::bad_request(
                        "Idempotency-Key must be 1 to 200 printable characters without spaces",
                    )
                })?;
            Some(key.to_owned())
        }
    };
    let Valid(order) = body?;
    let order = CodRequest {
        idempotency_key: key,
        ..order
    };
    let placed = checkout.place_cod(&user, order).await?;
    Ok(HttpResponse::Created().json(OrderWriteResponse {
        success: true,
        message: "Order Placed Successfully".into(),
        order: OrderDto::of(&placed.order, &**orders),
    }))
}
