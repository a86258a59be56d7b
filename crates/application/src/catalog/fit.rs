//! Fit advice from returns (decisions D38): whether a product runs small or large, the size
//! chart its page shows, and `Find my size`.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::ProductId;
use paduka_domain::catalog::Product;
use paduka_domain::returns::{Fit, FitReasons, FitRule, SizeChart, fit_since};

use super::{CatalogError, CatalogService};
use crate::RepoError;

/// The fit reasons a product's returns gave.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait FitRepository: Send + Sync {
    /// `product`'s return lines with `Too small` or `Too big`, one per line, in returns asked
    /// for at or after `since` that were neither rejected nor cancelled.
    async fn fit_reasons(
        &self,
        product: &ProductId,
        since: DateTime<Utc>,
    ) -> Result<FitReasons, RepoError>;
}

/// What a product's page says of its fit.
#[derive(Debug, Clone, PartialEq)]
pub struct FitAdvice {
    /// `None` without enough fit reasons, or without a clear majority.
    pub fit: Option<Fit>,
    /// The chart `Find my size` works on; `None` for a product whose sizes it does not name.
    pub chart: Option<SizeChart>,
}

/// `Find my size`'s answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeSuggestion {
    /// The label suggested; `None` when no size on the chart fits the foot.
    pub size: Option<String>,
    /// The fit the suggestion was moved by, if any.
    pub fit: Option<Fit>,
}

/// `FIT_MIN_RETURNS` with where the reasons are read.
pub(super) struct FitSource {
    pub rule: FitRule,
    pub reasons: Arc<dyn FitRepository>,
}

impl CatalogService {
    /// How `product` fits now, and its chart.
    pub(super) async fn fit_of(&self, product: &Product) -> Result<FitAdvice, CatalogError> {
        let fit = match &self.fit {
            None => None,
            Some(source) => {
                let since = fit_since(self.clock.now());
                let reasons = source.reasons.fit_reasons(&product.id, since).await?;
                source.rule.advice(reasons)
            }
        };
        Ok(FitAdvice {
            fit,
            chart: product.size_chart_for_fit(),
        })
    }

    /// The size the chart suggests for a foot of `foot_mm`, moved by the product's fit.
    pub(super) async fn suggest_size(
        &self,
        product: &Product,
        foot_mm: u32,
    ) -> Result<SizeSuggestion, CatalogError> {
        let advice = self.fit_of(product).await?;
        let chart = advice.chart.ok_or(CatalogError::NoSizeChart)?;
        Ok(SizeSuggestion {
            size: chart
                .suggest(foot_mm, advice.fit)
                .map(|size| size.label.clone()),
            fit: advice.fit,
        })
    }
}
