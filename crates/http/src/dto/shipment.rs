//! Shipments as the API answers them (decisions D15) and the two bodies that make and move
//! them: shipping an order and recording what the courier reported.

use paduka_application::orders::CourierUpdate;
use paduka_application::returns::PickupUpdate;
use paduka_domain::order::{
    Awb, CourierEvent, EVENT_NOTE_MAX, ShipRequest, Shipment, TrackingEvent, TrackingUrl,
    event_note,
};
use paduka_domain::returns::PickupProgress;
use paduka_domain::sale::india_time;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::schema::{self, WS, request_schema};
use super::{TryIntoDomain, timestamp};
use crate::ApiError;

/// What the courier reported, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TrackingEventDto {
    /// `Out for delivery`, `Delivered`, `Delivery failed`, `Returned to origin`, or the
    /// courier's own words for a step that does not move the order.
    pub status: String,
    #[schema(format = DateTime)]
    pub at: String,
    pub location: Option<String>,
    pub note: Option<String>,
}

/// The order's parcel once it is with a courier.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ShipmentDto {
    /// 2-60 characters.
    pub courier: String,
    /// The air waybill: 4-40 letters, digits and `-`.
    pub awb: String,
    /// Where the shopper follows the parcel: an http(s) URL, or `null`.
    #[serde(rename = "trackingUrl")]
    pub tracking_url: Option<String>,
    #[serde(rename = "shippedAt")]
    #[schema(format = DateTime)]
    pub shipped_at: String,
    /// The date the courier expects to deliver, `YYYY-MM-DD`, or `null`.
    #[serde(rename = "expectedBy")]
    #[schema(format = Date)]
    pub expected_by: Option<String>,
    #[serde(rename = "deliveredAt")]
    #[schema(format = DateTime)]
    pub delivered_at: Option<String>,
    pub events: Vec<TrackingEventDto>,
}

impl From<&TrackingEvent> for TrackingEventDto {
    fn from(event: &TrackingEvent) -> Self {
        Self {
            status: event.status.clone(),
            at: timestamp(event.at),
            location: event.location.clone(),
            note: event.note.clone(),
        }
    }
}

impl From<&Shipment> for ShipmentDto {
    fn from(shipment: &Shipment) -> Self {
        Self {
            courier: shipment.courier.as_str().to_owned(),
            awb: shipment.awb.as_str().to_owned(),
            tracking_url: shipment
                .tracking_url
                .as_ref()
                .map(|url| url.as_str().to_owned()),
            shipped_at: timestamp(shipment.shipped_at),
            expected_by: shipment
                .expected_by
                .map(|date| date.format("%Y-%m-%d").to_string()),
            delivered_at: shipment.delivered_at.map(timestamp),
            events: shipment.events.iter().map(TrackingEventDto::from).collect(),
        }
    }
}

/// `POST /shipment/create/{orderId}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ShipBody {
    pub courier: Option<String>,
    pub awb: Option<String>,
    #[serde(rename = "trackingUrl")]
    pub tracking_url: Option<String>,
    #[serde(rename = "weightGrams")]
    pub weight_grams: Option<i64>,
}

/// Characters `char::is_control` takes (Unicode Cc), as a class body.
const CONTROL: &str = r"\x00-\x1F\x7F-\x9F";

/// A courier's name as `CourierName::parse` takes it: 2-60 characters once trimmed, none a
/// control character; empty or blank as none.
fn courier_pattern() -> String {
    let edge = format!("[^{WS}{CONTROL}]");
    schema::trimmed(&format!("(?:{edge}[^{CONTROL}]{{0,58}}{edge})?"))
}

/// A tracking address as `TrackingUrl::parse` takes it: `http(s)://`, a host, no white space,
/// control character, `<`, `>` or `"`; empty or blank as none.
fn tracking_url_pattern() -> String {
    let plain = format!("[^{WS}{CONTROL}<>\"]");
    let host_start = format!("[^/?#{WS}{CONTROL}<>\"]");
    schema::trimmed(&format!("(?:https?://{host_start}{plain}*)?"))
}

