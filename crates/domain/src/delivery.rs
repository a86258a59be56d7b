//! Where the shop delivers: a configured set of pincodes, and the messages the storefront
//! shows for them.

use std::collections::HashSet;

use chrono::{DateTime, Days, NaiveDate, NaiveTime, Utc};

use crate::InvalidInput;
use crate::contact::Pincode;
use crate::sale::india_time;

/// The product page's answer for a deliverable pincode.
pub const AVAILABLE: &str = "Delivery available at this pincode";
/// The product page's answer for a pincode outside the area.
pub const UNAVAILABLE: &str = "Delivery unavailable";
/// Checkout's answer for a pincode outside the area.
pub const NOT_AT_ADDRESS: &str = "Delivery not available at this address";

/// The pincodes the shop delivers to (configuration; the spec's four by default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryArea {
    pincodes: HashSet<Pincode>,
}

/// What the product page's pincode box shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryCheck {
    pub deliverable: bool,
    /// [`AVAILABLE`] or [`UNAVAILABLE`].
    pub message: &'static str,
}

impl DeliveryArea {
    /// The spec's deliverable pincodes.
    pub const DEFAULT_PINCODES: [&'static str; 4] = ["281001", "492010", "281204", "492001"];

    pub fn new(pincodes: impl IntoIterator<Item = Pincode>) -> Self {
        Self {
            pincodes: pincodes.into_iter().collect(),
        }
    }

    /// A comma (or whitespace) separated list, as `DELIVERABLE_PINCODES` holds it. Every
    /// entry must be 6 digits; the error names the first one that is not.
    pub fn parse_list(text: &str) -> Result<Self, InvalidInput> {
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                Pincode::parse(entry)
                    .map_err(|_| InvalidInput::new(format!("\"{entry}\" is not a 6-digit pincode")))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self::new)
    }

    pub fn contains(&self, pincode: &Pincode) -> bool {
        self.pincodes.contains(pincode)
    }

    /// Whether the shop delivers to `text`; `Enter a valid 6-digit Pincode` when it is not a
    /// pincode at all.
    pub fn check(&self, text: &str) -> Result<bool, InvalidInput> {
        Ok(self.contains(&Pincode::parse(text)?))
    }

    /// [`check`](Self::check) with the product page's message.
    pub fn availability(&self, text: &str) -> Result<DeliveryCheck, InvalidInput> {
        let deliverable = self.check(text)?;
        Ok(DeliveryCheck {
            deliverable,
            message: if deliverable { AVAILABLE } else { UNAVAILABLE },
        })
    }

    /// The checkout rule: the pincode, if 6 digits and deliverable; otherwise
    /// `Enter a valid 6-digit Pincode` or `Delivery not available at this address`.
    pub fn for_checkout(&self, text: &str) -> Result<Pincode, InvalidInput> {
        let pincode = Pincode::parse(text)?;
        self.delivers_to(&pincode)?;
        Ok(pincode)
    }

    /// The checkout rule for a pincode already read: `Delivery not available at this address`
    /// unless the shop delivers there.
    pub fn delivers_to(&self, pincode: &Pincode) -> Result<(), InvalidInput> {
        if self.contains(pincode) {
            Ok(())
        } else {
            Err(InvalidInput::new(NOT_AT_ADDRESS))
        }
    }

    pub fn len(&self) -> usize {
        self.pincodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pincodes.is_empty()
    }
}

impl Default for DeliveryArea {
    fn default() -> Self {
        Self::new(
            Self::DEFAULT_PINCODES
                .iter()
                .map(|p| Pincode::parse(p).expect("the default pincodes are valid")),
        )
    }
}

/// Where a delivery estimate comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EstimateSource {
    /// The courier's own estimate for the pincode (Shiprocket's serviceability).
    Courier,
    /// The shop's table: `DELIVERY_DAYS` from the dispatch day.
    Table,
}

impl EstimateSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Courier => "courier",
            Self::Table => "table",
        }
    }
}

/// The days a parcel is expected between (India's calendar dates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryEstimate {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub source: EstimateSource,
}

