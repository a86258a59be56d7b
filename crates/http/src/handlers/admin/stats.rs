use actix_web::{HttpResponse, get, web};
use paduka_application::admin::AdminUseCases;

use crate::contract::AdminOnly;
use crate::dto::AdminStatsResponse;
use crate::{AdminUser, ApiError};

/// Orders and revenue today and for the last 30 India days, revenue per day, orders waiting
/// to be confirmed, and products low on stock.
#[utoipa::path(
    responses(
        (status = 200, description = "The overview; days are India days (UTC+05:30)", body = AdminStatsResponse),
        AdminOnly,
    )
)]
#[get("/admin/stats")]
pub async fn admin_stats(
    AdminUser(admin): AdminUser,
    service: web::Data<dyn AdminUseCases>,
) -> Result<HttpResponse, ApiError> {
    let stats = service.stats(&admin).await?;
    Ok(HttpResponse::Ok().json(AdminStatsResponse::from(&stats)))
}