request_schema!(
    ShipBody,
    schema::schema(schema::object(
        "`POST /shipment/create/{orderId}`. The manual courier needs `courier` and `awb`; a \
         courier that books itself (Shiprocket) needs neither.",
        vec![
            (
                "courier",
                schema::nullable_string().pattern(Some(courier_pattern())),
                "The courier's name, 2-60 characters (`Courier must be 2-60 characters`)",
            ),
            (
                "awb",
                schema::nullable_string().pattern(Some(schema::trimmed("(?:[A-Za-z0-9-]{4,40})?"))),
                "The air waybill: 4-40 letters, digits and `-` (else `Invalid AWB`)",
            ),
            (
                "trackingUrl",
                schema::nullable_string()
                    .pattern(Some(tracking_url_pattern()))
                    .max_length(Some(TrackingUrl::MAX_LENGTH)),
                "An http(s) URL where the shopper follows the parcel",
            ),
            (
                "weightGrams",
                schema::nullable_integer(
                    *ShipRequest::WEIGHT_GRAMS.start(),
                    *ShipRequest::WEIGHT_GRAMS.end(),
                ),
                "The parcel's weight; the shop's default when left out",
            ),
        ],
        &[],
    ))
);

impl TryIntoDomain for ShipBody {
    type Domain = ShipRequest;

    fn try_into_domain(self) -> Result<ShipRequest, ApiError> {
        Ok(ShipRequest::parse(
            self.courier.as_deref(),
            self.awb.as_deref(),
            self.tracking_url.as_deref(),
            self.weight_grams,
        )?)
    }
}

/// `POST /shipment/event/{orderId}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CourierEventBody {
    pub status: Option<String>,
    pub note: Option<String>,
}

/// A courier's report as the admin typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourierEventInput {
    pub event: CourierEvent,
    pub note: Option<String>,
}

impl CourierEventBody {
    pub const STATUSES: [&'static str; 4] = [
        CourierEvent::OutForDelivery.as_str(),
        CourierEvent::Delivered.as_str(),
        CourierEvent::DeliveryFailed.as_str(),
        CourierEvent::ReturnedToOrigin.as_str(),
    ];
}

/// A note as `event_note` takes it: no control character once trimmed.
fn note_pattern() -> String {
    schema::trimmed(&format!("[^{CONTROL}]*"))
}

request_schema!(
    CourierEventBody,
    schema::schema(schema::object(
        "`POST /shipment/event/{orderId}`: what the courier reported, recorded by hand.",
        vec![
            (
                "status",
                schema::one_of_texts(&CourierEventBody::STATUSES),
                "A step the lifecycle refuses is answered 409 with its message",
            ),
            (
                "note",
                schema::nullable_string()
                    .pattern(Some(note_pattern()))
                    .max_length(Some(EVENT_NOTE_MAX)),
                "One line, at most 200 characters",
            ),
        ],
        &["status"],
    ))
);

impl TryIntoDomain for CourierEventBody {
    type Domain = CourierEventInput;

    fn try_into_domain(self) -> Result<CourierEventInput, ApiError> {
        let status = self.status.unwrap_or_default();
        // Exactly one of the four, as the document's enum says (the domain would also take
        // it with white space around).
        if !Self::STATUSES.contains(&status.as_str()) {
            return Err(CourierEvent::parse("").unwrap_err().into());
        }
        Ok(CourierEventInput {
            event: CourierEvent::parse(&status)?,
            note: event_note(self.note.as_deref())?,
        })
    }
}

/// Keeps the domain's limits and the document's in step.
#[cfg(test)]
mod tests {
    use paduka_domain::order::{CourierName, ManualBooking};

    use super::*;

    #[test]
    fn the_document_names_the_domain_s_messages() {
        assert_eq!(Awb::MESSAGE, "Invalid AWB");
        assert_eq!(ManualBooking::REQUIRED, "Courier and AWB are required");
        assert!(CourierName::parse(&"x".repeat(60)).is_ok());
        assert!(TrackingUrl::parse(&format!("https://x.y/{}", "a".repeat(488))).is_ok());
        for status in CourierEventBody::STATUSES {
            assert!(CourierEvent::parse(status).is_ok(), "{status}");
        }
    }

    /// The document's pattern for a field says yes exactly where the domain does.
    fn agree(pattern: &str, parse: impl Fn(&str) -> bool, samples: &[&str]) {
        let pattern = regex::Regex::new(pattern).unwrap();
        for sample in samples {
            assert_eq!(
                pattern.is_match(sample),
                parse(sample),
                "{sample:?} against {pattern}"
            );
        }
    }

