//! A return request inside its transaction: lock the order, load what the domain needs, ask
//! it, take the exchanges' new sizes, write.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use paduka_application::orders::StockChange;
use paduka_application::returns::{NewReturn, ReturnConflict};
use paduka_domain::catalog::variant_words;
use paduka_domain::order::OrderStatus;
use paduka_domain::returns::{
    ReturnStatus, ReturnableLine, ReturnableOrder, SizeNow, plan_return, refund_amount,
};
use paduka_domain::{InvalidInput, Paise, ProductId};

use super::rows::find_stored;
use super::write_event;
use crate::db::{AnyConnection, Stop, corrupt, from_db_time, to_db_time};
use crate::orders::place::PlaceFail;
use crate::orders::rows::set_delivered_at;
use crate::orders::stock::take_stock;
use crate::schema::{
    order_lines, orders, product_variants, return_counters, return_lines, returns, shipments,
};

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct OrderHead {
    user_id: Option<String>,
    status: String,
    amount_rupees: i64,
    cod_fee_rupees: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_lines)]
struct LineRow {
    product_id: String,
    name: String,
    variant_index: i32,
    variant_label: Option<String>,
    quantity: i32,
    sale_price_paise: i64,
    color: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_variants)]
struct SizeRow {
    product_id: String,
    position: i32,
    label: Option<String>,
    model: Option<String>,
    sale_price_paise: i64,
    stock: Option<i32>,
    color: String,
}

fn conflict(conflict: ReturnConflict) -> Stop<ReturnConflict> {
    Stop::Conflict(conflict)
}

/// The order's head, its row locked until the transaction ends on PostgreSQL (SQLite's write
/// transaction holds the whole database): requests of one order queue here, so what they ask
/// for is counted one after the other.
fn lock_order(conn: &mut AnyConnection, id: &str) -> QueryResult<OrderHead> {
    let query = orders::table.find(id);
    match conn {
        AnyConnection::Postgresql(pg) => query
            .select(OrderHead::as_select())
            .for_update()
            .first::<OrderHead>(pg),
        AnyConnection::Sqlite(_) => query.select(OrderHead::as_select()).first(conn),
    }
}

