use paduka_application::admin::{DayStats, FitFlag, LowStockProduct, ShopStats, Totals};
use paduka_domain::order::{AreaRto, RtoStats};
use paduka_domain::returns::ReturnStats;
use serde::Serialize;
use utoipa::ToSchema;

use super::returns::ReasonName;

/// Orders and revenue over a span. Cancelled orders count in neither.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TotalsDto {
    pub orders: u64,
    /// Whole rupees.
    pub revenue: i64,
}

impl From<Totals> for TotalsDto {
    fn from(totals: Totals) -> Self {
        Self {
            orders: totals.orders,
            revenue: totals.revenue,
        }
    }
}

/// One India day (UTC+05:30) of the revenue series.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DayStatsDto {
    /// `YYYY-MM-DD`, an India day.
    #[schema(format = Date)]
    pub date: String,
    pub orders: u64,
    /// Whole rupees.
    pub revenue: i64,
}

impl From<&DayStats> for DayStatsDto {
    fn from(day: &DayStats) -> Self {
        Self {
            date: day.date.format("%Y-%m-%d").to_string(),
            orders: day.totals.orders,
            revenue: day.totals.revenue,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LowStockDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The size's label for a product that tracks sizes; `null` for a pooled product.
    pub size: Option<String>,
    /// Pairs left of that size, or in the pool.
    pub quantity: u32,
}

impl From<&LowStockProduct> for LowStockDto {
    fn from(product: &LowStockProduct) -> Self {
        Self {
            id: product.id.to_string(),
            name: product.name.clone(),
            size: product.size.clone(),
            quantity: product.quantity,
        }
    }
}

/// Cash the couriers are to collect.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ToCollectDto {
    pub orders: u64,
    /// Whole rupees.
    pub amount: i64,
}

/// One pincode area's returns to origin.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AreaRtoDto {
    /// The pincodes' first 3 digits.
    pub prefix: String,
    /// Returned over ended shipments, 0 to 1.
    pub rate: f64,
    /// Ended shipments (delivered or returned), at least 5.
    pub shipments: u32,
}

/// Returns to origin (RTO) of the last 90 days' shipments that ended (delivered or
/// returned): rates from 0 to 1, 0 without any.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RtoDto {
    pub rate: f64,
    /// Cash-on-delivery shipments only.
    pub cod: f64,
    /// Shipments paid online only.
    pub online: f64,
    /// The 5 areas with the highest rate among those with at least 5 ended shipments.
    pub areas: Vec<AreaRtoDto>,
}

impl From<&RtoStats> for RtoDto {
    fn from(rto: &RtoStats) -> Self {
        Self {
            rate: rto.rate,
            cod: rto.cod,
            online: rto.online,
            areas: rto
                .areas
                .iter()
                .map(|area| AreaRtoDto {
                    prefix: area.prefix.clone(),
                    rate: area.rate,
                    shipments: area.shipments,
                })
                .collect(),
        }
    }
}

/// A pincode area where `COD_RTO_LIMIT` turns cash on delivery off (decisions D38).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CodOffAreaDto {
    /// The pincodes' first 3 digits.
    pub prefix: String,
    /// Cash-on-delivery shipments returned over those that ended, 0 to 1: at or over the
    /// limit.
    pub rate: f64,
    /// Ended cash-on-delivery shipments (delivered or returned), at least
    /// `COD_RTO_MIN_SHIPMENTS`.
    pub shipments: u32,
}

impl From<&AreaRto> for CodOffAreaDto {
    fn from(area: &AreaRto) -> Self {
        Self {
            prefix: area.prefix.clone(),
            rate: area.rate,
            shipments: area.shipments,
        }
    }
}

/// A product whose returns say it runs small or large (decisions D38).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFitDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// As its latest return names it.
    pub name: String,
    pub fit: super::FitName,
    /// Return lines that said `Too small` in the last 180 days.
    pub too_small: u32,
    /// Return lines that said `Too big` in the last 180 days.
    pub too_big: u32,
}

