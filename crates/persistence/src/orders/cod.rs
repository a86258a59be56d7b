//! Placing a cash-on-delivery order: one per key, and no more open ones than the limit.

use diesel::prelude::*;
use paduka_application::orders::{CodTerms, NewOrder, Placement, StockChange};
use paduka_domain::UserId;
use paduka_domain::order::{OPEN_COD_STATUSES, PaymentMethod, may_open_cod_order};

use super::place::{PlaceFail, take_and_insert};
use super::rows::find_by_cod_key_in;
use super::texts;
use crate::db::{AnyConnection, corrupt};
use crate::schema::{orders, users};

/// A cash-on-delivery order: the same key from the same buyer is the same order, and the
/// buyer's open unpaid ones are counted with their account's row locked (PostgreSQL; SQLite's
/// write transaction holds the database), so parallel orders cannot pass the limit together.
/// The lock is `FOR NO KEY UPDATE`: it queues cash-on-delivery orders of one buyer, yet lets
/// the buyer's other orders take the `FOR KEY SHARE` their rows' foreign keys need (with
/// `FOR UPDATE`, an online order holding stock and waiting for that share deadlocked
/// against it).
pub(super) fn place_cod_in(
    conn: &mut AnyConnection,
    order: &NewOrder,
    cod: &CodTerms,
    stock: &[StockChange],
) -> Result<Placement, PlaceFail> {
    let buyer = buyer_id(order);
    let account = users::table.find(buyer).select(users::id);
    match conn {
        AnyConnection::Postgresql(pg) => {
            account.for_no_key_update().first::<String>(pg).optional()?
        }
        AnyConnection::Sqlite(_) => account.first::<String>(conn).optional()?,
    };
    if let Some(key) = &cod.key
        && let Some(existing) = find_by_cod_key_in(conn, buyer, key)?
    {
        return Ok(Placement::Existing(existing));
    }
    let open: i64 = orders::table
        .filter(orders::user_id.eq(buyer))
        .filter(orders::payment_method.eq(PaymentMethod::Cod.as_str()))
        .filter(orders::paid.eq(false))
        // A replacement order (paid, so never counted anyway) is the shop's, not a new one.
        .filter(orders::replaces.is_null())
        .filter(orders::status.eq_any(texts(OPEN_COD_STATUSES)))
        .count()
        .get_result(conn)?;
    let open = u64::try_from(open).map_err(|_| corrupt("count of open orders"))?;
    if !may_open_cod_order(open, cod.max_open) {
        return Err(PlaceFail::TooManyCodOrders);
    }
    take_and_insert(conn, order, stock)
}

/// The buyer's account id as the cash-on-delivery queries match it (empty, matching no row,
/// for an order without an account).
pub(super) fn buyer_id(order: &NewOrder) -> &str {
    order
        .user
        .id
        .as_ref()
        .map(UserId::as_str)
        .unwrap_or_default()
}
