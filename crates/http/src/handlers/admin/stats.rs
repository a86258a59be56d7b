use actix_web::{HttpResponse, web};
use paduka_application::admin::AdminUseCases;

use crate::dto::{AdminStatsResponse, ErrorBody};
use crate::{AdminUser, ApiError};

/// Orders and revenue today and for the last 30 India days, revenue per day, orders waiting
/// to be confirmed, and products low on stock.
#[utoipa::path(
    get,
    path = "/api/v1/admin/stats",
    tag = "admin",
    security(("token" = [])),
    responses(
        (status = 200, description = "The overview; days are India days (UTC+05:30)", body = AdminStatsResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
    )
)]
pub async fn admin_stats(
    AdminUser(admin): AdminUser,
    service: web::Data<dyn AdminUseCases>,
) -> Result<HttpResponse, ApiError> {
    let stats = service.stats(&admin).await?;
    Ok(HttpResponse::Ok().json(AdminStatsResponse::from(&stats)))
}
