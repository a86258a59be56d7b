//! What the WhatsApp use cases need from outside: the messaging API (Meta's Cloud API, or the
//! offline outbox) and the table the messages are kept in, which is also the send queue.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::OrderId;
use paduka_domain::whatsapp::{
    CodAnswer, MessageKind, MessageStatus, SendFailure, Template, WhatsAppNumber,
};

use crate::RepoError;

/// One message to send: our key (the table's id, also the adapter's idempotency hint), the
/// number and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub key: String,
    pub to: WhatsAppNumber,
    pub template: Template,
}

/// Why a send failed: the domain's verdict (try again or never) and what to keep as the error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SendError {
    pub failure: SendFailure,
    /// Meta's code and message (`131026: Message undeliverable`), or the network's error.
    pub message: String,
}

/// The WhatsApp adapter: sends a template message, and checks what its webhook receives.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait WhatsAppGateway: Send + Sync {
    /// Sends `message`; answers WhatsApp's message id (`wamid.…`).
    async fn send(&self, message: &Outgoing) -> Result<String, SendError>;

    /// Whether `signature` (`X-Hub-Signature-256`: `sha256=<hex>`; empty when the header is
    /// missing) is the HMAC-SHA256 of `body` with the app secret, compared in constant time.
    /// Always false without one.
    fn signed(&self, body: &[u8], signature: &str) -> bool;

    /// Whether `token` is the webhook's verify token. Always false without one.
    fn verify_token_is(&self, token: &str) -> bool;
}

/// A message decided now, to be sent by the worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub id: String,
    pub order: OrderId,
    pub to: WhatsAppNumber,
    pub template: Template,
    pub at: DateTime<Utc>,
}

/// What keeping a new message did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    /// Kept, and queued for sending.
    Queued,
    /// The order has a message of this kind already that did not fail: nothing kept.
    Exists,
}

/// A message as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptMessage {
    pub id: String,
    pub order: OrderId,
    pub to: WhatsAppNumber,
    pub template: Template,
    pub status: MessageStatus,
    /// WhatsApp's id, once sent.
    pub wa_message_id: Option<String>,
    pub error: Option<String>,
    /// Tries so far (claims taken).
    pub attempts: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl KeptMessage {
    pub fn kind(&self) -> MessageKind {
        self.template.kind
    }
}

/// A button reply as recorded against its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// WhatsApp's id of the incoming message: a reply is recorded once per id.
    pub incoming_id: String,
    pub order: OrderId,
    pub from: WhatsAppNumber,
    pub answer: CodAnswer,
    pub at: DateTime<Utc>,
}

/// The messages table (`whatsapp_messages`), which is the send queue too: a row is claimed by
/// one worker at a time, on any instance, for a lease; a worker that dies leaves it to be
/// claimed again when the lease runs out.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait WhatsAppMessages: Send + Sync {
    /// Keeps `message` as `queued`, unless its order has a message of its kind that is not
    /// `failed` (one transaction: two callers at once keep one).
    async fn enqueue(&self, message: &NewMessage) -> Result<Enqueued, RepoError>;

    /// Claims up to `limit` queued messages due at `now` that nobody holds (or whose holder's
    /// lease ran out) for `token` until `until`, counting a try on each; oldest first.
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        token: &str,
        limit: u32,
    ) -> Result<Vec<KeptMessage>, RepoError>;

    /// The claimed message went: `sent` with WhatsApp's id. `NotFound` when the claim was lost.
    async fn record_sent(
        &self,
        id: &str,
        token: &str,
        wa_message_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// The claimed message stays queued, for another try at `next_at`.
    async fn record_retry(
        &self,
        id: &str,
        token: &str,
        error: &str,
        next_at: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// The claimed message ends `failed`.
    async fn record_failed(
        &self,
        id: &str,
        token: &str,
        error: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// WhatsApp's report for the message it calls `wa_message_id`: stored when it moves the
    /// message forward ([`MessageStatus::moves_to`]), in one conditional update. Answers
    /// whether it moved.
    async fn record_status(
        &self,
        wa_message_id: &str,
        status: MessageStatus,
        error: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// The order's messages, oldest first.
    async fn for_order(&self, order: &OrderId) -> Result<Vec<KeptMessage>, RepoError>;

    /// The `limit` messages kept last, newest first (the development outbox's page).
    async fn recent(&self, limit: u32) -> Result<Vec<KeptMessage>, RepoError>;

    /// The message kept as `id`.
    async fn find(&self, id: &str) -> Result<Option<KeptMessage>, RepoError>;

    /// Records `reply` unless one with its incoming id was recorded before; answers whether
    /// this call recorded it.
    async fn record_reply(&self, reply: &Reply) -> Result<bool, RepoError>;

    /// The replies recorded against `order`, oldest first.
    async fn replies(&self, order: &OrderId) -> Result<Vec<Reply>, RepoError>;
}
