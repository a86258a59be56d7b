use actix_web::{HttpResponse, get, web};
use paduka_application::cod::CodUseCases;
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{NotYourOrder, OrderNotFound, PathId, SignedIn};
use crate::dto::OrderResponse;
use crate::{ApiError, CurrentUser};

/// One order and its status history, for its owner or an administrator.
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "The order", body = OrderResponse),
        NotYourOrder, OrderNotFound, SignedIn,
    )
)]
#[get("/order/get-order/{id}")]
pub async fn get_order(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    cod: web::Data<dyn CodUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    // `get` checks the caller may see it before its confirmation's steps are read.
    let detail = orders.get(&user, &id).await?;
    let events = cod.events(&id).await?;
    Ok(HttpResponse::Ok().json(OrderResponse::of(&detail, &events, &**orders)))
}
