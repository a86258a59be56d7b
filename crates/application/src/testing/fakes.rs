//! In-memory fakes of the ports a use case writes through: state behind a lock that a test
//! sets up (given), lets the use case change (when) and reads back (then).
//!
//! They decide nothing that an adapter's transaction decides (stock, a coupon's uses, the
//! cash-on-delivery limit, the low-stock crossing): a test that needs such an answer scripts
//! it (`refuses_next_place`, `reports_low_stock`), so a fake never holds a second copy of
//! a business rule. Status changes ask the order's lifecycle, as the adapters do. What they
//! do keep is the ports' bookkeeping: one order per payment, one refund claim per intent, ids,
//! history rows.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::credit::{CreditStatement, credit_to_use, may_spend};
use paduka_domain::invoice::FinancialYear;
use paduka_domain::order::{
    ANSWERABLE_STATUSES, Awb, Booking, Cancel, CodConfirmation, CodEvent, Order, OrderCoupon,
    OrderStatus, Refusal, Release, SettableStatus, Ship, ShipRequest, Shipment, StatusChange,
    TrackingEvent,
};
use paduka_domain::{OrderId, Paise, UserId};

use crate::checkout::{
    CheckoutIntent, CheckoutIntentRepository, IntentConflict, IntentRefund, PaymentError,
    PaymentGateway, ProviderOrder, ProviderPayment, RefundResult, WebhookEvent,
    WebhookEventRepository,
};
use crate::cod::CodConfirmations;
use crate::credit::{CreditGrant, StoreCreditRepository};
use crate::mail::{Mail, Mailer};
use crate::orders::{BuyerContact, Courier, CourierError};
use crate::orders::{
    Cancellation, CourierReport, LowStock, NewOrder, OrderConflict, OrderCredit, OrderRepository,
    PlaceError, Placement, Shipping, StockChange, Tracked,
};
use crate::{IdGenerator, RepoError};

/// The lifecycle's refusal, as a repository's transaction reports it.
fn refused(refusal: Refusal) -> RepoError<OrderConflict> {
    RepoError::Conflict(refusal.into())
}

/// What the fakes lock: a test that panics inside one must not hide its cause behind a
/// poisoned lock in the next assertion.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

// --- the payment provider -----------------------------------------------------------------

/// The provider's signature of a checkout payment, as [`FakeGateway`] makes and checks it:
/// a test can tell which order id a signature is for.
pub fn sign(order_id: &str, payment_id: &str) -> String {
    format!("sig:{order_id}|{payment_id}")
}

/// The one webhook signature [`FakeGateway`] accepts.
pub const WEBHOOK_SIGNATURE: &str = "sig:webhook";

/// A payment provider that names its orders `order_A`, `order_B`, ... (26 at most: a test
/// needs a few), signs payments with
/// [`sign`] and refunds each idempotency key once (`rfnd_1`, `rfnd_2`, ...).
pub struct FakeGateway {
    state: Mutex<Gateway>,
}

#[derive(Default)]
struct Gateway {
    down: bool,
    refusing_refunds: bool,
    orders: Vec<(Paise, String)>,
    refunds_asked: Vec<String>,
    refund_ids: HashMap<String, String>,
    signatures_checked: Vec<String>,
    webhook: Option<WebhookEvent>,
    payments: HashMap<String, Vec<ProviderPayment>>,
    unreachable: HashSet<String>,
    payments_asked: Vec<String>,
}

impl Default for FakeGateway {
    fn default() -> Self {
        Self {
            state: Mutex::new(Gateway::default()),
        }
    }
}

impl FakeGateway {
    /// The provider answers no call: creating orders, refunding, listing payments.
    pub fn is_down(&self) {
        lock(&self.state).down = true;
    }

    /// The provider refuses every refund (and answers everything else).
    pub fn refuses_refunds(&self) {
        lock(&self.state).refusing_refunds = true;
    }

    /// Every webhook body whose signature verifies reads as `event`; without one, a body
    /// is unreadable.
    pub fn reads_webhooks_as(&self, event: WebhookEvent) {
        lock(&self.state).webhook = Some(event);
    }

    /// The payments made against the provider order `order_id`.
    pub fn has_payments(&self, order_id: &str, payments: Vec<ProviderPayment>) {
        lock(&self.state).payments.insert(order_id.into(), payments);
    }

    /// Asking about `order_id`'s payments fails.
    pub fn cannot_answer_about(&self, order_id: &str) {
        lock(&self.state).unreachable.insert(order_id.into());
    }

