//! An order's lifecycle (decisions D18): its seven statuses, which may follow which, who may
//! cancel when, and what an end gives back. The one place these rules live: the use cases
//! and the repositories ask here and only write what they are told.

use chrono::{DateTime, Utc};

use crate::InvalidInput;
use crate::returns::{pairs_left, return_until};

use super::{OrderLine, PaymentMethod};

/// Where an order is in its life. The text of each (`as_str`) is what is stored and sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    Confirmed,
    Shipped,
    OutForDelivery,
    Delivered,
    /// An end: cancelled before it shipped.
    Cancelled,
    /// An end: the courier brought it back.
    ReturnedToOrigin,
}

impl OrderStatus {
    /// Every status, in the order of an order's life.
    pub const ALL: [Self; 7] = [
        Self::Pending,
        Self::Confirmed,
        Self::Shipped,
        Self::OutForDelivery,
        Self::Delivered,
        Self::Cancelled,
        Self::ReturnedToOrigin,
    ];

    /// Statuses of an order that still holds what it took (stock, a coupon's use, the
    /// payment): every status but the two ends. Such an order is counted in sales, in the
    /// uses of its coupon and in what couriers have to collect.
    pub const STANDING: [Self; 5] = [
        Self::Pending,
        Self::Confirmed,
        Self::Shipped,
        Self::OutForDelivery,
        Self::Delivered,
    ];

    /// Statuses a shopper's own order list shows: all but `Cancelled`.
    pub const LISTED_FOR_SHOPPER: [Self; 6] = [
        Self::Pending,
        Self::Confirmed,
        Self::Shipped,
        Self::OutForDelivery,
        Self::Delivered,
        Self::ReturnedToOrigin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "Pending",
            Self::Confirmed => "Confirmed",
            Self::Shipped => "Shipped",
            Self::OutForDelivery => "Out for delivery",
            Self::Delivered => "Delivered",
            Self::Cancelled => "Cancelled",
            Self::ReturnedToOrigin => "Returned to origin",
        }
    }

    /// Any stored status, the ends included: exactly the texts `as_str` gives.
    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    /// `Cancelled` or `Returned to origin`: nothing moves the order on, and it gave back what
    /// it took.
    pub fn is_end(self) -> bool {
        matches!(self, Self::Cancelled | Self::ReturnedToOrigin)
    }

    /// The courier has the parcel, or had it: the order is past being cancelled or set by
    /// hand.
    fn is_with_courier(self) -> bool {
        matches!(
            self,
            Self::Shipped | Self::OutForDelivery | Self::ReturnedToOrigin
        )
    }
}

/// A status an admin may set by hand (`PUT /order/update-status`); the others come from
/// cancelling, shipping and the courier, each with its own rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettableStatus {
    Pending,
    Confirmed,
    Delivered,
}

impl SettableStatus {
    pub const ALL: [Self; 3] = [Self::Pending, Self::Confirmed, Self::Delivered];

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        Self::ALL
            .into_iter()
            .find(|status| status.status().as_str() == text)
            .ok_or_else(|| InvalidInput::new("Status must be Pending, Confirmed or Delivered"))
    }

    pub fn status(self) -> OrderStatus {
        match self {
            Self::Pending => OrderStatus::Pending,
            Self::Confirmed => OrderStatus::Confirmed,
            Self::Delivered => OrderStatus::Delivered,
        }
    }
}

impl From<SettableStatus> for OrderStatus {
    fn from(status: SettableStatus) -> Self {
        status.status()
    }
}

impl TryFrom<OrderStatus> for SettableStatus {
    type Error = OrderStatus;

    /// The status back when an admin may not set it.
    fn try_from(status: OrderStatus) -> Result<Self, OrderStatus> {
        Self::ALL
            .into_iter()
            .find(|settable| settable.status() == status)
            .ok_or(status)
    }
}

/// What the courier reports, by webhook or through the admin by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CourierEvent {
    OutForDelivery,
    Delivered,
    /// An attempt to deliver failed: the parcel is back with the courier.
    DeliveryFailed,
    ReturnedToOrigin,
}

