//! Reading order rows into domain orders.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::{AsSelect, IntoBoxed, LeftJoin, Select};
use diesel::prelude::*;
use paduka_domain::gst::{GstRate, Hsn};
use paduka_domain::order::{
    CodConfirmation, LineTax, Order, OrderCoupon, OrderLine, OrderStatus, PaymentMethod,
};
use paduka_domain::returns::ReturnStatus;
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise, Percent, ProductId, State, UserId};

use super::shipping::shipments_of;
use crate::db::{AnyConnection, IN_CHUNK, MultiBackend, corrupt, from_db_time};
use crate::schema::{order_events, order_lines, orders, return_lines, returns, users};

/// An order as stored, with its buyer's current name (`None` once the account is gone).
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
pub(super) struct OrderRow {
    id: String,
    user_id: Option<String>,
    /// The buyer's name when they ordered.
    user_name: String,
    #[diesel(select_expression = users::name.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<users::name>)]
    live_name: Option<String>,
    address: String,
    pincode: String,
    amount_rupees: i64,
    discount_rupees: i64,
    coupon_code: Option<String>,
    payment_method: String,
    paid: bool,
    payment_id: String,
    provider_order_id: String,
    state: Option<String>,
    invoice_no: Option<String>,
    credit_used: i64,
    status: String,
    replaces: Option<String>,
    whatsapp: bool,
    cod_confirmation: Option<String>,
    prepaid_discount_rupees: i64,
    cod_fee_rupees: i64,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_lines)]
pub(super) struct LineRow {
    order_id: String,
    product_id: String,
    name: String,
    category_name: String,
    variant_label: Option<String>,
    unit_price_paise: i64,
    discount: i32,
    quantity: i32,
    hsn: Option<String>,
    gst_rate: Option<i32>,
    sale_price_paise: i64,
    color: String,
}

/// A status the order took, with the name of who set it (`None` for the shop itself or a
/// deleted account).
#[derive(Queryable, Selectable)]
#[diesel(table_name = order_events)]
pub(super) struct EventRow {
    pub(super) status: String,
    pub(super) at: NaiveDateTime,
    #[diesel(select_expression = users::name.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<users::name>)]
    pub(super) by: Option<String>,
}

/// The lines of these orders, each order's in `position` order.
pub(super) fn lines_of(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<String, Vec<OrderLine>>> {
    let mut by_order: HashMap<String, Vec<OrderLine>> = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows = order_lines::table
            .filter(order_lines::order_id.eq_any(chunk))
            .order((order_lines::order_id, order_lines::position))
            .select(LineRow::as_select())
            .load(conn)?;
        for row in rows {
            let order = row.order_id;
            let line = OrderLine {
                product: ProductId::new(row.product_id),
                name: row.name,
                category_name: row.category_name,
                variant_label: row.variant_label,
                color: row.color,
                unit_price: Paise::from_stored(row.unit_price_paise),
                discount: Percent::new(i64::from(row.discount))
                    .map_err(|_| corrupt(format_args!("discount of a line of order {order}")))?,
                sale_price: Paise::from_stored(row.sale_price_paise),
                quantity: u32::try_from(row.quantity)
                    .map_err(|_| corrupt(format_args!("quantity of a line of order {order}")))?,
                tax: match (row.hsn, row.gst_rate) {
                    (Some(hsn), Some(rate)) => Some(LineTax {
                        hsn: Hsn::parse(&hsn)
                            .map_err(|_| corrupt(format_args!("HSN of a line of order {order}")))?,
                        rate: u8::try_from(rate)
                            .ok()
                            .and_then(|rate| GstRate::new(rate).ok())
                            .ok_or_else(|| {
                                corrupt(format_args!("GST rate of a line of order {order}"))
                            })?,
                    }),
                    _ => None,
                },
                held_by_returns: 0,
            };
            by_order.entry(order).or_default().push(line);
        }
    }
    Ok(by_order)
}

/// When each of these orders was last set `Delivered` by hand: the delivery of an order
/// whose shipment has no date of its own (decisions D24).
pub(crate) fn set_delivered_at(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<String, NaiveDateTime>> {
    let mut by_order = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows: Vec<(String, Option<NaiveDateTime>)> = order_events::table
            .filter(order_events::order_id.eq_any(chunk))
            .filter(order_events::status.eq(OrderStatus::Delivered.as_str()))
            .group_by(order_events::order_id)
            .select((order_events::order_id, diesel::dsl::max(order_events::at)))
            .load(conn)?;
        by_order.extend(rows.into_iter().filter_map(|(id, at)| Some((id, at?))));
    }
    Ok(by_order)
}

/// Pairs of each line of these orders that returns hold ([`ReturnStatus::HOLDING`]), by
/// order and line position.
fn held_by_returns(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<(String, i32), u32>> {
    let mut held: HashMap<(String, i32), u32> = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows: Vec<(String, i32, i32)> = return_lines::table
            .inner_join(returns::table)
            .filter(returns::order_id.eq_any(chunk))
            .filter(returns::status.eq_any(ReturnStatus::HOLDING.map(ReturnStatus::as_str)))
            .select((
                returns::order_id,
                return_lines::line,
                return_lines::quantity,
            ))
            .load(conn)?;
        for (order, line, quantity) in rows {
            let quantity = u32::try_from(quantity)
                .map_err(|_| corrupt(format_args!("quantity of a return of order {order}")))?;
            let pairs = held.entry((order, line)).or_default();
            *pairs = pairs.saturating_add(quantity);
        }
    }
    Ok(held)
}

