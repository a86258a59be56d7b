use actix_web::{HttpResponse, web};
use paduka_application::orders::OrderUseCases;

use crate::dto::{ErrorBody, MyOrdersBody, OrdersResponse};
use crate::handlers::optional_json;
use crate::{ApiError, CurrentUser};

/// The caller's own orders, newest first, without cancelled ones. A `user` in the body naming
/// anyone else is refused.
#[utoipa::path(
    post,
    path = "/api/v1/order/myorders",
    tag = "orders",
    security(("token" = [])),
    request_body(content = Option<MyOrdersBody>, description = "`user`, if sent, must be the caller's `_id`"),
    responses(
        (status = 200, description = "The caller's orders", body = OrdersResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`user` names someone else", body = ErrorBody),
    )
)]
pub async fn my_orders(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let claimed = optional_json::<MyOrdersBody>(&body)?.claimed();
    let list = orders.my_orders(&user, claimed).await?;
    Ok(HttpResponse::Ok().json(OrdersResponse::of(&list)))
}
