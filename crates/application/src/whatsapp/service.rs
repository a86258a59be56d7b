//! The WhatsApp use cases: deciding a message, sending what is due, taking the webhook's
//! reports.

use std::sync::{Arc, OnceLock, Weak};

use async_trait::async_trait;
use chrono::Duration;
use paduka_domain::contact::Phone;
use paduka_domain::order::{AnswerChannel, Order, OrderStatus, PaymentMethod};
use paduka_domain::whatsapp::{
    CodAnswer, MAX_ATTEMPTS, MessageKind, MessageStatus, SendFailure, Template, WhatsAppNumber,
    backoff,
};
use paduka_domain::{OrderId, UserId};
use tokio::sync::Notify;

use super::ports::{
    Enqueued, KeptMessage, NewMessage, Outgoing, Reply, WhatsAppGateway, WhatsAppMessages,
};
use crate::accounts::UserRepository;
use crate::cod::{CodAnswers, CodError};
use crate::ports::impl_from_repo_error;
use crate::{Clock, IdGenerator};

/// How long a worker holds the messages it claimed: well past a send's 10 s timeout, so that
/// only a worker that died loses them, and short enough that its messages go within a minute
/// of its restart (or on another instance).
pub const CLAIM_LEASE: Duration = Duration::seconds(60);

/// Messages one claim takes.
const CLAIM_BATCH: u32 = 20;

/// What went wrong on our side.
#[derive(Debug, thiserror::Error)]
pub enum WhatsAppError {
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl_from_repo_error!(WhatsAppError);

/// One thing WhatsApp's webhook reported, read from its body after its signature was checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookEvent {
    /// A message of ours moved: `sent`, `delivered`, `read` or `failed` (with Meta's error).
    Status {
        message_id: String,
        status: MessageStatus,
        error: Option<String>,
    },
    /// The buyer tapped a quick-reply button.
    ButtonReply {
        incoming_id: String,
        from: String,
        payload: String,
    },
}

/// What a webhook delivery changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Received {
    pub statuses_moved: usize,
    pub replies_recorded: usize,
}

/// What happened to an order, for the messages that follow it. Failures are logged, never
/// the caller's: an order stands whatever WhatsApp does.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait OrderNotices: Send + Sync {
    /// The order was placed now: a cash-on-delivery order with consent asks `cod_confirm`.
    async fn order_placed(&self, order: &Order);

    /// The buyer was mailed the order's new status: `order_shipped` and `order_delivered`
    /// go with the mails.
    async fn order_moved(&self, order: &Order);

    /// A cash-on-delivery order still unanswered after `COD_REMIND_HOURS`: `cod_reminder`.
    async fn cod_reminder(&self, order: &Order);
}

/// The use cases the HTTP layer (the webhook) and the worker call.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait WhatsAppUseCases: Send + Sync {
    /// The webhook's verify handshake: `hub.challenge` when `mode` is `subscribe` and
    /// `token` the verify token, else `None` (403).
    fn subscribe(&self, mode: &str, token: &str, challenge: &str) -> Option<String>;

    /// Whether the webhook's body carries WhatsApp's signature (checked before it is read).
    fn signed(&self, body: &[u8], signature: &str) -> bool;

    /// Records what a signed delivery reports: statuses forward only, button replies once
    /// per incoming message and only from the number the order's question went to.
    async fn receive(&self, events: Vec<WebhookEvent>) -> Result<Received, WhatsAppError>;

    /// Sends the queued messages that are due and nobody else holds; answers how many it
    /// tried.
    async fn send_due(&self) -> Result<usize, WhatsAppError>;

    /// Resolves when a message was queued on this instance (the worker sends it at once
    /// instead of at its next poll).
    async fn queued(&self);

    /// The order's messages, oldest first.
    async fn messages(&self, order: &OrderId) -> Result<Vec<KeptMessage>, WhatsAppError>;

    /// The `limit` messages kept last, newest first: the development outbox (`DEV_OUTBOX`).
    async fn recent(&self, limit: u32) -> Result<Vec<KeptMessage>, WhatsAppError>;

    /// A tap on one of message `id`'s quick replies in the development outbox, taken as the
    /// buyer's own reply from the number it went to (so every rule of a real reply holds).
    async fn tap(&self, id: &str, payload: &str) -> Result<Tapped, WhatsAppError>;
}

/// What a tap in the development outbox did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tapped {
    /// Taken as the buyer's reply (which may still change nothing: a shipped order).
    Replied,
    /// No message is kept under that id.
    NoMessage,
    /// The payload is not one of that message's quick replies.
    NotItsButton,
}

/// The ports the WhatsApp service is built from.
pub struct WhatsAppPorts {
    pub gateway: Arc<dyn WhatsAppGateway>,
    pub messages: Arc<dyn WhatsAppMessages>,
    /// The buyer's name and phone, read when a message is decided.
    pub users: Arc<dyn UserRepository>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
}

