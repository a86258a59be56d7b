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
pub mod encoding;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod openapi;
pub mod routes;
pub mod upload;

use std::sync::Arc;

use paduka_application::ReadinessProbe;
use paduka_application::accounts::{AuthService, RegistrationService, UserService};
use paduka_application::admin::AdminService;
use paduka_application::catalog::CatalogService;
use paduka_application::checkout::{CheckoutIntentRepository, CheckoutService, PaymentError};
use paduka_application::orders::OrderService;
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
    pub checkout: Arc<CheckoutService>,
    pub orders: Arc<OrderService>,
    pub admin: Arc<AdminService>,
    /// Set while the offline sandbox is the payment adapter: mounts
    /// `POST /payment/sandbox/pay` and the `/sandbox/checkout` page.
    pub sandbox: Option<Arc<SandboxCheckout>>,
    /// Answers `/health/ready` (the database).
    pub readiness: Arc<dyn ReadinessProbe>,
    /// The replies shared by every visitor, compressed once: one cache for all workers.
    pub replies: Arc<cache::ListCache>,
}

/// Pays a sandbox payment order, as the sandbox page's Pay button asks: a payment id and its
/// signature (implemented by the server over `paduka_payment::SandboxGateway`).
pub trait SandboxPayer: Send + Sync {
    fn pay(&self, provider_order_id: &str) -> Result<dto::SandboxPaymentDto, PaymentError>;
}

/// What the sandbox's Pay button needs: the payer, and the stored intents to check that the
/// order being paid is one of the caller's.
pub struct SandboxCheckout {
    pub payer: Arc<dyn SandboxPayer>,
    pub intents: Arc<dyn CheckoutIntentRepository>,
}