    /// The orders created, as `(amount, receipt)`.
    pub fn orders_created(&self) -> Vec<(Paise, String)> {
        lock(&self.state).orders.clone()
    }

    /// Every refund asked for, as `{payment} {paise} {idempotency key}`, failed ones too.
    pub fn refunds_asked(&self) -> Vec<String> {
        lock(&self.state).refunds_asked.clone()
    }

    /// The order ids checkout signatures were checked against, in order.
    pub fn signatures_checked_against(&self) -> Vec<String> {
        lock(&self.state).signatures_checked.clone()
    }

    /// The provider orders whose payments were asked about, in order.
    pub fn payments_asked(&self) -> Vec<String> {
        lock(&self.state).payments_asked.clone()
    }

    fn unavailable(what: &str) -> PaymentError {
        PaymentError::Unavailable(format!("{what}: timed out"))
    }
}

#[async_trait]
impl PaymentGateway for FakeGateway {
    async fn create_order(
        &self,
        amount: Paise,
        receipt: &str,
    ) -> Result<ProviderOrder, PaymentError> {
        let mut state = lock(&self.state);
        if state.down {
            return Err(Self::unavailable("order"));
        }
        state.orders.push((amount, receipt.to_owned()));
        let letter = char::from(b'A' + (state.orders.len() - 1) as u8);
        Ok(ProviderOrder {
            id: format!("order_{letter}"),
            amount,
            currency: "INR".into(),
        })
    }

    fn verify_checkout_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        lock(&self.state)
            .signatures_checked
            .push(order_id.to_owned());
        signature == sign(order_id, payment_id)
    }

    async fn refund(
        &self,
        payment_id: &str,
        amount: Paise,
        idempotency_key: &str,
    ) -> Result<RefundResult, PaymentError> {
        let mut state = lock(&self.state);
        let asked = format!("{payment_id} {} {idempotency_key}", amount.paise());
        state.refunds_asked.push(asked);
        if state.down || state.refusing_refunds {
            return Err(Self::unavailable("refund"));
        }
        let next = format!("rfnd_{}", state.refund_ids.len() + 1);
        let id = state
            .refund_ids
            .entry(idempotency_key.into())
            .or_insert(next);
        Ok(RefundResult {
            id: id.clone(),
            amount,
            status: "processed".into(),
        })
    }

    fn verify_webhook(&self, _body: &[u8], signature: &str) -> bool {
        signature == WEBHOOK_SIGNATURE
    }

    async fn payments(&self, order_id: &str) -> Result<Vec<ProviderPayment>, PaymentError> {
        let mut state = lock(&self.state);
        state.payments_asked.push(order_id.to_owned());
        if state.down || state.unreachable.contains(order_id) {
            return Err(Self::unavailable("payments"));
        }
        Ok(state.payments.get(order_id).cloned().unwrap_or_default())
    }

    fn parse_webhook(&self, _body: &[u8]) -> Result<WebhookEvent, PaymentError> {
        (lock(&self.state).webhook.clone())
            .ok_or_else(|| PaymentError::Malformed("not a webhook body".into()))
    }

    fn provider(&self) -> &'static str {
        "sandbox"
    }

    fn public_key(&self) -> String {
        "key_fake".into()
    }
}

// --- orders and checkout intents ------------------------------------------------------------

/// Orders and the checkout intents they are placed from, in one store as in the database:
/// placing an order and claiming a refund each look at the other's rows.
#[derive(Default)]
pub struct FakeOrders {
    state: Mutex<Orders>,
}

#[derive(Default)]
struct Orders {
    intents: Vec<CheckoutIntent>,
    orders: Vec<Order>,
    cod_keys: Vec<(Option<UserId>, String, OrderId)>,
    history: HashMap<OrderId, Vec<StatusChange>>,
    refunds: HashMap<OrderId, RefundResult>,
    placements: Vec<(NewOrder, Vec<StockChange>)>,
    next_refusal: Option<PlaceError>,
    low_stock: Vec<LowStock>,
    meanwhile: Option<Order>,
    /// Store credit balances, by account.
    credit: HashMap<UserId, i64>,
    /// COD confirmation events, and the orders reminded (decisions D39).
    cod_events: Vec<(OrderId, CodEvent, DateTime<Utc>)>,
    cod_reminded: Vec<OrderId>,
}