/// How many days delivery takes, fastest to slowest (`DELIVERY_DAYS`, `3-7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryDays {
    fastest: u8,
    slowest: u8,
}

impl DeliveryDays {
    /// Longer than any courier in India takes; a typo like `3-70` is refused.
    const MAX: u8 = 30;

    /// `3-7`, or one number for both.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        let (fastest, slowest) = text.split_once('-').unwrap_or((text, text));
        let number = |text: &str| text.trim().parse::<u8>().ok();
        match (number(fastest), number(slowest)) {
            (Some(fastest), Some(slowest)) if fastest <= slowest && slowest <= Self::MAX => {
                Ok(Self { fastest, slowest })
            }
            _ => Err(InvalidInput::new(
                "must be days like 3-7, the first no more than the second, at most 30",
            )),
        }
    }
}

impl Default for DeliveryDays {
    fn default() -> Self {
        Self {
            fastest: 3,
            slowest: 7,
        }
    }
}

/// The time of day, in India, after which an order leaves the next day (`DISPATCH_CUTOFF`,
/// `14:00`).
pub fn parse_dispatch_cutoff(text: &str) -> Result<NaiveTime, InvalidInput> {
    NaiveTime::parse_from_str(text.trim(), "%H:%M")
        .map_err(|_| InvalidInput::new("must be a time like 14:00"))
}

/// How long delivery takes by the shop's own table (decisions D15): [`DeliveryDays`]
/// counted from the dispatch day, which is today in India before the cut-off and tomorrow
/// after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryTable {
    days: DeliveryDays,
    cutoff: NaiveTime,
}

impl Default for DeliveryTable {
    /// 3-7 days; orders until 14:00 leave the same day.
    fn default() -> Self {
        Self::new(
            DeliveryDays::default(),
            NaiveTime::from_hms_opt(14, 0, 0).expect("a valid time"),
        )
    }
}

impl DeliveryTable {
    pub fn new(days: DeliveryDays, cutoff: NaiveTime) -> Self {
        Self { days, cutoff }
    }

    /// The day an order placed `now` leaves the shop, in India.
    pub fn dispatch_day(&self, now: DateTime<Utc>) -> NaiveDate {
        let local = now.with_timezone(&india_time());
        let today = local.date_naive();
        if local.time() < self.cutoff {
            today
        } else {
            today + Days::new(1)
        }
    }

    /// The table's estimate for an order placed `now`.
    pub fn estimate(&self, now: DateTime<Utc>) -> DeliveryEstimate {
        let dispatch = self.dispatch_day(now);
        DeliveryEstimate {
            from: dispatch + Days::new(self.days.fastest.into()),
            to: dispatch + Days::new(self.days.slowest.into()),
            source: EstimateSource::Table,
        }
    }

    /// The latest day a parcel handed to the courier at `shipped_at` is expected, by the
    /// table: it has left, so the cut-off no longer matters.
    pub fn expected_by(&self, shipped_at: DateTime<Utc>) -> NaiveDate {
        let shipped_on = shipped_at.with_timezone(&india_time()).date_naive();
        shipped_on + Days::new(self.days.slowest.into())
    }

