use actix_web::{HttpResponse, put, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{AdminOnly, BodyOver64Kb, PathId};
use crate::dto::{ErrorBody, OrderDto, OrderWriteResponse, StatusBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

/// Moves an order to `Pending`, `Confirmed` or `Delivered` (administrators); the buyer is
/// mailed when the status changes.
#[utoipa::path(
    tag = "orders",
    security(("token" = [])),
    params(PathId<OrderId>),
    request_body = StatusBody,
    responses(
        (status = 200, description = "`Order status updated`", body = OrderWriteResponse),
        (status = 400, description = "A status other than Pending, Confirmed or Delivered", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
        (status = 409, description = "`Order Cancelled`", body = ErrorBody),
        AdminOnly,
        BodyOver64Kb,
    )
)]
#[put("/order/update-status/{id}")]
pub async fn update_status(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
    body: JsonBody<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let status = body?.into_inner().status.unwrap_or_default();
    // Exactly one of the three, as the document's enum says (the service would also take
    // it with white space around).
    if !StatusBody::SETTABLE.contains(&status.as_str()) {
        return Err(ApiError::bad_request(
            "Status must be Pending, Confirmed or Delivered",
        ));
    }
    let order = orders.update_status(&admin, &id, &status).await?;
    Ok(HttpResponse::Ok().json(OrderWriteResponse {
        success: true,
        message: "Order status updated".into(),
        order: OrderDto::from(&order),
    }))
}