    #[test]
    fn the_ship_body_s_patterns_are_the_domain_s_rules() {
        let long = "x".repeat(60);
        let too_long = "x".repeat(61);
        let padded = format!("  {long}  ");
        agree(
            &courier_pattern(),
            |text| text.trim().is_empty() || CourierName::parse(text).is_ok(),
            &[
                "",
                "  ",
                "DTDC",
                " Blue Dart ",
                "D",
                &long,
                &too_long,
                &padded,
                "Blue\tDart",
                "\u{85}DTDC",
                "ब्लू डार्ट",
            ],
        );
        agree(
            &schema::trimmed("(?:[A-Za-z0-9-]{4,40})?"),
            |text| text.trim().is_empty() || Awb::parse(text).is_ok(),
            &[
                "",
                "1234",
                " SR-0001 ",
                "123",
                "12 34",
                &"9".repeat(41),
                "１２３４",
            ],
        );
        agree(
            &tracking_url_pattern(),
            |text| text.trim().is_empty() || TrackingUrl::parse(text).is_ok(),
            &[
                "",
                "https://t.in/a?b=1",
                " http://x.y ",
                "https://",
                "https:///x",
                "ftp://x.y",
                "https://a b",
                "https://x.y/\"",
                "HTTPS://x.y",
                "https://x.y/\u{2028}",
            ],
        );
        agree(
            &note_pattern(),
            |text| event_note(Some(text)).is_ok(),
            &[
                "",
                " Door locked ",
                "a\tb",
                "a\u{85}b",
                "\n",
                "Door locked\n",
                "\tnote",
            ],
        );
    }

    fn read(body: serde_json::Value) -> Result<CourierWebhookUpdate, String> {
        let body: CourierWebhookBody = serde_json::from_value(body).unwrap();
        body.try_into_domain().map_err(|e| e.to_string())
    }

    fn update(body: serde_json::Value) -> Result<CourierUpdate, String> {
        match read(body)? {
            CourierWebhookUpdate::Parcel(update) => Ok(update),
            other => panic!("an order's parcel, not {other:?}"),
        }
    }

    #[test]
    fn shiprocket_s_update_is_read_with_its_india_time_and_its_step() {
        let read = update(serde_json::json!({
            "awb": 59629792084_u64,
            "current_status": "UNDELIVERED",
            "current_timestamp": "23 05 2023 11:43:52",
            "scans": [{"location": "Hub A"}, {"location": " Chomu (Rajasthan) "}],
            "is_return": 0,
            "etd": "2023-05-23 15:40:19",
        }))
        .unwrap();
        assert_eq!(read.awb.as_str(), "59629792084");
        assert_eq!(read.event, Some(CourierEvent::DeliveryFailed));
        assert_eq!(read.status, "Delivery failed");
        assert_eq!(read.at.to_rfc3339(), "2023-05-23T06:13:52+00:00");
        assert_eq!(read.location.as_deref(), Some("Chomu (Rajasthan)"));

        let kept = update(serde_json::json!({
            "awb": "SR-1234", "current_status": "In Transit", "current_timestamp": "01 12 2026 09:00:00"
        }))
        .unwrap();
        assert_eq!((kept.event, kept.status.as_str()), (None, "In Transit"));
        for (status, step) in [
            ("OUT FOR DELIVERY", CourierEvent::OutForDelivery),
            ("Delivered", CourierEvent::Delivered),
            ("RTO DELIVERED", CourierEvent::ReturnedToOrigin),
        ] {
            assert_eq!(shiprocket_step(status), Some(step), "{status}");
        }
    }

