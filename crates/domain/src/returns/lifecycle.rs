//! A return's lifecycle (decisions D24): its seven statuses, which step may follow which, and
//! what each step gives back. The one place these rules live: the repository locks the return,
//! asks here, and writes what it is told.

use crate::InvalidInput;

/// Where a return is. The text of each (`as_str`) is what is stored and sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReturnStatus {
    Requested,
    Approved,
    PickedUp,
    Received,
    /// An end: refunded (or, after a failed QC, closed with nothing refunded).
    Completed,
    /// An end: the admin said no, before pickup.
    Rejected,
    /// An end: the shopper withdrew it, before pickup.
    Cancelled,
}

impl ReturnStatus {
    /// Every status, in the order of a return's life.
    pub const ALL: [Self; 7] = [
        Self::Requested,
        Self::Approved,
        Self::PickedUp,
        Self::Received,
        Self::Completed,
        Self::Rejected,
        Self::Cancelled,
    ];

    /// Statuses whose lines still count as asked for: all but the two that give them back.
    pub const HOLDING: [Self; 5] = [
        Self::Requested,
        Self::Approved,
        Self::PickedUp,
        Self::Received,
        Self::Completed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Requested => "Requested",
            Self::Approved => "Approved",
            Self::PickedUp => "Picked up",
            Self::Received => "Received",
            Self::Completed => "Completed",
            Self::Rejected => "Rejected",
            Self::Cancelled => "Cancelled",
        }
    }

    /// Any stored status: exactly the texts `as_str` gives.
    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    /// The `?status=` filter of the admin's list: a status's text, else 400.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Self::from_stored(text.trim()).ok_or_else(|| {
            InvalidInput::new(
                "Status must be Requested, Approved, Picked up, Received, Completed, Rejected or Cancelled",
            )
        })
    }

    /// Whether the return still holds its lines (see [`Self::HOLDING`]).
    pub fn holds_lines(self) -> bool {
        Self::HOLDING.contains(&self)
    }
}

/// The quality check on the pairs that came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Qc {
    Passed,
    Failed,
}

impl Qc {
    pub const ALL: [Self; 2] = [Self::Passed, Self::Failed];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Passed => "passed",
            Self::Failed => "failed",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|qc| qc.as_str() == text)
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Self::from_stored(text.trim())
            .ok_or_else(|| InvalidInput::new("QC must be passed or failed"))
    }
}

/// One step of a return's life. Who may take it is the caller's to check: `Cancel` is the
/// shopper's (their own return), every other step an admin's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnStep {
    Approve,
    Reject,
    PickUp,
    Receive(Qc),
    Complete,
    Cancel,
}

impl ReturnStep {
    /// One of each step, `Receive` standing for either QC: what [`ReturnLifecycle::next`]
    /// chooses from.
    pub const KINDS: [Self; 6] = [
        Self::Approve,
        Self::Reject,
        Self::PickUp,
        Self::Receive(Qc::Passed),
        Self::Complete,
        Self::Cancel,
    ];

    pub const ALL: [Self; 7] = [
        Self::Approve,
        Self::Reject,
        Self::PickUp,
        Self::Receive(Qc::Passed),
        Self::Receive(Qc::Failed),
        Self::Complete,
        Self::Cancel,
    ];

    /// The status the step leads to.
    pub fn target(self) -> ReturnStatus {
        match self {
            Self::Approve => ReturnStatus::Approved,
            Self::Reject => ReturnStatus::Rejected,
            Self::PickUp => ReturnStatus::PickedUp,
            Self::Receive(_) => ReturnStatus::Received,
            Self::Complete => ReturnStatus::Completed,
            Self::Cancel => ReturnStatus::Cancelled,
        }
    }

    /// The statuses the step may be taken from.
    fn from(self) -> &'static [ReturnStatus] {
        use ReturnStatus::*;
        match self {
            Self::Approve => &[Requested],
            Self::Reject | Self::Cancel => &[Requested, Approved],
            Self::PickUp => &[Approved],
            Self::Receive(_) => &[PickedUp],
            Self::Complete => &[Received],
        }
    }
}

/// A step out of order: the API's 409 `Return is STATUS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Return is {}", .0.as_str())]
pub struct ReturnRefusal(pub ReturnStatus);

/// What a step asks of the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnMove {
    /// Write the new status (and its event) and do what [`Gives`] says.
    Move { to: ReturnStatus, gives: Gives },
    /// The step just done, asked again: nothing changes (a retry, a double click, a webhook
    /// sent twice).
    Unchanged,
}

/// What moving a return gives back or sets going. Each is given only by the one move into its
/// status, so exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gives {
    /// The exchange lines' new sizes, taken at the request, go back to stock.
    pub reserved_sizes_back: bool,
    /// The returned pairs go back to their sizes' stock (QC passed).
    pub returned_to_stock: bool,
    /// The exchange lines' new pairs ship, as a replacement order.
    pub replacement: bool,
    /// The refund is paid (QC passed); after a failed QC nothing is refunded.
    pub refund: bool,
}

/// A return's place in its lifecycle: its status and, once received, its QC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnLifecycle {
    pub status: ReturnStatus,
    pub qc: Option<Qc>,
}

impl ReturnLifecycle {
    pub fn new(status: ReturnStatus, qc: Option<Qc>) -> Self {
        Self { status, qc }
    }

    /// What taking `step` now means. Repeating the step that led to the current status
    /// changes nothing (a receive with the other QC is refused: the first check stands);
    /// any other step not allowed from here is refused with the current status.
    pub fn step(self, step: ReturnStep) -> Result<ReturnMove, ReturnRefusal> {
        let refused = Err(ReturnRefusal(self.status));
        if step.target() == self.status {
            return match step {
                ReturnStep::Receive(qc) if self.qc != Some(qc) => refused,
                _ => Ok(ReturnMove::Unchanged),
            };
        }
        if !step.from().contains(&self.status) {
            return refused;
        }
        let passed = self.qc == Some(Qc::Passed);
        let gives = match step {
            ReturnStep::Reject | ReturnStep::Cancel => Gives {
                reserved_sizes_back: true,
                ..Gives::default()
            },
            ReturnStep::PickUp => Gives {
                replacement: true,
                ..Gives::default()
            },
            ReturnStep::Receive(qc) => Gives {
                returned_to_stock: qc == Qc::Passed,
                ..Gives::default()
            },
            ReturnStep::Complete => Gives {
                refund: passed,
                ..Gives::default()
            },
            ReturnStep::Approve => Gives::default(),
        };
        Ok(ReturnMove::Move {
            to: step.target(),
            gives,
        })
    }

    /// The steps that move the return now, in [`ReturnStep::KINDS`]' order (`Receive` for
    /// either QC): what the screens offer, the admin's steps and the shopper's `Cancel`. Asked
    /// of [`Self::step`], so an offered step is never refused.
    pub fn next(self) -> Vec<ReturnStep> {
        ReturnStep::KINDS
            .into_iter()
            .filter(|step| matches!(self.step(*step), Ok(ReturnMove::Move { .. })))
            .collect()
    }
}

#[cfg(test)]
#[path = "lifecycle_tests.rs"]
mod tests;
