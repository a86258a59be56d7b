//! The names a return's statuses, reasons, kinds and refund destinations have in replies:
//! the domain's, as closed sets in the document.

use paduka_domain::returns::{Reason, RefundTo, ReturnKind, ReturnStatus, ReturnStep};
use serde::Serialize;
use utoipa::ToSchema;

/// A return's status as its replies name it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub enum ReturnStatusName {
    Requested,
    Approved,
    #[serde(rename = "Picked up")]
    PickedUp,
    Received,
    Completed,
    Rejected,
    Cancelled,
}

impl From<ReturnStatus> for ReturnStatusName {
    fn from(status: ReturnStatus) -> Self {
        match status {
            ReturnStatus::Requested => Self::Requested,
            ReturnStatus::Approved => Self::Approved,
            ReturnStatus::PickedUp => Self::PickedUp,
            ReturnStatus::Received => Self::Received,
            ReturnStatus::Completed => Self::Completed,
            ReturnStatus::Rejected => Self::Rejected,
            ReturnStatus::Cancelled => Self::Cancelled,
        }
    }
}

/// Why a pair comes back.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub enum ReasonName {
    #[serde(rename = "Too small")]
    TooSmall,
    #[serde(rename = "Too big")]
    TooBig,
    Damaged,
    #[serde(rename = "Not as described")]
    NotAsDescribed,
    #[serde(rename = "Changed my mind")]
    ChangedMyMind,
}

impl From<Reason> for ReasonName {
    fn from(reason: Reason) -> Self {
        match reason {
            Reason::TooSmall => Self::TooSmall,
            Reason::TooBig => Self::TooBig,
            Reason::Damaged => Self::Damaged,
            Reason::NotAsDescribed => Self::NotAsDescribed,
            Reason::ChangedMyMind => Self::ChangedMyMind,
        }
    }
}

/// `exchange` (another size of the same product) or `refund`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReturnKindName {
    Exchange,
    Refund,
}

impl From<ReturnKind> for ReturnKindName {
    fn from(kind: ReturnKind) -> Self {
        match kind {
            ReturnKind::Exchange => Self::Exchange,
            ReturnKind::Refund => Self::Refund,
        }
    }
}

/// Where a refund goes: the original payment, store credit, or a bank/UPI payout.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RefundToName {
    Original,
    Credit,
    Bank,
}

impl From<RefundTo> for RefundToName {
    fn from(to: RefundTo) -> Self {
        match to {
            RefundTo::Original => Self::Original,
            RefundTo::Credit => Self::Credit,
            RefundTo::Bank => Self::Bank,
        }
    }
}

/// A step a return's `actions` offer, named as its call's path (`PUT /return/{step}/{id}`):
/// the administrator's `approve`, `reject`, `picked-up`, `receive` (either QC) and
/// `complete`, and the shopper's `cancel`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReturnStepName {
    Approve,
    Reject,
    PickedUp,
    Receive,
    Complete,
    Cancel,
}

impl From<ReturnStep> for ReturnStepName {
    fn from(step: ReturnStep) -> Self {
        match step {
            ReturnStep::Approve => Self::Approve,
            ReturnStep::Reject => Self::Reject,
            ReturnStep::PickUp => Self::PickedUp,
            ReturnStep::Receive(_) => Self::Receive,
            ReturnStep::Complete => Self::Complete,
            ReturnStep::Cancel => Self::Cancel,
        }
    }
}
