use async_trait::async_trait;
use chrono::NaiveDateTime;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::admin::{
    LowStockProduct, OrderPoint, ProductFitReasons, StatsRepository, StatsSnapshot, Totals,
};
use paduka_application::catalog::FitRepository;
use paduka_application::checkout::CodAreaRepository;
use paduka_domain::ProductId;
use paduka_domain::catalog::variant_words;
use paduka_domain::order::{AreaCodShipments, OrderStatus, PaymentMethod, ShipmentOutcome};
use paduka_domain::returns::{FitReasons, Reason, ReturnStatus, ReturnedPairs, SoldPairs};

use crate::db::{AnyConnection, Database, corrupt, from_db_time, to_db_time};
use crate::schema::{
    order_lines, orders, product_variants, products, return_lines, returns, shipments,
};

/// The admin overview's figures, read from `orders` and `products`. Days are bucketed by the
/// service, so no backend date function is needed.
#[derive(Debug, Clone)]
pub struct DieselStatsRepository {
    db: Database,
}

impl DieselStatsRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// When an order was placed and what it came to.
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct PointRow {
    created_at: NaiveDateTime,
    amount_rupees: i64,
}

/// A pooled product's stock.
#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
struct StockRow {
    id: String,
    name: String,
    quantity: i32,
}

/// One size's stock, with its product's name.
#[derive(Queryable, Selectable)]
#[diesel(table_name = product_variants)]
struct SizeStockRow {
    product_id: String,
    #[diesel(select_expression = products::name)]
    name: String,
    label: Option<String>,
    model: Option<String>,
    stock: Option<i32>,
    color: String,
}

/// The shipments shipped at or after `since` that have ended (delivered or returned to
/// origin): the overview's RTO figures, and with `cod_area` (3 digits) the cash-on-delivery
/// ones to that pincode area, which the COD limit counts (decisions D38).
fn ended_shipments(
    conn: &mut AnyConnection,
    since: NaiveDateTime,
    cod_area: Option<&str>,
) -> QueryResult<Vec<ShipmentOutcome>> {
    let mut query = shipments::table
        .inner_join(orders::table)
        .filter(shipments::shipped_at.ge(since))
        .filter(orders::status.eq_any(ShipmentOutcome::ENDS.map(OrderStatus::as_str)))
        .select((
            orders::id,
            orders::payment_method,
            orders::pincode,
            orders::status,
        ))
        .into_boxed();
    if let Some(area) = cod_area {
        // A pincode is 6 digits: the area's 3 hold no LIKE wildcard.
        query = query
            .filter(orders::payment_method.eq(PaymentMethod::Cod.as_str()))
            .filter(orders::pincode.like(format!("{area}%")));
    }
    query
        .load::<(String, String, String, String)>(conn)?
        .into_iter()
        .map(|(id, method, pincode, status)| {
            let payment_method = PaymentMethod::from_stored(&method)
                .ok_or_else(|| corrupt(format_args!("payment method of order {id}")))?;
            let status = OrderStatus::from_stored(&status)
                .ok_or_else(|| corrupt(format_args!("status of order {id}")))?;
            Ok(ShipmentOutcome::of(payment_method, pincode, status))
        })
        .filter_map(QueryResult::transpose)
        .collect()
}