/// When the order was delivered: its shipment's date, else when it was set `Delivered`.
fn delivered_at(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<NaiveDateTime>> {
    let shipped = shipments::table
        .find(id)
        .select(shipments::delivered_at)
        .first::<Option<NaiveDateTime>>(conn)
        .optional()?
        .flatten();
    if shipped.is_some() {
        return Ok(shipped);
    }
    Ok(set_delivered_at(conn, &[id.to_owned()])?.remove(id))
}

pub(super) fn request_in(
    conn: &mut AnyConnection,
    new: &NewReturn,
) -> Result<paduka_domain::returns::Return, Stop<ReturnConflict>> {
    let order_id = new.order.as_str();
    let head = lock_order(conn, order_id)?;
    if head.user_id.as_deref() != Some(new.user.as_str()) {
        return Err(conflict(ReturnConflict::NotOwner));
    }
    let bad = |what: &str| corrupt(format_args!("{what} of order {order_id}"));
    let status = OrderStatus::from_stored(&head.status).ok_or_else(|| bad("status"))?;
    let rows: Vec<LineRow> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .order(order_lines::position)
        .select(LineRow::as_select())
        .load(conn)?;
    // What returns that hold their lines asked of each line already.
    let asked: Vec<(i32, i32, i64)> = return_lines::table
        .inner_join(returns::table)
        .filter(returns::order_id.eq(order_id))
        .filter(returns::status.eq_any(ReturnStatus::HOLDING.map(ReturnStatus::as_str)))
        .select((
            return_lines::line,
            return_lines::quantity,
            return_lines::amount,
        ))
        .load(conn)?;
    let products: Vec<&str> = rows.iter().map(|r| r.product_id.as_str()).collect();
    let sizes: Vec<SizeRow> = product_variants::table
        .filter(product_variants::product_id.eq_any(&products))
        .order((product_variants::product_id, product_variants::position))
        .select(SizeRow::as_select())
        .load(conn)?;
    let mut lines = Vec::with_capacity(rows.len());
    for (position, row) in rows.iter().enumerate() {
        let position = i32::try_from(position).map_err(|_| bad("line"))?;
        let mine = asked.iter().filter(|(line, ..)| *line == position);
        let asked_pairs: i64 = mine.clone().map(|(_, q, _)| i64::from(*q)).sum();
        let asked_amount: i64 = mine.map(|(.., amount)| *amount).sum();
        lines.push(ReturnableLine {
            product: ProductId::new(row.product_id.clone()),
            name: row.name.clone(),
            size_index: u32::try_from(row.variant_index).map_err(|_| bad("size"))?,
            size_label: row.variant_label.clone(),
            color: row.color.clone(),
            sale_price: Paise::from_stored(row.sale_price_paise),
            quantity: u32::try_from(row.quantity).map_err(|_| bad("quantity"))?,
            asked: u32::try_from(asked_pairs).map_err(|_| bad("returns"))?,
            asked_amount: Paise::from_stored(asked_amount),
            sizes: sizes
                .iter()
                .filter(|s| s.product_id == row.product_id)
                .map(|s| SizeNow {
                    label: size_label(s),
                    color: s.color.clone(),
                    price: Paise::from_stored(s.sale_price_paise),
                })
                .collect(),
        });
    }
    let order = ReturnableOrder {
        status,
        delivered_at: delivered_at(conn, order_id)?.map(from_db_time),
        // A return never gives the cash-on-delivery charge back (decisions D41).
        amount_rupees: head.amount_rupees - head.cod_fee_rupees,
        lines,
    };
    let planned = plan_return(&order, &new.lines, new.at, new.window_days)
        .map_err(|invalid: InvalidInput| conflict(ReturnConflict::Invalid(invalid)))?;
    // The new sizes, in the order checkout takes stock (product, then size), so requests and
    // orders of one product queue on its row the same way.
    let mut exchanges: Vec<StockChange> = planned
        .iter()
        .filter_map(|line| {
            let (index, label) = line.new_size.clone()?;
            let tracked = sizes.iter().any(|s| {
                s.product_id == line.product.as_str()
                    && i64::from(s.position) == i64::from(index)
                    && s.stock.is_some()
            });
            Some(StockChange {
                product: line.product.clone(),
                variant: tracked.then_some(index),
                name: line.name.clone(),
                size: variant_words(&line.new_color, Some(label.as_str())),
                quantity: line.quantity,
            })
        })
        .collect();
    exchanges.sort_by(|a, b| (&a.product, a.variant).cmp(&(&b.product, b.variant)));
    for change in &exchanges {
        take_stock(conn, change).map_err(|fail| match fail {
            PlaceFail::OutOfStock {
                name, size, left, ..
            } => conflict(ReturnConflict::OutOfStock { name, size, left }),
            PlaceFail::Db(error) => Stop::Db(error),
            _ => Stop::Db(corrupt("a stock refusal of a return")),
        })?;
    }
    let number = next_number(conn)?;
    let at = to_db_time(new.at);
    let id = new.id.as_str();
    diesel::insert_into(returns::table)
        .values((
            returns::id.eq(id),
            returns::number.eq(number),
            returns::order_id.eq(order_id),
            returns::user_id.eq(new.user.as_str()),
            returns::status.eq(ReturnStatus::Requested.as_str()),
            returns::refund_amount.eq(refund_amount(&planned).paise()),
            returns::created_at.eq(at),
            returns::updated_at.eq(at),
        ))
        .execute(conn)?;
    for (position, line) in planned.iter().enumerate() {
        let column = |value: u32| i32::try_from(value).map_err(|_| bad("a returned line"));
        diesel::insert_into(return_lines::table)
            .values((
                return_lines::return_id.eq(id),
                return_lines::position.eq(i32::try_from(position).map_err(|_| bad("line"))?),
                return_lines::line.eq(column(line.line)?),
                return_lines::product_id.eq(line.product.as_str()),
                return_lines::name.eq(&line.name),
                return_lines::size_label.eq(&line.size_label),
                return_lines::color.eq(&line.color),
                return_lines::new_color.eq(&line.new_color),
                return_lines::size_index.eq(column(line.size_index)?),
                return_lines::new_size_label.eq(line.new_size.as_ref().map(|(_, l)| l.as_str())),
                return_lines::new_size_index.eq(line
                    .new_size
                    .as_ref()
                    .map(|(i, _)| column(*i))
                    .transpose()?),
                return_lines::quantity.eq(column(line.quantity)?),
                return_lines::reason.eq(line.reason.as_str()),
                return_lines::kind.eq(line.kind.as_str()),
                return_lines::amount.eq(line.amount.paise()),
            ))
            .execute(conn)?;
    }
    write_event(conn, id, ReturnStatus::Requested, None, at)?;
    Ok(find_stored(conn, id)?)
}

/// A size's label as the shop shows it: its type, else its model.
fn size_label(size: &SizeRow) -> String {
    size.label
        .clone()
        .or_else(|| size.model.clone())
        .unwrap_or_default()
}

/// The next return number, taken in the request's transaction: never repeated, no gaps.
fn next_number(conn: &mut AnyConnection) -> QueryResult<i64> {
    let upsert = diesel::insert_into(return_counters::table)
        .values((
            return_counters::id.eq(1),
            return_counters::last_number.eq(1_i64),
        ))
        .on_conflict(return_counters::id)
        .do_update()
        .set(return_counters::last_number.eq(return_counters::last_number + 1_i64))
        .returning(return_counters::last_number);
    match conn {
        AnyConnection::Postgresql(pg) => upsert.get_result(pg),
        AnyConnection::Sqlite(sqlite) => upsert.get_result(sqlite),
    }
}
