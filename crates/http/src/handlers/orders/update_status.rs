use actix_web::{HttpResponse, put, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, InvalidStatus, OrderCancelled, OrderNotFound, PathId,
};
use crate::dto::{OrderDto, OrderWriteResponse, StatusBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

/// Moves an order to `Pending`, `Confirmed` or `Delivered` (administrators); the buyer is
/// mailed when the status changes.
#[utoipa::path(
    params(PathId<OrderId>),
    request_body = StatusBody,
    responses(
        (status = 200, description = "`Order status updated`", body = OrderWriteResponse),
        InvalidStatus, OrderNotFound, OrderCancelled, AdminOnly, BodyOver64Kb,
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
        order: OrderDto::of(&order, &**orders),
    }))
}
