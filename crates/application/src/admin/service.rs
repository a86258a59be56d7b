use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use paduka_domain::ProductId;
use paduka_domain::order::{AreaRto, CodRtoLimit, RtoStats, rto_since};
use paduka_domain::returns::{Fit, FitReasons, FitRule, ReturnStats, fit_since};
use paduka_domain::sale::india_time;
use tracing::instrument;

use super::{AdminError, LowStockProduct, StatsRepository};
use crate::Clock;
use crate::accounts::Admin;

/// Days in the revenue series, today included.
pub const STATS_DAYS: u32 = 30;
/// A size (or a pooled product) with this many pairs or fewer is low on stock, unless
/// configured otherwise (`LOW_STOCK_THRESHOLD`).
pub const LOW_STOCK_THRESHOLD: u32 = 5;
/// At most this many low-stock products are listed.
pub const LOW_STOCK_LIMIT: u32 = 10;
/// The returns-to-origin card looks at the shipments of this many days (the domain's span,
/// which the COD limit's areas share), the returns panels at the returns and sales of as many
/// ([`ReturnStats::DAYS`]).
pub const RTO_DAYS: i64 = paduka_domain::order::RTO_DAYS;
const _: () = assert!(
    RTO_DAYS == ReturnStats::DAYS,
    "one 90-day span on the overview"
);

/// Orders and revenue (whole rupees) over a span.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub orders: u64,
    pub revenue: i64,
}

/// One India day of the series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayStats {
    pub date: NaiveDate,
    pub totals: Totals,
}

/// A product whose returns say it runs small or large (decisions D38).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FitFlag {
    pub id: ProductId,
    pub name: String,
    pub fit: Fit,
    pub reasons: FitReasons,
}

/// The admin overview.
#[derive(Debug, Clone, PartialEq)]
pub struct ShopStats {
    pub today: Totals,
    pub last_30_days: Totals,
    /// [`STATS_DAYS`] India days, oldest first, today last; days without orders are zero.
    pub revenue_by_day: Vec<DayStats>,
    pub pending_orders: u64,
    /// Unpaid cash-on-delivery orders not cancelled: `revenue` is what the couriers are to
    /// collect.
    pub to_collect: Totals,
    pub low_stock: Vec<LowStockProduct>,
    /// Returns to origin of the last [`RTO_DAYS`] days' shipments.
    pub rto: RtoStats,
    /// The areas where `COD_RTO_LIMIT` turns cash on delivery off (decisions D38), counted
    /// over the same shipments' cash-on-delivery ones; empty without the limit.
    pub cod_off: Vec<AreaRto>,
    /// Returns of the last [`ReturnStats::DAYS`] days, by reason and by size.
    pub returns: ReturnStats,
    /// The products whose returns of the last 180 days say they run small or large, by name.
    pub fit: Vec<FitFlag>,
}

pub struct AdminService {
    stats: Arc<dyn StatsRepository>,
    clock: Arc<dyn Clock>,
    low_stock_threshold: u32,
    cod_rto_limit: Option<CodRtoLimit>,
    fit_rule: FitRule,
}

/// The admin overview.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait AdminUseCases: Send + Sync {
    /// The overview as of now. "Today" and the days of the series are India days (UTC+05:30);
    /// cancelled orders count neither as orders nor as revenue.
    async fn stats(&self, admin: &Admin) -> Result<ShopStats, AdminError>;
}

impl AdminService {
    pub fn new(stats: Arc<dyn StatsRepository>, clock: Arc<dyn Clock>) -> Self {
        Self {
            stats,
            clock,
            low_stock_threshold: LOW_STOCK_THRESHOLD,
            cod_rto_limit: None,
            fit_rule: FitRule::default(),
        }
    }

    /// Flags the products `rule` says run small or large.
    pub fn with_fit_rule(mut self, rule: FitRule) -> Self {
        self.fit_rule = rule;
        self
    }

    /// Lists the areas where `limit` turns cash on delivery off.
    pub fn with_cod_rto_limit(mut self, limit: Option<CodRtoLimit>) -> Self {
        self.cod_rto_limit = limit;
        self
    }

    /// Lists sizes with `threshold` pairs or fewer as low on stock.
    pub fn with_low_stock_threshold(mut self, threshold: u32) -> Self {
        self.low_stock_threshold = threshold;
        self
    }
}

#[async_trait]
impl AdminUseCases for AdminService {
    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn stats(&self, admin: &Admin) -> Result<ShopStats, AdminError> {
        let now = self.clock.now();
        let today = now.with_timezone(&india_time()).date_naive();
        let first_day = today - Days::new(u64::from(STATS_DAYS - 1));
        let since = india_midnight(first_day)?;
        let quarter_since = rto_since(now);
        let snapshot = self
            .stats
            .overview(
                since,
                quarter_since,
                self.low_stock_threshold,
                LOW_STOCK_LIMIT,
            )
            .await?;

        let mut fit: Vec<FitFlag> = self
            .stats
            .fit_reasons(fit_since(now))
            .await?
            .into_iter()
            .filter_map(|product| {
                let fit = self.fit_rule.advice(product.reasons)?;
                Some(FitFlag {
                    id: product.id,
                    name: product.name,
                    fit,
                    reasons: product.reasons,
                })
            })
            .collect();
        fit.sort_by(|a, b| {
            a.name
                .cmp(&b.name)
                .then_with(|| a.id.as_str().cmp(b.id.as_str()))
        });

        let mut revenue_by_day: Vec<DayStats> = first_day
            .iter_days()
            .take(STATS_DAYS as usize)
            .map(|date| DayStats {
                date,
                totals: Totals::default(),
            })
            .collect();
        for order in &snapshot.orders {
            let day = order.created_at.with_timezone(&india_time()).date_naive();
            let Ok(index) = usize::try_from((day - first_day).num_days()) else {
                continue;
            };
            if let Some(bucket) = revenue_by_day.get_mut(index) {
                bucket.totals.orders += 1;
                bucket.totals.revenue += order.amount_rupees;
            }
        }
        let last_30_days = revenue_by_day
            .iter()
            .fold(Totals::default(), |sum, day| Totals {
                orders: sum.orders + day.totals.orders,
                revenue: sum.revenue + day.totals.revenue,
            });
        let today_totals = revenue_by_day
            .last()
            .map(|day| day.totals)
            .unwrap_or_default();
        Ok(ShopStats {
            today: today_totals,
            last_30_days,
            revenue_by_day,
            pending_orders: snapshot.pending_orders,
            to_collect: snapshot.to_collect,
            low_stock: snapshot.low_stock,
            rto: RtoStats::of(&snapshot.shipments),
            cod_off: self
                .cod_rto_limit
                .map(|limit| limit.areas_off(&snapshot.shipments))
                .unwrap_or_default(),
            returns: ReturnStats::of(&snapshot.returned, &snapshot.sold),
            fit,
        })
    }
}

/// The UTC instant an India day starts.
fn india_midnight(day: NaiveDate) -> Result<DateTime<Utc>, AdminError> {
    india_time()
        .from_local_datetime(&day.and_time(chrono::NaiveTime::MIN))
        .single()
        .map(|at| at.with_timezone(&Utc))
        .ok_or_else(|| AdminError::Unexpected(anyhow::anyhow!("no India midnight on {day}")))
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
