//! How often parcels come back (return to origin, decisions D15): the overview's RTO card,
//! and cash on delivery turned off in the areas where it keeps coming back (decisions D38).

use chrono::{DateTime, Duration, Utc};

use super::{OrderStatus, PaymentMethod};

/// The figures of returns to origin look at shipments shipped in this many days, the last
/// one ending now.
pub const RTO_DAYS: i64 = 90;

/// The first instant of the RTO figures' span: a shipment shipped at or after it counts.
pub fn rto_since(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::days(RTO_DAYS)
}

/// A pincode's area: its first 3 digits (the overview's and the COD limit's unit); `None`
/// for text too short to have one.
pub fn pincode_area(pincode: &str) -> Option<&str> {
    pincode.get(..3)
}

/// A shipment that has reached its end: delivered, or returned to origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentOutcome {
    pub payment_method: PaymentMethod,
    pub pincode: String,
    pub returned: bool,
}

impl ShipmentOutcome {
    /// The statuses that end a shipment: it was delivered or it came back.
    pub const ENDS: [OrderStatus; 2] = [OrderStatus::Delivered, OrderStatus::ReturnedToOrigin];

    /// The outcome of a shipment whose order is `status`; `None` while it has not ended.
    pub fn of(payment_method: PaymentMethod, pincode: String, status: OrderStatus) -> Option<Self> {
        Self::ENDS.contains(&status).then(|| Self {
            payment_method,
            pincode,
            returned: status == OrderStatus::ReturnedToOrigin,
        })
    }
}

/// The share of shipments that came back in one pincode area (its first 3 digits).
#[derive(Debug, Clone, PartialEq)]
pub struct AreaRto {
    pub prefix: String,
    pub rate: f64,
    pub shipments: u32,
}

/// Returns to origin over a span: overall, for cash on delivery and for online payments, and
/// the areas where most come back.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RtoStats {
    /// Returned over ended shipments, 0 to 1; 0 without any.
    pub rate: f64,
    pub cod: f64,
    pub online: f64,
    /// The worst areas first, at most [`RtoStats::AREAS`], each with at least
    /// [`RtoStats::AREA_MIN_SHIPMENTS`] ended shipments.
    pub areas: Vec<AreaRto>,
}

impl RtoStats {
    pub const AREAS: usize = 5;
    /// Fewer shipments than this say nothing about an area.
    pub const AREA_MIN_SHIPMENTS: u32 = 5;

    /// Rates over shipments that ended (delivered or returned): one still on its way has not
    /// had the chance to come back.
    pub fn of(outcomes: &[ShipmentOutcome]) -> Self {
        let rate = |pick: &dyn Fn(&ShipmentOutcome) -> bool| {
            let (returned, all) = outcomes
                .iter()
                .filter(|o| pick(o))
                .fold((0_u32, 0_u32), |(returned, all), o| {
                    (returned + u32::from(o.returned), all + 1)
                });
            if all == 0 {
                0.0
            } else {
                f64::from(returned) / f64::from(all)
            }
        };
        let mut prefixes: Vec<&str> = outcomes
            .iter()
            .filter_map(|o| pincode_area(&o.pincode))
            .collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        let mut areas: Vec<AreaRto> = prefixes
            .into_iter()
            .map(|prefix| {
                let in_area = |o: &ShipmentOutcome| o.pincode.starts_with(prefix);
                AreaRto {
                    prefix: prefix.to_owned(),
                    rate: rate(&in_area),
                    shipments: outcomes.iter().filter(|o| in_area(o)).count() as u32,
                }
            })
            .filter(|area| area.shipments >= Self::AREA_MIN_SHIPMENTS)
            .collect();
        areas.sort_by(|a, b| {
            b.rate
                .total_cmp(&a.rate)
                .then(b.shipments.cmp(&a.shipments))
                .then(a.prefix.cmp(&b.prefix))
        });
        areas.truncate(Self::AREAS);
        Self {
            rate: rate(&|_| true),
            cod: rate(&|o| o.payment_method == PaymentMethod::Cod),
            online: rate(&|o| o.payment_method == PaymentMethod::Online),
            areas,
        }
    }
}

/// Cash on delivery's ended shipments in one area over the span: how many, and how many of
/// them came back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AreaCodShipments {
    pub ended: u32,
    pub returned: u32,
}

impl AreaCodShipments {
    /// Counts the cash-on-delivery outcomes among `outcomes` whose pincode is in `area`.
    pub fn of(outcomes: &[ShipmentOutcome], area: &str) -> Self {
        outcomes
            .iter()
            .filter(|o| o.payment_method == PaymentMethod::Cod)
            .filter(|o| pincode_area(&o.pincode) == Some(area))
            .fold(Self::default(), |counts, o| Self {
                ended: counts.ended + 1,
                returned: counts.returned + u32::from(o.returned),
            })
    }