impl Orders {
    /// What another caller wrote while the use case was between its checks lands now.
    fn land_meanwhile(&mut self) {
        let Some(order) = self.meanwhile.take() else {
            return;
        };
        match self.order_mut(&order.id) {
            Some(stored) => *stored = order,
            None => self.orders.push(order),
        }
    }

    /// Keeps what the domain says `order`'s move from `from` gives back (the credit it spent;
    /// stock and coupons are the catalog's, which this fake does not hold).
    fn give_back(&mut self, order: &Order, from: OrderStatus) {
        let release = Release::on_move(from, order.status, order.payment_method, order.paid);
        if let (Some(release), Some(user)) = (release, order.user.id.clone())
            && release.store_credit
        {
            *self.credit.entry(user).or_default() += order.credit_used_rupees;
        }
    }

    fn order_mut(&mut self, id: &OrderId) -> Option<&mut Order> {
        self.orders.iter_mut().find(|o| o.id == *id)
    }

    /// A history row; `by` is the actor's id, where the database gives their name.
    fn log(
        &mut self,
        id: &OrderId,
        status: OrderStatus,
        actor: Option<&UserId>,
        at: DateTime<Utc>,
    ) {
        let change = StatusChange {
            status,
            at,
            by: actor.map(|actor| actor.as_str().to_owned()),
        };
        self.history.entry(id.clone()).or_default().push(change);
    }
}

impl FakeOrders {
    pub fn with_intents(intents: impl IntoIterator<Item = CheckoutIntent>) -> Self {
        let fake = Self::default();
        lock(&fake.state).intents.extend(intents);
        fake
    }

    /// Stores `order` as placed earlier.
    pub fn holds(&self, order: Order) {
        lock(&self.state).orders.push(order);
    }

    /// Another caller stores `order` (placing it, or changing the one with its id) while the
    /// use case is between its checks: it lands just before the use case's next write.
    pub fn stores_meanwhile(&self, order: Order) {
        lock(&self.state).meanwhile = Some(order);
    }

    /// The order's status history, as [`OrderRepository::history`] answers it.
    pub fn has_history(&self, id: &OrderId, history: Vec<StatusChange>) {
        lock(&self.state).history.insert(id.clone(), history);
    }

    /// The refund recorded on the order, if any.
    pub fn refund_of(&self, id: &OrderId) -> Option<RefundResult> {
        lock(&self.state).refunds.get(id).cloned()
    }

    /// The next placement's transaction refuses with `error` (stock taken meanwhile, the
    /// coupon's last use gone, too many open cash-on-delivery orders, ...).
    pub fn refuses_next_place(&self, error: PlaceError) {
        lock(&self.state).next_refusal = Some(error);
    }

    /// Gives `user` `rupees` more store credit.
    pub fn grant_credit(&self, user: &UserId, rupees: i64) {
        *lock(&self.state).credit.entry(user.clone()).or_default() += rupees;
    }

    /// The user's store credit balance.
    pub fn credit_of(&self, user: &UserId) -> i64 {
        lock(&self.state).credit.get(user).copied().unwrap_or(0)
    }

    /// The next placement reports it took these sizes to the low-stock threshold.
    pub fn reports_low_stock(&self, low: Vec<LowStock>) {
        lock(&self.state).low_stock = low;
    }

    /// Every placement asked for, refused ones too, with the stock it was to take.
    pub fn placements(&self) -> Vec<(NewOrder, Vec<StockChange>)> {
        lock(&self.state).placements.clone()
    }

    /// The orders stored, in the order they were placed.
    pub fn orders(&self) -> Vec<Order> {
        lock(&self.state).orders.clone()
    }

    /// The intent `provider_order_id` as stored now.
    pub fn intent(&self, provider_order_id: &str) -> Option<CheckoutIntent> {
        let state = lock(&self.state);
        let found = state
            .intents
            .iter()
            .find(|i| i.provider_order_id == provider_order_id);
        found.cloned()
    }

    /// Every intent stored, in the order they were saved.
    pub fn intents(&self) -> Vec<CheckoutIntent> {
        lock(&self.state).intents.clone()
    }

