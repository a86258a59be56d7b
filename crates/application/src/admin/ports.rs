use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::ProductId;
use paduka_domain::order::ShipmentOutcome;
use paduka_domain::returns::{FitReasons, ReturnedPairs, SoldPairs};

use crate::RepoError;
use crate::admin::Totals;

/// One order that counts towards revenue (not cancelled): when it was placed and its amount
/// in whole rupees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPoint {
    pub created_at: DateTime<Utc>,
    pub amount_rupees: i64,
}

/// A product (or one size of it) with few pairs left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowStockProduct {
    pub id: ProductId,
    pub name: String,
    /// The size's label (its type, else its model) for a product that tracks sizes; `None`
    /// for a pooled product.
    pub size: Option<String>,
    /// Pairs left of that size, or in the pool.
    pub quantity: u32,
}

/// What the overview is computed from; the service buckets the orders into India days.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatsSnapshot {
    /// Every order placed at or after `since` that is not cancelled, in any order.
    pub orders: Vec<OrderPoint>,
    /// Orders whose status is `Pending`, whenever placed.
    pub pending_orders: u64,
    /// Unpaid cash-on-delivery orders that are not cancelled, whenever placed.
    pub to_collect: Totals,
    /// Pooled products with `quantity <= threshold` and sizes with `stock <= threshold`,
    /// lowest first (then by name and size), at most `limit`.
    pub low_stock: Vec<LowStockProduct>,
    /// Shipments shipped at or after `quarter_since` that have ended (delivered or
    /// returned to origin), in any order.
    pub shipments: Vec<ShipmentOutcome>,
    /// The lines of returns asked for at or after `quarter_since`, except rejected and
    /// cancelled ones, in any order.
    pub returned: Vec<ReturnedPairs>,
    /// The lines of orders placed at or after `quarter_since`, except cancelled ones, in any
    /// order.
    pub sold: Vec<SoldPairs>,
}

/// One product's fit reasons over a span (decisions D38).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductFitReasons {
    pub id: ProductId,
    /// As its latest return line names it.
    pub name: String,
    pub reasons: FitReasons,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait StatsRepository: Send + Sync {
    /// Every product with a `Too small` or `Too big` return line in returns asked for at or
    /// after `since` and neither rejected nor cancelled, with its counts, in any order.
    async fn fit_reasons(&self, since: DateTime<Utc>) -> Result<Vec<ProductFitReasons>, RepoError>;

    /// `since` starts the revenue series, `quarter_since` the 90-day figures (returns to
    /// origin, returns by reason and size).
    async fn overview(
        &self,
        since: DateTime<Utc>,
        quarter_since: DateTime<Utc>,
        low_stock_threshold: u32,
        low_stock_limit: u32,
    ) -> Result<StatsSnapshot, RepoError>;
}