    #[test]
    fn a_return_s_update_says_whether_the_parcel_was_collected_or_arrived() {
        let base = serde_json::json!({"awb": 141123221084922_u64, "current_timestamp": "03 12 2026 10:15:00"});
        for (is_return, status, progress) in [
            (
                serde_json::json!(1),
                "PICKED UP",
                Some(PickupProgress::Collected),
            ),
            (
                serde_json::json!("1"),
                "In Transit",
                Some(PickupProgress::Collected),
            ),
            (
                serde_json::json!(1),
                "RETURN PICKED UP",
                Some(PickupProgress::Collected),
            ),
            (
                serde_json::json!(1),
                "DELIVERED",
                Some(PickupProgress::Arrived),
            ),
            (serde_json::json!(1), "OUT FOR PICKUP", None),
            (serde_json::json!(1), "PICKUP EXCEPTION", None),
        ] {
            let mut body = base.clone();
            body["is_return"] = is_return;
            body["current_status"] = status.into();
            let CourierWebhookUpdate::ReturnParcel(read) = read(body).unwrap() else {
                panic!("{status}: a return's parcel");
            };
            assert_eq!(read.progress, progress, "{status}");
            assert_eq!(read.awb.as_str(), "141123221084922");
            assert_eq!(read.at.to_rfc3339(), "2026-12-03T04:45:00+00:00");
        }
        for is_return in [
            serde_json::json!(0),
            serde_json::json!(null),
            serde_json::json!("0"),
        ] {
            let mut body = base.clone();
            body["is_return"] = is_return.clone();
            body["current_status"] = "DELIVERED".into();
            assert!(update(body).is_ok(), "{is_return}: an order's parcel");
        }
    }

    #[test]
    fn an_update_shiprocket_would_not_send_is_refused() {
        let base = serde_json::json!({"awb": "SR-1234", "current_status": "DELIVERED", "current_timestamp": "01 12 2026 09:00:00"});
        for (field, value, message) in [
            ("awb", serde_json::json!(null), "Invalid AWB"),
            ("awb", serde_json::json!(-5), "Invalid AWB"),
            ("awb", serde_json::json!("AB"), "Invalid AWB"),
            (
                "current_status",
                serde_json::json!(" "),
                "Invalid current_status",
            ),
            (
                "current_timestamp",
                serde_json::json!("2026-12-01 09:00"),
                "Invalid current_timestamp",
            ),
            (
                "current_timestamp",
                serde_json::json!("31 02 2026 09:00:00"),
                "Invalid current_timestamp",
            ),
        ] {
            let mut body = base.clone();
            body[field] = value;
            assert_eq!(update(body).unwrap_err(), message, "{field}");
        }
    }
}

/// `POST /shipment/webhook`: Shiprocket's tracking update, of which the shop reads the AWB
/// (text or a number), the status, its time (`DD MM YYYY HH:MM:SS`, India time) and the
/// last scan's location; everything else Shiprocket sends is accepted and left alone.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CourierWebhookBody {
    pub awb: Option<serde_json::Value>,
    pub current_status: Option<String>,
    pub current_timestamp: Option<String>,
    #[serde(default)]
    pub scans: Option<Vec<serde_json::Value>>,
    /// `1` (or `"1"`): the parcel is a return's, collected from the shopper.
    #[serde(default)]
    pub is_return: Option<serde_json::Value>,
}

/// What a tracking webhook is about: an order's parcel or a return's.
#[derive(Debug, Clone, PartialEq)]
pub enum CourierWebhookUpdate {
    Parcel(CourierUpdate),
    /// `is_return: 1`: a return's reverse pickup.
    ReturnParcel(PickupUpdate),
}

request_schema!(
    CourierWebhookBody,
    schema::schema(
        schema::object(
            "Shiprocket's tracking webhook. An update is the same update when its `awb`, \
             `current_status` and `current_timestamp` are: stored once. `OUT FOR DELIVERY`, \
             `DELIVERED`, `UNDELIVERED` (a failed attempt) and `RTO DELIVERED` move the order \
             as its lifecycle allows; other statuses are kept as events. With `is_return: 1` \
             the AWB is a return's reverse pickup: `PICKED UP` (or `SHIPPED`, `IN TRANSIT`, \
             `OUT FOR DELIVERY`, `REACHED AT DESTINATION HUB`) moves the return to `Picked up`, \
             `DELIVERED` marks it arrived (`pickup.arrivedAt`), once; other statuses change \
             nothing.",
            vec![
                (
                    "awb",
                    schema::number_or_text(false),
                    "The air waybill, as text or a number",
                ),
                ("current_status", schema::string().max_length(Some(100)), ""),
                (
                    "current_timestamp",
                    schema::string().pattern(Some(
                        r"^[0-9]{2} [0-9]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}$".to_owned(),
                    )),
                    "`DD MM YYYY HH:MM:SS`, India time",
                ),
                (
                    "is_return",
                    schema::number_or_text(true),
                    "`1`: a return's parcel, collected from the shopper; `0` or absent: an \
                     order's",
                ),
            ],
            &["awb", "current_status", "current_timestamp"],
        )
        .additional_properties(Some(
            utoipa::openapi::schema::AdditionalProperties::FreeForm(true)
        ))
    )
);

