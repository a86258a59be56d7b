//! How often parcels come back (return to origin, decisions D15): the overview's RTO card.

use super::{OrderStatus, PaymentMethod};

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
        let mut prefixes: Vec<&str> = outcomes.iter().filter_map(|o| o.pincode.get(..3)).collect();
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
}
