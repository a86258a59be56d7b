//! Shipments (decisions D15): handing an order to a courier, recording what the courier
//! reports, and reading both back with the order. Lock the order, ask its lifecycle, write,
//! as the status changes do.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::orders::{CourierReport, OrderConflict, Shipping, Tracked};
use paduka_domain::UserId;
use paduka_domain::invoice::{CreditNoteSource, CreditedLine};
use paduka_domain::order::{
    Awb, Booking, CourierName, OrderStatus, Ship, Shipment, TrackingEvent, TrackingUrl,
};

use super::rows::{find_stored, recorded_refund_in};
use super::status::{give_back, lock_order, move_to, refused};
use crate::credit_notes::{CreditNoteIssue, issue_credit_note};
use crate::db::{AnyConnection, IN_CHUNK, Stop, corrupt, from_db_time, to_db_time};
use crate::schema::{shipment_events, shipments};

/// How `shipments.expected_by` spells a date.
const DATE_FORMAT: &str = "%Y-%m-%d";

#[derive(Queryable, Selectable)]
#[diesel(table_name = shipments)]
struct ShipmentRow {
    order_id: String,
    courier: String,
    awb: String,
    tracking_url: Option<String>,
    shipped_at: NaiveDateTime,
    expected_by: Option<String>,
    delivered_at: Option<NaiveDateTime>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = shipment_events)]
struct EventRow {
    order_id: String,
    status: String,
    at: NaiveDateTime,
    location: Option<String>,
    note: Option<String>,
}

impl ShipmentRow {
    fn into_shipment(self, events: Vec<TrackingEvent>) -> QueryResult<Shipment> {
        let order = &self.order_id;
        let field = |what: &str| corrupt(format_args!("{what} of the shipment of order {order}"));
        Ok(Shipment {
            courier: CourierName::parse(&self.courier).map_err(|_| field("courier"))?,
            awb: Awb::parse(&self.awb).map_err(|_| field("AWB"))?,
            tracking_url: self
                .tracking_url
                .as_deref()
                .map(TrackingUrl::parse)
                .transpose()
                .map_err(|_| field("tracking URL"))?,
            shipped_at: from_db_time(self.shipped_at),
            expected_by: self
                .expected_by
                .as_deref()
                .map(|date| NaiveDate::parse_from_str(date, DATE_FORMAT))
                .transpose()
                .map_err(|_| field("expected date"))?,
            delivered_at: self.delivered_at.map(from_db_time),
            events,
        })
    }
}

/// The shipments of these orders (those that have one), each with its events oldest first.
pub(super) fn shipments_of(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<String, Shipment>> {
    let mut by_order = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows = shipments::table
            .filter(shipments::order_id.eq_any(chunk))
            .select(ShipmentRow::as_select())
            .load(conn)?;
        if rows.is_empty() {
            // No order of this chunk has shipped: no events to look for.
            continue;
        }
        let shipped: Vec<&str> = rows.iter().map(|row| row.order_id.as_str()).collect();
        let mut events: HashMap<String, Vec<TrackingEvent>> = HashMap::new();
        let event_rows = shipment_events::table
            .filter(shipment_events::order_id.eq_any(&shipped))
            .order((
                shipment_events::order_id,
                shipment_events::at,
                shipment_events::recorded_at,
                shipment_events::status,
            ))
            .select(EventRow::as_select())
            .load(conn)?;
        for row in event_rows {
            events.entry(row.order_id).or_default().push(TrackingEvent {
                status: row.status,
                at: from_db_time(row.at),
                location: row.location,
                note: row.note,
            });
        }
        for row in rows {
            let order = row.order_id.clone();
            let shipment = row.into_shipment(events.remove(&order).unwrap_or_default())?;
            by_order.insert(order, shipment);
        }
    }
    Ok(by_order)
}

/// Whether the order has a shipment (booked, or being booked).
pub(super) fn has_shipment(conn: &mut AnyConnection, id: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(shipments::table.find(id))).get_result(conn)
}

/// Dates the delivery of the order's shipment.
pub(super) fn mark_delivered(
    conn: &mut AnyConnection,
    id: &str,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(shipments::table.find(id))
        .set((shipments::delivered_at.eq(at), shipments::updated_at.eq(at)))
        .execute(conn)?;
    Ok(())
}

