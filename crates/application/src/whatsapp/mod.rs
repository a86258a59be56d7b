//! WhatsApp messages about orders (decisions D37, spec section 20): what is sent when, kept in
//! a table that is also the queue a worker sends from, with retries that survive restarts,
//! and what the webhook reports (statuses, the buyer's button replies).
//!
//! The checkout and order services tell [`OrderNotices`] what happened to an order; the
//! [`WhatsAppService`] decides whether a message follows (only with the buyer's consent and a
//! phone), keeps it through [`WhatsAppMessages`] and sends it through [`WhatsAppGateway`]
//! (Meta's Cloud API, or the offline outbox).

mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use ports::*;
pub use service::{
    CLAIM_LEASE, OrderNotices, Received, Tapped, WebhookEvent, WhatsAppError, WhatsAppPorts,
    WhatsAppService, WhatsAppUseCases, tracking_path,
};
#[cfg(any(test, feature = "mock"))]
pub use service::{MockOrderNotices, MockWhatsAppUseCases};
