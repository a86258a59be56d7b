//! Status changes, cancelling and marking paid: lock the order, ask its lifecycle, write.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::credit::CreditGrant;
use paduka_application::orders::{Cancellation, OrderConflict};
use paduka_domain::credit::CreditReason;
use paduka_domain::order::{
    Cancel, Lifecycle, Order, OrderStatus, PaymentMethod, Refusal, Release, SettableStatus,
};
use paduka_domain::{OrderId, UserId};

use super::rows::{find_stored, recorded_refund_in};
use super::shipping::{has_shipment, mark_delivered};
use super::stock::put_back;
use crate::credit;
use crate::db::{AnyConnection, Stop, corrupt, from_db_time, to_db_time, too_large};
use crate::schema::{coupons, order_events, order_lines, orders};

/// What a cancellation gives back: a line's product, size and quantity.
#[derive(Queryable, Selectable)]
#[diesel(table_name = order_lines)]
pub(super) struct Returned {
    product_id: String,
    variant_index: i32,
    quantity: i32,
}

/// What the lifecycle decides on, as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
pub(super) struct LockedRow {
    status: String,
    payment_method: String,
    paid: bool,
    replaces: Option<String>,
}

/// An order as its lifecycle sees it, with how it is paid for.
pub(super) struct Locked {
    pub(super) lifecycle: Lifecycle,
    payment_method: PaymentMethod,
    paid: bool,
}

impl Locked {
    /// What moving it to `to` gives back (see [`Release::on_move`]).
    pub(super) fn release_on_move(&self, to: OrderStatus) -> Option<Release> {
        Release::on_move(self.lifecycle.status, to, self.payment_method, self.paid)
    }
}

/// The lifecycle's refusal, as the port's conflict (rolling the transaction back).
pub(super) fn refused(refusal: Refusal) -> Stop<OrderConflict> {
    Stop::Conflict(refusal.into())
}

/// The order's lifecycle, its row locked until the transaction ends on PostgreSQL (SQLite's
/// write transactions hold the whole database already); `NotFound` for an unknown id.
pub(super) fn lock_order(conn: &mut AnyConnection, id: &str) -> QueryResult<Locked> {
    let query = orders::table.find(id);
    let row = match conn {
        AnyConnection::Postgresql(pg) => query
            .select(LockedRow::as_select())
            .for_update()
            .first::<LockedRow>(pg),
        AnyConnection::Sqlite(_) => query.select(LockedRow::as_select()).first(conn),
    }?;
    let status = OrderStatus::from_stored(&row.status)
        .ok_or_else(|| corrupt(format_args!("status of order {id}")))?;
    let payment_method = PaymentMethod::from_stored(&row.payment_method)
        .ok_or_else(|| corrupt(format_args!("payment method of order {id}")))?;
    Ok(Locked {
        lifecycle: Lifecycle::new(status, has_shipment(conn, id)?)
            .replacing(row.replaces.is_some()),
        payment_method,
        paid: row.paid,
    })
}

/// Moves the order to `status`: the status, `updated_at` and its `order_events` row.
pub(super) fn move_to(
    conn: &mut AnyConnection,
    id: &str,
    status: OrderStatus,
    actor: Option<&UserId>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(orders::table.find(id))
        .set((
            orders::status.eq(status.as_str()),
            orders::updated_at.eq(at),
        ))
        .execute(conn)?;
    append_event(conn, id, status, actor, at)
}

/// Appends an `order_events` row one past the order's last.
pub(super) fn append_event(
    conn: &mut AnyConnection,
    id: &str,
    status: OrderStatus,
    actor: Option<&UserId>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let last = order_events::table
        .filter(order_events::order_id.eq(id))
        .select(diesel::dsl::max(order_events::position))
        .first::<Option<i32>>(conn)?;
    insert_event(conn, id, last.map_or(0, |p| p + 1), status, actor, at)
}

