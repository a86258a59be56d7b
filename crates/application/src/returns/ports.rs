//! What the returns use cases need from storage.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::order::{Awb, Booking, PaymentMethod};
use paduka_domain::returns::{
    PickupProgress, Qc, RefundTo, RequestedLine, Return, ReturnRefusal, ReturnStatus, ReturnStep,
};
use paduka_domain::{InvalidInput, OrderId, Paise, ReturnId, UserId};

use crate::RepoError;

/// A request, as the shopper sent it (parsed): checked against the order inside the
/// repository's transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReturn {
    pub id: ReturnId,
    pub order: OrderId,
    pub user: UserId,
    pub lines: Vec<RequestedLine>,
    pub window_days: u32,
    pub at: DateTime<Utc>,
}

/// Why the repository refused; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReturnConflict {
    /// 403: another shopper's order or return.
    #[error("not the owner")]
    NotOwner,
    /// 400: the domain's refusal of the request (`Nothing to return`, ...).
    #[error("{0}")]
    Invalid(InvalidInput),
    /// 409: a step out of order, `Return is STATUS`.
    #[error(transparent)]
    Refused(#[from] ReturnRefusal),
    /// 409: `Only N left of NAME (LABEL)`: an exchange's new size is not in stock.
    #[error("out of stock: {left} left of {name}")]
    OutOfStock {
        name: String,
        size: Option<String>,
        left: u32,
    },
}

/// What a step did.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepped {
    pub ret: Return,
    /// `false` when the step was the one just done: nothing changed.
    pub moved: bool,
}

/// The refund a completion is about to pay, as fixed on the return before any money moves:
/// the first completion's choice stands for every retry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundClaim {
    pub qc: Option<Qc>,
    /// `None` until a completion fixed it.
    pub refund_to: Option<RefundTo>,
    pub reference: Option<String>,
    pub refund_amount: Paise,
    pub payment_method: PaymentMethod,
    pub payment_id: String,
    pub amount_rupees: i64,
    /// Whole rupees the order paid with store credit (0 until orders record it).
    pub credit_used_rupees: i64,
}

/// What the courier's tracking webhook reports about a return's parcel (`is_return: 1`), read
/// at the edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickupUpdate {
    pub awb: Awb,
    /// What it means for the return; `None` for a status that moves nothing (out for pickup,
    /// a failed attempt).
    pub progress: Option<PickupProgress>,
    /// The courier's own words, for the log.
    pub status: String,
    pub at: DateTime<Utc>,
}

/// Returns in `returns`, `return_lines`, `return_events`; the request and every step move
/// stock in the same transaction.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReturnRepository: Send + Sync {
    /// In one transaction: lock the order, check it is `new.user`'s (`NotOwner`), ask the
    /// domain ([`plan_return`](paduka_domain::returns::plan_return)) with the pairs asked in
    /// returns that hold their lines (`Invalid`), take each exchange line's new size from
    /// stock as checkout does (`OutOfStock`), give the next number and write the return
    /// (`Requested`, with its first event). `NotFound` for an unknown order.
    async fn request(&self, new: &NewReturn) -> Result<Return, RepoError<ReturnConflict>>;

    /// In one transaction: lock the return, check `owner` when given (`NotOwner`), ask its
    /// lifecycle (`Refused`), and write the move with its event (`note`) and what it gives
    /// back: reserved sizes to stock on `Rejected`/`Cancelled`, the returned pairs on
    /// `Received` with QC passed. Not for `PickUp` ([`Self::pick_up`]; refused as unexpected)
    /// nor `Complete` ([`Self::complete`]).
    async fn step(
        &self,
        id: &ReturnId,
        step: ReturnStep,
        owner: Option<UserId>,
        note: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>>;

    /// [`Self::step`] for `PickUp`, and in the same transaction, when the move is made, the
    /// replacement order of the exchange lines (decisions D24): `replacement` is its id, the
    /// domain ([`replacement_order`](paduka_domain::returns::replacement_order)) says what it
    /// is, it takes no stock (the request took the new sizes) and the return keeps its id
    /// (`replacement_order_id`). A return of refunds only gets none. A repeat is `moved:
    /// false` and makes none.
    async fn pick_up(
        &self,
        id: &ReturnId,
        replacement: &OrderId,
        note: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>>;

    /// The return's refund as it stands, with its order's payment: `NotFound` for an unknown
    /// return.
    async fn refund_claim(&self, id: &ReturnId) -> Result<RefundClaim, RepoError>;

    /// Fixes where the refund goes, unless a completion fixed it before (then that one
    /// stands and is answered), before any money moves: a retry pays the same way.
    async fn fix_refund(
        &self,
        id: &ReturnId,
        to: RefundTo,
        reference: Option<String>,
    ) -> Result<RefundClaim, RepoError>;

    /// In one transaction: lock the return, ask its lifecycle for `Complete`, and write
    /// `Completed`, the refund's `reference` (the provider's refund id or the payout's) and
    /// `refunded_at`; when it refunds (QC passed), `credit_rupees` of store credit for the
    /// shopper (once per return) and, for an invoiced order, the credit note of its refunded
    /// lines (decisions D22), its number kept on the return.
    async fn complete(
        &self,
        id: &ReturnId,
        reference: Option<String>,
        credit_rupees: i64,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>>;

    async fn find(&self, id: &ReturnId) -> Result<Option<Return>, RepoError>;

    /// Keeps the courier's booking of the return's reverse pickup on it (its courier, AWB and
    /// tracking URL) and answers the return as stored. `NotFound` for an unknown return.
    async fn record_pickup(&self, id: &ReturnId, booking: &Booking) -> Result<Return, RepoError>;

    /// The return whose reverse pickup has this AWB (the latest, should a courier reuse one),
    /// or `None`.
    async fn find_by_pickup_awb(&self, awb: &Awb) -> Result<Option<ReturnId>, RepoError>;

    /// In one transaction: marks the return's parcel arrived at `at` with an event (its
    /// status now, note [`Pickup::ARRIVED`](paduka_domain::returns::Pickup::ARRIVED)),
    /// unless it was marked before (then nothing is written); answers the return as stored.
    /// `NotFound` for an unknown return.
    async fn mark_arrived(&self, id: &ReturnId, at: DateTime<Utc>) -> Result<Return, RepoError>;

    /// A shopper's returns, newest first.
    async fn for_user(&self, user: &UserId) -> Result<Vec<Return>, RepoError>;

    /// Every return, or those in `status`, newest first.
    async fn all(&self, status: Option<ReturnStatus>) -> Result<Vec<Return>, RepoError>;
}
