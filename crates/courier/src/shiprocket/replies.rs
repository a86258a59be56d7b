//! What Shiprocket answers, read leniently (it writes ids and AWBs as numbers or text), and
//! the few things the adapter derives from an order's text.

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

/// Shiprocket's message in an error body, or the body itself.
pub(super) fn message_of(body: &[u8]) -> String {
    serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|value| {
            value
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .unwrap_or_else(|| String::from_utf8_lossy(body).chars().take(200).collect())
}

/// A number or a string holding one (Shiprocket writes ids both ways).
pub(super) fn as_i64(value: &Value) -> Option<i64> {
    value
        .as_i64()
        .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
}

/// A string or a number, as text (AWBs, pincodes).
pub(super) fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The delivery date (`etd`, `Dec 02, 2026`) serviceability gives for the courier named
/// `courier`, else for the one Shiprocket recommends.
pub(super) fn etd_of(reply: &Value, courier: Option<&str>) -> Option<NaiveDate> {
    let data = &reply["data"];
    let companies = data["available_courier_companies"].as_array()?;
    let recommended = data.get("recommended_courier_company_id").and_then(as_i64);
    let named = courier.and_then(|name| {
        companies
            .iter()
            .find(|company| company["courier_name"].as_str() == Some(name))
    });
    let company = named.or_else(|| {
        companies
            .iter()
            .find(|company| company.get("courier_company_id").and_then(as_i64) == recommended)
    })?;
    NaiveDate::parse_from_str(company["etd"].as_str()?.trim(), "%b %d, %Y").ok()
}

/// The city the billing address names: the last comma-separated part of the address before
/// the pincode, else the state's name.
pub fn city_of(address: &str, pincode: &str, state: Option<&str>) -> String {
    let mut rest = address.trim();
    if !pincode.is_empty()
        && let Some(before) = rest.strip_suffix(pincode)
    {
        rest = before;
    }
    let rest = rest.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '-'));
    let mut parts = rest.rsplit(',');
    let last = parts.next().unwrap_or_default().trim();
    let has_more = parts.next().is_some();
    let looks_like_city = has_more
        && !last.is_empty()
        && last.chars().any(char::is_alphabetic)
        && !last.chars().any(|c| c.is_ascii_digit());
    match (looks_like_city, state) {
        (true, _) => last.to_owned(),
        (false, Some(state)) => state.to_owned(),
        (false, None) => last.to_owned(),
    }
}

#[derive(Deserialize)]
pub(super) struct LoginReply {
    pub(super) token: String,
}

#[derive(Deserialize)]
pub(super) struct CreateReply {
    pub(super) order_id: Value,
    #[serde(default)]
    pub(super) shipment_id: Value,
}

#[derive(Deserialize)]
pub(super) struct SearchReply {
    #[serde(default)]
    pub(super) data: Vec<FoundOrder>,
}

#[derive(Deserialize)]
pub(super) struct FoundOrder {
    pub(super) id: Value,
    #[serde(default)]
    pub(super) channel_order_id: Value,
    #[serde(default)]
    pub(super) shipments: Vec<FoundShipment>,
    /// Return orders name their shipment here (their `shipments` carry no id).
    #[serde(default)]
    pub(super) shipment_id: Value,
}

#[derive(Deserialize)]
pub(super) struct FoundShipment {
    #[serde(default)]
    pub(super) id: Value,
}

#[derive(Deserialize)]
pub(super) struct AwbReply {
    #[serde(default)]
    pub(super) awb_assign_status: Value,
    #[serde(default)]
    pub(super) response: Value,
    #[serde(default)]
    pub(super) message: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct LabelReply {
    #[serde(default)]
    pub(super) label_url: Option<String>,
    #[serde(default)]
    pub(super) response: Value,
}
