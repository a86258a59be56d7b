//! The COD confirmation use cases: answers on WhatsApp and by link, and the clock.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::OrderId;
use paduka_domain::order::{
    AnswerChannel, CodClock, CodEvent, CodRefusal, CodStep, Order, may_answer,
};
use paduka_domain::whatsapp::CodAnswer;

use super::ports::{CodConfirmations, CodLinks};
use crate::Clock;
use crate::accounts::{Principal, UserRepository};
use crate::orders::{OrderError, OrderRepository, OrderUseCases};
use crate::ports::impl_from_repo_error;
use crate::whatsapp::OrderNotices;

/// Orders one tick of the clock looks at.
const CLOCK_BATCH: u32 = 50;

/// What a COD confirmation use case can fail with.
#[derive(Debug, thiserror::Error)]
pub enum CodError {
    /// 404: the link's signature does not hold, or its order is gone.
    #[error("This link is not valid")]
    InvalidLink,
    /// 409: the answer can no longer change the order (the page says why).
    #[error(transparent)]
    Refused(#[from] CodRefusal),
    #[error(transparent)]
    Order(#[from] OrderError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl_from_repo_error!(CodError);

/// A step of the confirmation, as the order's timeline shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimedCodEvent {
    pub event: CodEvent,
    pub at: DateTime<Utc>,
}

/// What the link's page shows: the order, whether an answer still counts (else why not),
/// and what was answered.
#[derive(Debug, Clone, PartialEq)]
pub struct CodLinkView {
    pub order: Order,
    pub refusal: Option<CodRefusal>,
    pub events: Vec<TimedCodEvent>,
}

/// Acting on an answer the WhatsApp webhook accepted (from the order's own phone, once per
/// incoming message).
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CodAnswers: Send + Sync {
    /// Confirms or cancels `order` as the buyer answered; an answer that can no longer
    /// change it changes nothing (`Refused`).
    async fn answer(
        &self,
        order: &OrderId,
        answer: CodAnswer,
        channel: AnswerChannel,
    ) -> Result<Order, CodError>;
}

/// The use cases the link's page and the clock's worker call.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CodUseCases: Send + Sync {
    /// The link's page: never changes anything (mail scanners open links).
    async fn view_link(&self, token: &str) -> Result<CodLinkView, CodError>;

    /// A button of the link's page.
    async fn answer_link(&self, token: &str, answer: CodAnswer) -> Result<CodLinkView, CodError>;

    /// The order's confirmation events, oldest first.
    async fn events(&self, order: &OrderId) -> Result<Vec<TimedCodEvent>, CodError>;

    /// Takes the clock's steps due now (reminders, giving up, cancelling with
    /// `COD_AUTO_CANCEL`); answers how many it took.
    async fn tick(&self) -> Result<usize, CodError>;
}

/// The ports the COD confirmation service is built from.
pub struct CodPorts {
    pub orders: Arc<dyn OrderRepository>,
    pub confirmations: Arc<dyn CodConfirmations>,
    /// Cancelling is the buyer's own cancel: stock, coupon and credit back once.
    pub order_use_cases: Arc<dyn OrderUseCases>,
    /// The buyer, on whose behalf an answer cancels.
    pub users: Arc<dyn UserRepository>,
    pub links: Arc<dyn CodLinks>,
    /// Where the reminder goes (`cod_reminder`); none without WhatsApp.
    pub notices: Option<Arc<dyn OrderNotices>>,
    pub clock: Arc<dyn Clock>,
}

pub struct CodService {
    ports: CodPorts,
    settings: CodClock,
}

impl CodService {
    pub fn new(ports: CodPorts, settings: CodClock) -> Self {
        Self { ports, settings }
    }

    async fn find(&self, id: &OrderId) -> Result<Order, CodError> {
        self.ports
            .orders
            .find(id)
            .await?
            .ok_or(CodError::Order(OrderError::NotFound))
    }

    /// Cancels `order` as its buyer would, and records `event` once it is cancelled.
    async fn cancel(&self, order: &Order, event: CodEvent) -> Result<Order, CodError> {
        let buyer = match &order.user.id {
            Some(id) => self.ports.users.find(id).await?,
            None => None,
        };
        let Some(buyer) = buyer else {
            // Nobody to cancel it as: the account is gone, the admin decides.
            tracing::warn!(order = %order.id, "a COD cancel for an order whose buyer is gone: not cancelled");
            return Ok(order.clone());
        };
        let cancelled = self
            .ports
            .order_use_cases
            .cancel(&Principal::of(&buyer), &order.id)
            .await?;
        let now = self.ports.clock.now();
        self.ports
            .confirmations
            .record_event(&order.id, event, now)
            .await?;
        Ok(cancelled)
    }

