use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use paduka_application::RepoError;
use paduka_application::checkout::RefundResult;
use paduka_application::orders::{
    Cancellation, CodTerms, CouponUse, LowStock, NewOrder, OrderConflict, OrderRepository,
    PlaceError, Placement, StockChange,
};
use paduka_domain::coupon::may_take_use;
use paduka_domain::gst::{GstRate, Hsn};
use paduka_domain::invoice::FinancialYear;
use paduka_domain::order::{
    Cancel, Lifecycle, LineTax, OPEN_COD_STATUSES, Order, OrderCoupon, OrderLine, OrderStatus,
    PaymentMethod, Release, SettableStatus, StatusChange, crossed_low_stock, may_open_cod_order,
};
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise, Percent, ProductId, State, UserId};

use crate::db::{
    AnyConnection, Broken, Database, Stop, broken, corrupt, from_db_time, repo_error, to_db_time,
    too_large, write_transaction_with,
};
use crate::schema::{
    checkout_intents, coupons, invoice_counters, order_events, order_lines, orders,
    product_variants, products, users,
};

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

/// Why placing an order stopped; anything but `Db` is a rule of the port.
#[derive(Debug)]
enum PlaceFail {
    Db(DieselError),
    OutOfStock {
        product: ProductId,
        name: String,
        size: Option<String>,
        left: u32,
    },
    CouponUsedUp,
    TooManyCodOrders,
    Refunded,
}

impl From<DieselError> for PlaceFail {
    fn from(error: DieselError) -> Self {
        Self::Db(error)
    }
}

// --- reading ---------------------------------------------------------------------------------

/// An order as stored, with its buyer's current name (`None` once the account is gone).
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct OrderRow {
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
    status: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_lines)]
struct LineRow {
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
}

/// What a cancellation gives back: a line's product, size and quantity.
#[derive(Queryable, Selectable)]
#[diesel(table_name = order_lines)]
struct Returned {
    product_id: String,
    variant_index: i32,
    quantity: i32,
}

/// A status the order took, with the name of who set it (`None` for the shop itself or a
/// deleted account).
#[derive(Queryable, Selectable)]
#[diesel(table_name = order_events)]
struct EventRow {
    status: String,
    at: NaiveDateTime,
    #[diesel(select_expression = users::name.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<users::name>)]
    by: Option<String>,
}

/// The lines of these orders, each order's in `position` order.
fn lines_of(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<String, Vec<OrderLine>>> {
    let mut by_order: HashMap<String, Vec<OrderLine>> = HashMap::new();
    // In chunks: SQLite limits the number of bound parameters.
    for chunk in ids.chunks(500) {
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
                unit_price: Paise::from_stored(row.unit_price_paise),
                discount: Percent::new(i64::from(row.discount))
                    .map_err(|_| corrupt(format_args!("discount of a line of order {order}")))?,
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
            };
            by_order.entry(order).or_default().push(line);
        }
    }
    Ok(by_order)
}

/// Orders from their rows, in the rows' order, with their lines.
fn assemble(conn: &mut AnyConnection, rows: Vec<OrderRow>) -> QueryResult<Vec<Order>> {
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut lines = lines_of(conn, &ids)?;
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
            Ok(Order {
                lines: lines.remove(&id).unwrap_or_default(),
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
                created_at: from_db_time(row.created_at),
                updated_at: from_db_time(row.updated_at),
            })
        })
        .collect()
}

fn find_in(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<Order>> {
    let rows = orders::table
        .left_join(users::table)
        .filter(orders::id.eq(id))
        .select(OrderRow::as_select())
        .load(conn)?;
    Ok(assemble(conn, rows)?.pop())
}

fn find_by_payment_in(conn: &mut AnyConnection, payment_id: &str) -> QueryResult<Option<Order>> {
    let rows = orders::table
        .left_join(users::table)
        .filter(orders::payment_id.eq(payment_id))
        .select(OrderRow::as_select())
        .load(conn)?;
    Ok(assemble(conn, rows)?.pop())
}

/// What the lifecycle decides on, as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct LockedRow {
    status: String,
    payment_method: String,
    paid: bool,
}

/// An order as its lifecycle sees it, with how it is paid for.
struct Locked {
    lifecycle: Lifecycle,
    payment_method: PaymentMethod,
    paid: bool,
}

