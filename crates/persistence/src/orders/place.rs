//! The placing transaction: the order, its lines, its invoice number, and what it takes.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use paduka_application::orders::{
    LowStock, NewOrder, OrderCredit, PlaceError, Placement, StockChange,
};
use paduka_domain::credit::credit_to_use;
use paduka_domain::invoice::FinancialYear;
use paduka_domain::order::{CodConfirmation, Order, OrderCoupon, OrderStatus, crossed_low_stock};
use paduka_domain::{OrderId, ProductId, UserId};

use super::cod::{buyer_id, place_cod_in};
use super::coupon::take_coupon_use;
use super::rows::{find_by_cod_key_in, find_by_payment_in};
use super::status::insert_event;
use super::stock::{quantity_column, take_stock};
use crate::credit;
use crate::db::{
    AnyConnection, Broken, broken, corrupt, from_db_time, repo_error, to_db_time, too_large,
    write_transaction_with,
};
use crate::schema::{checkout_intents, invoice_counters, order_lines, orders};

/// Why placing an order stopped; anything but `Db` is a rule of the port.
#[derive(Debug)]
pub(crate) enum PlaceFail {
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
    CreditChanged,
}

impl From<DieselError> for PlaceFail {
    fn from(error: DieselError) -> Self {
        Self::Db(error)
    }
}

/// Steps 1 to 4 of [`OrderRepository::place`], inside the transaction.
///
/// [`OrderRepository::place`]: paduka_application::orders::OrderRepository::place
pub(super) fn place_in(
    conn: &mut AnyConnection,
    order: &NewOrder,
    stock: &[StockChange],
) -> Result<Placement, PlaceFail> {
    if let Some(cod) = &order.cod {
        if let Some(existing) = find_by_payment_in(conn, &order.payment_id)? {
            return Ok(Placement::Existing(existing));
        }
        return place_cod_in(conn, order, cod, stock);
    }

    // The intent's refund claim, locked, and whether the payment has its order already, in
    // one round trip (a paid order's path has some thirty; each costs the server more on
    // PostgreSQL than the rows it brings). A placement racing past this is stopped by the
    // unique payment id (see `place`).
    let placed =
        diesel::dsl::exists(orders::table.filter(orders::payment_id.eq(&order.payment_id)));
    let claim = checkout_intents::table
        .find(&order.provider_order_id)
        .select((checkout_intents::refund_payment_id, placed));
    let claim = match conn {
        AnyConnection::Postgresql(pg) => claim
            .for_update()
            .first::<(Option<String>, bool)>(pg)
            .optional()?,
        AnyConnection::Sqlite(_) => claim.first::<(Option<String>, bool)>(conn).optional()?,
    };
    // Without a stored intent the order is looked for by itself.
    if claim.as_ref().is_none_or(|(_, placed)| *placed)
        && let Some(existing) = find_by_payment_in(conn, &order.payment_id)?
    {
        return Ok(Placement::Existing(existing));
    }
    if let Some((Some(_), _)) = claim {
        return Err(PlaceFail::Refunded);
    }

    take_and_insert(conn, order, stock)
}

/// Steps 3 and 4 of [`OrderRepository::place`]: stock, the coupon's use, and the order.
///
/// [`OrderRepository::place`]: paduka_application::orders::OrderRepository::place
pub(super) fn take_and_insert(
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

    let credit_used = take_credit(conn, order)?;

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
        prepaid_discount_rupees: order.charge.prepaid_discount_rupees,
        cod_fee_rupees: order.charge.cod_fee_rupees,
        credit_used_rupees: credit_used,
        payment_method: order.payment_method(),
        paid: order.cod.is_none(),
        payment_id: order.payment_id.clone(),
        provider_order_id: order.provider_order_id.clone(),
        state: Some(order.state),
        invoice_no: Some(invoice_no),
        status: OrderStatus::Pending,
        shipment: None,
        delivered_at: None,
        replaces: None,
        whatsapp: order.whatsapp,
        cod_confirmation: CodConfirmation::on_placing(order.payment_method(), false),
        created_at: from_db_time(at),
        updated_at: from_db_time(at),
    };
    let keys = OrderKeys {
        coupon_id: order.coupon.as_ref().map(|c| c.coupon.as_str()),
        cod_key: order.cod.as_ref().and_then(|c| c.key.as_deref()),
    };
    let variants: Vec<u32> = order.lines.iter().map(|l| l.variant_index).collect();
    insert_order(conn, &placed, &variants, keys, order.actor.as_ref())?;
    Ok(Placement::Placed {
        order: placed,
        low_stock,
    })
}

/// What an order's row keeps besides what [`Order`] says.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct OrderKeys<'a> {
    /// The coupon whose use it took.
    pub(crate) coupon_id: Option<&'a str>,
    /// The shopper's `Idempotency-Key` of a cash-on-delivery order.
    pub(crate) cod_key: Option<&'a str>,
}

