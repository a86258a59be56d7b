//! Stored orders: placing one (stock and order in one transaction), reading, status changes
//! and cancellation.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::invoice::{CreditNote, CreditNoteSource, InvoicePrefix};
use paduka_domain::order::{
    Awb, Booking, CourierEvent, MethodCharge, Order, OrderLine, OrderStatus, PaymentMethod,
    Refusal, StatusChange,
};
use paduka_domain::review::UserRef;
use paduka_domain::{CouponId, OrderId, ProductId, State, UserId};

use crate::RepoError;
use crate::checkout::RefundResult;

/// An order line about to be stored: the snapshot and the index of the variant bought
/// (`order_lines.variant_index`).
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrderLine {
    pub line: OrderLine,
    pub variant_index: u32,
}

/// An order about to be placed. Its status is always `Pending`.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    pub id: OrderId,
    /// The buyer, with the name they have now (kept as `orders.user_name`).
    pub user: UserRef,
    pub address: String,
    pub pincode: String,
    /// The place of supply.
    pub state: State,
    /// The order's invoice number is `{prefix}/{financial year of at}/{n}`, n the next in
    /// that year, taken in the order's transaction.
    pub invoice_prefix: InvoicePrefix,
    /// Whole rupees, as charged: the subtotal less the coupon's discount and the saving for
    /// paying online, plus the cash-on-delivery charge.
    pub amount_rupees: i64,
    /// The coupon whose use this order takes, if any.
    pub coupon: Option<CouponUse>,
    /// What the way of paying took off or added (decisions D41).
    pub charge: MethodCharge,
    /// `None` for an order paid online; cash on delivery's own rules otherwise.
    pub cod: Option<CodTerms>,
    /// The store credit it pays with, taken from the buyer's balance in its transaction.
    pub credit: OrderCredit,
    /// The provider's payment id: one order per payment (`orders_payment_id_key`). For cash on
    /// delivery, a reference of the shop's own (`cod_{order id}`).
    pub payment_id: String,
    /// The provider order the payment was verified against (the stored one).
    pub provider_order_id: String,
    /// In order; `position` from 0.
    pub lines: Vec<NewOrderLine>,
    /// The buyer agreed to order updates on WhatsApp (decisions D37).
    pub whatsapp: bool,
    /// Who placed it, for the first `order_events` row: the buyer, or `None` for the webhook.
    pub actor: Option<UserId>,
    pub at: DateTime<Utc>,
    /// A size (or pool) that this order leaves at or below this many pairs, from above, is
    /// reported in [`Placement::Placed`]'s `low_stock`.
    pub low_stock_threshold: u32,
}

/// The store credit an order pays part of its amount with (decisions D23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrderCredit {
    /// None.
    #[default]
    None,
    /// Exactly this many rupees, agreed when the payment started (the provider charged the
    /// rest): a balance that no longer holds them refuses the order
    /// ([`PlaceError::CreditChanged`]).
    Exactly(i64),
    /// As much as the balance gives when the order's transaction reads it
    /// ([`credit_to_use`](paduka_domain::credit::credit_to_use)): cash on delivery, never
    /// refused for credit.
    AsMuchAsAllowed,
}

/// What a cash-on-delivery order is placed with: unpaid, and limited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodTerms {
    /// The shopper's `Idempotency-Key`: the same key from the same account is the same order
    /// (`orders_user_id_cod_key_key`).
    pub key: Option<String>,
    /// Unpaid cash-on-delivery orders of the buyer in
    /// [`OPEN_COD_STATUSES`](paduka_domain::order::OPEN_COD_STATUSES) that may be open at
    /// once; counted in the order's transaction and held to
    /// [`may_open_cod_order`](paduka_domain::order::may_open_cod_order).
    pub max_open: u32,
}

impl NewOrder {
    pub fn payment_method(&self) -> PaymentMethod {
        if self.cod.is_some() {
            PaymentMethod::Cod
        } else {
            PaymentMethod::Online
        }
    }
}

/// The use of a coupon an order takes, in its transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponUse {
    pub coupon: CouponId,
    /// The code as stored (upper case), kept on the order.
    pub code: String,
    /// Whole rupees it takes off the subtotal.
    pub discount_rupees: i64,
    /// Orders (not cancelled) one account may use it for; `None`: no limit.
    pub max_uses_per_user: Option<i64>,
}

/// Stock taken by an order: one entry per size of a product that tracks sizes, one per
/// product for a pooled one (lines of its variants summed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockChange {
    pub product: ProductId,
    /// The variant whose own stock is taken; `None` for the product's pool.
    pub variant: Option<u32>,
    /// The product's name, for the out-of-stock message should the product be gone.
    pub name: String,
    /// The variant's label (its type, else its model), for the messages.
    pub size: Option<String>,
    pub quantity: u32,
}

