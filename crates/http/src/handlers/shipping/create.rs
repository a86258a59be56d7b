use actix_web::{HttpResponse, post, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, CourierNotAnswering, InvalidShipment, NotShippable, OrderNotFound,
    PathId,
};
use crate::dto::{OrderDto, OrderWriteResponse, ShipBody};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Hands the order to the courier (administrators): from `Pending` or `Confirmed`, it becomes
/// `Shipped` and the buyer is mailed. An order that has shipped already is answered with its
/// shipment; nothing new is booked. `Ship selected` calls this once per order.
#[utoipa::path(
    params(PathId<OrderId>),
    request_body = ShipBody,
    responses(
        (status = 201, description = "`Order shipped`", body = OrderWriteResponse),
        (status = 200, description = "`Order shipped` before: the shipment it has", body = OrderWriteResponse),
        InvalidShipment, OrderNotFound, NotShippable, CourierNotAnswering, AdminOnly, BodyOver64Kb,
    )
)]
#[post("/shipment/create/{id}")]
pub async fn ship_order(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
    body: ValidBody<ShipBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(request) = body?;
    let shipped = orders.ship(&admin, &id, request).await?;
    let mut reply = if shipped.shipped_now {
        HttpResponse::Created()
    } else {
        HttpResponse::Ok()
    };
    Ok(reply.json(OrderWriteResponse {
        success: true,
        message: "Order shipped".into(),
        order: OrderDto::of(&shipped.order, &**orders),
    }))
}