    /// Returned over ended, 0 to 1; 0 without any.
    pub fn rate(self) -> f64 {
        if self.ended == 0 {
            0.0
        } else {
            f64::from(self.returned) / f64::from(self.ended)
        }
    }
}

/// `COD_RTO_LIMIT` and `COD_RTO_MIN_SHIPMENTS` (decisions D38): an area whose ended
/// cash-on-delivery shipments of the last [`RTO_DAYS`] days came back at `percent` or more,
/// once it has at least `min_shipments` of them, is offered no cash on delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodRtoLimit {
    percent: u32,
    min_shipments: u32,
}

impl CodRtoLimit {
    /// `COD_RTO_MIN_SHIPMENTS` unless set: fewer shipments say too little about an area to
    /// turn its cash on delivery off.
    pub const DEFAULT_MIN_SHIPMENTS: u32 = 10;

    /// `percent` from 1 to 100 and `min_shipments` at least 1; `None` otherwise.
    pub fn new(percent: u32, min_shipments: u32) -> Option<Self> {
        ((1..=100).contains(&percent) && min_shipments >= 1).then_some(Self {
            percent,
            min_shipments,
        })
    }

    pub fn percent(self) -> u32 {
        self.percent
    }

    pub fn min_shipments(self) -> u32 {
        self.min_shipments
    }

    /// Whether an area with these counts is offered cash on delivery: yes below the minimum
    /// count, else only while fewer than `percent` of them came back (compared in whole
    /// numbers, so 5 of 10 is exactly 50 %).
    pub fn offers_cod(self, counts: AreaCodShipments) -> bool {
        counts.ended < self.min_shipments
            || u64::from(counts.returned) * 100 < u64::from(self.percent) * u64::from(counts.ended)
    }

