use actix_web::{HttpResponse, get};

use super::HealthResponse;

/// The process answers. Also at `/api/v1/health/live`.
#[utoipa::path(
    responses((status = 200, description = "The process is up", body = HealthResponse))
)]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse {
        success: true,
        status: "live".into(),
    })
}
