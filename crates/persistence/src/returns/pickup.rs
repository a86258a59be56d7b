//! A return's reverse pickup (decisions D24): the courier's booking kept on the return, the
//! return found again by its AWB when the courier reports, and its arrival at the shop.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_domain::order::Booking;
use paduka_domain::returns::{Pickup, ReturnStatus};

use super::write_event;
use crate::db::{AnyConnection, corrupt, matched_a_row, to_db_time};
use crate::schema::returns;

/// Keeps `booking` as the return's pickup.
pub(super) fn record_pickup_in(
    conn: &mut AnyConnection,
    id: &str,
    booking: &Booking,
) -> QueryResult<()> {
    let rows = diesel::update(returns::table.find(id))
        .set((
            returns::pickup_courier.eq(booking.courier.as_str()),
            returns::pickup_awb.eq(booking.awb.as_str()),
            returns::pickup_tracking_url.eq(booking.tracking_url.as_ref().map(|url| url.as_str())),
        ))
        .execute(conn)?;
    matched_a_row(rows)
}

/// The return whose pickup has `awb`, the latest asked for should a courier reuse one.
pub(super) fn return_with_pickup_awb(
    conn: &mut AnyConnection,
    awb: &str,
) -> QueryResult<Option<String>> {
    returns::table
        .filter(returns::pickup_awb.eq(awb))
        .order((returns::created_at.desc(), returns::id.desc()))
        .select(returns::id)
        .first(conn)
        .optional()
}

/// Marks the return's parcel arrived with its event, once: a return marked before is left as
/// it is. Runs in the caller's transaction; the update takes the row's lock, so the same
/// report twice at once writes one event.
pub(super) fn mark_arrived_in(
    conn: &mut AnyConnection,
    id: &str,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    let at = to_db_time(at);
    let marked = diesel::update(
        returns::table
            .find(id)
            .filter(returns::arrived_at.is_null()),
    )
    .set(returns::arrived_at.eq(at))
    .execute(conn)?;
    if marked == 0 {
        // Marked before (or no such return: the caller's read says so).
        return Ok(());
    }
    let status: String = returns::table
        .find(id)
        .select(returns::status)
        .first(conn)?;
    let status = ReturnStatus::from_stored(&status)
        .ok_or_else(|| corrupt(format_args!("status of return {id}")))?;
    write_event(conn, id, status, Some(Pickup::ARRIVED), at)
}
