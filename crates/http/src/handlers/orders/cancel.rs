use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{
    NotCancellable, NotYourOrder, OrderNotFound, PathId, RefundNotStarted, SignedIn,
};
use crate::dto::MessageResponse;
use crate::{ApiError, CurrentUser};

/// Cancels an order (its owner or an administrator): the stock comes back and the payment
/// is refunded. A delivered or shipped order cannot be cancelled, nor the replacement order of
/// a size exchange.
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "`Order Cancelled Successfully`", body = MessageResponse),
        NotYourOrder, OrderNotFound, NotCancellable, RefundNotStarted, SignedIn,
    )
)]
#[get("/order/delete/{id}")]
pub async fn cancel_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    orders.cancel(&user, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Order Cancelled Successfully")))
}