    /// The order `new` as the database would store it: pending, its invoice numbered next
    /// in its financial year.
    fn store(state: &mut Orders, new: &NewOrder) -> Order {
        let year = FinancialYear::of(new.at);
        let numbered = state
            .orders
            .iter()
            .filter(|o| o.invoice_no.is_some())
            .count();
        let order = Order {
            id: new.id.clone(),
            lines: new.lines.iter().map(|l| l.line.clone()).collect(),
            user: new.user.clone(),
            address: new.address.clone(),
            pincode: new.pincode.clone(),
            amount_rupees: new.amount_rupees,
            prepaid_discount_rupees: new.charge.prepaid_discount_rupees,
            cod_fee_rupees: new.charge.cod_fee_rupees,
            credit_used_rupees: 0,
            coupon: new.coupon.as_ref().map(|c| OrderCoupon {
                code: c.code.clone(),
                discount_rupees: c.discount_rupees,
            }),
            payment_method: new.payment_method(),
            paid: new.cod.is_none(),
            payment_id: new.payment_id.clone(),
            provider_order_id: new.provider_order_id.clone(),
            state: Some(new.state),
            invoice_no: Some(new.invoice_prefix.invoice_number(year, numbered as u64 + 1)),
            status: OrderStatus::Pending,
            shipment: None,
            delivered_at: None,
            replaces: None,
            whatsapp: new.whatsapp,
            cod_confirmation: CodConfirmation::on_placing(new.payment_method(), false),
            created_at: new.at,
            updated_at: new.at,
        };
        state.orders.push(order.clone());
        state.log(&order.id, OrderStatus::Pending, new.actor.as_ref(), new.at);
        order
    }
}

