//! What checkout needs from the outside world: a payment provider, a place to keep checkout
//! intents, and a record of the payment webhooks already handled.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::{Paise, ProductId, State, UserId};

use crate::RepoError;

// --- the payment provider -----------------------------------------------------------------

/// An order created at the payment provider, which the checkout window is opened with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderOrder {
    /// The provider's order id (`order_...` at Razorpay, `order_sbx_...` in the sandbox).
    pub id: String,
    pub amount: Paise,
    /// Always `INR` here.
    pub currency: String,
}

/// A refund the provider accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundResult {
    /// The provider's refund id (`rfnd_...`).
    pub id: String,
    pub amount: Paise,
    /// The provider's word for its state: `processed`, `pending`, ... (stored as
    /// `orders.refund_status`).
    pub status: String,
}

/// A payment made against one of our provider orders, as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayment {
    /// The provider's payment id (`pay_...`).
    pub id: String,
    pub amount: Paise,
    /// Whether the money is ours (Razorpay's status `captured`); an authorised, failed or
    /// refunded payment is not.
    pub captured: bool,
}

/// A webhook, once its signature has been checked and its body read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookEvent {
    /// A payment was captured (Razorpay's `payment.captured` and `order.paid`): the money is
    /// ours, so the order it paid for must exist.
    PaymentCaptured {
        payment_id: String,
        /// The provider order the payment was made against, as the provider says.
        provider_order_id: String,
        amount: Paise,
    },
    /// Any other event: acknowledged and otherwise ignored.
    Other { event: String },
}

/// Why a call to the payment provider failed. Never a panic.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// No answer: the provider could not be reached, or did not answer within the timeout.
    #[error("payment provider unreachable: {0}")]
    Unavailable(String),
    /// The provider answered with an error status (4xx or 5xx).
    #[error("payment provider answered {status}: {message}")]
    Rejected { status: u16, message: String },
    /// The provider's answer, or a webhook body, could not be read.
    #[error("unreadable payment provider message: {0}")]
    Malformed(String),
}

/// The payment provider: Razorpay, or the offline sandbox (`paduka-payment`).
///
/// Both adapters verify signatures with the same function: hex HMAC-SHA256, compared in
/// constant time.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Creates an order for `amount` at the provider. `receipt` (at most 40 characters) is our
    /// own reference; the provider keeps it on the order and in its notes.
    async fn create_order(
        &self,
        amount: Paise,
        receipt: &str,
    ) -> Result<ProviderOrder, PaymentError>;

    /// Whether `signature` is the provider's signature of the payment `payment_id` made
    /// against the order `order_id`: hex HMAC-SHA256 of `order_id|payment_id` with the key
    /// secret. The caller passes the order id it STORED, never one a browser reports.
    fn verify_checkout_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool;

    /// Refunds `amount` of the payment. The provider performs at most one refund per
    /// `idempotency_key`: asking again with the same key answers the first refund.
    async fn refund(
        &self,
        payment_id: &str,
        amount: Paise,
        idempotency_key: &str,
    ) -> Result<RefundResult, PaymentError>;

    /// Whether `signature` (the `X-Razorpay-Signature` header) is hex HMAC-SHA256 of the raw
    /// `body` with the webhook secret.
    fn verify_webhook(&self, body: &[u8], signature: &str) -> bool;

    /// The payments made against the provider order `order_id`, for reconciling a payment
    /// whose webhook never came.
    async fn payments(&self, order_id: &str) -> Result<Vec<ProviderPayment>, PaymentError>;

    /// Reads a webhook body whose signature was verified.
    fn parse_webhook(&self, body: &[u8]) -> Result<WebhookEvent, PaymentError>;

    /// `"razorpay"` or `"sandbox"`: tells the frontend which checkout window to open.
    fn provider(&self) -> &'static str;

    /// The key the checkout window is opened with (Razorpay's public key id).
    fn public_key(&self) -> String;
}

/// What the offline sandbox's Pay button gets back: the three fields Razorpay's checkout
/// window returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxPayment {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

/// Paying a payment order without a provider: only the offline sandbox adapter offers it.
#[cfg_attr(test, mockall::automock)]
pub trait SandboxPayer: Send + Sync {
    /// A new payment of the sandbox order `order_id` and its signature. Refuses order ids the
    /// sandbox did not make.
    fn pay(&self, order_id: &str) -> Result<SandboxPayment, PaymentError>;
}

/// A refund the offline sandbox made: its side of the books, as Razorpay keeps its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxRefund {
    pub payment_id: String,
    pub idempotency_key: String,
    pub refund: RefundResult,
}

/// Where the sandbox keeps the refunds it made, shared by every instance (the database), so
/// that one idempotency key makes one refund wherever it is asked, as Razorpay does.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait SandboxRefundLedger: Send + Sync {
    /// Keeps `refund` unless a refund with its idempotency key is kept already; answers the
    /// one kept.
    async fn keep(&self, refund: SandboxRefund) -> Result<SandboxRefund, RepoError>;

    /// Every refund kept, oldest first.
    async fn all(&self) -> Result<Vec<SandboxRefund>, RepoError>;
}

// --- checkout intents ---------------------------------------------------------------------

/// One line of a cart: a product, the index of the chosen variant (`productno`) and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    pub product: ProductId,
    pub variant: u32,
    pub quantity: u32,
}

