use actix_web::{HttpResponse, post, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, CourierEventRefused, InvalidCourierEvent, OrderNotFound, PathId,
    ReturnRefundNotStarted,
};
use crate::dto::{CourierEventBody, OrderDto, OrderWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Records what the courier reported (administrators, the manual courier): the lifecycle
/// moves the order on. A return to origin puts the stock back and refunds a paid online
/// order, once; reporting it again retries a refund that failed.
#[utoipa::path(
    params(PathId<OrderId>),
    request_body = CourierEventBody,
    responses(
        (status = 200, description = "`Event recorded`", body = OrderWriteResponse),
        InvalidCourierEvent, OrderNotFound, CourierEventRefused, ReturnRefundNotStarted, AdminOnly,
        BodyOver64Kb,
    )
)]
#[post("/shipment/event/{id}")]
pub async fn record_event(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
    body: ValidBody<CourierEventBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(input) = body?;
    let order = orders
        .record_courier_event(&admin, &id, input.event, input.note)
        .await?;
    Ok(HttpResponse::Ok().json(OrderWriteResponse {
        success: true,
        message: "Event recorded".into(),
        order: OrderDto::of(&order, &**orders),
    }))
}
