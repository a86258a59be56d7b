//! The JSON the API speaks, apart from the domain types: request bodies (each
//! [`TryIntoDomain`]), response bodies, and the field names of the spec (`_id`, `createdAt`).

mod admin;
mod auth;
mod category;
mod checkout;
mod cod;
mod coupon;
mod dev;
mod fit;
mod order;
mod product;
mod returns;
mod review;
mod sale;
pub mod schema;
mod shipment;
mod transfer;
mod user;

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

pub use admin::*;
pub use auth::*;
pub use category::*;
pub use checkout::*;
pub use cod::*;
pub use coupon::*;
pub use dev::*;
pub use fit::*;
pub use order::*;
pub use product::*;
pub use returns::*;
pub use review::*;
pub use sale::*;
pub use shipment::*;
pub use transfer::*;
pub use user::*;

/// A request body (or query) turned into what its use case takes: every field is read and
/// checked here, at the edge, so a use case never parses text. Fails with the 400 the client
/// is shown.
pub trait TryIntoDomain {
    type Domain;

    fn try_into_domain(self) -> Result<Self::Domain, crate::ApiError>;
}

/// Every refused call: `{"success": false, "message": "..."}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    /// Why, in words fit to show the person who sent the request.
    pub message: String,
    /// `true` when a payment was refunded on the way to this error (checkout only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refunded: Option<bool>,
}

impl ErrorBody {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            success: false,
            message: message.into(),
            refunded: None,
        }
    }

    /// The same error, saying the payment was refunded.
    pub fn refunded(mut self) -> Self {
        self.refunded = Some(true);
        self
    }
}

/// A success that only says so.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct MessageResponse {
    pub success: bool,
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            success: true,
            message: message.into(),
        }
    }
}

/// A scalar JSON value as the text a form would have sent: `null` is absent, `15` and `15.0`
/// are `"15"`. Anything else keeps its JSON text (which no rule accepts).
pub(crate) fn scalar_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(match (number.as_i64(), number.as_f64()) {
            (Some(whole), _) => whole.to_string(),
            (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
            _ => number.to_string(),
        }),
        other => Some(other.to_string()),
    }
}

/// A whole number from a JSON number or numeric text; `None` for anything else.
pub(crate) fn scalar_integer(value: Option<&Value>) -> Option<i64> {
    scalar_text(value)?.trim().parse().ok()
}

/// A timestamp as the API writes it: UTC, ISO 8601, millisecond precision, `Z`. The fixed
/// width keeps string order equal to time order.
pub fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A time people entered (a sale's start and end): UTC, ISO 8601 to the second, `Z`.
pub fn whole_second_time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn scalars_read_as_form_text() {
        assert_eq!(scalar_text(Some(&json!(15))), Some("15".into()));
        assert_eq!(scalar_text(Some(&json!(15.0))), Some("15".into()));
        assert_eq!(scalar_text(Some(&json!(12.5))), Some("12.5".into()));
        assert_eq!(scalar_text(Some(&json!(" 7 "))), Some(" 7 ".into()));
        assert_eq!(scalar_text(Some(&json!(null))), None);
        assert_eq!(scalar_text(None), None);
        assert_eq!(scalar_integer(Some(&json!("5"))), Some(5));
        assert_eq!(scalar_integer(Some(&json!(4.0))), Some(4));
        assert_eq!(scalar_integer(Some(&json!("five"))), None);
        assert_eq!(scalar_integer(Some(&json!(true))), None);
        assert_eq!(scalar_integer(Some(&json!([5]))), None);
    }

    #[test]
    fn timestamps_are_utc_with_a_z() {
        let at = DateTime::parse_from_rfc3339("2025-01-31T18:30:00+05:30")
            .unwrap()
            .to_utc();
        assert_eq!(timestamp(at), "2025-01-31T13:00:00.000Z");
        assert_eq!(whole_second_time(at), "2025-01-31T13:00:00Z");
    }
}