#[async_trait]
impl OrderRepository for FakeOrders {
    async fn place(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
    ) -> Result<Placement, PlaceError> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        state.placements.push((order.clone(), stock.to_vec()));
        let by_payment = state
            .orders
            .iter()
            .find(|o| o.payment_id == order.payment_id);
        let cod_key = order.cod.as_ref().and_then(|cod| cod.key.clone());
        let by_key = cod_key.and_then(|key| {
            let (_, _, id) =
                (state.cod_keys.iter()).find(|(user, k, _)| *user == order.user.id && *k == key)?;
            state.orders.iter().find(|o| o.id == *id)
        });
        if let Some(existing) = by_payment.or(by_key) {
            return Ok(Placement::Existing(existing.clone()));
        }
        let intent =
            (state.intents.iter()).find(|i| i.provider_order_id == order.provider_order_id);
        if intent.is_some_and(|i| i.refund.is_some()) {
            return Err(PlaceError::Refunded);
        }
        if let Some(refusal) = state.next_refusal.take() {
            return Err(refusal);
        }
        // The credit, in the placement's "transaction", as the database takes it.
        let balance = (order.user.id.as_ref())
            .and_then(|user| state.credit.get(user).copied())
            .unwrap_or(0);
        let credit_used = match order.credit {
            OrderCredit::None => 0,
            OrderCredit::Exactly(rupees) => rupees,
            OrderCredit::AsMuchAsAllowed => credit_to_use(balance, order.amount_rupees),
        };
        if credit_used > 0 {
            let (true, Some(user)) = (may_spend(balance, credit_used), order.user.id.as_ref())
            else {
                return Err(PlaceError::CreditChanged);
            };
            *state.credit.entry(user.clone()).or_default() -= credit_used;
        }
        if let Some(key) = order.cod.as_ref().and_then(|cod| cod.key.clone()) {
            let entry = (order.user.id.clone(), key, order.id.clone());
            state.cod_keys.push(entry);
        }
        let mut stored = Self::store(&mut state, order);
        stored.credit_used_rupees = credit_used;
        if let Some(last) = state.orders.last_mut() {
            last.credit_used_rupees = credit_used;
        }
        let low_stock = std::mem::take(&mut state.low_stock);
        Ok(Placement::Placed {
            order: stored,
            low_stock,
        })
    }

    async fn find(&self, id: &OrderId) -> Result<Option<Order>, RepoError> {
        Ok(lock(&self.state)
            .orders
            .iter()
            .find(|o| o.id == *id)
            .cloned())
    }

    async fn find_by_payment(&self, payment_id: &str) -> Result<Option<Order>, RepoError> {
        let state = lock(&self.state);
        Ok(state
            .orders
            .iter()
            .find(|o| o.payment_id == payment_id)
            .cloned())
    }

    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError> {
        let state = lock(&self.state);
        let theirs = (state.orders.iter().rev()).filter(|o| {
            o.user.id.as_ref() == Some(user) && OrderStatus::LISTED_FOR_SHOPPER.contains(&o.status)
        });
        Ok(theirs.cloned().collect())
    }

    async fn all(&self) -> Result<Vec<Order>, RepoError> {
        Ok(lock(&self.state).orders.iter().rev().cloned().collect())
    }

    async fn set_status(
        &self,
        id: &OrderId,
        status: OrderStatus,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let target = SettableStatus::try_from(status).map_err(|status| {
            RepoError::Unexpected(anyhow::anyhow!("{status:?} is not set by hand"))
        })?;
        let order = state.order_mut(id).ok_or(RepoError::NotFound)?;
        let status = order.lifecycle().update_status(target).map_err(refused)?;
        if status == OrderStatus::Delivered {
            // Its delivery, as the adapter reads it back from the status history.
            order.delivered_at = Some(at);
        }
        (order.status, order.updated_at) = (status, at);
        let order = order.clone();
        state.log(id, status, actor.as_ref(), at);
        Ok(order)
    }

    async fn cancel(
        &self,
        id: &OrderId,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Cancellation, RepoError<OrderConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let refund_id = state.refunds.get(id).map(|refund| refund.id.clone());
        let order = state.order_mut(id).ok_or(RepoError::NotFound)?;
        let already_cancelled =
            order.lifecycle().cancel().map_err(refused)? == Cancel::AlreadyCancelled;
        let from = order.status;
        if !already_cancelled {
            (order.status, order.updated_at) = (OrderStatus::Cancelled, at);
        }
        let order = order.clone();
        if !already_cancelled {
            state.log(id, OrderStatus::Cancelled, actor.as_ref(), at);
            state.give_back(&order, from);
        }
        Ok(Cancellation {
            order,
            already_cancelled,
            refund_id,
        })
    }

    async fn mark_paid(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let order = state.order_mut(id).ok_or(RepoError::NotFound)?;
        order
            .lifecycle()
            .record_payment(order.paid)
            .map_err(refused)?;
        (order.paid, order.updated_at) = (true, at);
        Ok(order.clone())
    }

    async fn ship(
        &self,
        id: &OrderId,
        booking: &Booking,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Shipping, RepoError<OrderConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let order = state.order_mut(id).ok_or(RepoError::NotFound)?;
        if order.lifecycle().ship().map_err(refused)? == Ship::AlreadyShipped {
            return Ok(Shipping {
                order: order.clone(),
                shipped_now: false,
            });
        }
        order.shipment = Some(Shipment {
            courier: booking.courier.clone(),
            awb: booking.awb.clone(),
            tracking_url: booking.tracking_url.clone(),
            shipped_at: at,
            expected_by: booking.expected_by,
            delivered_at: None,
            events: Vec::new(),
        });
        (order.status, order.updated_at) = (OrderStatus::Shipped, at);
        let order = order.clone();
        state.log(id, OrderStatus::Shipped, actor.as_ref(), at);
        Ok(Shipping {
            order,
            shipped_now: true,
        })
    }

    async fn track(
        &self,
        id: &OrderId,
        report: &CourierReport,
        actor: Option<UserId>,
    ) -> Result<Tracked, RepoError<OrderConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let refund_id = state.refunds.get(id).map(|refund| refund.id.clone());
        let order = state.order_mut(id).ok_or(RepoError::NotFound)?;
        let from = order.status;
        let late = (order.shipment.iter())
            .any(|shipment| shipment.events.iter().any(|stored| stored.at > report.at));
        let lifecycle = order.lifecycle();
        let to = lifecycle
            .report(report.event, report.source, late)
            .map_err(refused)?;
        let shipment = order
            .shipment
            .as_mut()
            .ok_or(RepoError::Conflict(OrderConflict::NotShipped))?;
        let event = TrackingEvent {
            status: report.status.clone(),
            at: report.at,
            location: report.location.clone(),
            note: report.note.clone(),
        };
        let repeated = shipment
            .events
            .iter()
            .any(|e| e.status == event.status && e.at == event.at);
        if !repeated {
            shipment.events.push(event);
            if to != from {
                if to == OrderStatus::Delivered {
                    shipment.delivered_at = Some(report.at);
                    order.delivered_at = Some(report.at);
                }
                (order.status, order.updated_at) = (to, report.at);
            }
        }
        let order = order.clone();
        if !repeated && to != from {
            state.log(id, to, actor.as_ref(), report.at);
            state.give_back(&order, from);
        }
        Ok(Tracked {
            order,
            from,
            repeated,
            refund_id,
        })
    }

    async fn history(&self, id: &OrderId) -> Result<Vec<StatusChange>, RepoError> {
        Ok(lock(&self.state)
            .history
            .get(id)
            .cloned()
            .unwrap_or_default())
    }

    async fn find_by_awb(&self, awb: &Awb) -> Result<Option<OrderId>, RepoError> {
        let state = lock(&self.state);
        let shipped = state
            .orders
            .iter()
            .filter(|order| (order.shipment.as_ref()).is_some_and(|shipment| shipment.awb == *awb));
        let latest = shipped.max_by_key(|order| order.shipment.as_ref().map(|s| s.shipped_at));
        Ok(latest.map(|order| order.id.clone()))
    }

    async fn recorded_refund(&self, id: &OrderId) -> Result<Option<String>, RepoError> {
        Ok(lock(&self.state)
            .refunds
            .get(id)
            .map(|refund| refund.id.clone()))
    }

    async fn record_refund(&self, id: &OrderId, refund: &RefundResult) -> Result<(), RepoError> {
        let mut state = lock(&self.state);
        state.order_mut(id).ok_or(RepoError::NotFound)?;
        state.refunds.insert(id.clone(), refund.clone());
        Ok(())
    }
}