pub struct WhatsAppService {
    ports: WhatsAppPorts,
    wake: Notify,
    /// Acts on the buyer's button replies (decisions D39); set once at start-up, since the
    /// COD service in turn sends its reminders through this one. Weak: the two holding each
    /// other would never be dropped, and a stopped shop (every test's) would keep its database
    /// connections open.
    answers: OnceLock<Weak<dyn CodAnswers>>,
}

/// The URL button's variable part for `order`: its place among the buyer's orders, after the
/// shop's address the seller registers the template's button with.
pub fn tracking_path(order: &OrderId) -> String {
    format!("user/orders?order={order}")
}

impl WhatsAppService {
    pub fn new(ports: WhatsAppPorts) -> Self {
        Self {
            ports,
            wake: Notify::new(),
            answers: OnceLock::new(),
        }
    }

    /// Replies are acted on by `answers` (confirm or cancel the order) once recorded.
    pub fn act_with(&self, answers: &Arc<dyn CodAnswers>) {
        if self.answers.set(Arc::downgrade(answers)).is_err() {
            tracing::warn!("the WhatsApp replies' actions were set twice: the first kept");
        }
    }

    /// The buyer's name and WhatsApp number, when the account is there with a valid phone.
    async fn recipient(&self, buyer: &UserId) -> Option<(String, WhatsAppNumber)> {
        let user = match self.ports.users.find(buyer).await {
            Ok(Some(user)) => user,
            Ok(None) => return None,
            Err(error) => {
                tracing::warn!(%buyer, %error, "could not look up the buyer for a WhatsApp message");
                return None;
            }
        };
        let phone = Phone::parse(&user.phone).ok()?;
        Some((user.name, WhatsAppNumber::of(&phone)))
    }

    /// Keeps the message `make` writes for the buyer of `order`, with their consent and a
    /// phone, unless the order has one of its kind already.
    async fn decide(&self, order: &Order, make: impl FnOnce(&str) -> Template) {
        if !order.whatsapp {
            return;
        }
        let Some(buyer) = &order.user.id else { return };
        let Some((name, to)) = self.recipient(buyer).await else {
            tracing::info!(order = %order.id, "no WhatsApp message: the buyer has no valid phone");
            return;
        };
        let template = make(&name);
        let kind = template.kind.as_str();
        let message = NewMessage {
            id: self.ports.ids.new_id(),
            order: order.id.clone(),
            to,
            template,
            at: self.ports.clock.now(),
        };
        match self.ports.messages.enqueue(&message).await {
            Ok(Enqueued::Queued) => {
                tracing::info!(order = %order.id, kind, "WhatsApp message queued");
                self.wake.notify_one();
            }
            Ok(Enqueued::Exists) => {
                tracing::info!(order = %order.id, kind, "WhatsApp message not queued: the order has one");
            }
            Err(error) => {
                tracing::error!(order = %order.id, kind, %error, "WhatsApp message not kept");
            }
        }
    }

    /// Sends one claimed message and records how it went.
    async fn send_one(&self, message: KeptMessage, token: &str) -> Result<(), WhatsAppError> {
        let outgoing = Outgoing {
            key: message.id.clone(),
            to: message.to.clone(),
            template: message.template.clone(),
        };
        let messages = &self.ports.messages;
        let kind = message.kind().as_str();
        match self.ports.gateway.send(&outgoing).await {
            Ok(wa_message_id) => {
                let now = self.ports.clock.now();
                messages
                    .record_sent(&message.id, token, &wa_message_id, now)
                    .await?;
                tracing::info!(order = %message.order, kind, %wa_message_id, "WhatsApp message sent");
            }
            Err(error)
                if error.failure == SendFailure::Transient && message.attempts < MAX_ATTEMPTS =>
            {
                let now = self.ports.clock.now();
                let next = now + backoff(message.attempts);
                let text = error.message.as_str();
                messages
                    .record_retry(&message.id, token, text, next, now)
                    .await?;
                tracing::warn!(order = %message.order, kind, error = text, attempt = message.attempts, "WhatsApp message not sent yet: retried later");
            }
            Err(error) => {
                let now = self.ports.clock.now();
                let text = error.message.as_str();
                messages
                    .record_failed(&message.id, token, text, now)
                    .await?;
                tracing::warn!(order = %message.order, kind, error = text, "WhatsApp message failed");
            }
        }
        Ok(())
    }