/// The fit reasons of the return lines in returns asked for at or after `since` that were
/// neither rejected nor cancelled, by product (its id, its name on the latest such line, the
/// counts); with `product`, that product's only (decisions D38).
fn fit_reasons_by_product(
    conn: &mut AnyConnection,
    since: NaiveDateTime,
    product: Option<&str>,
) -> QueryResult<Vec<ProductFitReasons>> {
    let fit = [Reason::TooSmall, Reason::TooBig].map(Reason::as_str);
    let mut query = return_lines::table
        .inner_join(returns::table)
        .filter(returns::created_at.ge(since))
        .filter(returns::status.eq_any(ReturnStatus::HOLDING.map(ReturnStatus::as_str)))
        .filter(return_lines::reason.eq_any(fit))
        .order((
            returns::created_at,
            return_lines::return_id,
            return_lines::position,
        ))
        .select((
            return_lines::return_id,
            return_lines::product_id,
            return_lines::name,
            return_lines::reason,
        ))
        .into_boxed();
    if let Some(product) = product {
        query = query.filter(return_lines::product_id.eq(product.to_owned()));
    }
    let mut products: Vec<(String, String, Vec<Reason>)> = Vec::new();
    for (id, product, name, reason) in query.load::<(String, String, String, String)>(conn)? {
        let reason = Reason::from_stored(&reason)
            .ok_or_else(|| corrupt(format_args!("reason of return {id}")))?;
        match products.iter_mut().find(|(known, _, _)| *known == product) {
            Some((_, latest, reasons)) => {
                *latest = name;
                reasons.push(reason);
            }
            None => products.push((product, name, vec![reason])),
        }
    }
    Ok(products
        .into_iter()
        .map(|(id, name, reasons)| ProductFitReasons {
            id: ProductId::new(id),
            name,
            reasons: FitReasons::of(reasons),
        })
        .collect())
}

fn pairs(count: i32, product: &str) -> QueryResult<u32> {
    u32::try_from(count).map_err(|_| corrupt(format_args!("stock of product {product}")))
}

#[async_trait]
impl StatsRepository for DieselStatsRepository {
    async fn fit_reasons(&self, since: DateTime<Utc>) -> Result<Vec<ProductFitReasons>, RepoError> {
        let since = to_db_time(since);
        self.db
            .run(move |conn| fit_reasons_by_product(conn, since, None))
            .await
    }