/// The order's event at `position` (0 for the status it was placed with).
pub(super) fn insert_event(
    conn: &mut AnyConnection,
    id: &str,
    position: i32,
    status: OrderStatus,
    actor: Option<&UserId>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(order_events::table)
        .values((
            order_events::order_id.eq(id),
            order_events::position.eq(position),
            order_events::status.eq(status.as_str()),
            order_events::actor_id.eq(actor.map(UserId::as_str)),
            order_events::at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

pub(super) fn set_status_in(
    conn: &mut AnyConnection,
    id: &str,
    status: OrderStatus,
    actor: Option<&UserId>,
    at: DateTime<Utc>,
) -> Result<Order, Stop<OrderConflict>> {
    let target = SettableStatus::try_from(status)
        .map_err(|status| too_large(format_args!("{status:?} set by hand on order {id}")))?;
    let lifecycle = lock_order(conn, id)?.lifecycle;
    let status = lifecycle.update_status(target).map_err(refused)?;
    let at = to_db_time(at);
    move_to(conn, id, status, actor, at)?;
    if status == OrderStatus::Delivered && lifecycle.has_shipment {
        // The courier failed to report it: the admin's word dates the delivery.
        mark_delivered(conn, id, at)?;
    }
    Ok(find_stored(conn, id)?)
}

pub(super) fn mark_paid_in(
    conn: &mut AnyConnection,
    id: &str,
    at: DateTime<Utc>,
) -> Result<Order, Stop<OrderConflict>> {
    let locked = lock_order(conn, id)?;
    locked
        .lifecycle
        .record_payment(locked.paid)
        .map_err(refused)?;
    diesel::update(orders::table.find(id))
        .set((orders::paid.eq(true), orders::updated_at.eq(to_db_time(at))))
        .execute(conn)?;
    Ok(find_stored(conn, id)?)
}

pub(super) fn cancel_in(
    conn: &mut AnyConnection,
    id: &str,
    actor: Option<&UserId>,
    at: DateTime<Utc>,
) -> Result<Cancellation, Stop<OrderConflict>> {
    let locked = lock_order(conn, id)?;
    let cancel = locked.lifecycle.cancel().map_err(refused)?;
    let already_cancelled = cancel == Cancel::AlreadyCancelled;
    if cancel == Cancel::Cancel {
        let to = OrderStatus::Cancelled;
        move_to(conn, id, to, actor, to_db_time(at))?;
        if let Some(release) = locked.release_on_move(to) {
            give_back(conn, id, release)?;
        }
    }
    Ok(Cancellation {
        refund_id: recorded_refund_in(conn, id)?,
        order: find_stored(conn, id)?,
        already_cancelled,
    })
}

/// Gives back what the order took, as `release` says: its sizes to stock, its coupon's use,
/// the store credit it paid with (an entry whose key makes it once, whether the order ends
/// cancelled or returned to origin; to a buyer whose account still exists). Called after the
/// move, so the order's status and `updated_at` say which end and when. The refund is the
/// use case's (through the payment provider); what is left to collect is not stored apart
/// from the order.
pub(super) fn give_back(conn: &mut AnyConnection, id: &str, release: Release) -> QueryResult<()> {
    if release.restock {
        let mut lines = order_lines::table
            .filter(order_lines::order_id.eq(id))
            .select(Returned::as_select())
            .load(conn)?;
        // The same order of locking as placing.
        lines.sort_by(|a, b| {
            (&a.product_id, a.variant_index).cmp(&(&b.product_id, b.variant_index))
        });
        for Returned {
            product_id: product,
            variant_index,
            quantity,
        } in lines
        {
            put_back(conn, &product, variant_index, quantity)?;
        }
    }
    if release.store_credit {
        give_credit_back(conn, id)?;
    }
    if release.coupon_use {
        let coupon = orders::table
            .find(id)
            .select(orders::coupon_id)
            .first::<Option<String>>(conn)?;
        if let Some(coupon) = coupon {
            // A deleted coupon matches no row.
            diesel::update(coupons::table.find(coupon).filter(coupons::used.gt(0)))
                .set(coupons::used.eq(coupons::used - 1))
                .execute(conn)?;
        }
    }
    Ok(())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct CreditRow {
    user_id: Option<String>,
    credit_used: i64,
    status: String,
    updated_at: NaiveDateTime,
}

fn give_credit_back(conn: &mut AnyConnection, id: &str) -> QueryResult<()> {
    let row = orders::table
        .find(id)
        .select(CreditRow::as_select())
        .first(conn)?;
    let (Some(user), true) = (row.user_id, row.credit_used > 0) else {
        return Ok(());
    };
    let order = OrderId::new(id);
    let reason = if row.status == OrderStatus::ReturnedToOrigin.as_str() {
        CreditReason::ReturnedToOrigin(order)
    } else {
        CreditReason::OrderCancelled(order)
    };
    let grant = CreditGrant {
        user: UserId::new(user),
        amount_rupees: row.credit_used,
        reason,
        at: from_db_time(row.updated_at),
    };
    credit::grant(conn, &grant)?;
    Ok(())
}
