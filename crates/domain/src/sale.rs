//! Timed sales: shown as a banner with a countdown, never applied to prices.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDateTime, TimeZone, Utc};

use crate::error::at_most;
use crate::{InvalidInput, Percent, SaleId};

#[derive(Debug, Clone, PartialEq)]
pub struct Sale {
    pub id: SaleId,
    pub name: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub discount: Percent,
}

impl Sale {
    /// The sale `draft` describes, under `id`.
    pub fn new(id: SaleId, draft: SaleDraft) -> Self {
        Self {
            id,
            name: draft.name,
            start: draft.start,
            end: draft.end,
            discount: draft.discount,
        }
    }

    /// A sale runs from its start to its end, both included.
    pub fn is_running_at(&self, now: DateTime<Utc>) -> bool {
        self.start <= now && now <= self.end
    }
}

/// A sale as the admin form sends it, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct SaleDraft {
    pub name: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub discount: Percent,
}

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

impl SaleDraft {
    pub const FILL_ALL: &'static str = "Fill all details";
    pub const FIRST_YEAR: i32 = 2000;
    pub const LAST_YEAR: i32 = 9999;

    /// Every field is required. Times are RFC 3339; a time without an offset (what a
    /// `datetime-local` input sends) is read as India Standard Time, the shop's time zone.
    pub fn parse(
        name: Option<&str>,
        start: Option<&str>,
        end: Option<&str>,
        discount: Option<&str>,
    ) -> Result<Self, InvalidInput> {
        let name_as_sent = name.unwrap_or_default();
        let (Some(name), Some(start), Some(end), Some(discount)) = (
            present(name),
            present(start),
            present(end),
            present(discount),
        ) else {
            return Err(InvalidInput::new(Self::FILL_ALL));
        };
        at_most(name_as_sent, 100, "Name")?;
        let start = parse_shop_time(start)?;
        let end = parse_shop_time(end)?;
        // Years (in UTC) the API can write back as RFC 3339 (year 0 in India time is year -1
        // in UTC), and that a shop means.
        if [start, end]
            .iter()
            .any(|at| !(Self::FIRST_YEAR..=Self::LAST_YEAR).contains(&at.year()))
        {
            return Err(InvalidInput::new(format!(
                "Sale times must be in the years {} to {}",
                Self::FIRST_YEAR,
                Self::LAST_YEAR
            )));
        }
        if end <= start {
            return Err(InvalidInput::new("End must be after start"));
        }
        Ok(Self {
            name: name.to_owned(),
            start,
            end,
            discount: Percent::parse(discount)?,
        })
    }
}

/// India Standard Time, UTC+05:30, with no daylight saving.
pub fn india_time() -> FixedOffset {
    FixedOffset::east_opt(5 * 3600 + 30 * 60).expect("a valid offset")
}

/// A time a person entered: RFC 3339, or without an offset (what a `datetime-local` input
/// sends) in India Standard Time.
pub fn parse_shop_time(text: &str) -> Result<DateTime<Utc>, InvalidInput> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Ok(at.with_timezone(&Utc));
    }
    // RFC 3339 requires seconds; people (and some clients) leave them out: `…T18:30Z`.
    if let Some(utc) = text.strip_suffix('Z')
        && let Ok(naive) = NaiveDateTime::parse_from_str(utc, "%Y-%m-%dT%H:%M")
    {
        return Ok(naive.and_utc());
    }
    [
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%d %H:%M:%S",
    ]
    .iter()
    .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
    .and_then(|naive| india_time().from_local_datetime(&naive).single())
    .map(|at| at.with_timezone(&Utc))
    .ok_or_else(|| {
        InvalidInput::new(format!(
            "\"{text}\" is not a date and time like 2025-01-31T18:30"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_outside_the_years_2000_to_9999_utc_are_refused() {
        for (start, end) in [
            ("0000-01-01T00:00", "2000-01-01T00:00:00Z"),
            ("1999-12-31T23:59:59Z", "2025-01-01T00:00"),
            ("2025-01-01T00:00", "9999-12-31T23:59:59-05:00"),
        ] {
            let err = SaleDraft::parse(Some("Diwali"), Some(start), Some(end), Some("10"));
            assert_eq!(
                err.unwrap_err().message(),
                "Sale times must be in the years 2000 to 9999",
                "{start} {end}"
            );
        }
        assert!(
            SaleDraft::parse(
                Some("Diwali"),
                Some("2000-01-01T00:00:00Z"),
                Some("9999-12-31T23:59"),
                Some("10")
            )
            .is_ok()
        );
    }

    #[test]
    fn every_field_is_required() {
        let err = SaleDraft::parse(Some("Diwali"), Some("2025-01-01T00:00"), None, Some("10"));
        assert_eq!(err.unwrap_err().message(), SaleDraft::FILL_ALL);
        let err = SaleDraft::parse(Some(" "), Some("a"), Some("b"), Some("1"));
        assert_eq!(err.unwrap_err().message(), SaleDraft::FILL_ALL);
    }

    #[test]
    fn local_times_are_india_time() {
        let sale = SaleDraft::parse(
            Some("Diwali"),
            Some("2025-10-20T05:30"),
            Some("2025-10-21T00:00:00Z"),
            Some("30"),
        )
        .unwrap();
        assert_eq!(sale.start.to_rfc3339(), "2025-10-20T00:00:00+00:00");
        assert_eq!(sale.discount.value(), 30);
    }

    #[test]
    fn a_sale_must_end_after_it_starts() {
        let err = SaleDraft::parse(
            Some("Backwards"),
            Some("2025-10-21T00:00Z"),
            Some("2025-10-20T00:00Z"),
            Some("5"),
        );
        assert_eq!(err.unwrap_err().message(), "End must be after start");
    }

    #[test]
    fn a_sale_runs_inclusive_of_both_ends() {
        let draft = SaleDraft::parse(
            Some("S"),
            Some("2025-01-01T00:00Z"),
            Some("2025-01-02T00:00Z"),
            Some("1"),
        )
        .unwrap();
        let sale = Sale::new(SaleId::new("s"), draft);
        assert!(sale.is_running_at(sale.start));
        assert!(sale.is_running_at(sale.end));
        assert!(!sale.is_running_at(sale.end + chrono::Duration::seconds(1)));
    }
}
