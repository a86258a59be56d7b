use actix_web::{HttpResponse, web};
use paduka_application::orders::OrderUseCases;

use crate::dto::{ErrorBody, OrdersResponse};
use crate::{AdminUser, ApiError};

/// Every order, newest first, cancelled ones included (administrators).
#[utoipa::path(
    get,
    path = "/api/v1/order/get-all-orders",
    tag = "orders",
    security(("token" = [])),
    responses(
        (status = 200, description = "Every order", body = OrdersResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
pub async fn all_orders(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
) -> Result<HttpResponse, ApiError> {
    let list = orders.all(&admin).await?;
    Ok(HttpResponse::Ok().json(OrdersResponse::of(&list)))
}
