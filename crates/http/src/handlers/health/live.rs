use actix_web::HttpResponse;

use super::HealthResponse;

/// The process answers. Also at `/api/v1/health/live`.
#[utoipa::path(
    get,
    path = "/health/live",
    tag = "health",
    responses((status = 200, description = "The process is up", body = HealthResponse))
)]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse {
        success: true,
        status: "live".into(),
    })
}
