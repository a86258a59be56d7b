//! Fit advice from returns (decisions D38): whether a product runs small or large, from the
//! reasons its returns of the last [`FIT_DAYS`] days gave, and the size a foot length suggests
//! on a size chart, shifted by that advice.

use chrono::{DateTime, Duration, Utc};

use super::Reason;
use crate::InvalidInput;

/// Returns asked for in this many days, the last one ending now, give a product's fit.
pub const FIT_DAYS: i64 = 180;

/// The first instant of the fit's span: a return asked for at or after it counts.
pub fn fit_since(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::days(FIT_DAYS)
}

/// How a product fits, as its returns say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Most who returned it for its fit found it too small: one size up.
    Small,
    /// Most found it too big: one size down.
    Large,
}

impl Fit {
    /// `small` or `large`, as the API answers it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Small => "small",
            Self::Large => "large",
        }
    }

    /// Sizes to move along a chart from the one the foot fits: one up or one down.
    fn shift(self) -> isize {
        match self {
            Self::Small => 1,
            Self::Large => -1,
        }
    }
}

/// A product's fit reasons over the span: one per return line (a shopper's word for the pairs
/// of that line, however many).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FitReasons {
    pub too_small: u32,
    pub too_big: u32,
}

impl FitReasons {
    /// Counts `Too small` and `Too big` among `reasons`; the others say nothing about fit.
    pub fn of(reasons: impl IntoIterator<Item = Reason>) -> Self {
        reasons
            .into_iter()
            .fold(Self::default(), |counts, reason| match reason {
                Reason::TooSmall => Self {
                    too_small: counts.too_small + 1,
                    ..counts
                },
                Reason::TooBig => Self {
                    too_big: counts.too_big + 1,
                    ..counts
                },
                _ => counts,
            })
    }

    pub fn total(self) -> u32 {
        self.too_small + self.too_big
    }
}

/// `FIT_MIN_RETURNS`: how many fit reasons a product needs before it is said to run small or
/// large.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FitRule {
    min_returns: u32,
}

impl FitRule {
    /// `FIT_MIN_RETURNS` unless set.
    pub const DEFAULT_MIN_RETURNS: u32 = 5;
    /// The share of fit reasons, in percent, one way must reach.
    pub const SHARE_PERCENT: u32 = 60;

    /// `None` for 0: a product without a single fit reason would be advised on.
    pub fn new(min_returns: u32) -> Option<Self> {
        (min_returns >= 1).then_some(Self { min_returns })
    }

    pub fn min_returns(self) -> u32 {
        self.min_returns
    }

    /// `Small` when at least the minimum of fit reasons were given and 60 % or more of them
    /// were `Too small`; `Large` likewise for `Too big`; else none (compared in whole numbers,
    /// so 3 of 5 is exactly 60 %).
    pub fn advice(self, reasons: FitReasons) -> Option<Fit> {
        let total = reasons.total();
        if total < self.min_returns {
            return None;
        }
        let reaches = |count: u32| count * 100 >= Self::SHARE_PERCENT * total;
        if reaches(reasons.too_small) {
            Some(Fit::Small)
        } else if reaches(reasons.too_big) {
            Some(Fit::Large)
        } else {
            None
        }
    }
}

impl Default for FitRule {
    fn default() -> Self {
        Self {
            min_returns: Self::DEFAULT_MIN_RETURNS,
        }
    }
}

/// One size of a chart: its label and the longest foot it fits, in millimetres.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartSize {
    pub label: String,
    pub foot_mm: u32,
}

/// Size labels with the foot length each fits, shortest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeChart {
    sizes: Vec<ChartSize>,
}

/// The shop's chart, UK 3 to UK 12: the foot length of UK adult size `n` is `(n + 23) / 3`
/// inches, the last's `(n + 25) / 3` less the two barleycorns (2/3 inch) a last is longer than
/// the foot it fits, rounded to the millimetre (decisions D38 cites the table).
const UK_DEFAULT: [(&str, u32); 10] = [
    ("UK 3", 220),
    ("UK 4", 229),
    ("UK 5", 237),
    ("UK 6", 246),
    ("UK 7", 254),
    ("UK 8", 262),
    ("UK 9", 271),
    ("UK 10", 279),
    ("UK 11", 288),
    ("UK 12", 296),
];

