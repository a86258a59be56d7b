use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{PathId, SignedIn};
use crate::dto::{ErrorBody, MessageResponse};
use crate::{ApiError, CurrentUser};

/// Cancels an order (its owner or an administrator): the stock comes back and the payment
/// is refunded. A delivered order cannot be cancelled.
#[utoipa::path(
    tag = "orders",
    security(("token" = [])),
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "`Order Cancelled Successfully`", body = MessageResponse),
        (status = 403, description = "Someone else's order", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
        (status = 409, description = "`Order Delivered`", body = ErrorBody),
        (status = 502, description = "Cancelled, but the refund could not be started: try again", body = ErrorBody),
        SignedIn,
    )
)]
#[get("/order/delete/{id}")]
pub async fn cancel_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    orders.cancel(&user, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Order Cancelled Successfully")))
}
