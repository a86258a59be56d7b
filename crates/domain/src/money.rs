//! Money is integer paise inside the system; rupees only at the edges.

use std::fmt;

use crate::InvalidInput;

/// An amount of money in paise (100 paise = 1 rupee). Never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Paise(i64);

impl Paise {
    pub const ZERO: Self = Self(0);
    /// Ten million rupees: above any price or order a small shop will see, and far from overflow.
    pub const MAX: Self = Self(1_000_000_000);

    /// From a paise count read back from storage, where it was checked on the way in.
    pub fn from_stored(paise: i64) -> Self {
        Self(paise)
    }

    pub fn from_rupees(rupees: i64) -> Result<Self, InvalidInput> {
        rupees
            .checked_mul(100)
            .map(Self)
            .filter(|p| (0..=Self::MAX.0).contains(&p.0))
            .ok_or_else(|| InvalidInput::new(format!("{rupees} is not a valid amount in rupees")))
    }

    /// Parses rupees written as decimal text (`"1299"`, `"1299.5"`, `"1299.50"`) exactly, with no
    /// floating point on the way.
    pub fn parse_rupees(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        let invalid = || {
            InvalidInput::new(format!(
                "Price \"{text}\" must be a number of rupees of at least 0, with at most 2 decimals"
            ))
        };
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 {
            return Err(invalid());
        }
        let whole: i64 = whole.parse().map_err(|_| invalid())?;
        let fraction: i64 = format!("{fraction:0<2}").parse().map_err(|_| invalid())?;
        whole
            .checked_mul(100)
            .and_then(|p| p.checked_add(fraction))
            .map(Self)
            .filter(|p| p.0 <= Self::MAX.0)
            .ok_or_else(invalid)
    }

    /// Rupees from a JSON number (the API speaks rupees); rounded to the nearest paisa.
    pub fn from_rupees_f64(rupees: f64) -> Result<Self, InvalidInput> {
        if !rupees.is_finite() || rupees < 0.0 || rupees * 100.0 > Self::MAX.0 as f64 {
            return Err(InvalidInput::new(format!(
                "{rupees} is not a valid amount in rupees"
            )));
        }
        Ok(Self((rupees * 100.0).round() as i64))
    }

    pub fn paise(self) -> i64 {
        self.0
    }

    /// Rupees as a JSON number (exact for every paise count we allow).
    pub fn rupees(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// The whole rupees, with any paise cut off.
    pub fn whole_rupees(self) -> i64 {
        self.0 / 100
    }

    /// The price after `discount`, rounded down to the paisa: the selling price a size given as
    /// an MRP and a discount gets (decisions D36).
    pub fn discounted(self, discount: Percent) -> Self {
        Self(self.0 * i64::from(100 - discount.value()) / 100)
    }

    /// The whole percent `sale_price` is below this MRP, rounded down:
    /// `floor((mrp - sale) * 100 / mrp)`; 0 for a free MRP or a sale price at or above it.
    pub fn discount_to(self, sale_price: Paise) -> Percent {
        if self.0 <= 0 || sale_price.0 >= self.0 {
            return Percent::ZERO;
        }
        let percent = (i128::from(self.0 - sale_price.0) * 100) / i128::from(self.0);
        Percent(u8::try_from(percent.clamp(0, 100)).unwrap_or(100))
    }
}

impl Paise {
    /// Rupees as people in India write them, grouped in lakhs and crores, paise only when
    /// there are some: `₹899`, `₹1,24,999.50`, `₹1,00,00,000`.
    pub fn in_indian_style(self) -> String {
        let paise = self.0.max(0);
        let whole = (paise / 100).to_string();
        let grouped = if whole.len() <= 3 {
            whole
        } else {
            let (head, last3) = whole.split_at(whole.len() - 3);
            let mut groups: Vec<&str> = Vec::new();
            let mut rest = head;
            while rest.len() > 2 {
                let (left, pair) = rest.split_at(rest.len() - 2);
                groups.push(pair);
                rest = left;
            }
            groups.push(rest);
            groups.reverse();
            format!("{},{last3}", groups.join(","))
        };
        match paise % 100 {
            0 => format!("₹{grouped}"),
            cents => format!("₹{grouped}.{cents:02}"),
        }
    }
}

impl fmt::Display for Paise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "₹{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// A whole percentage from 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Percent(u8);

impl Percent {
    pub const ZERO: Self = Self(0);

    pub fn new(value: i64) -> Result<Self, InvalidInput> {
        u8::try_from(value)
            .ok()
            .filter(|v| *v <= 100)
            .map(Self)
            .ok_or_else(|| InvalidInput::new("Discount must be a whole number from 0 to 100"))
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        text.trim()
            .parse::<i64>()
            .map_err(|_| InvalidInput::new("Discount must be a whole number from 0 to 100"))
            .and_then(Self::new)
    }

    pub fn value(self) -> u8 {
        self.0
    }
}

/// One priced line of a cart or order: the exact price one unit sells at (its `salePrice`,
/// decisions D36) and a quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricedLine {
    pub sale_price: Paise,
    pub quantity: u32,
}

