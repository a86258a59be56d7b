use actix_web::{HttpResponse, post, web};
use paduka_application::checkout::{CheckoutUseCases, OrderOutcome};
use paduka_application::orders::OrderUseCases;

use crate::contract::{BodyOver64Kb, CartUnfillable, OrderRefused, ProviderFailed, SignedIn};
use crate::dto::{OrderBody, OrderDto, OrderWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// Places the order of a paid cart: checks the payment's signature, the pincode, the address,
/// the amount at current prices and the stock, then takes the stock and writes the order
/// (`Pending`) in one transaction. The same `paymentId` again answers the same order (200).
#[utoipa::path(
    request_body = OrderBody,
    responses(
        (status = 201, description = "`Order Placed Successfully`", body = OrderWriteResponse),
        (status = 200, description = "This payment had placed the order already: the same order", body = OrderWriteResponse),
        OrderRefused, CartUnfillable, ProviderFailed, SignedIn, BodyOver64Kb,
    )
)]
#[post("/order/cart")]
pub async fn place_order(
    CurrentUser(user): CurrentUser,
    checkout: web::Data<dyn CheckoutUseCases>,
    orders: web::Data<dyn OrderUseCases>,
    body: ValidBody<OrderBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(request) = body?;
    let placed = match checkout.place_order(&user, request).await? {
        OrderOutcome::Placed(placed) => placed,
        OrderOutcome::Unfilled { reason, refund } => {
            return Err(ApiError::unfilled(&reason, &refund));
        }
    };
    let reply = OrderWriteResponse {
        success: true,
        message: "Order Placed Successfully".into(),
        order: OrderDto::of(&placed.order, &**orders),
    };
    if placed.created {
        Ok(HttpResponse::Created().json(reply))
    } else {
        Ok(HttpResponse::Ok().json(reply))
    }
}