/// [`OrderRepository::ship`](paduka_application::orders::OrderRepository::ship) inside its
/// transaction.
pub(super) fn ship_in(
    conn: &mut AnyConnection,
    id: &str,
    booking: &Booking,
    actor: Option<&UserId>,
    at: DateTime<Utc>,
) -> Result<Shipping, Stop<OrderConflict>> {
    let lifecycle = lock_order(conn, id)?.lifecycle;
    if lifecycle.ship().map_err(refused)? == Ship::AlreadyShipped {
        return Ok(Shipping {
            order: find_stored(conn, id)?,
            shipped_now: false,
        });
    }
    let at = to_db_time(at);
    let booked = (
        shipments::courier.eq(booking.courier.as_str()),
        shipments::awb.eq(booking.awb.as_str()),
        shipments::tracking_url.eq(booking.tracking_url.as_ref().map(TrackingUrl::as_str)),
        shipments::shipped_at.eq(at),
        shipments::expected_by.eq(booking
            .expected_by
            .map(|date| date.format(DATE_FORMAT).to_string())),
        shipments::updated_at.eq(at),
    );
    if lifecycle.has_shipment {
        // A booking that stopped half-way (the lifecycle ships a `Pending` or `Confirmed`
        // order again to finish it): the courier's answer completes its row.
        diesel::update(shipments::table.find(id))
            .set(booked)
            .execute(conn)?;
    } else {
        diesel::insert_into(shipments::table)
            .values((
                shipments::order_id.eq(id),
                booked,
                shipments::created_at.eq(at),
            ))
            .execute(conn)?;
    }
    move_to(conn, id, OrderStatus::Shipped, actor, at)?;
    Ok(Shipping {
        order: find_stored(conn, id)?,
        shipped_now: true,
    })
}

/// [`OrderRepository::track`](paduka_application::orders::OrderRepository::track) inside its
/// transaction: the report is stored once, and only a new one moves the order.
pub(super) fn track_in(
    conn: &mut AnyConnection,
    id: &str,
    report: &CourierReport,
    actor: Option<&UserId>,
) -> Result<Tracked, Stop<OrderConflict>> {
    let locked = lock_order(conn, id)?;
    let from = locked.lifecycle.status;
    let at = to_db_time(report.at);
    // Whether a report dated later is stored: the lifecycle says what that means.
    let late = shipment_events::table
        .filter(shipment_events::order_id.eq(id))
        .filter(shipment_events::at.gt(at))
        .count()
        .get_result::<i64>(conn)?
        > 0;
    let to = locked
        .lifecycle
        .report(report.event, report.source, late)
        .map_err(refused)?;
    let event = diesel::insert_into(shipment_events::table)
        .values((
            shipment_events::order_id.eq(id),
            shipment_events::status.eq(&report.status),
            shipment_events::at.eq(at),
            shipment_events::location.eq(report.location.as_deref()),
            shipment_events::note.eq(report.note.as_deref()),
            shipment_events::recorded_at.eq(to_db_time(Utc::now())),
        ))
        // The same report again (`shipment_events_order_id_status_at_key`) inserts nothing.
        .on_conflict_do_nothing();
    // diesel builds an upsert for one backend at a time.
    let inserted = match conn {
        AnyConnection::Postgresql(pg) => event.execute(pg)?,
        AnyConnection::Sqlite(sqlite) => event.execute(sqlite)?,
    };
    let repeated = inserted == 0;
    if !repeated && to != from {
        move_to(conn, id, to, actor, at)?;
        if to == OrderStatus::Delivered {
            mark_delivered(conn, id, at)?;
        }
        if let Some(release) = locked.release_on_move(to) {
            give_back(conn, id, release)?;
        }
        // The move's credit note (an RTO of an invoiced order), in the move's transaction.
        let moved = find_stored(conn, id)?;
        if let Some(source) = CreditNoteSource::on_move(&moved, to) {
            let lines = CreditedLine::whole_invoice(&moved)
                .map_err(|error| corrupt(format_args!("order {id}: {error}")))?;
            issue_credit_note(
                conn,
                &CreditNoteIssue {
                    order_id: &moved.id,
                    source: &source,
                    lines: &lines,
                    at: report.at,
                },
            )?;
        }
    }
    Ok(Tracked {
        order: find_stored(conn, id)?,
        from,
        repeated,
        refund_id: recorded_refund_in(conn, id)?,
    })
}

/// The order whose shipment has `awb`, the latest shipped first.
pub(super) fn order_with_awb(conn: &mut AnyConnection, awb: &str) -> QueryResult<Option<String>> {
    shipments::table
        .filter(shipments::awb.eq(awb))
        .order(shipments::shipped_at.desc())
        .select(shipments::order_id)
        .first(conn)
        .optional()
}
