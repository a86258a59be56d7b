use actix_web::{HttpResponse, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::dto::{ErrorBody, OrderResponse};
use crate::{ApiError, CurrentUser};

/// One order and its status history, for its owner or an administrator.
#[utoipa::path(
    get,
    path = "/api/v1/order/get-order/{id}",
    tag = "orders",
    security(("token" = [])),
    params(("id" = String, Path, description = "The order's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "The order", body = OrderResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Someone else's order", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
    )
)]
pub async fn get_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let detail = orders.get(&user, &OrderId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(OrderResponse::from(&detail)))
}
