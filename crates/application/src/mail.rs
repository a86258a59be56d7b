//! The mail port: how use cases send e-mail without knowing SMTP.

use async_trait::async_trait;
use paduka_domain::contact::Email;

/// One message, as plain text with an HTML alternative.
#[derive(Debug, Clone, PartialEq)]
pub struct Mail {
    pub to: Email,
    pub to_name: Option<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Hands the message over for delivery (to an SMTP server, or the local outbox).
    /// An error means it was not accepted and the caller should say so.
    async fn send(&self, mail: &Mail) -> anyhow::Result<()>;
}
