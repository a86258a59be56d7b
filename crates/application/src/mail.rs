//! The mail port: how use cases send e-mail without knowing SMTP.

use async_trait::async_trait;
use paduka_domain::contact::Email;

/// One message, as plain text with an HTML alternative, and any files attached.
#[derive(Debug, Clone, PartialEq)]
pub struct Mail {
    pub to: Email,
    pub to_name: Option<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachments: Vec<Attachment>,
}

/// A file sent with a mail (the order-placed mail's invoice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub file_name: String,
    /// e.g. `application/pdf`.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Hands the message over for delivery (to an SMTP server, or the local outbox).
    /// An error means it was not accepted and the caller should say so.
    async fn send(&self, mail: &Mail) -> anyhow::Result<()>;
}

/// A mail the offline outbox kept, read back for the development outbox's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptMail {
    /// The file's name without `.eml`.
    pub id: String,
    pub to: String,
    pub subject: String,
    pub sent_at: chrono::DateTime<chrono::Utc>,
    /// The plain-text part.
    pub text: String,
    /// The attached files' names (an order's invoice).
    pub attachments: Vec<String>,
}

/// The mails the offline outbox kept (`DEV_OUTBOX`; decisions D45).
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait MailOutbox: Send + Sync {
    /// The `limit` mails written last, newest first.
    async fn recent(&self, limit: usize) -> anyhow::Result<Vec<KeptMail>>;
}