/// The order's lifecycle, its row locked until the transaction ends on PostgreSQL (SQLite's
/// write transactions hold the whole database already); `NotFound` for an unknown id.
fn lock_order(conn: &mut AnyConnection, id: &str) -> QueryResult<Locked> {
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
        // No order has a shipment until shipments are stored (decisions D18).
        lifecycle: Lifecycle::new(status, false),
        payment_method,
        paid: row.paid,
    })
}

/// The statuses' stored texts, for `eq_any`.
fn texts<const N: usize>(statuses: [OrderStatus; N]) -> [&'static str; N] {
    statuses.map(OrderStatus::as_str)
}

/// Appends an `order_events` row one past the order's last.
fn append_event(
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
fn insert_event(
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

// --- placing ---------------------------------------------------------------------------------

fn quantity_column(quantity: u32, what: &str) -> QueryResult<i32> {
    i32::try_from(quantity).map_err(|_| too_large(format_args!("quantity of {what}")))
}

/// Takes `change.quantity` pairs from the product's total and, when it tracks sizes, from the
/// size's stock, never below zero; what is left of that size or pool. The product's row is
/// always written first, so orders of one product queue on it whatever sizes they take.
fn take_stock(conn: &mut AnyConnection, change: &StockChange) -> Result<u32, PlaceFail> {
    let product = change.product.as_str();
    let quantity = quantity_column(change.quantity, product)?;
    let total_left = diesel::update(
        products::table
            .filter(products::id.eq(product))
            .filter(products::quantity.ge(quantity)),
    )
    .set(products::quantity.eq(products::quantity - quantity))
    .returning(products::quantity)
    .get_result::<i32>(conn)
    .optional()?;
    let left = match (total_left, change.variant) {
        (None, _) => None,
        (Some(total), None) => Some(total),
        (Some(_), Some(variant)) => diesel::update(
            product_variants::table
                .filter(product_variants::product_id.eq(product))
                .filter(product_variants::position.eq(size_row(variant)?))
                .filter(product_variants::stock.ge(quantity)),
        )
        .set(product_variants::stock.eq(product_variants::stock - quantity))
        .returning(product_variants::stock)
        .get_result::<Option<i32>>(conn)
        .optional()?
        .flatten(),
    };
    match left {
        Some(left) => Ok(u32::try_from(left).unwrap_or(0)),
        None => Err(out_of_stock(conn, change)?),
    }
}

/// The refusal of `change`: what is left of its size or pool now, under the product's name
/// now (the change's, when the product is gone). The transaction is rolled back, so nothing
/// this order took counts.
fn out_of_stock(conn: &mut AnyConnection, change: &StockChange) -> Result<PlaceFail, PlaceFail> {
    let product = change.product.as_str();
    let current = products::table
        .find(product)
        .select((products::name, products::quantity))
        .first::<(String, i32)>(conn)
        .optional()?;
    let left = match (change.variant, &current) {
        (_, None) => None,
        (None, Some((_, pool))) => Some(*pool),
        (Some(variant), Some(_)) => product_variants::table
            .filter(product_variants::product_id.eq(product))
            .filter(product_variants::position.eq(size_row(variant)?))
            .select(product_variants::stock)
            .first::<Option<i32>>(conn)
            .optional()?
            .flatten(),
    };
    Ok(PlaceFail::OutOfStock {
        product: change.product.clone(),
        name: current.map_or_else(|| change.name.clone(), |(name, _)| name),
        size: change.size.clone(),
        left: left.and_then(|l| u32::try_from(l).ok()).unwrap_or(0),
    })
}

fn size_row(variant: u32) -> QueryResult<i32> {
    i32::try_from(variant).map_err(|_| too_large("variant index"))
}

/// Takes one use of the coupon when the domain allows it in all and to the buyer. Its row is
/// locked first and stays locked until the transaction ends, so every order of this coupon
/// waits for this one; a deleted coupon is used up.
fn take_coupon_use(
    conn: &mut AnyConnection,
    coupon: &CouponUse,
    buyer: Option<&UserId>,
) -> Result<(), PlaceFail> {
    let id = coupon.coupon.as_str();
    let query = coupons::table
        .find(id)
        .select((coupons::used, coupons::max_uses));
    let counted = match conn {
        AnyConnection::Postgresql(pg) => query.for_update().first::<(i64, Option<i64>)>(pg),
        AnyConnection::Sqlite(_) => query.first::<(i64, Option<i64>)>(conn),
    }
    .optional()?;
    let Some((used, max_uses)) = counted else {
        return Err(PlaceFail::CouponUsedUp);
    };
    if !may_take_use(max_uses, used) {
        return Err(PlaceFail::CouponUsedUp);
    }
    if let (Some(_), Some(buyer)) = (coupon.max_uses_per_user, buyer) {
        let uses = coupon_uses_by(conn, id, buyer.as_str())?;
        if !may_take_use(coupon.max_uses_per_user, uses) {
            return Err(PlaceFail::CouponUsedUp);
        }
    }
    diesel::update(coupons::table.find(id))
        .set(coupons::used.eq(coupons::used + 1))
        .execute(conn)?;
    Ok(())
}

/// The buyer's orders that hold a use of the coupon (those that have not ended).
pub(crate) fn coupon_uses_by(
    conn: &mut AnyConnection,
    coupon: &str,
    buyer: &str,
) -> QueryResult<i64> {
    orders::table
        .filter(orders::coupon_id.eq(coupon))
        .filter(orders::user_id.eq(buyer))
        .filter(orders::status.eq_any(texts(OrderStatus::STANDING)))
        .count()
        .get_result(conn)
}

/// A cash-on-delivery order: the same key from the same buyer is the same order, and the
/// buyer's open unpaid ones are counted with their account's row locked (PostgreSQL; SQLite's
/// write transaction holds the database), so parallel orders cannot pass the limit together.
fn place_cod_in(
    conn: &mut AnyConnection,
    order: &NewOrder,
    cod: &CodTerms,
    stock: &[StockChange],
) -> Result<Placement, PlaceFail> {
    let buyer = order
        .user
        .id
        .as_ref()
        .map(UserId::as_str)
        .unwrap_or_default();
    let account = users::table.find(buyer).select(users::id);
    match conn {
        AnyConnection::Postgresql(pg) => account.for_update().first::<String>(pg).optional()?,
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
        .filter(orders::status.eq_any(texts(OPEN_COD_STATUSES)))
        .count()
        .get_result(conn)?;
    let open = u64::try_from(open).map_err(|_| corrupt("count of open orders"))?;
    if !may_open_cod_order(open, cod.max_open) {
        return Err(PlaceFail::TooManyCodOrders);
    }
    take_and_insert(conn, order, stock)
}

fn find_by_cod_key_in(
    conn: &mut AnyConnection,
    buyer: &str,
    key: &str,
) -> QueryResult<Option<Order>> {
    let rows = orders::table
        .left_join(users::table)
        .filter(orders::user_id.eq(buyer))
        .filter(orders::cod_key.eq(key))
        .select(OrderRow::as_select())
        .load(conn)?;
    Ok(assemble(conn, rows)?.pop())
}

/// Steps 1 to 4 of [`OrderRepository::place`], inside the transaction.
fn place_in(
    conn: &mut AnyConnection,
    order: &NewOrder,
    stock: &[StockChange],
) -> Result<Placement, PlaceFail> {
    if let Some(existing) = find_by_payment_in(conn, &order.payment_id)? {
        return Ok(Placement::Existing(existing));
    }
    if let Some(cod) = &order.cod {
        return place_cod_in(conn, order, cod, stock);
    }

    let claim = checkout_intents::table
        .find(&order.provider_order_id)
        .select(checkout_intents::refund_payment_id);
    let claim = match conn {
        AnyConnection::Postgresql(pg) => {
            claim.for_update().first::<Option<String>>(pg).optional()?
        }
        AnyConnection::Sqlite(_) => claim.first::<Option<String>>(conn).optional()?,
    };
    if let Some(Some(_)) = claim {
        return Err(PlaceFail::Refunded);
    }

    take_and_insert(conn, order, stock)
}

/// Steps 3 and 4 of [`OrderRepository::place`]: stock, the coupon's use, and the order.
fn take_and_insert(
    conn: &mut AnyConnection,
    order: &NewOrder,
    stock: &[StockChange],
) -> Result<Placement, PlaceFail> {
    // Products in one order of locking, so two placements never wait on each other.
    let mut changes: Vec<&StockChange> = stock.iter().collect();
    changes.sort_by(|a, b| (a.product.as_str(), a.variant).cmp(&(b.product.as_str(), b.variant)));
    let mut low_stock = Vec::new();
    for change in changes {
        let left = take_stock(conn, change)?;
        if crossed_low_stock(left, change.quantity, order.low_stock_threshold) {
            low_stock.push(LowStock {
                product: change.product.clone(),
                name: change.name.clone(),
                size: change.size.clone(),
                left,
            });
        }
    }
    if let Some(coupon) = &order.coupon {
        take_coupon_use(conn, coupon, order.user.id.as_ref())?;
    }

    let invoice_no = order.invoice_prefix.invoice_number(
        FinancialYear::of(order.at),
        next_invoice_number(conn, FinancialYear::of(order.at))?,
    );
    let at = to_db_time(order.at);
    // The order as a read would give it back (the time at the database's precision); its
    // stored subtotal and discount are what it says they are.
    let placed = Order {
        id: order.id.clone(),
        lines: order.lines.iter().map(|l| l.line.clone()).collect(),
        user: order.user.clone(),
        address: order.address.clone(),
        pincode: order.pincode.clone(),
        amount_rupees: order.amount_rupees,
        coupon: order.coupon.as_ref().map(|c| OrderCoupon {
            code: c.code.clone(),
            discount_rupees: c.discount_rupees,
        }),
        payment_method: order.payment_method(),
        paid: order.cod.is_none(),
        payment_id: order.payment_id.clone(),
        provider_order_id: order.provider_order_id.clone(),
        state: Some(order.state),
        invoice_no: Some(invoice_no),
        status: OrderStatus::Pending,
        created_at: from_db_time(at),
        updated_at: from_db_time(at),
    };
    let id = order.id.as_str();
    diesel::insert_into(orders::table)
        .values((
            orders::id.eq(id),
            orders::user_id.eq(order.user.id.as_ref().map(UserId::as_str)),
            orders::user_name.eq(&order.user.name),
            orders::address.eq(&order.address),
            orders::pincode.eq(&order.pincode),
            orders::amount_rupees.eq(placed.amount_rupees),
            orders::subtotal_rupees.eq(placed.subtotal_rupees()),
            orders::discount_rupees.eq(placed.discount_rupees()),
            orders::coupon_code.eq(placed.coupon.as_ref().map(|c| c.code.as_str())),
            orders::coupon_id.eq(order.coupon.as_ref().map(|c| c.coupon.as_str())),
            orders::payment_method.eq(placed.payment_method.as_str()),
            orders::paid.eq(placed.paid),
            orders::cod_key.eq(order.cod.as_ref().and_then(|c| c.key.as_deref())),
            orders::payment_id.eq(&order.payment_id),
            orders::provider_order_id.eq(&order.provider_order_id),
            orders::state.eq(order.state.name()),
            orders::invoice_no.eq(&placed.invoice_no),
            orders::status.eq(placed.status.as_str()),
            orders::created_at.eq(at),
            orders::updated_at.eq(at),
        ))
        .execute(conn)?;
    for (position, new_line) in order.lines.iter().enumerate() {
        let line = &new_line.line;
        diesel::insert_into(order_lines::table)
            .values((
                order_lines::order_id.eq(id),
                order_lines::position
                    .eq(i32::try_from(position).map_err(|_| too_large("line position"))?),
                order_lines::product_id.eq(line.product.as_str()),
                order_lines::name.eq(&line.name),
                order_lines::category_name.eq(&line.category_name),
                order_lines::variant_index.eq(i32::try_from(new_line.variant_index)
                    .map_err(|_| too_large("variant index"))?),
                order_lines::variant_label.eq(&line.variant_label),
                order_lines::unit_price_paise.eq(line.unit_price.paise()),
                order_lines::discount.eq(i32::from(line.discount.value())),
                order_lines::quantity.eq(quantity_column(line.quantity, "an order line")?),
                order_lines::hsn.eq(line.tax.as_ref().map(|t| t.hsn.as_str())),
                order_lines::gst_rate.eq(line.tax.as_ref().map(|t| i32::from(t.rate.percent()))),
            ))
            .execute(conn)?;
    }
    insert_event(conn, id, 0, placed.status, order.actor.as_ref(), at)?;
    Ok(Placement::Placed {
        order: placed,
        low_stock,
    })
}

/// The next invoice number of the financial year, from 1: the year's counter is created or
/// moved on by one upsert, whose row lock (PostgreSQL) or write transaction (SQLite) holds
/// every other order's number back until this order commits or rolls back. Numbers are thus
/// given in commit order, and one rolled back is given again: no gap, no repeat.
fn next_invoice_number(conn: &mut AnyConnection, year: FinancialYear) -> QueryResult<u64> {
    let upsert = diesel::insert_into(invoice_counters::table)
        .values((
            invoice_counters::financial_year.eq(year.first_year()),
            invoice_counters::last_number.eq(1_i64),
        ))
        .on_conflict(invoice_counters::financial_year)
        .do_update()
        .set(invoice_counters::last_number.eq(invoice_counters::last_number + 1_i64))
        .returning(invoice_counters::last_number);
    let number: i64 = match conn {
        AnyConnection::Postgresql(pg) => upsert.get_result(pg)?,
        AnyConnection::Sqlite(sqlite) => upsert.get_result(sqlite)?,
    };
    u64::try_from(number).map_err(|_| corrupt(format_args!("invoice counter of {year}")))
}

fn place(
    conn: &mut AnyConnection,
    order: &NewOrder,
    stock: &[StockChange],
) -> Result<Placement, PlaceError> {
    match write_transaction_with(conn, |conn| place_in(conn, order, stock)) {
        Ok(placement) => Ok(placement),
        Err(PlaceFail::Db(error))
            if broken(&error) == Some(Broken::Unique(Some("orders_payment_id_key"))) =>
        {
            // The browser and the webhook raced past step 1: the other one's order stands.
            match find_by_payment_in(conn, &order.payment_id) {
                Ok(Some(existing)) => Ok(Placement::Existing(existing)),
                Ok(None) => Err(PlaceError::Repo(repo_error(error))),
                Err(read) => Err(PlaceError::Repo(repo_error(read))),
            }
        }
        Err(PlaceFail::OutOfStock {
            product,
            name,
            size,
            left,
        }) => Err(PlaceError::OutOfStock {
            product,
            name,
            size,
            left,
        }),
        Err(PlaceFail::Db(error))
            if broken(&error) == Some(Broken::Unique(Some("orders_user_id_cod_key_key"))) =>
        {
            // The same key raced itself past the first read: the other order stands.
            let buyer = order
                .user
                .id
                .as_ref()
                .map(UserId::as_str)
                .unwrap_or_default();
            let key = order
                .cod
                .as_ref()
                .and_then(|c| c.key.as_deref())
                .unwrap_or_default();
            match find_by_cod_key_in(conn, buyer, key) {
                Ok(Some(existing)) => Ok(Placement::Existing(existing)),
                Ok(None) => Err(PlaceError::Repo(repo_error(error))),
                Err(read) => Err(PlaceError::Repo(repo_error(read))),
            }
        }
        Err(PlaceFail::CouponUsedUp) => Err(PlaceError::CouponUsedUp),
        Err(PlaceFail::TooManyCodOrders) => Err(PlaceError::TooManyCodOrders),
        Err(PlaceFail::Refunded) => Err(PlaceError::Refunded),
        Err(PlaceFail::Db(error)) => Err(PlaceError::Repo(repo_error(error))),
    }
}

// --- status changes --------------------------------------------------------------------------

fn set_status_in(
    conn: &mut AnyConnection,
    id: &str,
    status: OrderStatus,
    actor: Option<&UserId>,
    at: DateTime<Utc>,
) -> Result<Order, Stop<OrderConflict>> {
    let target = SettableStatus::try_from(status)
        .map_err(|status| too_large(format_args!("{status:?} set by hand on order {id}")))?;
    let status = lock_order(conn, id)?
        .lifecycle
        .update_status(target)
        .map_err(|refusal| Stop::Conflict(refusal.into()))?;
    let at = to_db_time(at);
    diesel::update(orders::table.find(id))
        .set((
            orders::status.eq(status.as_str()),
            orders::updated_at.eq(at),
        ))
        .execute(conn)?;
    append_event(conn, id, status, actor, at)?;
    Ok(find_in(conn, id)?.ok_or(DieselError::NotFound)?)
}

fn mark_paid_in(
    conn: &mut AnyConnection,
    id: &str,
    at: DateTime<Utc>,
) -> Result<Order, Stop<OrderConflict>> {
    lock_order(conn, id)?
        .lifecycle
        .record_payment()
        .map_err(|refusal| Stop::Conflict(refusal.into()))?;
    let changed = diesel::update(orders::table.find(id).filter(orders::paid.eq(false)))
        .set((orders::paid.eq(true), orders::updated_at.eq(to_db_time(at))))
        .execute(conn)?;
    if changed == 0 {
        return Err(Stop::Conflict(OrderConflict::AlreadyPaid));
    }
    Ok(find_in(conn, id)?.ok_or(DieselError::NotFound)?)
}

fn cancel_in(
    conn: &mut AnyConnection,
    id: &str,
    actor: Option<&UserId>,
    at: DateTime<Utc>,
) -> Result<Cancellation, Stop<OrderConflict>> {
    let locked = lock_order(conn, id)?;
    let from = locked.lifecycle.status;
    let cancel = locked
        .lifecycle
        .cancel()
        .map_err(|refusal| Stop::Conflict(refusal.into()))?;
    let already_cancelled = cancel == Cancel::AlreadyCancelled;
    if cancel == Cancel::Cancel {
        let to = OrderStatus::Cancelled;
        let at = to_db_time(at);
        diesel::update(orders::table.find(id))
            .set((orders::status.eq(to.as_str()), orders::updated_at.eq(at)))
            .execute(conn)?;
        append_event(conn, id, to, actor, at)?;
        if let Some(release) = Release::on_move(from, to, locked.payment_method, locked.paid) {
            give_back(conn, id, release)?;
        }
    }
    let refund_id = orders::table
        .find(id)
        .select(orders::refund_id)
        .first::<Option<String>>(conn)?;
    let order = find_in(conn, id)?.ok_or(DieselError::NotFound)?;
    Ok(Cancellation {
        order,
        already_cancelled,
        refund_id,
    })
}

/// Gives back what the order took, as `release` says: its sizes to stock, its coupon's use.
/// The refund is the use case's (through the payment provider); store credit and what is
/// left to collect are not stored apart from the order.
fn give_back(conn: &mut AnyConnection, id: &str, release: Release) -> QueryResult<()> {
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
            // The product's row first, as placing does. A product that is gone matches no row
            // and is skipped; a pooled product's sizes have no stock of their own (NULL).
            diesel::update(products::table.find(&product))
                .set(products::quantity.eq(products::quantity + quantity))
                .execute(conn)?;
            diesel::update(
                product_variants::table
                    .filter(product_variants::product_id.eq(&product))
                    .filter(product_variants::position.eq(variant_index))
                    .filter(product_variants::stock.is_not_null()),
            )
            .set(product_variants::stock.eq(product_variants::stock + quantity))
            .execute(conn)?;
        }
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
                let rows = orders::table
                    .left_join(users::table)
                    .filter(orders::user_id.eq(user))
                    .filter(orders::status.eq_any(texts(OrderStatus::LISTED_FOR_SHOPPER)))
                    .order((orders::created_at.desc(), orders::id.desc()))
                    .select(OrderRow::as_select())
                    .load(conn)?;
                assemble(conn, rows)
            })
            .await
    }

    async fn all(&self) -> Result<Vec<Order>, RepoError> {
        self.db
            .run(move |conn| {
                let rows = orders::table
                    .left_join(users::table)
                    .order((orders::created_at.desc(), orders::id.desc()))
                    .select(OrderRow::as_select())
                    .load(conn)?;
                assemble(conn, rows)
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
            .run_raw(move |conn| {
                write_transaction_with(conn, |conn| {
                    set_status_in(conn, &id, status, actor.as_ref(), at)
                })
                .map_err(|stop| stop.into_repo(|_| None))
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
            .run_raw(move |conn| {
                write_transaction_with(conn, |conn| cancel_in(conn, &id, actor.as_ref(), at))
                    .map_err(|stop| stop.into_repo(|_| None))
            })
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
            .run_raw(move |conn| {
                write_transaction_with(conn, |conn| mark_paid_in(conn, &id, at))
                    .map_err(|stop| stop.into_repo(|_| None))
            })
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
            .run(move |conn| {
                let changed = diesel::update(orders::table.find(&id))
                    .set((
                        orders::refund_id.eq(&refund.id),
                        orders::refund_status.eq(&refund.status),
                    ))
                    .execute(conn)?;
                if changed == 0 {
                    return Err(DieselError::NotFound);
                }
                Ok(())
            })
            .await
    }
}
