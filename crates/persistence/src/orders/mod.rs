use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::checkout::RefundResult;
use paduka_application::orders::{
    Cancellation, CourierReport, NewOrder, OrderConflict, OrderRepository, PlaceError, Placement,
    Shipping, StockChange, Tracked,
};
use paduka_domain::order::{Awb, Booking, Order, OrderStatus, StatusChange};
use paduka_domain::{OrderId, UserId};

use crate::db::{Database, corrupt, from_db_time};
use crate::schema::{order_events, orders, users};

mod cod;
mod coupon;
pub(crate) mod place;
pub(crate) mod rows;
mod shipping;
mod status;
pub(crate) mod stock;

pub(crate) use coupon::coupon_uses_by;
use place::place;
pub(crate) use rows::find_stored as find_stored_order;
use rows::{EventRow, find_by_payment_in, find_in, load, recorded_refund_in, with_buyers};
use shipping::{order_with_awb, ship_in, track_in};
use status::{cancel_in, mark_paid_in, set_status_in};

/// Orders in `orders`, `order_lines`, `order_events`, `shipments` and `shipment_events`;
/// placing, cancelling and a return to origin move `products.quantity` in the same
/// transaction.
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

    #[tracing::instrument(level = "debug", skip_all, fields(order = %id, awb = booking.awb.as_str()))]
    async fn ship(
        &self,
        id: &OrderId,
        booking: &Booking,
        actor: Option<UserId>,
        at: DateTime<Utc>,
    ) -> Result<Shipping, RepoError<OrderConflict>> {
        let id = id.as_str().to_owned();
        let booking = booking.clone();
        self.db
            .run_in_write_transaction(move |conn| ship_in(conn, &id, &booking, actor.as_ref(), at))
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(order = %id, status = %report.status))]
    async fn track(
        &self,
        id: &OrderId,
        report: &CourierReport,
        actor: Option<UserId>,
    ) -> Result<Tracked, RepoError<OrderConflict>> {
        let id = id.as_str().to_owned();
        let report = report.clone();
        self.db
            .run_in_write_transaction(move |conn| track_in(conn, &id, &report, actor.as_ref()))
            .await
    }

    async fn find_by_awb(&self, awb: &Awb) -> Result<Option<OrderId>, RepoError> {
        let awb = awb.as_str().to_owned();
        let found = self.db.run(move |conn| order_with_awb(conn, &awb)).await?;
        Ok(found.map(OrderId::new))
    }

    async fn recorded_refund(&self, id: &OrderId) -> Result<Option<String>, RepoError> {
        let id = id.as_str().to_owned();
        self.db.run(move |conn| recorded_refund_in(conn, &id)).await
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
