//! Liveness and readiness, for load balancers and orchestrators.

pub mod live;
pub mod ready;

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct HealthResponse {
    pub success: bool,
    /// `live` or `ready`
    pub status: String,
}
