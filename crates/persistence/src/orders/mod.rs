use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::checkout::RefundResult;
use paduka_application::orders::{
    Cancellation, NewOrder, OrderConflict, OrderRepository, PlaceError, Placement, StockChange,
};
use paduka_domain::order::{Order, OrderStatus, StatusChange};
use paduka_domain::{OrderId, UserId};

use crate::db::{Database, corrupt, from_db_time};
use crate::schema::{order_events, orders, users};

mod cod;
mod coupon;
mod place;
mod rows;
mod status;
mod stock;

pub(crate) use coupon::coupon_uses_by;
use place::place;
use rows::{EventRow, find_by_payment_in, find_in, load, with_buyers};
use status::{cancel_in, mark_paid_in, set_status_in};

/// Orders in `orders`, `order_lines` and `order_events`; placing and cancelling one moves
/// `products.quantity` in the same transaction.
#[derive(Debug, Clone)]
pub struct DieselOrderRepository {
    db: Database,
}

impl DieselOrderRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// The statuses' stored texts, for `eq_any`.
pub(super) fn texts<const N: usize>(statuses: [OrderStatus; N]) -> [&'static str; N] {
    statuses.map(OrderStatus::as_str)
}

#[async_trait]
impl OrderRepository for DieselOrderRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(order = %order.id, payment = %order.payment_id))]
    async fn place(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
    ) -> Result<Placement, PlaceError> {
        let order = order.clone();
        let stock = stock.to_vec();
        self.db
            .run(move |conn| Ok(place(conn, &order, &stock)))
            .await?
    }

    async fn find(&self, id: &OrderId) -> Result<Option<Order>, RepoError> {
        let id = id.as_str().to_owned();
        self.db.run(move |conn| find_in(conn, &id)).await
    }

    async fn find_by_payment(&self, payment_id: &str) -> Result<Option<Order>, RepoError> {
        let payment_id = payment_id.to_owned();
        self.db
            .run(move |conn| find_by_payment_in(conn, &payment_id))
            .await
    }

    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError> {
        let user = user.as_str().to_owned();
        self.db
            .run(move |conn| {
                let query = with_buyers()
                    .filter(orders::user_id.eq(user))
                    .filter(orders::status.eq_any(texts(OrderStatus::LISTED_FOR_SHOPPER)))
                    .order((orders::created_at.desc(), orders::id.desc()));
                load(conn, query)
            })
            .await
    }

    async fn all(&self) -> Result<Vec<Order>, RepoError> {
        self.db
            .run(move |conn| {
                let query = with_buyers().order((orders::created_at.desc(), orders::id.desc()));
                load(conn, query)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(order = %id, status = status.as_str()))]
    async fn set_status(
        &self,
        id: &OrderId,
        status: OrderStatus,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| {
                set_status_in(conn, &id, status, actor.as_ref(), at)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(order = %id))]
    async fn cancel(
        &self,
        id: &OrderId,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Cancellation, RepoError<OrderConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| cancel_in(conn, &id, actor.as_ref(), at))
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(order = %id))]
    async fn mark_paid(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<Order, RepoError<OrderConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| mark_paid_in(conn, &id, at))
            .await
    }

    async fn history(&self, id: &OrderId) -> Result<Vec<StatusChange>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                // No foreign key from actor_id: the history outlives accounts.
                let rows = order_events::table
                    .left_join(users::table.on(users::id.nullable().eq(order_events::actor_id)))
                    .filter(order_events::order_id.eq(&id))
                    .order(order_events::position.asc())
                    .select(EventRow::as_select())
                    .load(conn)?;
                rows.into_iter()
                    .map(|row: EventRow| {
                        let status = OrderStatus::from_stored(&row.status).ok_or_else(|| {
                            corrupt(format_args!("a status in the history of order {id}"))
                        })?;
                        Ok(StatusChange {
                            status,
                            at: from_db_time(row.at),
                            by: row.by,
                        })
                    })
                    .collect()
            })
            .await
    }

    async fn record_refund(&self, id: &OrderId, refund: &RefundResult) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        let refund = refund.clone();
        self.db
            .write_one(move |conn| {
                diesel::update(orders::table.find(&id))
                    .set((
                        orders::refund_id.eq(&refund.id),
                        orders::refund_status.eq(&refund.status),
                    ))
                    .execute(conn)
            })
            .await
    }
}
