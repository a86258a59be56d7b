//! WhatsApp adapters for the WhatsApp port
//! ([`WhatsAppGateway`](paduka_application::whatsapp::WhatsAppGateway), decisions D37):
//!
//! - [`OutboxWhatsApp`]: the offline default, like the mail outbox and the payment sandbox.
//!   Nothing leaves the machine: each message is accepted at once and kept, as every message
//!   is, in the messages table. Without an app secret or a verify token, it refuses every
//!   webhook call.
//! - [`CloudApiWhatsApp`]: Meta's WhatsApp Cloud API (`POST {base}/{phone number id}/messages`,
//!   template messages) under `WHATSAPP_API_BASE`, and the webhook's signature checked with
//!   the app secret.

mod cloud;

pub use cloud::{CloudApiConfig, CloudApiWhatsApp};

use async_trait::async_trait;
use paduka_application::whatsapp::{Outgoing, SendError, WhatsAppGateway};

/// The offline WhatsApp: messages are kept by the shop and go nowhere.
#[derive(Debug, Clone, Copy, Default)]
pub struct OutboxWhatsApp;

#[async_trait]
impl WhatsAppGateway for OutboxWhatsApp {
    async fn send(&self, message: &Outgoing) -> Result<String, SendError> {
        tracing::info!(
            to = message.to.as_str(),
            template = message.template.kind.as_str(),
            body = ?message.template.body,
            "WhatsApp is not configured: the message is kept in the outbox"
        );
        Ok(format!("outbox.{}", message.key))
    }

    /// No app secret: nothing is WhatsApp's.
    fn signed(&self, _body: &[u8], _signature: &str) -> bool {
        false
    }

    fn verify_token_is(&self, _token: &str) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use paduka_domain::OrderId;
    use paduka_domain::whatsapp::{Template, WhatsAppNumber};

    use super::*;

    #[tokio::test]
    async fn the_outbox_keeps_every_message_and_refuses_every_webhook() {
        let message = Outgoing {
            key: "msg-1".into(),
            to: WhatsAppNumber::parse("919876543210").unwrap(),
            template: Template::order_delivered(&OrderId::new("ord-1"), "Asha"),
        };
        assert_eq!(OutboxWhatsApp.send(&message).await.unwrap(), "outbox.msg-1");
        assert!(!OutboxWhatsApp.signed(b"{}", "sha256=00"));
        assert!(!OutboxWhatsApp.verify_token_is(""));
    }
}
