use actix_web::{HttpResponse, put, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{AdminOnly, OrderNotFound, OrderPaidOrCancelled, PathId};
use crate::dto::{OrderDto, OrderWriteResponse};
use crate::{AdminUser, ApiError};

/// Records the cash a courier collected for a cash-on-delivery order (administrators).
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "`Payment recorded`", body = OrderWriteResponse),
        OrderNotFound, OrderPaidOrCancelled, AdminOnly,
    )
)]
#[put("/order/mark-paid/{id}")]
pub async fn mark_paid(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    let order = orders.mark_paid(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(OrderWriteResponse {
        success: true,
        message: "Payment recorded".into(),
        order: OrderDto::of(&order, &**orders),
    }))
}
