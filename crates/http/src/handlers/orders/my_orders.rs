use actix_web::{HttpRequest, HttpResponse, post, web};
use paduka_application::orders::OrderUseCases;

use crate::contract::{BodyOver64Kb, InvalidMyOrdersBody, NotYourOrders, SignedIn};
use crate::dto::{MyOrdersBody, OrdersResponse};
use crate::handlers::optional_json;
use crate::{ApiError, CurrentUser};

/// The caller's own orders, newest first, without cancelled ones. A `user` in the body naming
/// anyone else is refused.
#[utoipa::path(
    request_body(content = MyOrdersBody, description = "Optional: no body is the same as `{}`", content_type = "application/json"),
    responses(
        (status = 200, description = "The caller's orders", body = OrdersResponse),
        InvalidMyOrdersBody, NotYourOrders, SignedIn, BodyOver64Kb,
    )
)]
#[post("/order/myorders")]
pub async fn my_orders(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let claimed = optional_json::<MyOrdersBody>(&request, &body)?.claimed();
    let list = orders.my_orders(&user, claimed).await?;
    Ok(HttpResponse::Ok().json(OrdersResponse::of(&list, &**orders)))
}