/// Orders from their rows, in the rows' order, with their lines and shipments.
pub(super) fn assemble(conn: &mut AnyConnection, rows: Vec<OrderRow>) -> QueryResult<Vec<Order>> {
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut lines = lines_of(conn, &ids)?;
    let mut shipments = shipments_of(conn, &ids)?;
    // Only a delivered order's delivery counts (for its returns): the others' is not read.
    let delivered: Vec<String> = rows
        .iter()
        .filter(|row| row.status == OrderStatus::Delivered.as_str())
        .map(|row| row.id.clone())
        .collect();
    let mut by_hand = set_delivered_at(conn, &delivered)?;
    for ((order, position), pairs) in held_by_returns(conn, &delivered)? {
        let line = usize::try_from(position)
            .ok()
            .and_then(|position| lines.get_mut(&order)?.get_mut(position));
        if let Some(line) = line {
            line.held_by_returns = pairs;
        }
    }
    rows.into_iter()
        .map(|row| {
            let id = row.id;
            let status = OrderStatus::from_stored(&row.status)
                .ok_or_else(|| corrupt(format_args!("status of order {id}")))?;
            let payment_method = PaymentMethod::from_stored(&row.payment_method)
                .ok_or_else(|| corrupt(format_args!("payment method of order {id}")))?;
            let state = row
                .state
                .map(|state| State::parse(&state))
                .transpose()
                .map_err(|_| corrupt(format_args!("state of order {id}")))?;
            let cod_confirmation = row
                .cod_confirmation
                .map(|text| {
                    CodConfirmation::from_stored(&text)
                        .ok_or_else(|| corrupt(format_args!("COD confirmation of order {id}")))
                })
                .transpose()?;
            let shipment = shipments.remove(&id);
            let delivered_at = match shipment.as_ref().and_then(|s| s.delivered_at) {
                Some(at) => Some(at),
                None => by_hand.remove(&id).map(from_db_time),
            };
            Ok(Order {
                lines: lines.remove(&id).unwrap_or_default(),
                shipment,
                delivered_at,
                // The buyer's current name while the account exists, else the one they had.
                user: match (row.user_id, row.live_name) {
                    (Some(user), Some(name)) => UserRef::new(UserId::new(user), name),
                    (Some(user), None) => UserRef::new(UserId::new(user), row.user_name),
                    (None, _) => UserRef::deleted(row.user_name),
                },
                id: OrderId::new(id),
                address: row.address,
                pincode: row.pincode,
                amount_rupees: row.amount_rupees,
                prepaid_discount_rupees: row.prepaid_discount_rupees,
                cod_fee_rupees: row.cod_fee_rupees,
                credit_used_rupees: row.credit_used,
                coupon: row.coupon_code.map(|code| OrderCoupon {
                    code,
                    discount_rupees: row.discount_rupees,
                }),
                payment_method,
                paid: row.paid,
                payment_id: row.payment_id,
                provider_order_id: row.provider_order_id,
                state,
                invoice_no: row.invoice_no,
                status,
                replaces: row.replaces.map(OrderId::new),
                whatsapp: row.whatsapp,
                cod_confirmation,
                created_at: from_db_time(row.created_at),
                updated_at: from_db_time(row.updated_at),
            })
        })
        .collect()
}

/// Orders with their buyers' current names, as a query to filter and order.
pub(super) type WithBuyers<'a> = IntoBoxed<
    'a,
    Select<LeftJoin<orders::table, users::table>, AsSelect<OrderRow, MultiBackend>>,
    MultiBackend,
>;

pub(super) fn with_buyers<'a>() -> WithBuyers<'a> {
    orders::table
        .left_join(users::table)
        .select(OrderRow::as_select())
        .into_boxed()
}

/// The orders the query finds, with their lines.
pub(super) fn load(conn: &mut AnyConnection, query: WithBuyers<'_>) -> QueryResult<Vec<Order>> {
    let rows = query.load(conn)?;
    assemble(conn, rows)
}

pub(super) fn find_in(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<Order>> {
    Ok(load(conn, with_buyers().filter(orders::id.eq(id)))?.pop())
}

/// The order, which must exist (its row is locked, or was just written).
pub(crate) fn find_stored(conn: &mut AnyConnection, id: &str) -> QueryResult<Order> {
    find_in(conn, id)?.ok_or(diesel::result::Error::NotFound)
}

/// The refund recorded for the order's payment (`orders.refund_id`); `None` for an unknown
/// id too.
pub(super) fn recorded_refund_in(
    conn: &mut AnyConnection,
    id: &str,
) -> QueryResult<Option<String>> {
    Ok(orders::table
        .find(id)
        .select(orders::refund_id)
        .first::<Option<String>>(conn)
        .optional()?
        .flatten())
}

pub(super) fn find_by_payment_in(
    conn: &mut AnyConnection,
    payment_id: &str,
) -> QueryResult<Option<Order>> {
    Ok(load(
        conn,
        with_buyers().filter(orders::payment_id.eq(payment_id)),
    )?
    .pop())
}

pub(super) fn find_by_cod_key_in(
    conn: &mut AnyConnection,
    buyer: &str,
    key: &str,
) -> QueryResult<Option<Order>> {
    let query = with_buyers()
        .filter(orders::user_id.eq(buyer))
        .filter(orders::cod_key.eq(key));
    Ok(load(conn, query)?.pop())
}