impl From<&FitFlag> for ProductFitDto {
    fn from(flag: &FitFlag) -> Self {
        Self {
            id: flag.id.to_string(),
            name: flag.name.clone(),
            fit: flag.fit.into(),
            too_small: flag.reasons.too_small,
            too_big: flag.reasons.too_big,
        }
    }
}

/// Pairs returned for one reason.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReasonCountDto {
    pub reason: ReasonName,
    /// Pairs, in returns neither rejected nor cancelled.
    pub count: u32,
}

/// One size's pairs returned of the pairs sold.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SizeReturnsDto {
    /// The size's label, e.g. `UK 7`.
    pub size: String,
    /// Pairs of this size sent back, in returns asked for in the span and neither rejected
    /// nor cancelled.
    pub returned: u32,
    /// Pairs of this size in orders placed in the span, except cancelled ones and parcels
    /// returned to origin.
    pub sold: u32,
    /// `returned / sold`, 0 when none were sold in the span.
    pub rate: f64,
}

/// Returns of the last 90 days (decisions D25), counted in pairs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnsStatsDto {
    /// All five reasons, in the order the return form lists them, 0 included.
    pub by_reason: Vec<ReasonCountDto>,
    /// Every size sold or returned in the span, in size order (`UK 6` before `UK 10`).
    pub by_size: Vec<SizeReturnsDto>,
}

impl From<&ReturnStats> for ReturnsStatsDto {
    fn from(stats: &ReturnStats) -> Self {
        Self {
            by_reason: stats
                .by_reason
                .iter()
                .map(|r| ReasonCountDto {
                    reason: r.reason.into(),
                    count: r.count,
                })
                .collect(),
            by_size: stats
                .by_size
                .iter()
                .map(|s| SizeReturnsDto {
                    size: s.size.clone(),
                    returned: s.returned,
                    sold: s.sold,
                    rate: s.rate,
                })
                .collect(),
        }
    }
}

/// `GET /admin/stats`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminStatsResponse {
    pub success: bool,
    /// Today, an India day.
    pub today: TotalsDto,
    /// The last 30 India days, today included.
    #[serde(rename = "last30Days")]
    pub last_30_days: TotalsDto,
    /// 30 entries, oldest first, today last; days without orders are zeros.
    pub revenue_by_day: Vec<DayStatsDto>,
    /// Orders whose status is `Pending`, whenever placed.
    pub pending_orders: u64,
    /// Unpaid cash-on-delivery orders that are not cancelled: `orders`, and `amount` (whole
    /// rupees) the couriers are to collect.
    pub to_collect: ToCollectDto,
    /// Sizes (and pooled products) with `LOW_STOCK_THRESHOLD` pairs or fewer (default 5),
    /// lowest first, at most 10.
    pub low_stock: Vec<LowStockDto>,
    /// How often parcels come back (decisions D15).
    pub rto: RtoDto,
    /// The areas with cash on delivery off for their returns to origin over the same 90 days,
    /// the highest rate first; empty without `COD_RTO_LIMIT` (decisions D38).
    pub cod_off: Vec<CodOffAreaDto>,
    /// Returns by reason and by size (decisions D25).
    pub returns: ReturnsStatsDto,
    /// The products whose returns of the last 180 days say they run small or large (at least
    /// `FIT_MIN_RETURNS` fit reasons, 60 % one way), by name (decisions D38).
    pub fit: Vec<ProductFitDto>,
}

impl From<&ShopStats> for AdminStatsResponse {
    fn from(stats: &ShopStats) -> Self {
        Self {
            success: true,
            today: stats.today.into(),
            last_30_days: stats.last_30_days.into(),
            revenue_by_day: stats.revenue_by_day.iter().map(DayStatsDto::from).collect(),
            pending_orders: stats.pending_orders,
            to_collect: ToCollectDto {
                orders: stats.to_collect.orders,
                amount: stats.to_collect.revenue,
            },
            low_stock: stats.low_stock.iter().map(LowStockDto::from).collect(),
            rto: (&stats.rto).into(),
            cod_off: stats.cod_off.iter().map(CodOffAreaDto::from).collect(),
            returns: (&stats.returns).into(),
            fit: stats.fit.iter().map(ProductFitDto::from).collect(),
        }
    }
}
