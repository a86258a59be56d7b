//! Fixed instants, so that what a test stores and what it expects are the same to the
//! microsecond.

use chrono::{DateTime, Duration, TimeZone, Utc};

/// What every fake clock reads: 1 October 2025, 09:30 UTC (15:00 in India).
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 10, 1, 9, 30, 0).unwrap()
}

/// 1 January 2025, 10:00 UTC, plus `seconds`, with microseconds so that a database's
/// precision is exercised. The builders' accounts, products and reviews were made at `at(0)`.
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 10, 0, 0).unwrap()
        + Duration::seconds(seconds)
        + Duration::microseconds(123_456)
}
