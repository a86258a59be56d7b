//! Fit advice on the product (decisions D38): `fit`, `sizeChart` and `Find my size`.

use paduka_application::catalog::{FitAdvice, SizeSuggestion};
use paduka_domain::catalog::Product;
use paduka_domain::returns::{Fit, SizeChart, parse_foot_cm};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ProductDto, TryIntoDomain};
use crate::ApiError;

/// How a product fits, as its returns of the last 180 days say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FitName {
    /// Most fit returns said `Too small`: one size up.
    Small,
    /// Most said `Too big`: one size down.
    Large,
}

impl From<Fit> for FitName {
    fn from(fit: Fit) -> Self {
        match fit {
            Fit::Small => Self::Small,
            Fit::Large => Self::Large,
        }
    }
}

/// One size of a size chart.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartSizeDto {
    /// The size's label, as the product's `type` names it (e.g. `UK 8`).
    pub size: String,
    /// The longest foot it fits, in cm to the millimetre.
    pub foot_cm: f64,
}

pub(crate) fn chart_rows(chart: &SizeChart) -> Vec<ChartSizeDto> {
    chart
        .sizes()
        .iter()
        .map(|size| ChartSizeDto {
            size: size.label.clone(),
            foot_cm: f64::from(size.foot_mm) / 10.0,
        })
        .collect()
}

/// The product as `GET /product/get-product/{id}` answers it: the listing's fields, with its
/// fit advice and size chart.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetailDto {
    #[serde(flatten)]
    pub product: ProductDto,
    /// `small` or `large` when at least `FIT_MIN_RETURNS` (default 5) of its returns of the
    /// last 180 days gave a fit reason and 60 % or more of those said `Too small` (or `Too
    /// big`); else `null`.
    pub fit: Option<FitName>,
    /// Size label to foot length, smallest first, that `Find my size` works on: the product's
    /// own (`ownSizeChart`), else the shop's UK 3 to UK 12 chart for a product sized on it;
    /// `null` otherwise.
    pub size_chart: Option<Vec<ChartSizeDto>>,
}

impl ProductDetailDto {
    pub fn new(product: &Product, advice: &FitAdvice) -> Self {
        Self {
            product: product.into(),
            fit: advice.fit.map(FitName::from),
            size_chart: advice.chart.as_ref().map(chart_rows),
        }
    }
}

/// `GET /product/find-size/{id}`: the shopper's foot length.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindSizeParams {
    /// The foot's length in cm, heel to longest toe, from 10 to 40 (e.g. `25.8`).
    #[serde(rename = "footCm")]
    #[param(rename = "footCm", value_type = f64, required = true, minimum = 10, maximum = 40)]
    pub foot_cm: Option<String>,
}

impl TryIntoDomain for FindSizeParams {
    /// Millimetres.
    type Domain = u32;

    fn try_into_domain(self) -> Result<u32, ApiError> {
        Ok(parse_foot_cm(self.foot_cm.as_deref().unwrap_or_default())?)
    }
}

/// `Find my size`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FindSizeResponse {
    pub success: bool,
    /// The size on the chart for that foot: the smallest whose foot length is at least the
    /// foot's, one up when the product runs small, one down when it runs large; `null` when
    /// no size on the chart fits.
    pub size: Option<String>,
    /// The fit the size was moved by, as the product's `fit`.
    pub fit: Option<FitName>,
}

impl From<SizeSuggestion> for FindSizeResponse {
    fn from(suggestion: SizeSuggestion) -> Self {
        Self {
            success: true,
            size: suggestion.size,
            fit: suggestion.fit.map(FitName::from),
        }
    }
}
