//! Coupons (decisions D7): what an admin may create, and what one takes off an order.
//!
//! Only the rules live here; counting uses and taking one in the order's transaction belong to
//! the checkout and its repository.

use chrono::{DateTime, Utc};

use crate::error::is_code;
use crate::{CouponId, InvalidInput};

/// A stored coupon: its terms and how many orders (not cancelled) use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub id: CouponId,
    pub terms: CouponTerms,
    pub used: i64,
    pub created_at: DateTime<Utc>,
}

/// How a coupon takes its discount off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponKind {
    /// A whole percent of the subtotal, 1 to 90, rounded down to the rupee.
    Percent,
    /// Whole rupees off, never leaving less than ₹1 to pay.
    Amount,
}

impl CouponKind {
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        match text.trim() {
            "percent" => Ok(Self::Percent),
            "amount" => Ok(Self::Amount),
            _ => Err(InvalidInput::new("Coupon kind must be percent or amount")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Percent => "percent",
            Self::Amount => "amount",
        }
    }
}

/// A coupon's code: 3 to 20 letters or digits, kept upper case, so `welcome10` is `WELCOME10`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CouponCode(String);

impl CouponCode {
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let code = text.trim();
        if !is_code(code, 3..=20, u8::is_ascii_alphanumeric) {
            return Err(InvalidInput::new(
                "Coupon code must be 3 to 20 letters or digits",
            ));
        }
        Ok(Self(code.to_ascii_uppercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A coupon's terms, checked: what the admin's create and update forms send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponTerms {
    pub code: CouponCode,
    pub kind: CouponKind,
    /// Percent (1 to 90) or whole rupees (at least 1), by `kind`.
    pub value: i64,
    /// Whole rupees the subtotal must reach.
    pub min_order_rupees: i64,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Orders (not cancelled) that may use it in all; `None`: no limit.
    pub max_uses: Option<i64>,
    /// Orders (not cancelled) one shopper's account may use it for; `None`: no limit.
    pub max_uses_per_user: Option<i64>,
}

/// A cart's subtotal with a coupon applied, in whole rupees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CouponPrice {
    pub subtotal: i64,
    pub discount: i64,
    /// What is paid (or collected): the subtotal less the discount, never below ₹1.
    pub amount: i64,
}

/// Why a coupon does not apply to a cart; the messages are the API's (decisions D7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponRefusal {
    #[error("Invalid or expired coupon")]
    InvalidOrExpired,
    #[error("Minimum order for this coupon is ₹{0}")]
    MinimumOrder(i64),
    #[error("Coupon usage limit reached")]
    UsageLimitReached,
}

/// The largest value of each kind a form may give: 90 % (a coupon never gives the shop
/// away), and the most an order may cost.
const MAX_PERCENT: i64 = 90;
const MAX_RUPEES: i64 = 10_000_000;

impl CouponTerms {
    #[allow(
        clippy::too_many_arguments,
        reason = "the form's eight fields, each checked here"
    )]
    pub fn parse(
        code: &str,
        kind: &str,
        value: i64,
        min_order_rupees: i64,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        max_uses: Option<i64>,
        max_uses_per_user: Option<i64>,
    ) -> Result<Self, InvalidInput> {
        let code = CouponCode::parse(code)?;
        let kind = CouponKind::parse(kind)?;
        match kind {
            CouponKind::Percent if !(1..=MAX_PERCENT).contains(&value) => {
                return Err(InvalidInput::new(
                    "A percent coupon's value must be a whole number from 1 to 90",
                ));
            }
            CouponKind::Amount if !(1..=MAX_RUPEES).contains(&value) => {
                return Err(InvalidInput::new(
                    "An amount coupon's value must be whole rupees, at least 1",
                ));
            }
            _ => {}
        }
        if !(0..=MAX_RUPEES).contains(&min_order_rupees) {
            return Err(InvalidInput::new(
                "Minimum order must be whole rupees, at least 0",
            ));
        }
        if end <= start {
            return Err(InvalidInput::new("Coupon end must be after its start"));
        }
        for (limit, what) in [(max_uses, "Uses"), (max_uses_per_user, "Uses per shopper")] {
            if limit.is_some_and(|n| n < 1) {
                return Err(InvalidInput::new(format!(
                    "{what} must be a whole number of at least 1, or empty for no limit"
                )));
            }
        }
        Ok(Self {
            code,
            kind,
            value,
            min_order_rupees,
            start,
            end,
            max_uses,
            max_uses_per_user,
        })
    }

    /// Whether the coupon may be used at `now`: from its start to its end, both included.
    pub fn is_running_at(&self, now: DateTime<Utc>) -> bool {
        self.start <= now && now <= self.end
    }

    /// The coupon applied to a subtotal of whole rupees (the spec's formula), at `now`.
    /// Uses are counted by the caller, in the order's transaction.
    pub fn price(&self, subtotal: i64, now: DateTime<Utc>) -> Result<CouponPrice, CouponRefusal> {
        if !self.is_running_at(now) {
            return Err(CouponRefusal::InvalidOrExpired);
        }
        if subtotal < self.min_order_rupees {
            return Err(CouponRefusal::MinimumOrder(self.min_order_rupees));
        }
        let discount = match self.kind {
            CouponKind::Percent => subtotal.saturating_mul(self.value) / 100,
            CouponKind::Amount => self.value.min(subtotal - 1),
        }
        // Never more than leaves ₹1 to pay, never negative.
        .min(subtotal - 1)
        .max(0);
        Ok(CouponPrice {
            subtotal,
            discount,
            amount: subtotal - discount,
        })
    }
}

