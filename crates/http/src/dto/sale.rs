use paduka_domain::sale::{Sale, SaleDraft};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa::openapi::schema::{KnownFormat, Schema, SchemaFormat};

use super::schema::{self, WS, request_schema};
use super::{TryIntoDomain, scalar_text, whole_second_time};
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
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SaleBody {
    pub name: Option<String>,
    /// RFC 3339, or a local `2025-10-20T10:00` read as India time.
    pub start: Option<String>,
    pub end: Option<String>,
    /// Whole percent, as a number or as text.
    pub discount: Option<Value>,
}

/// A whole percent as text: what `Percent::parse` takes from 0 to 100.
pub const PERCENT_TEXT: &str = r"[-+]?0+|\+?0*(?:[1-9][0-9]?|100)";

/// A sale's start or end: RFC 3339, or a time without offset read as India time.
pub(super) fn shop_time() -> Schema {
    let date = "[2-9][0-9]{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])";
    let hm = "(?:[01][0-9]|2[0-3]):[0-5][0-9]";
    let local = format!("^[{WS}]*{date}(?:T{hm}Z?|T{hm}:[0-5][0-9]| {hm}(?::[0-5][0-9])?)[{WS}]*$");
    schema::any_of(
        "RFC 3339 (`2025-10-20T04:30:00Z`), or a date and time without offset \
         (`2025-10-20T10:00`, `2025-10-20 10:00:00`), read as India time (UTC+05:30); \
         in the years 2000 to 9999 (UTC)",
        vec![
            schema::string()
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
                .pattern(Some("^[2-9][0-9]{3}-")),
            schema::string().pattern(Some(local)),
        ],
    )
}

request_schema!(
    SaleBody,
    schema::schema(
        schema::object(
            "`POST /sale/create-sale` and `PUT /sale/update-sale/{id}`: every field is \
             required (else `Fill all details`), and the end must be after the start",
            vec![
                (
                    "name",
                    schema::not_blank(Some(100)),
                    "At most 100 characters, trimmed",
                ),
                (
                    "discount",
                    schema::whole_number(0, 100, PERCENT_TEXT, false),
                    "Whole percent, 0 to 100, as a number or as text",
                ),
            ],
            &["name", "start", "end", "discount"],
        )
        .property("start", shop_time())
        .property("end", shop_time()),
    )
);

impl TryIntoDomain for SaleBody {
    type Domain = SaleDraft;

    fn try_into_domain(self) -> Result<SaleDraft, ApiError> {
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