/// The shortest and longest foot a chart or a shopper may name, in millimetres.
const FOOT_MM: std::ops::RangeInclusive<u32> = 100..=400;

/// One size of a product's own chart as the admin's form sends it (decisions D49).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChartSizeInput {
    pub label: String,
    /// The longest foot it fits, in cm as typed (`25.4`).
    pub foot_cm: String,
}

impl SizeChart {
    /// More than a shoe's whole run in half sizes (UK 1 to UK 15 is 29).
    pub const MAX_SIZES: usize = 40;
    pub const MAX_LABEL: usize = 40;

    /// A product's own chart from the admin's form: the sizes in the order given, each foot
    /// length in cm to the millimetre, under the rules of [`SizeChart::new`].
    pub fn from_form(rows: Vec<ChartSizeInput>) -> Result<Self, InvalidInput> {
        if rows.len() > Self::MAX_SIZES {
            return Err(InvalidInput::new(format!(
                "A size chart can have at most {} sizes",
                Self::MAX_SIZES
            )));
        }
        let sizes = rows
            .into_iter()
            .map(|row| {
                let label = row.label.trim().to_owned();
                if label.chars().count() > Self::MAX_LABEL {
                    return Err(InvalidInput::new(format!(
                        "A size chart's labels are at most {} characters",
                        Self::MAX_LABEL
                    )));
                }
                let foot_mm = foot_mm_of(&row.foot_cm)
                    .ok_or_else(|| InvalidInput::new(FOOT_LENGTHS_OUT_OF_RANGE))?;
                Ok(ChartSize { label, foot_mm })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(sizes)
    }

    /// Sizes in the order given: each label once, each foot length 10 to 40 cm and longer than
    /// the one before.
    pub fn new(sizes: Vec<ChartSize>) -> Result<Self, InvalidInput> {
        if sizes.is_empty() {
            return Err(InvalidInput::new("A size chart needs at least one size"));
        }
        for (i, size) in sizes.iter().enumerate() {
            if size.label.trim().is_empty() || sizes[..i].iter().any(|s| s.label == size.label) {
                return Err(InvalidInput::new(
                    "Each size of a size chart needs its own label",
                ));
            }
            if !FOOT_MM.contains(&size.foot_mm) {
                return Err(InvalidInput::new(FOOT_LENGTHS_OUT_OF_RANGE));
            }
            if i > 0 && size.foot_mm <= sizes[i - 1].foot_mm {
                return Err(InvalidInput::new(
                    "A size chart's foot lengths grow with each size",
                ));
            }
        }
        Ok(Self { sizes })
    }

    /// The shop's default chart, UK 3 to UK 12.
    pub fn uk_default() -> Self {
        Self {
            sizes: UK_DEFAULT
                .iter()
                .map(|(label, foot_mm)| ChartSize {
                    label: (*label).to_owned(),
                    foot_mm: *foot_mm,
                })
                .collect(),
        }
    }

    /// The shop's chart for a product sized with `labels`, when it names one of them; a
    /// product's own chart comes first ([`crate::catalog::Product::size_chart_for_fit`]).
    pub fn for_sizes<'a>(mut labels: impl Iterator<Item = &'a str>) -> Option<Self> {
        let chart = Self::uk_default();
        labels
            .any(|label| chart.sizes.iter().any(|size| size.label == label.trim()))
            .then_some(chart)
    }

    pub fn sizes(&self) -> &[ChartSize] {
        &self.sizes
    }

    /// The size for a foot of `foot_mm`: the smallest whose foot length is at least the foot
    /// (a foot between two sizes takes the larger: a shoe too short hurts, one a little long
    /// does not), then one up when the product runs small or one down when it runs large.
    /// `None` when the foot is longer than the chart's largest size, or the shift leaves the
    /// chart.
    pub fn suggest(&self, foot_mm: u32, fit: Option<Fit>) -> Option<&ChartSize> {
        let fits = self.sizes.iter().position(|size| size.foot_mm >= foot_mm)?;
        let shifted = fits.checked_add_signed(fit.map_or(0, Fit::shift))?;
        self.sizes.get(shifted)
    }
}

/// What a foot length that cannot be read is refused with.
pub const FOOT_LENGTH_INVALID: &str = "Enter your foot length in cm, from 10 to 40";

/// What a chart whose foot length cannot be read is refused with.
const FOOT_LENGTHS_OUT_OF_RANGE: &str = "A size chart's foot lengths are from 10 to 40 cm";

/// A foot length as a shopper types it, in centimetres (`25.3`), to whole millimetres.
pub fn parse_foot_cm(text: &str) -> Result<u32, InvalidInput> {
    foot_mm_of(text).ok_or_else(|| InvalidInput::new(FOOT_LENGTH_INVALID))
}

/// Centimetres as typed to whole millimetres, when a number from 10 to 40.
fn foot_mm_of(text: &str) -> Option<u32> {
    let cm: f64 = text.trim().parse().ok()?;
    if !cm.is_finite() {
        return None;
    }
    let mm = (cm * 10.0).round();
    (f64::from(*FOOT_MM.start())..=f64::from(*FOOT_MM.end()))
        .contains(&mm)
        .then_some(mm as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(too_small: u32, too_big: u32) -> FitReasons {
        FitReasons { too_small, too_big }
    }

    #[test]
    fn only_too_small_and_too_big_are_fit_reasons() {
        let counted = FitReasons::of([
            Reason::TooSmall,
            Reason::Damaged,
            Reason::TooBig,
            Reason::TooSmall,
            Reason::ChangedMyMind,
            Reason::NotAsDescribed,
        ]);
        assert_eq!(counted, reasons(2, 1));
    }

    #[test]
    fn four_fit_reasons_say_nothing_five_do() {
        let rule = FitRule::default();
        assert_eq!(rule.min_returns(), 5);
        assert_eq!(rule.advice(reasons(4, 0)), None);
        assert_eq!(rule.advice(reasons(5, 0)), Some(Fit::Small));
        assert_eq!(rule.advice(reasons(0, 4)), None);
        assert_eq!(rule.advice(reasons(0, 5)), Some(Fit::Large));
        assert_eq!(FitRule::new(0), None);
        assert_eq!(
            FitRule::new(1).unwrap().advice(reasons(1, 0)),
            Some(Fit::Small)
        );
    }

    #[test]
    fn sixty_percent_one_way_is_advice_fifty_nine_is_not() {
        let rule = FitRule::default();
        assert_eq!(rule.advice(reasons(3, 2)), Some(Fit::Small), "3 of 5: 60 %");
        assert_eq!(rule.advice(reasons(2, 3)), Some(Fit::Large));
        // 59 of 100 and 59.x % are short of it.
        assert_eq!(rule.advice(reasons(59, 41)), None);
        assert_eq!(rule.advice(reasons(60, 40)), Some(Fit::Small));
        assert_eq!(rule.advice(reasons(41, 59)), None);
        assert_eq!(rule.advice(reasons(40, 60)), Some(Fit::Large));
        // 13 of 22 is 59.09 %.
        assert_eq!(rule.advice(reasons(13, 9)), None);
        assert_eq!(rule.advice(reasons(5, 5)), None, "half each way");
    }

    #[test]
    fn the_span_starts_180_days_before_now() {
        let now = "2026-11-29T10:00:00Z".parse::<DateTime<Utc>>().unwrap();
        // The first instant that counts (the port reads returns asked for at or after it).
        assert_eq!(
            fit_since(now),
            "2026-06-02T10:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn the_default_chart_is_uk_3_to_12_from_the_barleycorn_formula() {
        let chart = SizeChart::uk_default();
        let labels: Vec<&str> = chart.sizes().iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "UK 3", "UK 4", "UK 5", "UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11", "UK 12"
            ]
        );
        for (n, size) in (3..=12).zip(chart.sizes()) {
            let mm = f64::from(n + 23) / 3.0 * 25.4;
            assert_eq!(size.foot_mm, mm.round() as u32, "{}", size.label);
        }
        assert!(SizeChart::new(chart.sizes().to_vec()).is_ok());
    }

    #[test]
    fn a_foot_between_two_sizes_takes_the_larger_then_the_fit_moves_it() {
        let chart = SizeChart::uk_default();
        let label = |foot_mm, fit| chart.suggest(foot_mm, fit).map(|s| s.label.as_str());
        // 25.8 cm is between UK 7 (25.4) and UK 8 (26.2).
        assert_eq!(label(258, None), Some("UK 8"));
        assert_eq!(label(258, Some(Fit::Small)), Some("UK 9"));
        assert_eq!(label(258, Some(Fit::Large)), Some("UK 7"));
        // Exactly a size's foot length is that size.
        assert_eq!(label(254, None), Some("UK 7"));
        assert_eq!(label(255, None), Some("UK 8"));
        // A small foot takes the smallest size; a foot past the largest, none.
        assert_eq!(label(150, None), Some("UK 3"));
        assert_eq!(label(150, Some(Fit::Large)), None, "no size below UK 3");
        assert_eq!(label(296, Some(Fit::Small)), None, "no size above UK 12");
        assert_eq!(label(297, None), None);
    }

    #[test]
    fn a_product_sized_on_the_uk_chart_gets_it() {
        let chart = SizeChart::for_sizes(["UK 7", "UK 13"].into_iter());
        assert_eq!(chart, Some(SizeChart::uk_default()));
        assert_eq!(SizeChart::for_sizes(["EU 40", "EU 41"].into_iter()), None);
        assert_eq!(SizeChart::for_sizes(std::iter::empty()), None);
    }

    #[test]
    fn a_foot_length_is_typed_in_cm_from_10_to_40() {
        assert_eq!(parse_foot_cm(" 25.8 ").unwrap(), 258);
        assert_eq!(parse_foot_cm("26").unwrap(), 260);
        assert_eq!(parse_foot_cm("25.84").unwrap(), 258);
        for bad in ["", "abc", "9.9", "40.1", "NaN", "inf", "-25"] {
            assert_eq!(
                parse_foot_cm(bad).unwrap_err().to_string(),
                "Enter your foot length in cm, from 10 to 40",
                "{bad}"
            );
        }
    }

    #[test]
    fn a_chart_s_sizes_grow_and_have_labels_of_their_own() {
        let size = |label: &str, foot_mm| ChartSize {
            label: label.to_owned(),
            foot_mm,
        };
        assert!(SizeChart::new(vec![]).is_err());
        assert!(SizeChart::new(vec![size("7", 250), size("7", 260)]).is_err());
        assert!(SizeChart::new(vec![size("7", 250), size("8", 250)]).is_err());
        assert!(SizeChart::new(vec![size("7", 50)]).is_err());
        assert!(SizeChart::new(vec![size(" ", 250)]).is_err());
        let chart = SizeChart::new(vec![size("EU 40", 250), size("EU 41", 257)]).unwrap();
        assert_eq!(chart.suggest(251, None).unwrap().label, "EU 41");
    }

    #[test]
    fn a_product_s_own_chart_is_read_from_the_form_in_cm() {
        let row = |label: &str, cm: &str| ChartSizeInput {
            label: label.to_owned(),
            foot_cm: cm.to_owned(),
        };
        let chart =
            SizeChart::from_form(vec![row(" EU 40 ", "25"), row("EU 41", "25.66")]).unwrap();
        assert_eq!(
            chart.sizes(),
            [
                ChartSize {
                    label: "EU 40".into(),
                    foot_mm: 250
                },
                ChartSize {
                    label: "EU 41".into(),
                    foot_mm: 257
                },
            ]
        );
        let refused = |rows| SizeChart::from_form(rows).unwrap_err().to_string();
        assert_eq!(
            refused(vec![row("EU 40", "9.9")]),
            "A size chart's foot lengths are from 10 to 40 cm"
        );
        assert_eq!(
            refused(vec![row("EU 40", "twenty")]),
            "A size chart's foot lengths are from 10 to 40 cm"
        );
        assert_eq!(
            refused(vec![row("EU 41", "26"), row("EU 40", "25")]),
            "A size chart's foot lengths grow with each size"
        );
        assert_eq!(
            refused(vec![row(&"L".repeat(41), "25")]),
            "A size chart's labels are at most 40 characters"
        );
        let run: Vec<_> = (0..=SizeChart::MAX_SIZES)
            .map(|i| row(&format!("S{i}"), &format!("{}", 10.0 + i as f64 / 2.0)))
            .collect();
        assert!(SizeChart::from_form(run[..SizeChart::MAX_SIZES].to_vec()).is_ok());
        assert_eq!(refused(run), "A size chart can have at most 40 sizes");
    }
}