    /// The areas among `outcomes` with cash on delivery off, the highest rate first (then
    /// the most shipments, then by area); each [`AreaRto`] counts cash-on-delivery shipments
    /// only.
    pub fn areas_off(self, outcomes: &[ShipmentOutcome]) -> Vec<AreaRto> {
        let mut prefixes: Vec<&str> = outcomes
            .iter()
            .filter(|o| o.payment_method == PaymentMethod::Cod)
            .filter_map(|o| pincode_area(&o.pincode))
            .collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        let mut areas: Vec<AreaRto> = prefixes
            .into_iter()
            .filter_map(|prefix| {
                let counts = AreaCodShipments::of(outcomes, prefix);
                (!self.offers_cod(counts)).then(|| AreaRto {
                    prefix: prefix.to_owned(),
                    rate: counts.rate(),
                    shipments: counts.ended,
                })
            })
            .collect();
        areas.sort_by(|a, b| {
            b.rate
                .total_cmp(&a.rate)
                .then(b.shipments.cmp(&a.shipments))
                .then(a.prefix.cmp(&b.prefix))
        });
        areas
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(method: PaymentMethod, pincode: &str, returned: bool) -> ShipmentOutcome {
        ShipmentOutcome {
            payment_method: method,
            pincode: pincode.to_owned(),
            returned,
        }
    }

    #[test]
    fn only_a_delivered_or_returned_shipment_has_an_outcome() {
        for status in OrderStatus::ALL {
            let outcome = ShipmentOutcome::of(PaymentMethod::Cod, "281001".into(), status);
            let expected = match status {
                OrderStatus::Delivered => Some(false),
                OrderStatus::ReturnedToOrigin => Some(true),
                _ => None,
            };
            assert_eq!(outcome.map(|o| o.returned), expected, "{status:?}");
        }
    }

    #[test]
    fn no_shipments_is_no_returns() {
        assert_eq!(RtoStats::of(&[]), RtoStats::default());
    }

    #[test]
    fn rates_split_by_payment_and_the_worst_areas_with_enough_shipments_come_first() {
        use PaymentMethod::{Cod, Online};
        let mut outcomes = Vec::new();
        // Mathura (281): 6 COD shipments, 3 back.
        for i in 0..6 {
            outcomes.push(outcome(Cod, "281001", i < 3));
        }
        // Raipur (492): 5 online, 1 back.
        for i in 0..5 {
            outcomes.push(outcome(Online, "492010", i == 0));
        }
        // Delhi (110): 4 COD, all back: too few to name the area.
        for _ in 0..4 {
            outcomes.push(outcome(Cod, "110001", true));
        }
        let stats = RtoStats::of(&outcomes);
        assert!((stats.rate - 8.0 / 15.0).abs() < 1e-9);
        assert!((stats.cod - 7.0 / 10.0).abs() < 1e-9);
        assert!((stats.online - 0.2).abs() < 1e-9);
        let areas: Vec<(&str, u32)> = stats
            .areas
            .iter()
            .map(|a| (a.prefix.as_str(), a.shipments))
            .collect();
        assert_eq!(areas, [("281", 6), ("492", 5)]);
        assert!((stats.areas[0].rate - 0.5).abs() < 1e-9);
    }

    #[test]
    fn at_most_five_areas_are_named() {
        let outcomes: Vec<_> = (100..107)
            .flat_map(|prefix| {
                (0..5).map(move |i| {
                    outcome(
                        PaymentMethod::Cod,
                        &format!("{prefix}001"),
                        i < prefix - 100,
                    )
                })
            })
            .collect();
        let stats = RtoStats::of(&outcomes);
        let prefixes: Vec<&str> = stats.areas.iter().map(|a| a.prefix.as_str()).collect();
        assert_eq!(prefixes, ["105", "106", "104", "103", "102"]);
    }

    fn counts(ended: u32, returned: u32) -> AreaCodShipments {
        AreaCodShipments { ended, returned }
    }

    #[test]
    fn a_cod_rto_limit_is_a_percent_from_1_to_100_over_at_least_one_shipment() {
        assert!(CodRtoLimit::new(0, 10).is_none());
        assert!(CodRtoLimit::new(101, 10).is_none());
        assert!(CodRtoLimit::new(40, 0).is_none());
        let limit = CodRtoLimit::new(100, 1).unwrap();
        assert!(limit.offers_cod(counts(1, 0)));
        assert!(!limit.offers_cod(counts(1, 1)), "all back is at 100 %");
    }

    #[test]
    fn cod_goes_off_at_the_limit_not_below_it() {
        let limit = CodRtoLimit::new(40, 10).unwrap();
        assert!(limit.offers_cod(counts(10, 3)), "30 %");
        assert!(!limit.offers_cod(counts(10, 4)), "exactly 40 %");
        assert!(!limit.offers_cod(counts(10, 10)));
        // 399 of 1000 is 39.9 %: below, even if rounding would make it 40.
        assert!(limit.offers_cod(counts(1000, 399)));
        assert!(!limit.offers_cod(counts(1000, 400)));
        // A third is 33.3 %: under a 34 % limit, over a 33 % one.
        assert!(CodRtoLimit::new(34, 3).unwrap().offers_cod(counts(3, 1)));
        assert!(!CodRtoLimit::new(33, 3).unwrap().offers_cod(counts(3, 1)));
    }

    #[test]
    fn an_area_with_fewer_shipments_than_the_minimum_keeps_cod() {
        let limit = CodRtoLimit::new(40, 10).unwrap();
        assert!(limit.offers_cod(counts(9, 9)), "9 of 9 back, one short");
        assert!(!limit.offers_cod(counts(10, 9)));
        assert!(limit.offers_cod(AreaCodShipments::default()));
    }

    #[test]
    fn the_span_starts_90_days_before_now() {
        let now = "2026-11-29T10:00:00Z".parse::<DateTime<Utc>>().unwrap();
        // The first instant that counts (the ports read shipments shipped at or after it).
        assert_eq!(
            rto_since(now),
            "2026-08-31T10:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn an_area_s_counts_are_its_cod_shipments_only() {
        use PaymentMethod::{Cod, Online};
        let outcomes = [
            outcome(Cod, "281001", true),
            outcome(Cod, "281204", false),
            outcome(Online, "281001", true),
            outcome(Cod, "492010", true),
        ];
        assert_eq!(AreaCodShipments::of(&outcomes, "281"), counts(2, 1));
        assert_eq!(AreaCodShipments::of(&outcomes, "492"), counts(1, 1));
        assert_eq!(AreaCodShipments::of(&outcomes, "110"), counts(0, 0));
        assert_eq!(pincode_area("281001"), Some("281"));
        assert_eq!(pincode_area("28"), None);
    }

    #[test]
    fn the_areas_off_are_those_the_limit_turns_off_worst_first() {
        use PaymentMethod::{Cod, Online};
        let mut outcomes = Vec::new();
        // 281: 4 COD, 2 back (50 %), and online parcels that came back, which do not count.
        for i in 0..4 {
            outcomes.push(outcome(Cod, "281001", i < 2));
            outcomes.push(outcome(Online, "281001", true));
        }
        // 492: 4 COD, 3 back (75 %).
        for i in 0..4 {
            outcomes.push(outcome(Cod, "492010", i < 3));
        }
        // 110: 3 COD, all back: under the minimum.
        for _ in 0..3 {
            outcomes.push(outcome(Cod, "110001", true));
        }
        // 560: 4 COD, 1 back (25 %).
        for i in 0..4 {
            outcomes.push(outcome(Cod, "560001", i < 1));
        }
        let limit = CodRtoLimit::new(50, 4).unwrap();
        let off = limit.areas_off(&outcomes);
        let off: Vec<(&str, u32, f64)> = off
            .iter()
            .map(|a| (a.prefix.as_str(), a.shipments, a.rate))
            .collect();
        assert_eq!(off, [("492", 4, 0.75), ("281", 4, 0.5)]);
    }
}
