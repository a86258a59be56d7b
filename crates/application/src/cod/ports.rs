//! What COD confirmation needs from outside: the orders' confirmation columns and events, and
//! the signed links.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::OrderId;
use paduka_domain::order::CodEvent;

use crate::RepoError;

/// The confirmation kept with each order. Every write is one conditional update, so that of
/// several instances (or parallel deliveries of one reply) exactly one takes each step.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CodConfirmations: Send + Sync {
    /// Sets the order `confirmed` when its confirmation is one of
    /// [`CodConfirmation::CONFIRMABLE`] and its status one of [`ANSWERABLE_STATUSES`] with no
    /// shipment, and records `event`; answers whether this call changed it.
    ///
    /// [`CodConfirmation::CONFIRMABLE`]: paduka_domain::order::CodConfirmation::CONFIRMABLE
    /// [`ANSWERABLE_STATUSES`]: paduka_domain::order::ANSWERABLE_STATUSES
    async fn confirm(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// Records `event` unless the order has it; answers whether this call recorded it.
    async fn record_event(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// The order's events, oldest first.
    async fn events(&self, order: &OrderId) -> Result<Vec<(CodEvent, DateTime<Utc>)>, RepoError>;

    /// Orders still `awaiting`, in one of [`ANSWERABLE_STATUSES`] without a shipment, that the
    /// clock may have a step for: placed at or before
    /// `remind_by` and not reminded, or at or before `give_up_by`; oldest first, at most
    /// `limit`, each with whether it was reminded.
    async fn awaiting(
        &self,
        remind_by: DateTime<Utc>,
        give_up_by: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(OrderId, bool)>, RepoError>;

    /// Takes the reminder of an `awaiting` order not reminded yet (sets when): answers whether
    /// this call took it.
    async fn take_reminder(&self, order: &OrderId, at: DateTime<Utc>) -> Result<bool, RepoError>;

    /// Moves an `awaiting` order to `unanswered`: answers whether this call moved it.
    async fn give_up(&self, order: &OrderId, at: DateTime<Utc>) -> Result<bool, RepoError>;
}

/// The signed links `/cod/{token}` that name one order (HMAC with a key derived from
/// `JWT_SECRET`).
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
pub trait CodLinks: Send + Sync {
    /// The token for `order`.
    fn token(&self, order: &OrderId) -> String;

    /// The order `token` names, when its signature holds.
    fn order_of(&self, token: &str) -> Option<OrderId>;

    /// The page's address for `order`, after the shop's public address.
    fn url(&self, order: &OrderId) -> String;
}
