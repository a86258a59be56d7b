use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;

use crate::contract::AdminOnly;
use crate::dto::OrdersResponse;
use crate::{AdminUser, ApiError};

/// Every order, newest first, cancelled ones included (administrators).
#[utoipa::path(
    responses(
        (status = 200, description = "Every order", body = OrdersResponse),
        AdminOnly,
    )
)]
#[get("/order/get-all-orders")]
pub async fn all_orders(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
) -> Result<HttpResponse, ApiError> {
    let list = orders.all(&admin).await?;
    Ok(HttpResponse::Ok().json(OrdersResponse::of(&list, &**orders)))
}