impl TryIntoDomain for CourierWebhookBody {
    type Domain = CourierWebhookUpdate;

    fn try_into_domain(self) -> Result<CourierWebhookUpdate, ApiError> {
        let awb = match &self.awb {
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(serde_json::Value::Number(number)) if number.is_u64() => number.to_string(),
            _ => return Err(ApiError::bad_request(Awb::MESSAGE)),
        };
        let awb = Awb::parse(&awb)?;
        let as_sent = self.current_status.as_deref().unwrap_or_default();
        let sent = as_sent.trim();
        // The length as sent, as the document's `maxLength` counts it.
        if sent.is_empty() || as_sent.chars().count() > 100 || sent.chars().any(char::is_control) {
            return Err(ApiError::bad_request("Invalid current_status"));
        }
        let at = self
            .current_timestamp
            .as_deref()
            .and_then(|text| {
                chrono::NaiveDateTime::parse_from_str(text.trim(), "%d %m %Y %H:%M:%S").ok()
            })
            .and_then(|local| local.and_local_timezone(india_time()).single())
            .ok_or_else(|| ApiError::bad_request("Invalid current_timestamp"))?;
        // Anything but 1 is an order's parcel, as before the flag was read.
        let is_return = self
            .is_return
            .as_ref()
            .and_then(|flag| flag.as_u64().or_else(|| flag.as_str()?.trim().parse().ok()))
            == Some(1);
        if is_return {
            return Ok(CourierWebhookUpdate::ReturnParcel(PickupUpdate {
                awb,
                progress: shiprocket_return_progress(sent),
                status: sent.to_owned(),
                at: at.to_utc(),
            }));
        }
        let event = shiprocket_step(sent);
        let location = self
            .scans
            .as_deref()
            .and_then(<[serde_json::Value]>::last)
            .and_then(|scan| scan.get("location")?.as_str())
            .map(str::trim)
            .filter(|place| !place.is_empty() && place.chars().count() <= 200)
            .map(str::to_owned);
        Ok(CourierWebhookUpdate::Parcel(CourierUpdate {
            awb,
            event,
            status: event.map_or_else(|| sent.to_owned(), |step| step.as_str().to_owned()),
            at: at.to_utc(),
            location,
        }))
    }
}

/// What a Shiprocket status means for a return's parcel (decisions D24): collected once it
/// is picked up or anywhere after on its way, arrived once delivered to the shop; `None` for
/// the statuses before the collection (`OUT FOR PICKUP`, a failed attempt) and the rest.
/// Shiprocket may name a return's statuses with `RETURN ` before them.
fn shiprocket_return_progress(status: &str) -> Option<PickupProgress> {
    let status = status.to_ascii_uppercase();
    match status.strip_prefix("RETURN ").unwrap_or(&status) {
        "PICKED UP"
        | "SHIPPED"
        | "IN TRANSIT"
        | "OUT FOR DELIVERY"
        | "REACHED AT DESTINATION HUB" => Some(PickupProgress::Collected),
        "DELIVERED" => Some(PickupProgress::Arrived),
        _ => None,
    }
}

/// The lifecycle step a Shiprocket status is (decisions D15); `None` for the statuses kept
/// as events only (`PICKED UP`, `SHIPPED` and `IN TRANSIT` among them: the order is
/// `Shipped` from the moment it was booked).
fn shiprocket_step(status: &str) -> Option<CourierEvent> {
    match status.to_ascii_uppercase().as_str() {
        "OUT FOR DELIVERY" => Some(CourierEvent::OutForDelivery),
        "DELIVERED" => Some(CourierEvent::Delivered),
        "UNDELIVERED" => Some(CourierEvent::DeliveryFailed),
        "RTO DELIVERED" => Some(CourierEvent::ReturnedToOrigin),
        _ => None,
    }
}

/// What the webhook answers: the update was taken (or its AWB is not the shop's).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CourierWebhookResponse {
    pub success: bool,
    /// `Update recorded` or `Unknown AWB`.
    pub message: String,
}
