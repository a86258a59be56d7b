//! Reading returns back.

use diesel::prelude::*;
use paduka_domain::order::{Awb, CourierName, TrackingUrl};
use paduka_domain::returns::{
    Pickup, Qc, Reason, RefundTo, Return, ReturnEvent, ReturnKind, ReturnLine, ReturnStatus,
};
use paduka_domain::{OrderId, Paise, ProductId, ReturnId, UserId};

use crate::db::{AnyConnection, corrupt, from_db_time};
use crate::schema::{return_events, return_lines, returns};

#[derive(Queryable, Selectable)]
#[diesel(table_name = returns)]
pub(super) struct ReturnRow {
    id: String,
    number: i64,
    order_id: String,
    replacement_order_id: Option<String>,
    user_id: String,
    status: String,
    qc: Option<String>,
    refund_to: Option<String>,
    refund_reference: Option<String>,
    refunded_at: Option<chrono::NaiveDateTime>,
    refund_amount: i64,
    credit_note_no: Option<String>,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
    pickup_courier: Option<String>,
    pickup_awb: Option<String>,
    pickup_tracking_url: Option<String>,
    arrived_at: Option<chrono::NaiveDateTime>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = return_lines)]
struct LineRow {
    return_id: String,
    line: i32,
    product_id: String,
    name: String,
    size_label: Option<String>,
    size_index: i32,
    new_size_label: Option<String>,
    new_size_index: Option<i32>,
    quantity: i32,
    reason: String,
    kind: String,
    amount: i64,
    color: String,
    new_color: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = return_events)]
struct EventRow {
    return_id: String,
    status: String,
    at: chrono::NaiveDateTime,
    note: Option<String>,
}

fn index(value: i32, what: &str, id: &str) -> QueryResult<u32> {
    u32::try_from(value).map_err(|_| corrupt(format_args!("{what} of return {id}")))
}

/// The returns of `rows` with their lines and events, in the rows' order.
pub(super) fn assemble(conn: &mut AnyConnection, rows: Vec<ReturnRow>) -> QueryResult<Vec<Return>> {
    let mut found = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(crate::db::IN_CHUNK) {
        let ids: Vec<&str> = chunk.iter().map(|r| r.id.as_str()).collect();
        let lines: Vec<LineRow> = return_lines::table
            .filter(return_lines::return_id.eq_any(&ids))
            .order((return_lines::return_id, return_lines::position))
            .select(LineRow::as_select())
            .load(conn)?;
        let events: Vec<EventRow> = return_events::table
            .filter(return_events::return_id.eq_any(&ids))
            .order((return_events::return_id, return_events::position))
            .select(EventRow::as_select())
            .load(conn)?;
        for row in chunk {
            found.push(one(row, &lines, &events)?);
        }
    }
    Ok(found)
}

fn one(row: &ReturnRow, lines: &[LineRow], events: &[EventRow]) -> QueryResult<Return> {
    let id = row.id.as_str();
    let bad = |what: &str| corrupt(format_args!("{what} of return {id}"));
    let status = ReturnStatus::from_stored(&row.status).ok_or_else(|| bad("status"))?;
    let qc = row
        .qc
        .as_deref()
        .map(|qc| Qc::from_stored(qc).ok_or_else(|| bad("qc")))
        .transpose()?;
    let refund_to = row
        .refund_to
        .as_deref()
        .map(|to| RefundTo::from_stored(to).ok_or_else(|| bad("refund_to")))
        .transpose()?;
    let lines = lines
        .iter()
        .filter(|l| l.return_id == id)
        .map(|l| {
            let new_size = match (l.new_size_index, &l.new_size_label) {
                (Some(i), Some(label)) => Some((index(i, "new size", id)?, label.clone())),
                _ => None,
            };
            Ok(ReturnLine {
                line: index(l.line, "line", id)?,
                product: ProductId::new(l.product_id.clone()),
                name: l.name.clone(),
                size_index: index(l.size_index, "size", id)?,
                size_label: l.size_label.clone(),
                color: l.color.clone(),
                new_size,
                new_color: l.new_color.clone(),
                quantity: index(l.quantity, "quantity", id)?,
                reason: Reason::from_stored(&l.reason).ok_or_else(|| bad("reason"))?,
                kind: ReturnKind::from_stored(&l.kind).ok_or_else(|| bad("kind"))?,
                amount: Paise::from_stored(l.amount),
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    let events = events
        .iter()
        .filter(|e| e.return_id == id)
        .map(|e| {
            Ok(ReturnEvent {
                status: ReturnStatus::from_stored(&e.status).ok_or_else(|| bad("event"))?,
                at: from_db_time(e.at),
                note: e.note.clone(),
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    let pickup = match (&row.pickup_courier, &row.pickup_awb) {
        (Some(courier), Some(awb)) => Some(Pickup {
            courier: CourierName::parse(courier).map_err(|_| bad("pickup courier"))?,
            awb: Awb::parse(awb).map_err(|_| bad("pickup AWB"))?,
            tracking_url: row
                .pickup_tracking_url
                .as_deref()
                .map(|url| TrackingUrl::parse(url).map_err(|_| bad("pickup tracking URL")))
                .transpose()?,
            arrived_at: row.arrived_at.map(from_db_time),
        }),
        _ => None,
    };
    Ok(Return {
        id: ReturnId::new(row.id.clone()),
        number: u64::try_from(row.number).map_err(|_| bad("number"))?,
        order_id: OrderId::new(row.order_id.clone()),
        replacement_order_id: row.replacement_order_id.clone().map(OrderId::new),
        user_id: UserId::new(row.user_id.clone()),
        status,
        qc,
        lines,
        refund_amount: Paise::from_stored(row.refund_amount),
        refund_to,
        refund_reference: row.refund_reference.clone(),
        refunded_at: row.refunded_at.map(from_db_time),
        credit_note_no: row.credit_note_no.clone(),
        created_at: from_db_time(row.created_at),
        updated_at: from_db_time(row.updated_at),
        events,
        pickup,
    })
}

/// The return `id` as stored now.
pub(crate) fn find_stored(conn: &mut AnyConnection, id: &str) -> QueryResult<Return> {
    let row = returns::table
        .find(id)
        .select(ReturnRow::as_select())
        .first(conn)?;
    assemble(conn, vec![row])?
        .pop()
        .ok_or(diesel::result::Error::NotFound)
}

/// The returns `query` selects, newest first.
pub(super) fn load_where(
    conn: &mut AnyConnection,
    user: Option<&str>,
    status: Option<ReturnStatus>,
) -> QueryResult<Vec<Return>> {
    let mut query = returns::table
        .select(ReturnRow::as_select())
        .order((returns::created_at.desc(), returns::id.desc()))
        .into_boxed();
    if let Some(user) = user {
        query = query.filter(returns::user_id.eq(user.to_owned()));
    }
    if let Some(status) = status {
        query = query.filter(returns::status.eq(status.as_str()));
    }
    let rows = query.load(conn)?;
    assemble(conn, rows)
}
