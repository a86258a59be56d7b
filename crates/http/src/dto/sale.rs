use paduka_domain::sale::{Sale, SaleDraft};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{scalar_text, whole_second_time};
use crate::ApiError;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SaleDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// UTC, ISO 8601 with `Z`.
    #[schema(format = DateTime)]
    pub start: String,
    #[schema(format = DateTime)]
    pub end: String,
    /// Whole percent, 0..=100.
    pub discount: u8,
}

impl From<&Sale> for SaleDto {
    fn from(sale: &Sale) -> Self {
        Self {
            id: sale.id.to_string(),
            name: sale.name.clone(),
            start: whole_second_time(sale.start),
            end: whole_second_time(sale.end),
            discount: sale.discount.value(),
        }
    }
}

/// `POST /sale/create-sale` and `PUT /sale/update-sale/{id}`: every field required.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SaleBody {
    pub name: Option<String>,
    /// RFC 3339, or a local `2025-10-20T10:00` read as India time.
    pub start: Option<String>,
    pub end: Option<String>,
    /// Whole percent, as a number or as text.
    #[schema(value_type = Option<super::NumberOrText>)]
    pub discount: Option<Value>,
}

impl SaleBody {
    pub fn try_into_domain(self) -> Result<SaleDraft, ApiError> {
        let discount = scalar_text(self.discount.as_ref());
        Ok(SaleDraft::parse(
            self.name.as_deref(),
            self.start.as_deref(),
            self.end.as_deref(),
            discount.as_deref(),
        )?)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SalesResponse {
    pub success: bool,
    pub sales: Vec<SaleDto>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SaleWriteResponse {
    pub success: bool,
    pub message: String,
    pub sale: SaleDto,
}