    /// The courier's latest day `courier_to`, with the table's first day as the first (or
    /// the courier's, when that is earlier).
    pub fn with_courier(&self, now: DateTime<Utc>, courier_to: NaiveDate) -> DeliveryEstimate {
        let table = self.estimate(now);
        DeliveryEstimate {
            from: table.from.min(courier_to),
            to: courier_to,
            source: EstimateSource::Courier,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_area_is_the_specs_four_pincodes() {
        let area = DeliveryArea::default();
        assert_eq!(area.len(), 4);
        for pincode in ["281001", "492010", "281204", "492001"] {
            assert_eq!(area.check(pincode), Ok(true), "{pincode}");
        }
        assert_eq!(area.check("110001"), Ok(false));
    }

    #[test]
    fn anything_but_six_digits_is_refused_with_the_spec_message() {
        let area = DeliveryArea::default();
        for bad in ["", "28100", "2810011", "28100a", "abcdef"] {
            assert_eq!(
                area.check(bad).unwrap_err().message(),
                "Enter a valid 6-digit Pincode",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn the_product_page_and_checkout_use_their_own_messages() {
        let area = DeliveryArea::default();
        assert_eq!(
            area.availability("281001").unwrap(),
            DeliveryCheck {
                deliverable: true,
                message: "Delivery available at this pincode"
            }
        );
        assert_eq!(
            area.availability("110001").unwrap(),
            DeliveryCheck {
                deliverable: false,
                message: "Delivery unavailable"
            }
        );
        assert_eq!(area.for_checkout(" 492001 ").unwrap().as_str(), "492001");
        assert_eq!(
            area.for_checkout("110001").unwrap_err().message(),
            "Delivery not available at this address"
        );
        assert_eq!(
            area.for_checkout("1100").unwrap_err().message(),
            "Enter a valid 6-digit Pincode"
        );
    }

    #[test]
    fn a_configured_list_replaces_the_default() {
        let area = DeliveryArea::parse_list("110001, 560001\n400001").unwrap();
        assert_eq!(area.len(), 3);
        assert_eq!(area.check("560001"), Ok(true));
        assert_eq!(area.check("281001"), Ok(false));
        assert_eq!(
            DeliveryArea::parse_list("110001,5600")
                .unwrap_err()
                .message(),
            "\"5600\" is not a 6-digit pincode"
        );
        assert!(DeliveryArea::parse_list("").unwrap().is_empty());
    }

    fn at_india(text: &str) -> DateTime<Utc> {
        let local = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
        local.and_local_timezone(india_time()).unwrap().to_utc()
    }

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_table_counts_from_today_before_the_cutoff_and_from_tomorrow_after_it() {
        let table = DeliveryTable::default();
        let before = table.estimate(at_india("2026-11-30 13:59"));
        assert_eq!(
            (before.from, before.to),
            (date("2026-12-03"), date("2026-12-07"))
        );
        let after = table.estimate(at_india("2026-11-30 14:00"));
        assert_eq!(
            (after.from, after.to),
            (date("2026-12-04"), date("2026-12-08"))
        );
        // 23:00 UTC is already the next morning in India.
        let utc_late = "2026-11-30T23:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(table.dispatch_day(utc_late), date("2026-12-01"));
        assert_eq!(before.source.as_str(), "table");
    }

    #[test]
    fn the_table_is_read_from_its_settings() {
        let days = DeliveryDays::parse(" 2 - 4 ").unwrap();
        let table = DeliveryTable::new(days, parse_dispatch_cutoff("18:30").unwrap());
        let estimate = table.estimate(at_india("2026-12-31 18:00"));
        assert_eq!(
            (estimate.from, estimate.to),
            (date("2027-01-02"), date("2027-01-04"))
        );
        assert!(DeliveryDays::parse("5").is_ok());
        for days in ["7-3", "3-31", "x", "", "-1-3"] {
            assert!(DeliveryDays::parse(days).is_err(), "{days:?}");
        }
        for cutoff in ["2pm", "25:00", ""] {
            assert!(parse_dispatch_cutoff(cutoff).is_err(), "{cutoff:?}");
        }
    }

    #[test]
    fn a_shipped_parcel_is_expected_the_slowest_day_after_it_left() {
        let table = DeliveryTable::default();
        assert_eq!(
            table.expected_by(at_india("2026-11-30 18:00")),
            date("2026-12-07")
        );
        assert_eq!(
            table.expected_by(at_india("2026-12-01 00:10")),
            date("2026-12-08")
        );
    }

    #[test]
    fn a_courier_s_date_is_the_last_day_and_the_first_never_after_it() {
        let table = DeliveryTable::default();
        let now = at_india("2026-11-30 10:00");
        let courier = table.with_courier(now, date("2026-12-02"));
        assert_eq!(
            (courier.from, courier.to),
            (date("2026-12-02"), date("2026-12-02"))
        );
        let later = table.with_courier(now, date("2026-12-09"));
        assert_eq!(
            (later.from, later.to),
            (date("2026-12-03"), date("2026-12-09"))
        );
        assert_eq!(later.source, EstimateSource::Courier);
    }
}
