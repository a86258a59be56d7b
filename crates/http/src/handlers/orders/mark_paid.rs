use actix_web::{HttpResponse, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::dto::{ErrorBody, OrderDto, OrderWriteResponse};
use crate::{AdminUser, ApiError};

/// Records the cash a courier collected for a cash-on-delivery order (administrators).
#[utoipa::path(
    put,
    path = "/api/v1/order/mark-paid/{id}",
    tag = "orders",
    security(("token" = [])),
    params(("id" = String, Path, description = "The order's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Payment recorded`", body = OrderWriteResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
        (status = 409, description = "`Order is already paid` (every online order is), `Order Cancelled`", body = ErrorBody),
    )
)]
pub async fn mark_paid(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let order = orders
        .mark_paid(&admin, &OrderId::new(id.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(OrderWriteResponse {
        success: true,
        message: "Payment recorded".into(),
        order: OrderDto::from(&order),
    }))
}