impl CourierEvent {
    pub const ALL: [Self; 4] = [
        Self::OutForDelivery,
        Self::Delivered,
        Self::DeliveryFailed,
        Self::ReturnedToOrigin,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::OutForDelivery => "Out for delivery",
            Self::Delivered => "Delivered",
            Self::DeliveryFailed => "Delivery failed",
            Self::ReturnedToOrigin => "Returned to origin",
        }
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        Self::ALL
            .into_iter()
            .find(|event| event.as_str() == text)
            .ok_or_else(|| {
                InvalidInput::new(
                    "Status must be Out for delivery, Delivered, Delivery failed or Returned to origin",
                )
            })
    }
}

/// Who reports a parcel's step, which decides what a step the order cannot take does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportSource {
    /// An admin, by hand: a step the lifecycle refuses is refused, nothing stored.
    Admin,
    /// The courier's webhook: every report is kept as an event, but one the lifecycle
    /// refuses, or one older than a report stored before, never moves the order.
    Courier,
}

/// Why the lifecycle refuses a step; each message is the API's 409 body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("Order Cancelled")]
    Cancelled,
    #[error("Order Delivered")]
    Delivered,
    #[error("Order has shipped")]
    Shipped,
    #[error("Order has not shipped")]
    NotShipped,
    /// The replacement order of a size exchange is never cancelled (decisions D24): the
    /// shopper's new pair is owed to them.
    #[error("Replacement orders cannot be cancelled")]
    Replacement,
    /// Its payment is recorded already (every online order's is): nothing for `mark-paid`.
    #[error("Order is already paid")]
    AlreadyPaid,
    /// An unpaid cash-on-delivery parcel that came back was never paid for: no cash to record.
    #[error("Order returned to origin")]
    ReturnedToOrigin,
}

/// What cancelling asks of the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cancel {
    /// Move to `Cancelled` and give back what [`Release`] says.
    Cancel,
    /// It was cancelled already: nothing changes (a refund that failed may be retried).
    AlreadyCancelled,
}

/// What shipping asks of the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ship {
    /// Book (or finish booking) the shipment; the order becomes `Shipped`.
    Ship,
    /// It has shipped: the shipment it has is the answer, nothing new is created.
    AlreadyShipped,
}

/// An order's place in its lifecycle: its status, and whether it has a shipment (one being
/// booked counts: from then on it is the courier's, not the admin's, to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifecycle {
    pub status: OrderStatus,
    pub has_shipment: bool,
    /// The replacement order of a size exchange (it has `replaces`).
    pub replacement: bool,
}

impl Lifecycle {
    /// An order that replaces none.
    pub fn new(status: OrderStatus, has_shipment: bool) -> Self {
        Self {
            status,
            has_shipment,
            replacement: false,
        }
    }

    /// The same, for a replacement order when `replacement`.
    pub fn replacing(self, replacement: bool) -> Self {
        Self {
            replacement,
            ..self
        }
    }

    /// Past the admin's hands: it has a shipment, or its status says the courier has it.
    fn shipped(self) -> bool {
        self.has_shipment || self.status.is_with_courier()
    }

    /// An admin's `update-status`: the status it then has (the one it had: nothing to write).
    /// Without a shipment any of the three, in any order; with one, only `Delivered` while the
    /// courier has it (the courier failed to report). Nothing leaves `Cancelled`.
    pub fn update_status(self, target: SettableStatus) -> Result<OrderStatus, Refusal> {
        let target = target.status();
        match self.status {
            OrderStatus::Cancelled => Err(Refusal::Cancelled),
            OrderStatus::Shipped | OrderStatus::OutForDelivery
                if target == OrderStatus::Delivered =>
            {
                Ok(target)
            }
            _ if self.shipped() => Err(Refusal::Shipped),
            _ => Ok(target),
        }
    }