    async fn view(&self, order: Order) -> Result<CodLinkView, CodError> {
        let refusal = may_answer(order.cod_confirmation, order.lifecycle()).err();
        let events = self.events(&order.id).await?;
        Ok(CodLinkView {
            order,
            refusal,
            events,
        })
    }

    async fn linked(&self, token: &str) -> Result<Order, CodError> {
        let id = self
            .ports
            .links
            .order_of(token)
            .ok_or(CodError::InvalidLink)?;
        match self.find(&id).await {
            Err(CodError::Order(OrderError::NotFound)) => Err(CodError::InvalidLink),
            found => found,
        }
    }

    /// The step due for one order the clock found, taken by this instance only when its
    /// conditional update wins.
    async fn step(
        &self,
        id: &OrderId,
        reminded: bool,
        now: DateTime<Utc>,
    ) -> Result<bool, CodError> {
        let order = self.find(id).await?;
        let due = self.settings.due(
            order.cod_confirmation,
            order.lifecycle(),
            order.created_at,
            reminded,
            now,
        );
        match due {
            None => Ok(false),
            Some(CodStep::Remind) => {
                if !self.ports.confirmations.take_reminder(id, now).await? {
                    return Ok(false);
                }
                if let Some(notices) = &self.ports.notices {
                    notices.cod_reminder(&order).await;
                }
                tracing::info!(order = %id, "COD order reminded");
                Ok(true)
            }
            Some(CodStep::GiveUp { cancel }) => {
                if !self.ports.confirmations.give_up(id, now).await? {
                    return Ok(false);
                }
                tracing::info!(order = %id, cancel, "COD order unanswered");
                if cancel {
                    self.cancel(&order, CodEvent::CancelledUnanswered).await?;
                }
                Ok(true)
            }
        }
    }
}

#[async_trait]
impl CodAnswers for CodService {
    async fn answer(
        &self,
        id: &OrderId,
        answer: CodAnswer,
        channel: AnswerChannel,
    ) -> Result<Order, CodError> {
        let order = self.find(id).await?;
        may_answer(order.cod_confirmation, order.lifecycle())?;
        match answer {
            CodAnswer::Confirm => {
                let now = self.ports.clock.now();
                let event = CodEvent::confirmed(channel);
                let confirmed = self.ports.confirmations.confirm(id, event, now).await?;
                if confirmed {
                    tracing::info!(order = %id, event = event.as_str(), "COD order confirmed");
                    return self.find(id).await;
                }
                // Confirmed before, or shipped or cancelled since it was read.
                let order = self.find(id).await?;
                may_answer(order.cod_confirmation, order.lifecycle())?;
                Ok(order)
            }
            CodAnswer::Cancel => self.cancel(&order, CodEvent::cancelled(channel)).await,
        }
    }
}

#[async_trait]
impl CodUseCases for CodService {
    async fn view_link(&self, token: &str) -> Result<CodLinkView, CodError> {
        let order = self.linked(token).await?;
        self.view(order).await
    }

    async fn answer_link(&self, token: &str, answer: CodAnswer) -> Result<CodLinkView, CodError> {
        let order = self.linked(token).await?;
        let order = self.answer(&order.id, answer, AnswerChannel::Link).await?;
        self.view(order).await
    }

    async fn events(&self, order: &OrderId) -> Result<Vec<TimedCodEvent>, CodError> {
        let events = self.ports.confirmations.events(order).await?;
        Ok(events
            .into_iter()
            .map(|(event, at)| TimedCodEvent { event, at })
            .collect())
    }

    async fn tick(&self) -> Result<usize, CodError> {
        let now = self.ports.clock.now();
        let remind_by = self.settings.remind_before(now);
        let give_up_by = self.settings.give_up_before(now);
        let due = self
            .ports
            .confirmations
            .awaiting(remind_by, give_up_by, CLOCK_BATCH)
            .await?;
        let mut taken = 0;
        for (id, reminded) in due {
            match self.step(&id, reminded, now).await {
                Ok(took) => taken += usize::from(took),
                // One order's failure (a refund, a lost row) does not stop the others.
                Err(error) => {
                    tracing::error!(order = %id, error = %format!("{error:#}"), "the COD clock could not take a step");
                }
            }
        }
        Ok(taken)
    }
}
