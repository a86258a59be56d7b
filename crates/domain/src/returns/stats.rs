//! The admin overview's returns (decisions D24): pairs returned by reason, and per size the
//! pairs returned of the pairs sold, over the last [`ReturnStats::DAYS`] days.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::Reason;

/// Pairs of one return line that counts: its return was asked for within the span and was
/// neither rejected nor cancelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnedPairs {
    pub reason: Reason,
    /// The size sent back; `None` for a product without sizes.
    pub size: Option<String>,
    pub quantity: u32,
}

/// Pairs of one order line in an order placed within the span and not cancelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldPairs {
    /// `None` for a product without sizes.
    pub size: Option<String>,
    pub quantity: u32,
    /// The line of an exchange's replacement order: it ships a pair sold once already, so it
    /// is not a sale.
    pub replacement: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReasonCount {
    pub reason: Reason,
    /// Pairs.
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SizeReturns {
    pub size: String,
    pub returned: u32,
    pub sold: u32,
    /// `returned / sold`, 0 to 1 as long as returns follow sales; 0 when none were sold in the
    /// span.
    pub rate: f64,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReturnStats {
    /// Every reason, in [`Reason::ALL`]'s order, those without returns at 0.
    pub by_reason: Vec<ReasonCount>,
    /// Every size sold or returned in the span, in [`size_order`].
    pub by_size: Vec<SizeReturns>,
}

impl ReturnStats {
    /// The span the overview looks at.
    pub const DAYS: i64 = 90;

    pub fn of(returned: &[ReturnedPairs], sold: &[SoldPairs]) -> Self {
        let by_reason = Reason::ALL
            .into_iter()
            .map(|reason| ReasonCount {
                reason,
                count: returned
                    .iter()
                    .filter(|pairs| pairs.reason == reason)
                    .map(|pairs| pairs.quantity)
                    .sum(),
            })
            .collect();
        // (returned, sold) per size; products without sizes have no size to count under.
        let mut sizes: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
        for pairs in returned {
            if let Some(size) = &pairs.size {
                sizes.entry(size).or_default().0 += pairs.quantity;
            }
        }
        for pairs in sold.iter().filter(|pairs| !pairs.replacement) {
            if let Some(size) = &pairs.size {
                sizes.entry(size).or_default().1 += pairs.quantity;
            }
        }
        let mut by_size: Vec<SizeReturns> = sizes
            .into_iter()
            .map(|(size, (returned, sold))| SizeReturns {
                size: size.to_owned(),
                returned,
                sold,
                rate: if sold == 0 {
                    0.0
                } else {
                    f64::from(returned) / f64::from(sold)
                },
            })
            .collect();
        by_size.sort_by(|a, b| size_order(&a.size, &b.size));
        Self { by_reason, by_size }
    }
}

/// Size labels as a person sorts them: runs of digits by their value, the rest ignoring case,
/// so `UK 6` < `UK 10` and `7` < `7.5` < `8`; labels that tie so are ordered as written.
pub fn size_order(a: &str, b: &str) -> Ordering {
    let (mut left, mut right) = (chunks(a), chunks(b));
    loop {
        match (left.next(), right.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let order = match (x, y) {
                    (Chunk::Number(x), Chunk::Number(y)) => x
                        .trim_start_matches('0')
                        .len()
                        .cmp(&y.trim_start_matches('0').len())
                        .then_with(|| x.trim_start_matches('0').cmp(y.trim_start_matches('0'))),
                    (Chunk::Number(_), Chunk::Text(_)) => Ordering::Less,
                    (Chunk::Text(_), Chunk::Number(_)) => Ordering::Greater,
                    (Chunk::Text(x), Chunk::Text(y)) => x.to_lowercase().cmp(&y.to_lowercase()),
                };
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Chunk<'a> {
    Number(&'a str),
    Text(&'a str),
}

/// `text` cut where digits start or stop.
fn chunks(text: &str) -> impl Iterator<Item = Chunk<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let first = rest.chars().next()?;
        let digits = first.is_ascii_digit();
        let end = rest
            .find(|c: char| c.is_ascii_digit() != digits)
            .unwrap_or(rest.len());
        let (chunk, tail) = rest.split_at(end);
        rest = tail;
        Some(if digits {
            Chunk::Number(chunk)
        } else {
            Chunk::Text(chunk)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returned(reason: Reason, size: Option<&str>, quantity: u32) -> ReturnedPairs {
        ReturnedPairs {
            reason,
            size: size.map(str::to_owned),
            quantity,
        }
    }

    fn sold(size: Option<&str>, quantity: u32) -> SoldPairs {
        SoldPairs {
            size: size.map(str::to_owned),
            quantity,
            replacement: false,
        }
    }

    #[test]
    fn every_reason_is_listed_in_order_with_the_pairs_returned_for_it() {
        let stats = ReturnStats::of(
            &[
                returned(Reason::Damaged, Some("UK 7"), 2),
                returned(Reason::TooSmall, Some("UK 7"), 1),
                returned(Reason::Damaged, None, 1),
            ],
            &[],
        );
        let counts: Vec<(&str, u32)> = stats
            .by_reason
            .iter()
            .map(|r| (r.reason.as_str(), r.count))
            .collect();
        assert_eq!(
            counts,
            [
                ("Too small", 1),
                ("Too big", 0),
                ("Damaged", 3),
                ("Not as described", 0),
                ("Changed my mind", 0),
            ]
        );
        assert_eq!(ReturnStats::of(&[], &[]).by_reason.len(), 5);
    }

    #[test]
    fn each_size_s_rate_is_pairs_returned_over_pairs_sold_in_size_order() {
        let stats = ReturnStats::of(
            &[
                returned(Reason::TooSmall, Some("UK 6"), 1),
                returned(Reason::TooBig, Some("UK 12"), 1),
            ],
            &[
                sold(Some("UK 10"), 3),
                sold(Some("UK 6"), 2),
                sold(Some("UK 6"), 2),
                sold(None, 9),
            ],
        );
        let sizes: Vec<(&str, u32, u32, f64)> = stats
            .by_size
            .iter()
            .map(|s| (s.size.as_str(), s.returned, s.sold, s.rate))
            .collect();
        assert_eq!(
            sizes,
            [
                ("UK 6", 1, 4, 0.25),
                ("UK 10", 0, 3, 0.0),
                // Sold before the span: nothing to measure it by.
                ("UK 12", 1, 0, 0.0),
            ]
        );
    }

    #[test]
    fn a_replacement_order_s_pairs_are_not_sold_again() {
        let exchanged = SoldPairs {
            replacement: true,
            ..sold(Some("UK 8"), 1)
        };
        let stats = ReturnStats::of(
            &[returned(Reason::TooSmall, Some("UK 7"), 1)],
            &[sold(Some("UK 7"), 1), exchanged],
        );
        let sizes: Vec<(&str, u32, u32)> = stats
            .by_size
            .iter()
            .map(|s| (s.size.as_str(), s.returned, s.sold))
            .collect();
        assert_eq!(sizes, [("UK 7", 1, 1)]);
    }

    #[test]
    fn sizes_sort_by_their_numbers_then_by_their_words() {
        let mut labels = vec![
            "UK 10", "9", "uk 6", "10", "7.5", "7", "EU 40", "UK 6", "Free", "07",
        ];
        labels.sort_by(|a, b| size_order(a, b));
        assert_eq!(
            labels,
            [
                "07", "7", "7.5", "9", "10", "EU 40", "Free", "UK 6", "uk 6", "UK 10"
            ]
        );
    }
}
