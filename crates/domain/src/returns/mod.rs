//! Returns and size exchanges (decisions D24): a return's lifecycle, what may be asked for,
//! and what it is worth.

use chrono::{DateTime, Utc};

mod fit;
mod lifecycle;
mod refund;
mod replacement;
mod request;
mod stats;

pub use fit::{
    ChartSize, ChartSizeInput, FIT_DAYS, FOOT_LENGTH_INVALID, Fit, FitReasons, FitRule, SizeChart,
    fit_since, parse_foot_cm,
};
pub use lifecycle::{
    Gives, Qc, ReturnLifecycle, ReturnMove, ReturnRefusal, ReturnStatus, ReturnStep,
};
pub use refund::{RefundPlan, RefundTo};
pub use replacement::{
    MissingLine, REPLACEMENT_STATUS, Replacement, ReplacementLine, replacement_order,
    replacement_payment_id,
};
pub use request::{
    DEFAULT_RETURN_WINDOW_DAYS, PlannedLine, Reason, RequestedLine, ReturnKind, ReturnableLine,
    ReturnableOrder, SizeNow, credit_part_rupees, pairs_left, plan_return, refund_amount, refusal,
    return_number, return_until, share,
};
pub use stats::{ReasonCount, ReturnStats, ReturnedPairs, SizeReturns, SoldPairs, size_order};

use crate::order::{Awb, CourierName, TrackingUrl};
use crate::{OrderId, Paise, ProductId, ReturnId, UserId};

/// A return as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    pub id: ReturnId,
    /// Counts from 1; shown as [`return_number`].
    pub number: u64,
    pub order_id: OrderId,
    /// The order shipping the exchange lines' new pairs, made on pickup; `None` before, and
    /// for a return of refunds only.
    pub replacement_order_id: Option<OrderId>,
    pub user_id: UserId,
    pub status: ReturnStatus,
    /// Set by `receive`.
    pub qc: Option<Qc>,
    pub lines: Vec<ReturnLine>,
    /// The refund lines' amounts.
    pub refund_amount: Paise,
    /// Set on completion.
    pub refund_to: Option<RefundTo>,
    /// The provider's refund id or the payout's reference.
    pub refund_reference: Option<String>,
    pub refunded_at: Option<DateTime<Utc>>,
    pub credit_note_no: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub events: Vec<ReturnEvent>,
    /// The courier's collection of the parcel, once booked on approval; `None` when the admin
    /// arranges it by hand (the manual courier).
    pub pickup: Option<Pickup>,
}

impl Return {
    pub fn lifecycle(&self) -> ReturnLifecycle {
        ReturnLifecycle::new(self.status, self.qc)
    }

    pub fn number_text(&self) -> String {
        return_number(self.number)
    }
}

/// A return's reverse pickup as the courier booked it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pickup {
    pub courier: CourierName,
    pub awb: Awb,
    pub tracking_url: Option<TrackingUrl>,
    /// When the courier reported the parcel delivered to the shop (its QC is still the
    /// admin's `receive`).
    pub arrived_at: Option<DateTime<Utc>>,
}

impl Pickup {
    /// The note of the event that records the parcel's arrival.
    pub const ARRIVED: &'static str = "Arrived at the shop";
}

/// What the courier reports about a return's parcel, as far as the return cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickupProgress {
    /// Collected from the shopper: the return is `Picked up`.
    Collected,
    /// Delivered to the shop: marked arrived (collected too, should that report be missing).
    Arrived,
}

/// A returned line as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnLine {
    pub line: u32,
    pub product: ProductId,
    pub name: String,
    pub size_index: u32,
    pub size_label: Option<String>,
    /// The colour bought, `""` without colours (decisions D44).
    pub color: String,
    pub new_size: Option<(u32, String)>,
    /// For an exchange, the new variant's colour (any colour of the product at the same
    /// price); `""` otherwise or without colours.
    pub new_color: String,
    pub quantity: u32,
    pub reason: Reason,
    pub kind: ReturnKind,
    pub amount: Paise,
}

impl From<PlannedLine> for ReturnLine {
    fn from(l: PlannedLine) -> Self {
        Self {
            line: l.line,
            product: l.product,
            name: l.name,
            size_index: l.size_index,
            size_label: l.size_label,
            color: l.color,
            new_size: l.new_size,
            new_color: l.new_color,
            quantity: l.quantity,
            reason: l.reason,
            kind: l.kind,
            amount: l.amount,
        }
    }
}

/// One step of a return's life.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnEvent {
    pub status: ReturnStatus,
    pub at: DateTime<Utc>,
    pub note: Option<String>,
}

/// The longest note a step keeps (a rejection's reason, a QC remark).
pub const NOTE_MAX: usize = 500;
