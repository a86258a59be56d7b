use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{PathId, SignedIn};
use crate::dto::{ErrorBody, OrderResponse};
use crate::{ApiError, CurrentUser};

/// One order and its status history, for its owner or an administrator.
#[utoipa::path(
    tag = "orders",
    security(("token" = [])),
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "The order", body = OrderResponse),
        (status = 403, description = "Someone else's order", body = ErrorBody),
        (status = 404, description = "`Order not found`", body = ErrorBody),
        SignedIn,
    )
)]
#[get("/order/get-order/{id}")]
pub async fn get_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    let detail = orders.get(&user, &id).await?;
    Ok(HttpResponse::Ok().json(OrderResponse::from(&detail)))
}
