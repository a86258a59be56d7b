use actix_web::{HttpResponse, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{ApiError, CurrentUser};

/// Cancels an order (its owner or an administrator): the stock comes back and the payment
/// is refunded. A delivered order cannot be cancelled.
#[utoipa::path(
    get,
    path = "/api/v1/order/delete/{id}",
    tag = "orders",
    security(("token" = [])),
    params(("id" = String, Path, description = "The order's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Order Cancelled Successfully`", body = MessageResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Someone else's order", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
        (status = 409, description = "`Order Delivered`", body = ErrorBody),
        (status = 502, description = "Cancelled, but the refund could not be started: try again", body = ErrorBody),
    )
)]
pub async fn cancel_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    orders.cancel(&user, &OrderId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Order Cancelled Successfully")))
}