impl PricedLine {
    /// The line's value, exactly, in hundredths of a paisa (the unit every share of an
    /// order's amount is reckoned in).
    pub fn hundredths_of_paise(&self) -> i128 {
        i128::from(self.sale_price.paise()) * 100 * i128::from(self.quantity)
    }
}

/// The amount an order costs in whole rupees, by the shop's formula: the sum over lines of
/// sale price x quantity, with the fraction of a rupee cut off once, at the end.
pub fn order_amount_rupees(lines: &[PricedLine]) -> i64 {
    let hundredths_of_paise: i128 = lines.iter().map(PricedLine::hundredths_of_paise).sum();
    i64::try_from(hundredths_of_paise / 10_000).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rupees_are_grouped_in_lakhs_and_crores() {
        assert_eq!(Paise::from_stored(89_900).in_indian_style(), "₹899");
        assert_eq!(
            Paise::from_stored(12_499_950).in_indian_style(),
            "₹1,24,999.50"
        );
        assert_eq!(
            Paise::from_stored(1_000_000_000).in_indian_style(),
            "₹1,00,00,000"
        );
        assert_eq!(Paise::from_stored(5).in_indian_style(), "₹0.05");
    }

    #[test]
    fn rupee_text_is_parsed_exactly() {
        assert_eq!(Paise::parse_rupees("1299").unwrap().paise(), 129_900);
        assert_eq!(Paise::parse_rupees("1299.5").unwrap().paise(), 129_950);
        assert_eq!(Paise::parse_rupees(" 0.05 ").unwrap().paise(), 5);
        for bad in [
            "",
            "-1",
            "1.234",
            "abc",
            "1e3",
            ".5",
            "12.3.4",
            "99999999999",
        ] {
            assert!(
                Paise::parse_rupees(bad).is_err(),
                "{bad:?} should be refused"
            );
        }
    }

    #[test]
    fn percent_is_between_0_and_100() {
        assert_eq!(Percent::new(100).unwrap().value(), 100);
        assert!(Percent::new(101).is_err());
        assert!(Percent::new(-1).is_err());
        assert!(Percent::parse("12.5").is_err());
    }

    #[test]
    fn order_amount_follows_the_spec_formula_and_cuts_once() {
        let line = |rupees: &str, discount, quantity| PricedLine {
            sale_price: Paise::parse_rupees(rupees)
                .unwrap()
                .discounted(Percent::new(discount).unwrap()),
            quantity,
        };
        // 999 x 0.85 = 849.15 -> twice is 1698.30 -> 1698 (cut once, not per line).
        assert_eq!(order_amount_rupees(&[line("999", 15, 2)]), 1698);
        // 0.5 + 0.5 rupee lines make one whole rupee only when summed before the cut.
        assert_eq!(
            order_amount_rupees(&[line("1", 50, 1), line("1", 50, 1)]),
            1
        );
        assert_eq!(order_amount_rupees(&[]), 0);
    }

    #[test]
    fn the_discount_is_derived_from_the_mrp_and_the_sale_price_rounded_down() {
        let rupees = |r: i64| Paise::from_rupees(r).unwrap();
        assert_eq!(rupees(3299).discount_to(rupees(1299)).value(), 60);
        assert_eq!(rupees(3299).discount_to(rupees(3299)).value(), 0);
        assert_eq!(rupees(1000).discount_to(rupees(0)).value(), 100);
        // 999 -> 998 is 0.1 % off: rounded down, 0.
        assert_eq!(rupees(999).discount_to(rupees(998)).value(), 0);
        assert_eq!(Paise::ZERO.discount_to(Paise::ZERO).value(), 0);
    }

    proptest! {
        /// A size given as price and discount (the spec's calls) derives its discount back.
        #[test]
        fn a_discounted_price_derives_its_discount_back(rupees in 1i64..10_000_000, d in 0i64..=100) {
            let mrp = Paise::from_rupees(rupees).unwrap();
            let discount = Percent::new(d).unwrap();
            prop_assert_eq!(mrp.discount_to(mrp.discounted(discount)), discount);
        }

        #[test]
        fn order_amount_never_exceeds_the_undiscounted_sum(
            prices in proptest::collection::vec((0i64..1_000_000, 0i64..=100, 1u32..20), 0..10)
        ) {
            let lines: Vec<_> = prices.iter().map(|(p, d, q)| PricedLine {
                sale_price: Paise::from_stored(*p).discounted(Percent::new(*d).unwrap()),
                quantity: *q,
            }).collect();
            let full: i64 = prices.iter().map(|(p, _, q)| p * i64::from(*q)).sum();
            prop_assert!(order_amount_rupees(&lines) * 100 <= full);
        }

        #[test]
        fn formatted_rupee_text_round_trips(paise in 0i64..Paise::MAX.paise()) {
            let text = format!("{}.{:02}", paise / 100, paise % 100);
            prop_assert_eq!(Paise::parse_rupees(&text).unwrap().paise(), paise);
        }
    }
}
