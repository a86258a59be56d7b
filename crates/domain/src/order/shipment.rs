//! A parcel on its way (decisions D15): who carries it, its air waybill, where to track it,
//! and what the courier reported.

use chrono::{DateTime, NaiveDate, Utc};

use crate::InvalidInput;
use crate::error::is_code;

/// An air waybill number: 4-40 letters, digits and `-`, as couriers print them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Awb(String);

impl Awb {
    pub const MESSAGE: &'static str = "Invalid AWB";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        if is_code(text, 4..=40, |b| b.is_ascii_alphanumeric() || *b == b'-') {
            Ok(Self(text.to_owned()))
        } else {
            Err(InvalidInput::new(Self::MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The courier's name as the admin or the aggregator gives it: 2-60 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourierName(String);

impl CourierName {
    pub const MESSAGE: &'static str = "Courier must be 2-60 characters";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        let length = text.chars().count();
        if (2..=60).contains(&length) && !text.chars().any(char::is_control) {
            Ok(Self(text.to_owned()))
        } else {
            Err(InvalidInput::new(Self::MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where the shopper follows the parcel: an `http(s)` address the shop links to as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingUrl(String);

impl TrackingUrl {
    pub const MESSAGE: &'static str = "Tracking URL must be an http or https address";
    /// Longer than any courier's tracking page needs; a link shoppers are sent by mail.
    pub const MAX_LENGTH: usize = 500;

    /// At most [`Self::MAX_LENGTH`] characters as sent, white space around it included.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let sent_length = text.chars().count();
        let text = text.trim();
        let host = text
            .strip_prefix("https://")
            .or_else(|| text.strip_prefix("http://"))
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .unwrap_or_default();
        let clean = !text
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"'));
        if !host.is_empty() && clean && sent_length <= Self::MAX_LENGTH {
            Ok(Self(text.to_owned()))
        } else {
            Err(InvalidInput::new(Self::MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The text, trimmed, when anything is left of it.
fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A shipment booked by hand: the admin typed who carries it and its AWB.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualBooking {
    pub courier: CourierName,
    pub awb: Awb,
    pub tracking_url: Option<TrackingUrl>,
}

impl ManualBooking {
    pub const REQUIRED: &'static str = "Courier and AWB are required";

    /// The admin's fields as sent: both names required first, then each checked.
    pub fn parse(
        courier: Option<&str>,
        awb: Option<&str>,
        tracking_url: Option<&str>,
    ) -> Result<Self, InvalidInput> {
        let (Some(courier), Some(awb)) = (present(courier), present(awb)) else {
            return Err(InvalidInput::new(Self::REQUIRED));
        };
        Ok(Self {
            courier: CourierName::parse(courier)?,
            awb: Awb::parse(awb)?,
            tracking_url: present(tracking_url).map(TrackingUrl::parse).transpose()?,
        })
    }
}

/// What the admin asks for when shipping an order: the manual courier's booking (both its
/// names, or neither for a courier that books itself) and the parcel's weight.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShipRequest {
    pub booking: Option<ManualBooking>,
    pub weight_grams: Option<u32>,
}

impl ShipRequest {
    /// A parcel weighs at least a gram and at most what one courier parcel may (50 kg).
    pub const WEIGHT_GRAMS: std::ops::RangeInclusive<i64> = 1..=50_000;

    pub fn parse(
        courier: Option<&str>,
        awb: Option<&str>,
        tracking_url: Option<&str>,
        weight_grams: Option<i64>,
    ) -> Result<Self, InvalidInput> {
        let weight_grams = weight_grams
            .map(|grams| {
                Self::WEIGHT_GRAMS
                    .contains(&grams)
                    .then_some(grams as u32)
                    .ok_or_else(|| InvalidInput::new("Weight must be 1-50000 grams"))
            })
            .transpose()?;
        let typed = [courier, awb, tracking_url]
            .into_iter()
            .any(|field| present(field).is_some());
        let booking = typed
            .then(|| ManualBooking::parse(courier, awb, tracking_url))
            .transpose()?;
        Ok(Self {
            booking,
            weight_grams,
        })
    }
}

/// What a courier adapter hands back once the parcel is booked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub courier: CourierName,
    pub awb: Awb,
    pub tracking_url: Option<TrackingUrl>,
    pub expected_by: Option<NaiveDate>,
}

impl From<ManualBooking> for Booking {
    fn from(manual: ManualBooking) -> Self {
        Self {
            courier: manual.courier,
            awb: manual.awb,
            tracking_url: manual.tracking_url,
            expected_by: None,
        }
    }
}

/// One thing the courier reported, as stored: its status text (ours for a lifecycle step,
/// the courier's own otherwise), when, where, and a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingEvent {
    pub status: String,
    pub at: DateTime<Utc>,
    pub location: Option<String>,
    pub note: Option<String>,
}

/// An order's shipment, as the shopper and the admin see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipment {
    pub courier: CourierName,
    pub awb: Awb,
    pub tracking_url: Option<TrackingUrl>,
    pub shipped_at: DateTime<Utc>,
    pub expected_by: Option<NaiveDate>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// Oldest first.
    pub events: Vec<TrackingEvent>,
}

/// A note typed with a manual event: at most this many characters.
pub const EVENT_NOTE_MAX: usize = 200;

/// The note of a manual event: at most [`EVENT_NOTE_MAX`] characters as sent, trimmed, one
/// line (no control character) once trimmed; empty as none.
pub fn event_note(text: Option<&str>) -> Result<Option<String>, InvalidInput> {
    let Some(text) = text else {
        return Ok(None);
    };
    crate::error::at_most(text, EVENT_NOTE_MAX, "Note")?;
    let Some(note) = present(Some(text)) else {
        return Ok(None);
    };
    if note.chars().any(char::is_control) {
        return Err(InvalidInput::new("Note must be one line of text"));
    }
    Ok(Some(note.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_awb_is_four_to_forty_letters_digits_and_dashes() {
        for good in ["1234", "SR-0001-ab", &"9".repeat(40), "  77889900  "] {
            assert!(Awb::parse(good).is_ok(), "{good:?}");
        }
        for bad in [
            "123",
            &"9".repeat(41),
            "12 34",
            "AWB/1",
            "१२३४५",
            "",
            "12_34",
        ] {
            assert_eq!(
                Awb::parse(bad).unwrap_err().message(),
                "Invalid AWB",
                "{bad:?}"
            );
        }
        assert_eq!(Awb::parse(" AB-12 ").unwrap().as_str(), "AB-12");
    }

    #[test]
    fn a_courier_is_two_to_sixty_characters() {
        assert!(CourierName::parse("DTDC").is_ok());
        assert!(CourierName::parse("डाक").is_ok());
        for bad in ["D", " D ", &"x".repeat(61), "Blue\ndart"] {
            assert_eq!(
                CourierName::parse(bad).unwrap_err().message(),
                CourierName::MESSAGE,
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_tracking_url_is_an_http_address() {
        for good in [
            "https://track.dtdc.in/?awb=1234",
            "http://example.com",
            "https://shiprocket.co/tracking/77889900",
        ] {
            assert_eq!(TrackingUrl::parse(good).unwrap().as_str(), good);
        }
        for bad in [
            "javascript:alert(1)",
            "ftp://x.y/z",
            "https://",
            "https:///path",
            "https://a b.c",
            "https://x.y/\"><script>",
            &format!("https://x.y/{}", "a".repeat(500)),
        ] {
            assert!(TrackingUrl::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_manual_booking_needs_a_courier_and_an_awb_first() {
        for (courier, awb) in [
            (None, Some("1234")),
            (Some("DTDC"), None),
            (Some(" "), Some("1234")),
        ] {
            assert_eq!(
                ManualBooking::parse(courier, awb, None)
                    .unwrap_err()
                    .message(),
                "Courier and AWB are required"
            );
        }
        assert_eq!(
            ManualBooking::parse(Some("DTDC"), Some("12"), None)
                .unwrap_err()
                .message(),
            "Invalid AWB"
        );
        let booking = ManualBooking::parse(Some(" DTDC "), Some("D1234"), Some("  ")).unwrap();
        assert_eq!(booking.courier.as_str(), "DTDC");
        assert_eq!(booking.tracking_url, None);
    }

    #[test]
    fn a_ship_request_books_by_hand_only_when_something_is_typed() {
        assert_eq!(
            ShipRequest::parse(None, None, None, None).unwrap(),
            ShipRequest::default()
        );
        assert_eq!(
            ShipRequest::parse(None, None, Some("https://t.in/1"), None)
                .unwrap_err()
                .message(),
            "Courier and AWB are required"
        );
        let request = ShipRequest::parse(Some("DTDC"), Some("D1234"), None, Some(900)).unwrap();
        assert_eq!(request.booking.unwrap().awb.as_str(), "D1234");
        assert_eq!(request.weight_grams, Some(900));
        for grams in [0, -5, 50_001] {
            assert_eq!(
                ShipRequest::parse(None, None, None, Some(grams))
                    .unwrap_err()
                    .message(),
                "Weight must be 1-50000 grams"
            );
        }
    }

    #[test]
    fn an_event_note_is_one_short_line() {
        assert_eq!(event_note(None).unwrap(), None);
        assert_eq!(event_note(Some("  ")).unwrap(), None);
        assert_eq!(
            event_note(Some(" Door locked ")).unwrap().as_deref(),
            Some("Door locked")
        );
        assert!(event_note(Some(&"x".repeat(201))).is_err());
        assert!(event_note(Some("a\u{0}b")).is_err());
    }
}