#[async_trait]
impl CheckoutIntentRepository for FakeOrders {
    async fn save(&self, intent: &CheckoutIntent) -> Result<(), RepoError<IntentConflict>> {
        let mut state = lock(&self.state);
        let taken = state.intents.iter().any(|i| {
            i.provider_order_id == intent.provider_order_id || i.receipt == intent.receipt
        });
        if taken {
            return Err(RepoError::Conflict(IntentConflict::DuplicateIntent));
        }
        state.intents.push(intent.clone());
        Ok(())
    }

    async fn find(&self, provider_order_id: &str) -> Result<Option<CheckoutIntent>, RepoError> {
        Ok(self.intent(provider_order_id))
    }

    /// Newest first is last saved first.
    async fn recent_for_user(
        &self,
        user: &UserId,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError> {
        let state = lock(&self.state);
        let theirs = state
            .intents
            .iter()
            .rev()
            .filter(|i| i.user.as_ref() == Some(user));
        Ok(theirs.take(limit as usize).cloned().collect())
    }

    async fn unsettled(
        &self,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError> {
        let state = lock(&self.state);
        let ordered = |i: &CheckoutIntent| {
            (state.orders.iter()).any(|o| o.provider_order_id == i.provider_order_id)
        };
        let unsettled = state.intents.iter().filter(|i| {
            (since..until).contains(&i.created_at) && i.refund.is_none() && !ordered(i)
        });
        Ok(unsettled.take(limit as usize).cloned().collect())
    }

    async fn claim_refund(
        &self,
        provider_order_id: &str,
        payment_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError<IntentConflict>> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let placed = (state.orders.iter())
            .any(|o| o.payment_id == payment_id || o.provider_order_id == provider_order_id);
        let intent = (state.intents.iter_mut())
            .find(|i| i.provider_order_id == provider_order_id)
            .ok_or(RepoError::NotFound)?;
        if placed {
            return Err(RepoError::Conflict(IntentConflict::OrderPlaced));
        }
        match &intent.refund {
            Some(claim) if claim.payment_id != payment_id => {
                Err(RepoError::Conflict(IntentConflict::OtherPaymentClaimed))
            }
            Some(_) => Ok(()),
            None => {
                intent.refund = Some(IntentRefund {
                    payment_id: payment_id.to_owned(),
                    refund_id: None,
                    claimed_at: at,
                });
                Ok(())
            }
        }
    }

    async fn record_refund(
        &self,
        provider_order_id: &str,
        refund_id: &str,
    ) -> Result<(), RepoError<IntentConflict>> {
        let mut state = lock(&self.state);
        let intent = (state.intents.iter_mut())
            .find(|i| i.provider_order_id == provider_order_id)
            .ok_or(RepoError::NotFound)?;
        let claim = intent.refund.as_mut();
        claim
            .ok_or(RepoError::Conflict(IntentConflict::NoClaim))?
            .refund_id = Some(refund_id.to_owned());
        Ok(())
    }
}

// --- webhooks, mail, ids ----------------------------------------------------------------------

/// The webhook event ids handled, in order.
#[derive(Default)]
pub struct FakeWebhookEvents {
    handled: Mutex<Vec<String>>,
}

impl FakeWebhookEvents {
    pub fn handled(&self) -> Vec<String> {
        lock(&self.handled).clone()
    }
}

#[async_trait]
impl WebhookEventRepository for FakeWebhookEvents {
    async fn is_handled(&self, event_id: &str) -> Result<bool, RepoError> {
        Ok(lock(&self.handled).iter().any(|id| id == event_id))
    }

    async fn mark_handled(&self, event_id: &str, _at: DateTime<Utc>) -> Result<(), RepoError> {
        let mut handled = lock(&self.handled);
        if !handled.iter().any(|id| id == event_id) {
            handled.push(event_id.to_owned());
        }
        Ok(())
    }
}

/// A mailer that keeps what it was handed; or refuses it, after keeping it, once told to.
#[derive(Default)]
pub struct FakeMailer {
    sent: Mutex<Vec<Mail>>,
    refusing: Mutex<bool>,
}

impl FakeMailer {
    /// The mail server is down: every send fails (the mail is still kept, to be read).
    pub fn is_down(&self) {
        *lock(&self.refusing) = true;
    }

    /// Every mail handed over, in order.
    pub fn sent(&self) -> Vec<Mail> {
        lock(&self.sent).clone()
    }

    /// The subjects of every mail handed over, in order.
    pub fn subjects(&self) -> Vec<String> {
        self.sent().into_iter().map(|mail| mail.subject).collect()
    }
}

#[async_trait]
impl Mailer for FakeMailer {
    async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        lock(&self.sent).push(mail.clone());
        if *lock(&self.refusing) {
            anyhow::bail!("SMTP down");
        }
        Ok(())
    }
}

/// Ids `id-1`, `id-2`, ... in the order they are asked for.
#[derive(Default)]
pub struct FakeIds {
    given: Mutex<u32>,
}

impl IdGenerator for FakeIds {
    fn new_id(&self) -> String {
        let mut given = lock(&self.given);
        *given += 1;
        format!("id-{given}")
    }
}

/// A courier that books what the admin typed, as the manual one does, and remembers every
/// booking it was asked for; it can be told to stop answering.
#[derive(Default)]
pub struct FakeCourier {
    asked: Mutex<Vec<OrderId>>,
    buyers: Mutex<Vec<BuyerContact>>,
    down: Mutex<bool>,
    label: Mutex<Option<Vec<u8>>>,
    /// Books reverse pickups, as Shiprocket does (else none, as the manual courier).
    books_returns: Mutex<bool>,
    returns_asked: Mutex<Vec<crate::orders::ReturnPickup>>,
}

impl FakeCourier {
    /// Every booking fails as a courier that does not answer.
    pub fn is_down(&self) {
        *lock(&self.down) = true;
    }

