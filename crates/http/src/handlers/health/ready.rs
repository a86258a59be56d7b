use actix_web::{HttpResponse, get, web};
use paduka_application::ReadinessProbe;

use super::HealthResponse;
use crate::contract::ServiceUnavailable;
use crate::dto::ErrorBody;

/// The service can do its work: the database answers. Also at `/api/v1/health/ready`.
#[utoipa::path(
    responses(
        (status = 200, description = "Ready to serve", body = HealthResponse),
        ServiceUnavailable,
    )
)]
#[get("/health/ready")]
pub async fn ready(probe: web::Data<dyn ReadinessProbe>) -> HttpResponse {
    match probe.check().await {
        Ok(()) => HttpResponse::Ok().json(HealthResponse {
            success: true,
            status: "ready".into(),
        }),
        Err(cause) => {
            tracing::warn!(error.message = %format!("{cause:#}"), "readiness check failed");
            HttpResponse::ServiceUnavailable().json(ErrorBody::new("Service unavailable"))
        }
    }
}
