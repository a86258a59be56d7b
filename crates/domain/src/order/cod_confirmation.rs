//! Whether the buyer of a cash-on-delivery order said it is wanted (decisions section 20,
//! D39): asked on WhatsApp and by a link in the order's mail, reminded once, given up on.

use chrono::{DateTime, Duration, Utc};

use super::{Lifecycle, OrderStatus, PaymentMethod};

/// Where a COD order's confirmation stands. Online and replacement orders, and orders placed
/// before the question, have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodConfirmation {
    /// Asked, no answer yet.
    Awaiting,
    Confirmed,
    /// No answer within `COD_CONFIRM_HOURS`.
    Unanswered,
}

impl CodConfirmation {
    pub const ALL: [Self; 3] = [Self::Awaiting, Self::Confirmed, Self::Unanswered];

    /// What an order placed now starts with: `Awaiting` for a COD order the buyer pays for.
    pub fn on_placing(method: PaymentMethod, replacement: bool) -> Option<Self> {
        (method == PaymentMethod::Cod && !replacement).then_some(Self::Awaiting)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Awaiting => "awaiting",
            Self::Confirmed => "confirmed",
            Self::Unanswered => "unanswered",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// What may move to `Confirmed`: a late answer still counts.
    pub const CONFIRMABLE: [Self; 2] = [Self::Awaiting, Self::Unanswered];

    /// Where the admin's `To ship` list puts it: confirmed first, unanswered last.
    pub fn rank(self) -> u8 {
        match self {
            Self::Confirmed => 0,
            Self::Awaiting => 1,
            Self::Unanswered => 2,
        }
    }
}

/// How the buyer answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerChannel {
    WhatsApp,
    Link,
}

/// A step of the confirmation an order's timeline shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodEvent {
    ConfirmedOnWhatsApp,
    ConfirmedByLink,
    CancelledOnWhatsApp,
    CancelledByLink,
    /// No answer in time: the clock cancelled it (`COD_AUTO_CANCEL`).
    CancelledUnanswered,
}

impl CodEvent {
    pub const ALL: [Self; 5] = [
        Self::ConfirmedOnWhatsApp,
        Self::ConfirmedByLink,
        Self::CancelledOnWhatsApp,
        Self::CancelledByLink,
        Self::CancelledUnanswered,
    ];

    pub fn confirmed(channel: AnswerChannel) -> Self {
        match channel {
            AnswerChannel::WhatsApp => Self::ConfirmedOnWhatsApp,
            AnswerChannel::Link => Self::ConfirmedByLink,
        }
    }

    pub fn cancelled(channel: AnswerChannel) -> Self {
        match channel {
            AnswerChannel::WhatsApp => Self::CancelledOnWhatsApp,
            AnswerChannel::Link => Self::CancelledByLink,
        }
    }

    /// The timeline's words, also what is stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ConfirmedOnWhatsApp => "Confirmed on WhatsApp",
            Self::ConfirmedByLink => "Confirmed by link",
            Self::CancelledOnWhatsApp => "Cancelled on WhatsApp",
            Self::CancelledByLink => "Cancelled by link",
            Self::CancelledUnanswered => "Cancelled: not confirmed in time",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.as_str() == text)
    }
}

/// Why an answer changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CodRefusal {
    #[error("This order is not paid by cash on delivery")]
    NotAsked,
    #[error("This order was cancelled")]
    Cancelled,
    #[error("This order has shipped, so it can no longer be changed here")]
    Shipped,
}

/// Whether the buyer's answer may still change `order`: only a COD order that was asked and
/// has neither shipped nor ended. A link is valid exactly as long.
pub fn may_answer(
    confirmation: Option<CodConfirmation>,
    lifecycle: Lifecycle,
) -> Result<(), CodRefusal> {
    if confirmation.is_none() {
        return Err(CodRefusal::NotAsked);
    }
    match lifecycle.status {
        OrderStatus::Cancelled => Err(CodRefusal::Cancelled),
        // A shipment booked half-way (the order still Pending) has left the buyer's hands too.
        OrderStatus::Pending | OrderStatus::Confirmed if !lifecycle.has_shipment => Ok(()),
        _ => Err(CodRefusal::Shipped),
    }
}

/// Statuses in which an answer is taken, for the conditional update that records it (an
/// order shipped meanwhile is not confirmed behind the shipping's back).
pub const ANSWERABLE_STATUSES: [OrderStatus; 2] = [OrderStatus::Pending, OrderStatus::Confirmed];

/// The confirmation clock's settings: `COD_REMIND_HOURS`, `COD_CONFIRM_HOURS`,
/// `COD_AUTO_CANCEL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodClock {
    pub remind_after: Duration,
    pub give_up_after: Duration,
    pub auto_cancel: bool,
}

impl Default for CodClock {
    fn default() -> Self {
        Self {
            remind_after: Duration::hours(12),
            give_up_after: Duration::hours(24),
            auto_cancel: false,
        }
    }
}

/// A step the clock takes on one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodStep {
    /// Send `cod_reminder`.
    Remind,
    /// Mark it `Unanswered`, and cancel it when `cancel`.
    GiveUp { cancel: bool },
}

impl CodClock {
    /// Orders placed at or before this were asked long enough ago to be reminded.
    pub fn remind_before(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - self.remind_after
    }

    /// Orders placed at or before this are given up on.
    pub fn give_up_before(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - self.give_up_after
    }

    /// The step due at `now` for an order placed at `placed_at`, standing as `confirmation`
    /// in `lifecycle`, reminded or not: giving up comes before a reminder never sent.
    pub fn due(
        &self,
        confirmation: Option<CodConfirmation>,
        lifecycle: Lifecycle,
        placed_at: DateTime<Utc>,
        reminded: bool,
        now: DateTime<Utc>,
    ) -> Option<CodStep> {
        if confirmation != Some(CodConfirmation::Awaiting)
            || may_answer(confirmation, lifecycle).is_err()
        {
            return None;
        }
        if placed_at <= self.give_up_before(now) {
            return Some(CodStep::GiveUp {
                cancel: self.auto_cancel,
            });
        }
        (!reminded && placed_at <= self.remind_before(now)).then_some(CodStep::Remind)
    }
}

#[cfg(test)]
#[path = "cod_confirmation_tests.rs"]
mod tests;
