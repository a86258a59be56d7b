//! Invoice numbers: the financial year and the shop's prefix.

use std::fmt;

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};

use crate::InvalidInput;
use crate::error::is_code;
use crate::sale::india_time;

/// An Indian financial year, April to March: invoices are numbered from 1 in each. Named
/// `2026-27` by the calendar year it starts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FinancialYear(i32);

impl FinancialYear {
    /// The financial year starting on 1 April of `year`.
    pub fn starting_in(year: i32) -> Self {
        Self(year)
    }

    /// The financial year of a moment, in India time (UTC+05:30) whatever the server's zone:
    /// 2026-03-31T18:30Z is already 1 April in India, so `2026-27`.
    pub fn of(moment: DateTime<Utc>) -> Self {
        let date = moment.with_timezone(&india_time()).date_naive();
        Self(if date.month() >= 4 {
            date.year()
        } else {
            date.year() - 1
        })
    }

    /// The calendar year it starts in: 2026 for `2026-27`.
    pub fn first_year(self) -> i32 {
        self.0
    }

    /// Its first moment, 1 April 00:00 India time.
    pub fn starts_at(self) -> DateTime<Utc> {
        let midnight = NaiveDate::from_ymd_opt(self.0, 4, 1)
            .expect("1 April exists")
            .and_hms_opt(0, 0, 0)
            .expect("midnight exists");
        india_time()
            .from_local_datetime(&midnight)
            .single()
            .expect("a fixed offset has no gaps")
            .with_timezone(&Utc)
    }

    /// The moment the next one starts (this one's end, excluded).
    pub fn ends_before(self) -> DateTime<Utc> {
        Self(self.0 + 1).starts_at()
    }

    /// Its short name in document numbers, `26-27`: GST rule 46 allows a number 16 characters.
    pub fn short(self) -> String {
        format!(
            "{:02}-{:02}",
            self.0.rem_euclid(100),
            (self.0 + 1).rem_euclid(100)
        )
    }

    /// A document number of this year's series: `{series}/{YY-YY}/{n:06}`, e.g.
    /// `PDK/26-27/000001`; at most 16 characters while the series has at most 3 and n
    /// at most six digits.
    pub fn document_number(self, series: &str, n: u64) -> String {
        format!("{series}/{}/{n:06}", self.short())
    }
}

impl fmt::Display for FinancialYear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:02}", self.0, (self.0 + 1).rem_euclid(100))
    }
}

/// The start of every invoice number, from `INVOICE_PREFIX` (default `PDK`): 1 to 3 letters
/// or digits (GST rule 46: a number has at most 16 characters), kept upper case, so the
/// number reads the same on every invoice and in every search.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InvoicePrefix(String);

impl InvoicePrefix {
    pub const DEFAULT: &'static str = "PDK";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let prefix = text.trim();
        if is_code(prefix, 1..=3, u8::is_ascii_alphanumeric) {
            Ok(Self(prefix.to_ascii_uppercase()))
        } else {
            Err(InvalidInput::new(format!(
                "INVOICE_PREFIX must be 1 to 3 letters or digits, e.g. PDK, not \"{prefix}\""
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The invoice number `{PREFIX}/{YY-YY}/{n}`, n with at least six digits:
    /// `PDK/26-27/000001`. `n` counts from 1 in each financial year. Numbers given before
    /// (`PDK/2026-27/000001`) stay as stored; the year's count goes on from them.
    pub fn invoice_number(&self, year: FinancialYear, n: u64) -> String {
        year.document_number(&self.0, n)
    }
}

impl Default for InvoicePrefix {
    fn default() -> Self {
        Self(Self::DEFAULT.to_owned())
    }
}
