//! Paduka's `/api/v1` contract on actix-web: routes, handlers, DTOs, guards and error mapping.
//!
//! The server builds an [`ApiState`] from its services and mounts everything with
//! [`configure`]:
//!
//! ```ignore
//! App::new().configure(paduka_http::configure(state.clone()))
//! ```
//!
//! Handlers are thin: parse the request into domain input, call one service, map the result to
//! a response DTO. Every error leaves as [`ApiError`], i.e. `{"success": false, "message"}`.

pub mod auth;
pub mod cache;
pub mod client;
pub mod dto;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod openapi;
pub mod routes;
pub mod upload;

use std::sync::Arc;

use paduka_application::ReadinessProbe;
use paduka_application::accounts::{AuthService, RegistrationService, UserService};
use paduka_application::catalog::CatalogService;
use paduka_application::sales::SaleService;

pub use auth::{AdminUser, CurrentUser};
pub use client::ClientAddress;
pub use error::ApiError;
pub use routes::{API_PREFIX, configure};

/// The services the API calls. Cheap to clone: every field is shared.
#[derive(Clone)]
pub struct ApiState {
    pub catalog: Arc<CatalogService>,
    pub sales: Arc<SaleService>,
    pub auth: Arc<AuthService>,
    pub registration: Arc<RegistrationService>,
    pub users: Arc<UserService>,
    /// Answers `/health/ready` (the database).
    pub readiness: Arc<dyn ReadinessProbe>,
}
