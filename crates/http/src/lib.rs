//! Paduka's `/api/v1` contract on actix-web: routes, handlers, DTOs, guards and error mapping.
//!
//! The server builds an [`ApiState`] from its services and mounts everything with
//! [`configure`]:
//!
//! ```text
//! App::new().configure(paduka_http::configure(state.clone()))
//! ```
//!
//! Handlers are thin: parse the request into domain input, call one service, map the result to
//! a response DTO. Every error leaves as [`ApiError`], i.e. `{"success": false, "message"}`.

pub mod auth;
pub mod cache;
pub mod client;
pub mod contract;
pub mod courier_key;
pub mod csv_file;
pub mod dto;
pub mod encoding;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod nul;
pub mod openapi;
pub mod photos_zip;
pub mod routes;
pub mod upload;

use std::sync::Arc;

use paduka_application::ReadinessProbe;
use paduka_application::accounts::{AuthUseCases, RegistrationUseCases, UserUseCases};
use paduka_application::admin::AdminUseCases;
use paduka_application::catalog::transfer::CatalogTransferUseCases;
use paduka_application::catalog::{CatalogUseCases, PhotoUseCases};
use paduka_application::checkout::{CheckoutUseCases, SandboxUseCases};
use paduka_application::cod::CodUseCases;
use paduka_application::coupons::CouponUseCases;
use paduka_application::credit::CreditUseCases;
use paduka_application::mail::MailOutbox;
use paduka_application::orders::OrderUseCases;
use paduka_application::returns::ReturnUseCases;
use paduka_application::sales::SaleUseCases;
use paduka_application::whatsapp::WhatsAppUseCases;

pub use auth::{AdminUser, CurrentUser};
pub use client::{ClientAddress, TrustedProxies};
pub use courier_key::CourierWebhookKey;
pub use error::ApiError;
pub use routes::{API_PREFIX, configure};

/// The use cases the API calls: the one list of them, built once by the server (or from
/// mocks in tests) and mounted by [`configure`]. Cheap to clone: every field is shared.
#[derive(Clone)]
pub struct ApiState {
    pub catalog: Arc<dyn CatalogUseCases>,
    /// Product photos: uploads judged and prepared, sized variants served.
    pub photos: Arc<dyn PhotoUseCases>,
    /// The catalog's CSV export and import.
    pub transfer: Arc<dyn CatalogTransferUseCases>,
    pub sales: Arc<dyn SaleUseCases>,
    pub coupons: Arc<dyn CouponUseCases>,
    pub auth: Arc<dyn AuthUseCases>,
    pub registration: Arc<dyn RegistrationUseCases>,
    pub users: Arc<dyn UserUseCases>,
    pub checkout: Arc<dyn CheckoutUseCases>,
    /// Store credit (`GET /user/credit`).
    pub credit: Arc<dyn CreditUseCases>,
    pub orders: Arc<dyn OrderUseCases>,
    /// Returns and size exchanges.
    pub returns: Arc<dyn ReturnUseCases>,
    pub admin: Arc<dyn AdminUseCases>,
    /// Set while the offline sandbox is the payment adapter: mounts
    /// `POST /payment/sandbox/pay` and the `/sandbox/checkout` page.
    pub sandbox: Option<Arc<dyn SandboxUseCases>>,
    /// Answers `/health/ready` (the database).
    pub readiness: Arc<dyn ReadinessProbe>,
    /// The replies shared by every visitor, compressed once: one cache for all workers.
    pub replies: Arc<cache::ListCache>,
    /// Whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`).
    pub trusted_proxies: Arc<TrustedProxies>,
    /// What the courier's tracking webhook must send as `x-api-key`.
    pub courier_webhook_key: Arc<CourierWebhookKey>,
    /// WhatsApp's webhook (decisions D37).
    pub whatsapp: Arc<dyn WhatsAppUseCases>,
    /// COD confirmation's link page (decisions D39).
    pub cod: Arc<dyn CodUseCases>,
    /// Set with `DEV_OUTBOX=true`: mounts the development outbox (decisions D45), whose mails
    /// these are.
    pub dev_outbox: Option<Arc<dyn MailOutbox>>,
}