    /// The courier prints its own labels: these bytes.
    pub fn prints_labels(&self, pdf: &[u8]) {
        *lock(&self.label) = Some(pdf.to_vec());
    }

    /// The buyers each booking named, in order.
    pub fn buyers(&self) -> Vec<BuyerContact> {
        lock(&self.buyers).clone()
    }

    /// The orders a booking was asked for, in order, failed ones too.
    pub fn asked(&self) -> Vec<OrderId> {
        lock(&self.asked).clone()
    }

    /// Return pickups are booked (AWB `RP-` and the return's number), as Shiprocket books
    /// them; the courier stops answering with [`Self::is_down`] and answers again with
    /// [`Self::is_up`].
    pub fn books_returns(&self) {
        *lock(&self.books_returns) = true;
    }

    pub fn is_up(&self) {
        *lock(&self.down) = false;
    }

    /// The return pickups a booking was asked for, in order, failed ones too.
    pub fn returns_asked(&self) -> Vec<crate::orders::ReturnPickup> {
        lock(&self.returns_asked).clone()
    }
}

#[async_trait]
impl Courier for FakeCourier {
    async fn book(
        &self,
        order: &Order,
        buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<Booking, CourierError> {
        lock(&self.asked).push(order.id.clone());
        lock(&self.buyers).push(buyer.clone());
        if *lock(&self.down) {
            return Err(CourierError::Unavailable(anyhow::anyhow!("timed out")));
        }
        let booking = request.booking.clone().ok_or_else(|| {
            CourierError::Invalid(paduka_domain::InvalidInput::new(
                paduka_domain::order::ManualBooking::REQUIRED,
            ))
        })?;
        Ok(booking.into())
    }

    async fn label(&self, _order: &Order) -> Result<Option<Vec<u8>>, CourierError> {
        Ok(lock(&self.label).clone())
    }

    /// Books nothing, as the manual courier (the admin moves returns on by hand), unless told
    /// it [`books_returns`](Self::books_returns).
    async fn book_return(
        &self,
        pickup: &crate::orders::ReturnPickup,
    ) -> Result<Option<Booking>, CourierError> {
        lock(&self.returns_asked).push(pickup.clone());
        if !*lock(&self.books_returns) {
            return Ok(None);
        }
        if *lock(&self.down) {
            return Err(CourierError::Unavailable(anyhow::anyhow!("timed out")));
        }
        let awb = format!("RP-{}", pickup.number);
        Ok(Some(Booking {
            courier: paduka_domain::order::CourierName::parse("Xpressbees Reverse")?,
            awb: paduka_domain::order::Awb::parse(&awb)?,
            tracking_url: paduka_domain::order::TrackingUrl::parse(&format!(
                "https://shiprocket.co/tracking/{awb}"
            ))
            .ok(),
            expected_by: None,
        }))
    }
}

/// The confirmation columns of the orders this fake holds.
#[async_trait]
impl CodConfirmations for FakeOrders {
    async fn confirm(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut state = lock(&self.state);
        state.land_meanwhile();
        let stored = state.order_mut(order).ok_or(RepoError::NotFound)?;
        let confirmable = stored
            .cod_confirmation
            .is_some_and(|c| CodConfirmation::CONFIRMABLE.contains(&c))
            && ANSWERABLE_STATUSES.contains(&stored.status)
            && stored.shipment.is_none();
        if !confirmable {
            return Ok(false);
        }
        stored.cod_confirmation = Some(CodConfirmation::Confirmed);
        state.cod_events.push((order.clone(), event, at));
        Ok(true)
    }