/// Writes a new order as `order` says: its row, its lines (line i of size `variants[i]`),
/// and its first event, its status, set by `actor`. Takes nothing (stock, coupon, credit):
/// the caller did.
pub(crate) fn insert_order(
    conn: &mut AnyConnection,
    order: &Order,
    variants: &[u32],
    keys: OrderKeys<'_>,
    actor: Option<&UserId>,
) -> QueryResult<()> {
    let id = order.id.as_str();
    let at = to_db_time(order.created_at);
    diesel::insert_into(orders::table)
        .values((
            orders::id.eq(id),
            orders::user_id.eq(order.user.id.as_ref().map(UserId::as_str)),
            orders::user_name.eq(&order.user.name),
            orders::address.eq(&order.address),
            orders::pincode.eq(&order.pincode),
            orders::amount_rupees.eq(order.amount_rupees),
            orders::subtotal_rupees.eq(order.subtotal_rupees()),
            orders::discount_rupees.eq(order.discount_rupees()),
            orders::coupon_code.eq(order.coupon.as_ref().map(|c| c.code.as_str())),
            orders::coupon_id.eq(keys.coupon_id),
            orders::payment_method.eq(order.payment_method.as_str()),
            orders::paid.eq(order.paid),
            orders::cod_key.eq(keys.cod_key),
            orders::payment_id.eq(&order.payment_id),
            orders::provider_order_id.eq(&order.provider_order_id),
            orders::state.eq(order.state.map(|state| state.name())),
            orders::invoice_no.eq(&order.invoice_no),
            orders::credit_used.eq(order.credit_used_rupees),
            orders::status.eq(order.status.as_str()),
            orders::replaces.eq(order.replaces.as_ref().map(OrderId::as_str)),
            orders::whatsapp.eq(order.whatsapp),
            orders::cod_confirmation.eq(order.cod_confirmation.map(CodConfirmation::as_str)),
            orders::prepaid_discount_rupees.eq(order.prepaid_discount_rupees),
            orders::cod_fee_rupees.eq(order.cod_fee_rupees),
            orders::created_at.eq(at),
            orders::updated_at.eq(to_db_time(order.updated_at)),
        ))
        .execute(conn)?;
    if variants.len() != order.lines.len() {
        return Err(too_large(format_args!("sizes of the lines of order {id}")));
    }
    for (position, (line, variant)) in order.lines.iter().zip(variants).enumerate() {
        diesel::insert_into(order_lines::table)
            .values((
                order_lines::order_id.eq(id),
                order_lines::position
                    .eq(i32::try_from(position).map_err(|_| too_large("line position"))?),
                order_lines::product_id.eq(line.product.as_str()),
                order_lines::name.eq(&line.name),
                order_lines::category_name.eq(&line.category_name),
                order_lines::variant_index
                    .eq(i32::try_from(*variant).map_err(|_| too_large("variant index"))?),
                order_lines::variant_label.eq(&line.variant_label),
                order_lines::color.eq(&line.color),
                order_lines::unit_price_paise.eq(line.unit_price.paise()),
                order_lines::discount.eq(i32::from(line.discount.value())),
                order_lines::sale_price_paise.eq(line.sale_price.paise()),
                order_lines::quantity.eq(quantity_column(line.quantity, "an order line")?),
                order_lines::hsn.eq(line.tax.as_ref().map(|t| t.hsn.as_str())),
                order_lines::gst_rate.eq(line.tax.as_ref().map(|t| i32::from(t.rate.percent()))),
            ))
            .execute(conn)?;
    }
    insert_event(conn, id, 0, order.status, actor, at)
}

/// The store credit the order pays with, taken from the buyer's balance (locked; see
/// [`credit::lock_balance`]): exactly the agreed rupees or `CreditChanged`, or for cash on
/// delivery as much as [`credit_to_use`] allows of the balance read now.
fn take_credit(conn: &mut AnyConnection, order: &NewOrder) -> Result<i64, PlaceFail> {
    let rupees = match order.credit {
        OrderCredit::None | OrderCredit::Exactly(0) => return Ok(0),
        OrderCredit::Exactly(rupees) => rupees,
        OrderCredit::AsMuchAsAllowed => {
            let Some(buyer) = &order.user.id else {
                return Ok(0);
            };
            let balance = credit::lock_balance(conn, buyer, to_db_time(order.at))?;
            credit_to_use(balance, order.amount_rupees)
        }
    };
    let Some(buyer) = &order.user.id else {
        return Err(PlaceFail::CreditChanged);
    };
    if credit::spend(conn, buyer, rupees, &order.id, order.at)? {
        Ok(rupees)
    } else {
        Err(PlaceFail::CreditChanged)
    }
}

/// The next invoice number of the financial year, from 1: the year's counter is created or
/// moved on by one upsert, whose row lock (PostgreSQL) or write transaction (SQLite) holds
/// every other order's number back until this order commits or rolls back. Numbers are thus
/// given in commit order, and one rolled back is given again: no gap, no repeat.
pub(super) fn next_invoice_number(
    conn: &mut AnyConnection,
    year: FinancialYear,
) -> QueryResult<u64> {
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

pub(super) fn place(
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
            let buyer = buyer_id(order);
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
        Err(PlaceFail::CreditChanged) => Err(PlaceError::CreditChanged),
        Err(PlaceFail::Db(error)) => Err(PlaceError::Repo(repo_error(error))),
    }
}