    /// Cancelling, by the shopper or an admin: only before it ships, and never a replacement
    /// order.
    pub fn cancel(self) -> Result<Cancel, Refusal> {
        if self.replacement {
            return Err(Refusal::Replacement);
        }
        match self.status {
            OrderStatus::Cancelled => Ok(Cancel::AlreadyCancelled),
            OrderStatus::Delivered => Err(Refusal::Delivered),
            _ if self.shipped() => Err(Refusal::Shipped),
            _ => Ok(Cancel::Cancel),
        }
    }

    /// Handing it to a courier: from `Pending` or `Confirmed` (again, to finish a booking that
    /// stopped half-way).
    pub fn ship(self) -> Result<Ship, Refusal> {
        match self.status {
            OrderStatus::Cancelled => Err(Refusal::Cancelled),
            OrderStatus::Pending | OrderStatus::Confirmed => Ok(Ship::Ship),
            _ if self.has_shipment => Ok(Ship::AlreadyShipped),
            OrderStatus::Delivered => Err(Refusal::Delivered),
            // A courier's status without a shipment is never stored; refuse rather than book.
            _ => Err(Refusal::Shipped),
        }
    }

    /// The status after the courier's `event`: forward, skipping steps as the courier does,
    /// and from a failed attempt back to `Shipped`. Only a parcel with the courier moves; an
    /// event that does not move it (a failed attempt before it went out) is still allowed.
    pub fn courier_event(self, event: CourierEvent) -> Result<OrderStatus, Refusal> {
        match self.status {
            OrderStatus::Cancelled => Err(Refusal::Cancelled),
            OrderStatus::Delivered => Err(Refusal::Delivered),
            OrderStatus::ReturnedToOrigin => Err(Refusal::Shipped),
            OrderStatus::Pending | OrderStatus::Confirmed => Err(Refusal::NotShipped),
            OrderStatus::Shipped | OrderStatus::OutForDelivery => Ok(match event {
                CourierEvent::OutForDelivery => OrderStatus::OutForDelivery,
                CourierEvent::Delivered => OrderStatus::Delivered,
                CourierEvent::DeliveryFailed => OrderStatus::Shipped,
                CourierEvent::ReturnedToOrigin => OrderStatus::ReturnedToOrigin,
            }),
        }
    }

    /// The status after a report of `event` (`None`: a courier's step that moves nothing,
    /// such as in transit, kept as an event only) from `source`; `late` when a report dated
    /// after this one is stored already. An admin's report the lifecycle refuses is refused;
    /// the courier's is kept but leaves the status, as does a late one (history, not news).
    /// Either needs a shipment to be recorded against.
    pub fn report(
        self,
        event: Option<CourierEvent>,
        source: ReportSource,
        late: bool,
    ) -> Result<OrderStatus, Refusal> {
        let decided = event.map_or(Ok(self.status), |event| self.courier_event(event));
        let to = match (decided, source) {
            (Ok(to), _) => to,
            (Err(refusal), ReportSource::Admin) => return Err(refusal),
            (Err(_), ReportSource::Courier) => self.status,
        };
        if !self.has_shipment {
            return Err(Refusal::NotShipped);
        }
        let late = late && source == ReportSource::Courier;
        Ok(if late { self.status } else { to })
    }