    async fn record_event(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut state = lock(&self.state);
        let known = state
            .cod_events
            .iter()
            .any(|(o, e, _)| o == order && *e == event);
        if !known {
            state.cod_events.push((order.clone(), event, at));
        }
        Ok(!known)
    }

    async fn events(&self, order: &OrderId) -> Result<Vec<(CodEvent, DateTime<Utc>)>, RepoError> {
        let state = lock(&self.state);
        Ok(state
            .cod_events
            .iter()
            .filter(|(o, _, _)| o == order)
            .map(|(_, e, at)| (*e, *at))
            .collect())
    }

    async fn awaiting(
        &self,
        remind_by: DateTime<Utc>,
        give_up_by: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(OrderId, bool)>, RepoError> {
        let state = lock(&self.state);
        let mut due: Vec<&Order> = state
            .orders
            .iter()
            .filter(|o| o.cod_confirmation == Some(CodConfirmation::Awaiting))
            .filter(|o| ANSWERABLE_STATUSES.contains(&o.status) && o.shipment.is_none())
            .filter(|o| {
                let reminded = state.cod_reminded.contains(&o.id);
                o.created_at <= give_up_by || (!reminded && o.created_at <= remind_by)
            })
            .collect();
        due.sort_by_key(|o| o.created_at);
        Ok(due
            .into_iter()
            .take(limit as usize)
            .map(|o| (o.id.clone(), state.cod_reminded.contains(&o.id)))
            .collect())
    }

    async fn take_reminder(&self, order: &OrderId, _at: DateTime<Utc>) -> Result<bool, RepoError> {
        let mut state = lock(&self.state);
        let awaiting = state
            .orders
            .iter()
            .any(|o| o.id == *order && o.cod_confirmation == Some(CodConfirmation::Awaiting));
        if !awaiting || state.cod_reminded.contains(order) {
            return Ok(false);
        }
        state.cod_reminded.push(order.clone());
        Ok(true)
    }

    async fn give_up(&self, order: &OrderId, _at: DateTime<Utc>) -> Result<bool, RepoError> {
        let mut state = lock(&self.state);
        let stored = state.order_mut(order).ok_or(RepoError::NotFound)?;
        if stored.cod_confirmation != Some(CodConfirmation::Awaiting) {
            return Ok(false);
        }
        stored.cod_confirmation = Some(CodConfirmation::Unanswered);
        Ok(true)
    }
}

#[async_trait]
impl StoreCreditRepository for FakeOrders {
    async fn balance(&self, user: &UserId) -> Result<i64, RepoError> {
        Ok(self.credit_of(user))
    }

    async fn statement(&self, user: &UserId) -> Result<CreditStatement, RepoError> {
        Ok(CreditStatement {
            balance_rupees: self.credit_of(user),
            entries: Vec::new(),
        })
    }

    async fn grant(&self, grant: &CreditGrant) -> Result<bool, RepoError> {
        self.grant_credit(&grant.user, grant.amount_rupees);
        Ok(true)
    }
}