    /// A button reply, recorded once, when it answers a question this order's buyer was sent.
    async fn reply(
        &self,
        incoming_id: String,
        from: &str,
        payload: &str,
    ) -> Result<bool, WhatsAppError> {
        let Some((answer, order)) = CodAnswer::parse(payload) else {
            return Ok(false);
        };
        let Some(from) = WhatsAppNumber::parse(from) else {
            return Ok(false);
        };
        let asked = self.ports.messages.for_order(&order).await?;
        let from_the_buyer = asked.iter().any(|message| {
            matches!(
                message.kind(),
                MessageKind::CodConfirm | MessageKind::CodReminder
            ) && message.to == from
        });
        if !from_the_buyer {
            tracing::warn!(%order, "a WhatsApp reply from a number the order's question did not go to: ignored");
            return Ok(false);
        }
        let reply = Reply {
            incoming_id,
            order: order.clone(),
            from,
            answer,
            at: self.ports.clock.now(),
        };
        let recorded = self.ports.messages.record_reply(&reply).await?;
        if !recorded {
            return Ok(false);
        }
        tracing::info!(%order, answer = answer.as_str(), "WhatsApp reply recorded");
        // Acted on before the webhook answers, once per incoming message: the insert above
        // is what makes it once.
        if let Some(answers) = self.answers.get().and_then(Weak::upgrade) {
            match answers
                .answer(&order, answer, AnswerChannel::WhatsApp)
                .await
            {
                Ok(_) => {}
                Err(CodError::Refused(refusal)) => {
                    tracing::info!(%order, %refusal, "a WhatsApp reply that changes nothing");
                }
                Err(error) => return Err(WhatsAppError::Unexpected(anyhow::anyhow!(error))),
            }
        }
        Ok(true)
    }
}

#[async_trait]
impl OrderNotices for WhatsAppService {
    async fn order_placed(&self, order: &Order) {
        if order.payment_method != PaymentMethod::Cod || order.replaces.is_some() {
            return;
        }
        self.decide(order, |name| {
            Template::cod_confirm(&order.id, name, order.amount_rupees)
        })
        .await;
    }

    async fn cod_reminder(&self, order: &Order) {
        if order.payment_method != PaymentMethod::Cod || order.replaces.is_some() {
            return;
        }
        self.decide(order, |name| {
            Template::cod_reminder(&order.id, name, order.amount_rupees)
        })
        .await;
    }

    async fn order_moved(&self, order: &Order) {
        match (order.status, &order.shipment) {
            (OrderStatus::Shipped, Some(shipment)) => {
                self.decide(order, |name| {
                    Template::order_shipped(
                        &order.id,
                        name,
                        shipment.courier.as_str(),
                        shipment.awb.as_str(),
                        tracking_path(&order.id),
                    )
                })
                .await;
            }
            (OrderStatus::Delivered, _) => {
                self.decide(order, |name| Template::order_delivered(&order.id, name))
                    .await;
            }
            _ => {}
        }
    }
}

#[async_trait]
impl WhatsAppUseCases for WhatsAppService {
    fn subscribe(&self, mode: &str, token: &str, challenge: &str) -> Option<String> {
        (mode == "subscribe" && self.ports.gateway.verify_token_is(token))
            .then(|| challenge.to_owned())
    }

    fn signed(&self, body: &[u8], signature: &str) -> bool {
        self.ports.gateway.signed(body, signature)
    }

    async fn receive(&self, events: Vec<WebhookEvent>) -> Result<Received, WhatsAppError> {
        let mut received = Received::default();
        for event in events {
            match event {
                WebhookEvent::Status {
                    message_id,
                    status,
                    error,
                } => {
                    let now = self.ports.clock.now();
                    let moved = self
                        .ports
                        .messages
                        .record_status(&message_id, status, error, now)
                        .await?;
                    received.statuses_moved += usize::from(moved);
                }
                WebhookEvent::ButtonReply {
                    incoming_id,
                    from,
                    payload,
                } => {
                    let recorded = self.reply(incoming_id, &from, &payload).await?;
                    received.replies_recorded += usize::from(recorded);
                }
            }
        }
        Ok(received)
    }

    async fn send_due(&self) -> Result<usize, WhatsAppError> {
        let now = self.ports.clock.now();
        let token = self.ports.ids.new_id();
        let claimed = self
            .ports
            .messages
            .claim_due(now, now + CLAIM_LEASE, &token, CLAIM_BATCH)
            .await?;
        let count = claimed.len();
        for message in claimed {
            self.send_one(message, &token).await?;
        }
        Ok(count)
    }

    async fn queued(&self) {
        self.wake.notified().await;
    }

    async fn messages(&self, order: &OrderId) -> Result<Vec<KeptMessage>, WhatsAppError> {
        Ok(self.ports.messages.for_order(order).await?)
    }

    async fn recent(&self, limit: u32) -> Result<Vec<KeptMessage>, WhatsAppError> {
        Ok(self.ports.messages.recent(limit).await?)
    }

    async fn tap(&self, id: &str, payload: &str) -> Result<Tapped, WhatsAppError> {
        let Some(message) = self.ports.messages.find(id).await? else {
            return Ok(Tapped::NoMessage);
        };
        if !message.template.offers_reply(payload) {
            return Ok(Tapped::NotItsButton);
        }
        // Each tap is a reply of its own, as each real tap has its own incoming id.
        let incoming_id = format!("outbox.{}", self.ports.ids.new_id());
        self.reply(incoming_id, message.to.as_str(), payload)
            .await?;
        Ok(Tapped::Replied)
    }
}