/// A size (or pool) an order left at or below the low-stock threshold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowStock {
    pub product: ProductId,
    pub name: String,
    /// The size's label; `None` for a pooled product.
    pub size: Option<String>,
    /// Pairs left.
    pub left: u32,
}

/// What [`OrderRepository::place`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Placement {
    /// The order was stored and its stock taken; `low_stock` lists what it took to or below
    /// the threshold (each crossing once: the order that crossed it).
    Placed {
        order: Order,
        low_stock: Vec<LowStock>,
    },
    /// An order with the same payment id existed already; it is returned unchanged and no
    /// stock was taken.
    Existing(Order),
}

impl Placement {
    /// Placed, leaving nothing low on stock.
    pub fn placed(order: Order) -> Self {
        Self::Placed {
            order,
            low_stock: Vec::new(),
        }
    }
}

/// Why an order could not be placed.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// A product (or a size of it) has less stock than the order needs (0 when the product
    /// is gone). Nothing was written.
    #[error("out of stock: {left} left of {name}")]
    OutOfStock {
        product: ProductId,
        name: String,
        size: Option<String>,
        left: u32,
    },
    /// The coupon's `maxUses`, or this buyer's `maxUsesPerUser`, is reached (or the coupon
    /// was deleted). Nothing was written.
    #[error("coupon usage limit reached")]
    CouponUsedUp,
    /// The buyer has `max_open` unpaid cash-on-delivery orders open already. Nothing was
    /// written.
    #[error("too many unpaid cash on delivery orders")]
    TooManyCodOrders,
    /// The buyer's store credit no longer holds what [`OrderCredit::Exactly`] asks. Nothing
    /// was written.
    #[error("store credit changed")]
    CreditChanged,
    /// The payment's refund was claimed (see
    /// [`CheckoutIntentRepository::claim_refund`](crate::checkout::CheckoutIntentRepository::claim_refund)):
    /// it must never get an order. Nothing was written.
    #[error("the payment was refunded")]
    Refunded,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// The rules a status change or a cancellation can break, checked inside its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OrderConflict {
    /// A cancelled order keeps its status.
    #[error("the order is cancelled")]
    Cancelled,
    /// A delivered order cannot be cancelled.
    #[error("the order was delivered")]
    Delivered,
    /// Its payment is recorded already (every online order's is).
    #[error("the order is paid")]
    AlreadyPaid,
    /// It has shipped: the courier moves it now.
    #[error("the order has shipped")]
    Shipped,
    /// It has not shipped: no courier can move it yet.
    #[error("the order has not shipped")]
    NotShipped,
    /// It is the replacement order of a size exchange: never cancelled.
    #[error("the order is a replacement")]
    Replacement,
    /// It came back to origin unpaid: there is no cash to record.
    #[error("the order came back to origin")]
    ReturnedToOrigin,
}

impl From<Refusal> for OrderConflict {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Cancelled => Self::Cancelled,
            Refusal::Delivered => Self::Delivered,
            Refusal::Shipped => Self::Shipped,
            Refusal::NotShipped => Self::NotShipped,
            Refusal::Replacement => Self::Replacement,
            Refusal::AlreadyPaid => Self::AlreadyPaid,
            Refusal::ReturnedToOrigin => Self::ReturnedToOrigin,
        }
    }
}

/// What [`OrderRepository::cancel`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Cancellation {
    /// The order as stored now (status `Cancelled`).
    pub order: Order,
    /// It was cancelled before this call: nothing changed (stock was not returned twice).
    pub already_cancelled: bool,
    /// The refund recorded with [`OrderRepository::record_refund`], if any
    /// (`orders.refund_id`).
    pub refund_id: Option<String>,
}

/// What [`OrderRepository::ship`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Shipping {
    /// The order as stored now, with its shipment.
    pub order: Order,
    /// `false` when it had shipped before this call: nothing was written.
    pub shipped_now: bool,
}

/// Who reports a parcel's step: the domain's, which decides what it does
/// ([`Lifecycle::report`](paduka_domain::order::Lifecycle::report)).
pub use paduka_domain::order::ReportSource;

/// A courier's report on a parcel, to record against its order.
#[derive(Debug, Clone, PartialEq)]
pub struct CourierReport {
    /// The lifecycle step it reports; `None` for a step that does not move an order (picked
    /// up, in transit), kept as an event only.
    pub event: Option<CourierEvent>,
    /// What the event is stored as: the step's text, or the courier's own words.
    pub status: String,
    pub at: DateTime<Utc>,
    pub location: Option<String>,
    pub note: Option<String>,
    pub source: ReportSource,
}