    async fn overview(
        &self,
        since: DateTime<Utc>,
        quarter_since: DateTime<Utc>,
        low_stock_threshold: u32,
        low_stock_limit: u32,
    ) -> Result<StatsSnapshot, RepoError> {
        let since = to_db_time(since);
        let quarter_since = to_db_time(quarter_since);
        let threshold = i32::try_from(low_stock_threshold).unwrap_or(i32::MAX);
        let limit = i64::from(low_stock_limit);
        self.db
            .run(move |conn| {
                let points = orders::table
                    .filter(orders::created_at.ge(since))
                    .filter(orders::status.eq_any(OrderStatus::STANDING.map(OrderStatus::as_str)))
                    .select(PointRow::as_select())
                    .load(conn)?
                    .into_iter()
                    .map(|row: PointRow| OrderPoint {
                        created_at: from_db_time(row.created_at),
                        amount_rupees: row.amount_rupees,
                    })
                    .collect();
                let collect: Vec<i64> = orders::table
                    .filter(orders::payment_method.eq(PaymentMethod::Cod.as_str()))
                    .filter(orders::paid.eq(false))
                    .filter(orders::status.eq_any(OrderStatus::STANDING.map(OrderStatus::as_str)))
                    .select(orders::amount_rupees)
                    .load(conn)?;
                let to_collect = Totals {
                    orders: collect.len() as u64,
                    revenue: collect.iter().sum(),
                };
                let pending: i64 = orders::table
                    .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                    .count()
                    .get_result(conn)?;
                let sized = product_variants::table
                    .filter(product_variants::stock.is_not_null())
                    .select(product_variants::product_id);
                let mut low_stock = products::table
                    .filter(products::quantity.le(threshold))
                    .filter(products::id.ne_all(sized))
                    .order((products::quantity, products::name, products::id))
                    .limit(limit)
                    .select(StockRow::as_select())
                    .load(conn)?
                    .into_iter()
                    .map(|row: StockRow| {
                        Ok(LowStockProduct {
                            quantity: pairs(row.quantity, &row.id)?,
                            id: ProductId::new(row.id),
                            name: row.name,
                            size: None,
                        })
                    })
                    .collect::<QueryResult<Vec<_>>>()?;
                let sizes = product_variants::table
                    .inner_join(products::table)
                    .filter(product_variants::stock.le(threshold))
                    .order((
                        product_variants::stock,
                        products::name,
                        product_variants::product_id,
                        product_variants::position,
                    ))
                    .limit(limit)
                    .select(SizeStockRow::as_select())
                    .load(conn)?;
                for row in sizes {
                    low_stock.push(LowStockProduct {
                        quantity: pairs(row.stock.unwrap_or_default(), &row.product_id)?,
                        id: ProductId::new(row.product_id),
                        name: row.name,
                        // A colour's size is its own stock: `Tan, UK 8` (decisions D44).
                        size: variant_words(&row.color, row.label.or(row.model).as_deref()),
                    });
                }
                low_stock.sort_by(|a, b| {
                    (a.quantity, &a.name, &a.size).cmp(&(b.quantity, &b.name, &b.size))
                });
                low_stock.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
                let shipments = ended_shipments(conn, quarter_since, None)?;
                let returned = return_lines::table
                    .inner_join(returns::table)
                    .filter(returns::created_at.ge(quarter_since))
                    .filter(returns::status.eq_any(ReturnStatus::HOLDING.map(ReturnStatus::as_str)))
                    .select((
                        return_lines::return_id,
                        return_lines::reason,
                        return_lines::size_label,
                        return_lines::quantity,
                    ))
                    .load::<(String, String, Option<String>, i32)>(conn)?
                    .into_iter()
                    .map(|(id, reason, size, quantity)| {
                        Ok(ReturnedPairs {
                            reason: Reason::from_stored(&reason)
                                .ok_or_else(|| corrupt(format_args!("reason of return {id}")))?,
                            size,
                            quantity: u32::try_from(quantity).map_err(|_| {
                                corrupt(format_args!("quantity of a line of return {id}"))
                            })?,
                        })
                    })
                    .collect::<QueryResult<Vec<_>>>()?;
                // Orders that still stand: a cancelled order or a parcel back at origin sold
                // nothing.
                // Summed per size in the query: a quarter's lines are thousands of rows, its
                // sizes a few dozen (a replacement order is a group of its own, and rare).
                let sold = order_lines::table
                    .inner_join(orders::table)
                    .filter(orders::created_at.ge(quarter_since))
                    .filter(orders::status.eq_any(OrderStatus::STANDING.map(OrderStatus::as_str)))
                    .group_by((order_lines::variant_label, orders::replaces))
                    .select((
                        order_lines::variant_label,
                        orders::replaces,
                        diesel::dsl::sum(order_lines::quantity),
                    ))
                    .load::<(Option<String>, Option<String>, Option<i64>)>(conn)?
                    .into_iter()
                    .map(|(size, replaces, quantity)| {
                        Ok(SoldPairs {
                            quantity: u32::try_from(quantity.unwrap_or_default()).map_err(
                                |_| corrupt(format_args!("pairs sold in size {size:?}")),
                            )?,
                            size,
                            replacement: replaces.is_some(),
                        })
                    })
                    .collect::<QueryResult<Vec<_>>>()?;
                Ok(StatsSnapshot {
                    orders: points,
                    pending_orders: u64::try_from(pending).unwrap_or_default(),
                    to_collect,
                    low_stock,
                    shipments,
                    returned,
                    sold,
                })
            })
            .await
    }
}

#[async_trait]
impl FitRepository for DieselStatsRepository {
    async fn fit_reasons(
        &self,
        product: &ProductId,
        since: DateTime<Utc>,
    ) -> Result<FitReasons, RepoError> {
        let since = to_db_time(since);
        let product = product.to_string();
        self.db
            .run(move |conn| {
                let found = fit_reasons_by_product(conn, since, Some(&product))?;
                Ok(found.first().map(|p| p.reasons).unwrap_or_default())
            })
            .await
    }
}

#[async_trait]
impl CodAreaRepository for DieselStatsRepository {
    async fn cod_shipments(
        &self,
        area: &str,
        since: DateTime<Utc>,
    ) -> Result<AreaCodShipments, RepoError> {
        let since = to_db_time(since);
        let area = area.to_owned();
        self.db
            .run(move |conn| {
                let outcomes = ended_shipments(conn, since, Some(&area))?;
                Ok(AreaCodShipments::of(&outcomes, &area))
            })
            .await
    }
}