/// Whether an order may take one more use of a coupon that `uses` orders hold already (orders
/// that have not ended: an end gives its use back). `limit` is the coupon's `max_uses`, or,
/// counting one shopper's orders, its `max_uses_per_user`; `None` is no limit.
pub fn may_take_use(limit: Option<i64>, uses: i64) -> bool {
    limit.is_none_or(|max| uses < max)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::prelude::*;

    use super::*;

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, 0, 0, 0).unwrap()
    }

    fn coupon(kind: &str, value: i64, min_order: i64) -> CouponTerms {
        CouponTerms::parse(
            " welcome10 ",
            kind,
            value,
            min_order,
            at(1),
            at(30),
            None,
            Some(1),
        )
        .unwrap()
    }

    #[test]
    fn codes_are_kept_upper_case_and_must_be_3_to_20_letters_or_digits() {
        assert_eq!(coupon("percent", 10, 0).code.as_str(), "WELCOME10");
        for bad in [
            "",
            "ab",
            "a".repeat(21).as_str(),
            "WELCOME 10",
            "DIWALI-10",
            "दिवाली",
        ] {
            assert!(CouponCode::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(CouponCode::parse("abc").unwrap().as_str(), "ABC");
    }

    #[test]
    fn each_broken_rule_is_refused_with_its_reason() {
        let parse = |kind: &str, value: i64, min: i64, end: u32, uses: Option<i64>| {
            CouponTerms::parse("SAVE", kind, value, min, at(2), at(end), uses, None)
                .unwrap_err()
                .to_string()
        };
        assert!(parse("gift", 10, 0, 3, None).contains("percent or amount"));
        assert!(parse("percent", 0, 0, 3, None).contains("from 1 to 90"));
        assert!(parse("percent", 91, 0, 3, None).contains("from 1 to 90"));
        assert!(parse("amount", 0, 0, 3, None).contains("at least 1"));
        assert!(parse("amount", 100, -1, 3, None).contains("Minimum order"));
        assert!(parse("amount", 100, 0, 2, None).contains("after its start"));
        assert!(parse("amount", 100, 0, 1, None).contains("after its start"));
        assert!(parse("amount", 100, 0, 3, Some(0)).contains("Uses must be"));
    }

    #[test]
    fn a_coupon_applies_from_its_start_to_its_end_and_above_its_minimum() {
        let welcome = coupon("percent", 10, 500);
        assert_eq!(
            welcome.price(1999, at(15)),
            Ok(CouponPrice {
                subtotal: 1999,
                discount: 199,
                amount: 1800
            }),
            "10 % of ₹1,999, rounded down"
        );
        assert_eq!(
            welcome.price(1999, at(30)).unwrap().discount,
            199,
            "the end is included"
        );
        assert_eq!(
            welcome.price(1999, at(30) + chrono::Duration::seconds(1)),
            Err(CouponRefusal::InvalidOrExpired)
        );
        assert_eq!(
            welcome.price(499, at(15)),
            Err(CouponRefusal::MinimumOrder(500))
        );
        assert_eq!(
            CouponRefusal::MinimumOrder(500).to_string(),
            "Minimum order for this coupon is ₹500"
        );
        let flat = coupon("amount", 300, 0);
        assert_eq!(flat.price(1000, at(15)).unwrap().amount, 700);
        assert_eq!(
            flat.price(250, at(15)),
            Ok(CouponPrice {
                subtotal: 250,
                discount: 249,
                amount: 1
            }),
            "never below ₹1 to pay"
        );
    }

    #[test]
    fn a_use_is_taken_while_under_the_limit() {
        assert!(may_take_use(None, 0));
        assert!(may_take_use(None, i64::MAX));
        assert!(may_take_use(Some(1), 0));
        assert!(!may_take_use(Some(1), 1));
        assert!(may_take_use(Some(3), 2));
        assert!(!may_take_use(Some(3), 3));
        assert!(!may_take_use(Some(3), 4));
    }

    proptest! {
        /// Taking uses one at a time, as long as allowed, stops at the limit exactly.
        #[test]
        fn uses_stop_at_the_limit(limit in 0_i64..50) {
            let mut uses = 0;
            while may_take_use(Some(limit), uses) {
                uses += 1;
            }
            prop_assert_eq!(uses, limit);
        }

        #[test]
        fn the_discount_adds_up_never_goes_negative_and_leaves_at_least_a_rupee(
            subtotal in 0_i64..=10_000_000,
            percent in 1_i64..=90,
            rupees in 1_i64..=10_000_000,
        ) {
            for (kind, value) in [("percent", percent), ("amount", rupees)] {
                let price = coupon(kind, value, 0).price(subtotal, at(15)).unwrap();
                prop_assert_eq!(price.subtotal, subtotal);
                prop_assert_eq!(price.discount + price.amount, subtotal);
                prop_assert!(price.discount >= 0);
                if subtotal >= 1 {
                    prop_assert!(price.amount >= 1);
                }
            }
            let by_percent = coupon("percent", percent, 0).price(subtotal, at(15)).unwrap();
            prop_assert_eq!(by_percent.discount, subtotal * percent / 100, "floored");
            let by_amount = coupon("amount", rupees, 0).price(subtotal, at(15)).unwrap();
            prop_assert_eq!(by_amount.discount, rupees.min(subtotal - 1).max(0));
        }
    }
}