impl CourierReport {
    /// An admin's report of `event` at `at`, with their note.
    pub fn by_admin(event: CourierEvent, at: DateTime<Utc>, note: Option<String>) -> Self {
        Self {
            event: Some(event),
            status: event.as_str().to_owned(),
            at,
            location: None,
            note,
            source: ReportSource::Admin,
        }
    }
}

/// What a courier's tracking webhook reports about a parcel, read at the edge.
#[derive(Debug, Clone, PartialEq)]
pub struct CourierUpdate {
    pub awb: Awb,
    /// The lifecycle step it is, if it is one.
    pub event: Option<CourierEvent>,
    /// What to store it as: the step's text, or the courier's own words.
    pub status: String,
    pub at: DateTime<Utc>,
    pub location: Option<String>,
}

/// What [`OrderRepository::track`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Tracked {
    /// The order as stored now.
    pub order: Order,
    /// The status it had before the report.
    pub from: OrderStatus,
    /// The report was stored before: nothing was written.
    pub repeated: bool,
    /// The refund already recorded for its payment (`orders.refund_id`), if any.
    pub refund_id: Option<String>,
}

/// Orders (`orders`, `order_lines`, `order_events`, `shipments`, `shipment_events`). Orders are never deleted: money records
/// stay. An [`Order`] read back has its lines in `position` order and `user` as
/// `UserRef { id: Some(user_id), name: <the user's current name> }`, or
/// `UserRef::deleted(orders.user_name)` once the account is gone (`user_id` is NULL).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// Places `order` in ONE transaction, in this order:
    ///
    /// 1. If an order with `order.payment_id` exists (or, for cash on delivery, one of the
    ///    buyer's with the same `cod.key`): return `Existing(it)`, write nothing.
    /// 2. If the checkout intent `order.provider_order_id` exists and has a refund claim:
    ///    `PlaceError::Refunded`, write nothing. (Read with `FOR UPDATE` on PostgreSQL so a
    ///    concurrent `claim_refund` waits for this transaction, and the other way round.)
    /// 3. For each [`StockChange`]: with a `variant`, `UPDATE product_variants SET stock =
    ///    stock - q WHERE ... AND stock >= q`; then always `UPDATE products SET quantity =
    ///    quantity - q WHERE id = ? AND quantity >= q` (the total). When no row changes, roll
    ///    back and fail with `PlaceError::OutOfStock { product, name, size, left }`, `left`
    ///    being what is left of that size or pool (0, with the change's `name`, when the
    ///    product no longer exists).
    /// 3b. With a coupon: its row is locked (which also makes every order of this coupon
    ///    wait for this one) and its uses, then the buyer's orders that have not ended with
    ///    this coupon, are counted against `max_uses` and `max_uses_per_user`
    ///    ([`may_take_use`](paduka_domain::coupon::may_take_use)); then `used` goes up by
    ///    one. Either refused (or the coupon deleted): roll back, `PlaceError::CouponUsedUp`.
    /// 4. Insert the order (status `Pending`, `user_name` = `order.user.name`,
    ///    `created_at` = `updated_at` = `order.at`), its lines (`position` 0..) and a first
    ///    `order_events` row (`Pending`, `order.actor`, `order.at`).
    /// 5. If the insert breaks the unique `orders_payment_id_key` (the browser's call and the
    ///    webhook raced past step 1), roll back (the stock comes back with it) and return
    ///    `Existing(<the order that won>)`, read after the rollback.
    ///
    /// Returns `Placed(<the order as stored>)`. Stock never goes below zero, and one payment
    /// never makes two orders, on SQLite and PostgreSQL alike.
    async fn place(&self, order: &NewOrder, stock: &[StockChange])
    -> Result<Placement, PlaceError>;

    /// The order, or `None` for an unknown id.
    async fn find(&self, id: &OrderId) -> Result<Option<Order>, RepoError>;

    /// The order paid by this payment, or `None`.
    async fn find_by_payment(&self, payment_id: &str) -> Result<Option<Order>, RepoError>;

    /// The user's orders, newest first, without the cancelled ones.
    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError>;

    /// Every order, newest first, cancelled ones included, each with its buyer's name.
    async fn all(&self) -> Result<Vec<Order>, RepoError>;

    /// Sets the status and `updated_at`, and appends an `order_events` row (`status`,
    /// `actor`, `at`; `position` one past the last), in one transaction; the order as stored
    /// now. `status` is one an admin may set; the order's lifecycle decides, inside the
    /// transaction, whether it may take it ([`Lifecycle::update_status`]'s refusal as the
    /// conflict: a cancelled order keeps its status). `NotFound` for an unknown id.
    ///
    /// [`Lifecycle::update_status`]: paduka_domain::order::Lifecycle::update_status
    async fn set_status(
        &self,
        id: &OrderId,
        status: OrderStatus,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>>;

    /// Cancels the order in ONE transaction: status `Cancelled`, `updated_at`, an
    /// `order_events` row, every line's quantity added back to its product's stock (and to
    /// its size's, for a product that tracks sizes; lines whose product is gone are skipped)
    /// and the coupon's use given back, as the order's lifecycle decides inside the
    /// transaction ([`Lifecycle::cancel`]'s refusal as the conflict, `Delivered` for a
    /// delivered order). `NotFound` for an unknown id. An order already `Cancelled` is
    /// returned with `already_cancelled: true` and nothing changes.
    ///
    /// [`Lifecycle::cancel`]: paduka_domain::order::Lifecycle::cancel
    async fn cancel(
        &self,
        id: &OrderId,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Cancellation, RepoError<OrderConflict>>;

    /// Records the cash collected for an unpaid cash-on-delivery order: `paid`, `updated_at`.
    /// `NotFound` for an unknown id; [`Lifecycle::record_payment`]'s refusal (`Cancelled`,
    /// `AlreadyPaid`, online orders included, `ReturnedToOrigin`) as the conflict, decided inside the transaction.
    ///
    /// [`Lifecycle::record_payment`]: paduka_domain::order::Lifecycle::record_payment
    async fn mark_paid(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>>;

    /// Every status the order took, oldest first, each with the name of who set it (`None`
    /// for the shop itself or a deleted account). Empty for an unknown id.
    async fn history(&self, id: &OrderId) -> Result<Vec<StatusChange>, RepoError>;

    /// Hands the order to a courier in ONE transaction, as the order's lifecycle decides
    /// inside it ([`Lifecycle::ship`]'s refusal as the conflict): a `shipments` row from
    /// `booking` (`shipped_at` = `at`), status `Shipped`, `updated_at` and an `order_events`
    /// row (`Shipped`, `actor`, `at`). An order that has a shipment already is returned as it
    /// is with `shipped_now: false`. `NotFound` for an unknown id.
    ///
    /// [`Lifecycle::ship`]: paduka_domain::order::Lifecycle::ship
    async fn ship(
        &self,
        id: &OrderId,
        booking: &Booking,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Shipping, RepoError<OrderConflict>>;

    /// Records a courier's report in ONE transaction: the order's lifecycle decides inside it
    /// ([`Lifecycle::courier_event`]; for an admin's report its refusal is the conflict and
    /// nothing is written; a courier's refused, late (older than a stored event) or
    /// step-less report is stored without moving the order); a `shipment_events` row
    /// (`report.status`), stored once per order, status text and `at` (`repeated: true` and
    /// nothing else written for a report stored before); then, when the status moves, `orders.status`, `updated_at`, an `order_events` row, for
    /// `Delivered` the shipment's `delivered_at`, and for `Returned to origin` what
    /// [`Release::on_move`] gives back (stock, coupon use), exactly once.
    ///
    /// [`Lifecycle::courier_event`]: paduka_domain::order::Lifecycle::courier_event
    /// [`Release::on_move`]: paduka_domain::order::Release::on_move
    async fn track(
        &self,
        id: &OrderId,
        report: &CourierReport,
        actor: Option<UserId>,
    ) -> Result<Tracked, RepoError<OrderConflict>>;

    /// The order whose shipment has this AWB (the latest shipped, should two couriers reuse
    /// one), or `None`.
    async fn find_by_awb(&self, awb: &Awb) -> Result<Option<OrderId>, RepoError>;

    /// The id of the refund recorded for the order's payment (`orders.refund_id`), if any.
    /// `None` for an unknown id too.
    async fn recorded_refund(&self, id: &OrderId) -> Result<Option<String>, RepoError>;

    /// Stores the refund of the order's payment (`orders.refund_id`, `orders.refund_status`).
    /// `NotFound` for an unknown id.
    async fn record_refund(&self, id: &OrderId, refund: &RefundResult) -> Result<(), RepoError>;
}

/// Credit notes as issued (decisions D22). They are issued inside the transactions that
/// decide them (the order's `Returned to origin`, a return's completion), by the adapter;
/// this port only reads them back.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CreditNoteRepository: Send + Sync {
    /// The credit note numbered `number` (`CN/26-27/000001`).
    async fn find(&self, number: &str) -> Result<Option<CreditNote>, RepoError>;

    /// The credit note issued for `source`, if any (at most one is).
    async fn for_source(&self, source: &CreditNoteSource) -> Result<Option<CreditNote>, RepoError>;
}