/// A refund of a payment whose order could not be filled, claimed before the provider is
/// asked, so that an order can never be placed for it afterwards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntentRefund {
    pub payment_id: String,
    /// The provider's refund id, once it accepted the refund; `None` while it still has to.
    pub refund_id: Option<String>,
    pub claimed_at: DateTime<Utc>,
}

/// A priced cart waiting for its payment, keyed by the provider's order id. Made by
/// `POST /payment/{amount}` for every provider order; it is what the order placed later is
/// verified against (the stored provider order id and amount), and what lets the webhook
/// place the order when the shopper paid but their browser never came back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutIntent {
    pub provider_order_id: String,
    /// Our own reference, sent to the provider with the order (unique).
    pub receipt: String,
    /// The shopper who paid; `None` once their account is deleted. The intent outlives the
    /// account so that its payment can still be refunded.
    pub user: Option<UserId>,
    /// Empty when the payment was asked for without a cart (the spec's original client):
    /// such an intent still proves the amount, but the webhook cannot place its order.
    pub lines: Vec<CartLine>,
    /// Empty without a cart.
    pub address: String,
    /// Empty without a cart.
    pub pincode: String,
    /// Whole rupees, the order's amount before store credit (what the cart costs).
    pub amount_rupees: i64,
    /// Whole rupees of it to pay with store credit, worked out when the payment started: the
    /// provider order asks for the rest ([`CheckoutIntent::charged_rupees`]).
    pub credit_used_rupees: i64,
    /// The coupon code the cart was priced with (as the shopper typed it), if any.
    pub coupon: Option<String>,
    /// The place of supply the shopper chose, if any.
    pub state: Option<State>,
    pub created_at: DateTime<Utc>,
    /// Set once the payment was found unfillable and its refund claimed.
    pub refund: Option<IntentRefund>,
}

impl CheckoutIntent {
    /// Whole rupees the provider order asks for: the amount less the store credit.
    pub fn charged_rupees(&self) -> i64 {
        self.amount_rupees - self.credit_used_rupees
    }
}

/// The rules a checkout intent's writes can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IntentConflict {
    /// An intent with this provider order id (`checkout_intents_pkey`) or receipt
    /// (`checkout_intents_receipt_key`) exists.
    #[error("a checkout intent has this provider order id or receipt")]
    DuplicateIntent,
    /// An order was placed for the payment or the intent: it must not be refunded.
    #[error("an order was placed for this payment")]
    OrderPlaced,
    /// The refund of another payment is claimed for the intent; the first claim stands.
    #[error("the refund of another payment is claimed for this intent")]
    OtherPaymentClaimed,
    /// No refund is claimed for the intent, so there is no refund id to record.
    #[error("no refund is claimed for this intent")]
    NoClaim,
}

/// Stored checkout intents (`checkout_intents` and `checkout_intent_lines`).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CheckoutIntentRepository: Send + Sync {
    /// Stores a new intent with its lines (in order, `position` from 0), all or nothing.
    /// `DuplicateIntent` when the provider order id or the receipt is taken.
    async fn save(&self, intent: &CheckoutIntent) -> Result<(), RepoError<IntentConflict>>;

    /// The intent for this provider order id, with its lines in order; `None` when unknown.
    async fn find(&self, provider_order_id: &str) -> Result<Option<CheckoutIntent>, RepoError>;

    /// The user's most recent intents, newest first, at most `limit` of them, lines included.
    async fn recent_for_user(
        &self,
        user: &UserId,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError>;

    /// The intents created from `since` to before `until` that no order and no refund claim
    /// settled yet, oldest first, at most `limit`, lines included: the payments a missed
    /// webhook may have left without their order.
    async fn unsettled(
        &self,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError>;

    /// Claims the refund of `payment_id` for the intent, in one transaction that locks the
    /// intent's row (`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's single writer):
    /// - `OrderPlaced` when an order with this `payment_id` (or for this provider order id)
    ///   exists: the payment was honoured and must not be refunded;
    /// - `OtherPaymentClaimed` when the refund of another payment is claimed already;
    /// - otherwise records the claim (`payment_id`, `claimed_at`), unless one is already
    ///   recorded for the same payment, which is kept as it is (the call is idempotent);
    /// - `NotFound` for an unknown provider order id.
    ///
    /// [`OrderRepository::place`](crate::orders::OrderRepository::place) checks the same row,
    /// so of a refund claim and an order placement racing for one payment exactly one wins.
    async fn claim_refund(
        &self,
        provider_order_id: &str,
        payment_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError<IntentConflict>>;

    /// Records the provider's refund id on a claimed refund. `NotFound` for an unknown id,
    /// `NoClaim` when no refund is claimed.
    async fn record_refund(
        &self,
        provider_order_id: &str,
        refund_id: &str,
    ) -> Result<(), RepoError<IntentConflict>>;
}

/// Webhooks already handled, by the provider's event id (`payment_events`).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait WebhookEventRepository: Send + Sync {
    /// Whether the event was handled before.
    async fn is_handled(&self, event_id: &str) -> Result<bool, RepoError>;

    /// Records the event as handled. Recording it twice is not an error (two deliveries of
    /// one event may race; handling is idempotent anyway).
    async fn mark_handled(&self, event_id: &str, at: DateTime<Utc>) -> Result<(), RepoError>;
}