    /// What may be done now (decisions D30), each asked of the step's own rule above, so what
    /// the screens offer is exactly what the calls allow: cancelling (`Cancelled` already is
    /// refused as `Order Cancelled`), booking a courier (one booked already is refused as
    /// `Order has shipped`: the call would book nothing), recording the cash (`paid`: whether
    /// it is recorded already), a return until when (`delivered_at` and the shop's
    /// `window_days`, as a request is checked) and of how many pairs of each of `lines`, the
    /// courier events an admin may report and the statuses they may set.
    pub fn actions(
        self,
        paid: bool,
        lines: &[OrderLine],
        delivered_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
        window_days: u32,
    ) -> OrderActions {
        let return_until = return_until(self.status, delivered_at, now, window_days).ok();
        OrderActions {
            cancel: match self.cancel() {
                Ok(Cancel::Cancel) => Ok(()),
                Ok(Cancel::AlreadyCancelled) => Err(Refusal::Cancelled),
                Err(refusal) => Err(refusal),
            },
            ship: match self.ship() {
                Ok(Ship::Ship) => Ok(()),
                Ok(Ship::AlreadyShipped) => Err(Refusal::Shipped),
                Err(refusal) => Err(refusal),
            },
            mark_paid: self.record_payment(paid),
            return_until,
            returnable: lines
                .iter()
                .map(|line| {
                    return_until.map_or(0, |_| pairs_left(line.quantity, line.held_by_returns))
                })
                .collect(),
            events: CourierEvent::ALL
                .into_iter()
                .filter(|event| {
                    self.report(Some(*event), ReportSource::Admin, false)
                        .is_ok()
                })
                .collect(),
            statuses: SettableStatus::ALL
                .into_iter()
                .filter(|status| self.update_status(*status).is_ok())
                .collect(),
        }
    }

    /// Recording the cash a courier collected (`mark-paid`): not on a cancelled order, nor on
    /// one whose payment is recorded already (`paid`; every online order's is), nor on an
    /// unpaid one that came back to origin (the parcel was refused: no courier holds its cash).
    pub fn record_payment(self, paid: bool) -> Result<(), Refusal> {
        match self.status {
            OrderStatus::Cancelled => Err(Refusal::Cancelled),
            _ if paid => Err(Refusal::AlreadyPaid),
            OrderStatus::ReturnedToOrigin => Err(Refusal::ReturnedToOrigin),
            _ => Ok(()),
        }
    }
}

/// What may be done to an order now, from [`Lifecycle::actions`]: the order replies'
/// `actions`, which the screens show without a rule of their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderActions {
    /// Cancelling now (the shopper's `Cancel order`, an admin's too), or the refusal it gets.
    pub cancel: Result<(), Refusal>,
    /// Booking a courier now (the admin's `Ship`, `POST /shipment/create`), or why not.
    pub ship: Result<(), Refusal>,
    /// Recording the cash collected now (the admin's `Mark paid`), or why not.
    pub mark_paid: Result<(), Refusal>,
    /// The last instant a return may be asked for, while one may be asked; `None` otherwise.
    pub return_until: Option<DateTime<Utc>>,
    /// Pairs of each line (in the order's order) a return request may ask for now: none
    /// while `return_until` is `None`, else those no return holds.
    pub returnable: Vec<u32>,
    /// The courier events an admin may report now (`POST /shipment/event`).
    pub events: Vec<CourierEvent>,
    /// The statuses an admin may set now (`update-status`; the current one included when it
    /// may be set, a change of nothing).
    pub statuses: Vec<SettableStatus>,
}

/// What an order gives back when it reaches an end, `Cancelled` or `Returned to origin`
/// alike. It is given by [`Release::on_move`] only for the move into the end, so each is
/// given back exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Release {
    /// Its sizes go back into stock.
    pub restock: bool,
    /// Its coupon's use is given back (when it has a coupon).
    pub coupon_use: bool,
    /// Store credit it spent is given back (when it spent any).
    pub store_credit: bool,
    /// A paid online order is refunded in full through the provider.
    pub refund_in_full: bool,
    /// An unpaid cash-on-delivery order leaves the courier nothing to collect.
    pub nothing_to_collect: bool,
}

impl Release {
    /// What moving from `from` to `to` gives back: `None` unless the move reaches an end.
    pub fn on_move(
        from: OrderStatus,
        to: OrderStatus,
        payment: PaymentMethod,
        paid: bool,
    ) -> Option<Self> {
        (to.is_end() && !from.is_end()).then_some(Self {
            restock: true,
            coupon_use: true,
            store_credit: true,
            refund_in_full: payment == PaymentMethod::Online && paid,
            nothing_to_collect: payment == PaymentMethod::Cod && !paid,
        })
    }
}

#[cfg(test)]
#[path = "lifecycle_tests.rs"]
mod tests;
