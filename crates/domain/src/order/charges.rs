//! What the way of paying changes in an order's amount (decisions D41): a saving for paying
//! online (`PREPAID_DISCOUNT_PERCENT`) and a charge for cash on delivery (`COD_FEE`).

use super::PaymentMethod;
use crate::InvalidInput;

/// The largest saving for paying online, in percent.
pub const MAX_PREPAID_DISCOUNT_PERCENT: u32 = 20;

/// The shop's terms for each way of paying.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PaymentCharges {
    /// Percent taken off an online payment's amount after coupons, 0 to 20.
    prepaid_percent: u32,
    /// Whole rupees added to a cash-on-delivery order.
    cod_fee_rupees: i64,
}

/// What the way of paying does to an amount after coupons, in whole rupees.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MethodCharge {
    /// Taken off for paying online (0 for cash on delivery).
    pub prepaid_discount_rupees: i64,
    /// Added for cash on delivery (0 online).
    pub cod_fee_rupees: i64,
}

impl MethodCharge {
    /// `after_coupon` with the saving taken off and the charge added.
    pub fn applied_to(self, after_coupon: i64) -> i64 {
        after_coupon - self.prepaid_discount_rupees + self.cod_fee_rupees
    }
}

impl PaymentCharges {
    /// Refused: a percent above [`MAX_PREPAID_DISCOUNT_PERCENT`], a negative fee, or a fee
    /// above ₹10,000 (more than any shoe's parcel costs to carry: a typo in the setting).
    pub fn new(prepaid_percent: u32, cod_fee_rupees: i64) -> Result<Self, InvalidInput> {
        if prepaid_percent > MAX_PREPAID_DISCOUNT_PERCENT {
            return Err(InvalidInput::new(format!(
                "PREPAID_DISCOUNT_PERCENT must be a whole number from 0 to {MAX_PREPAID_DISCOUNT_PERCENT}"
            )));
        }
        if !(0..=10_000).contains(&cod_fee_rupees) {
            return Err(InvalidInput::new(
                "COD_FEE must be whole rupees from 0 to 10000",
            ));
        }
        Ok(Self {
            prepaid_percent,
            cod_fee_rupees,
        })
    }

    pub fn prepaid_percent(self) -> u32 {
        self.prepaid_percent
    }

    /// What paying by `method` does to `after_coupon` (whole rupees, at least 1). The saving is
    /// the percent of it in whole rupees, rounded down as a coupon's percent is, and never
    /// leaves less than ₹1 to pay.
    pub fn for_method(self, method: PaymentMethod, after_coupon: i64) -> MethodCharge {
        match method {
            PaymentMethod::Online => MethodCharge {
                prepaid_discount_rupees: (after_coupon.max(0) * i64::from(self.prepaid_percent)
                    / 100)
                    .min(after_coupon - 1)
                    .max(0),
                cod_fee_rupees: 0,
            },
            PaymentMethod::Cod => MethodCharge {
                prepaid_discount_rupees: 0,
                cod_fee_rupees: self.cod_fee_rupees,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_settings_are_checked() {
        assert!(PaymentCharges::new(20, 0).is_ok());
        assert!(PaymentCharges::new(0, 10_000).is_ok());
        let error = PaymentCharges::new(21, 0).unwrap_err();
        assert_eq!(
            error.to_string(),
            "PREPAID_DISCOUNT_PERCENT must be a whole number from 0 to 20"
        );
        assert!(PaymentCharges::new(5, -1).is_err());
        assert!(PaymentCharges::new(5, 10_001).is_err());
    }

    #[test]
    fn online_saves_the_percent_rounded_down_and_cash_pays_the_fee() {
        let charges = PaymentCharges::new(5, 49).unwrap();
        // 5 % of ₹1,529 is ₹76.45: ₹76 off.
        let online = charges.for_method(PaymentMethod::Online, 1_529);
        assert_eq!(online.prepaid_discount_rupees, 76);
        assert_eq!(online.cod_fee_rupees, 0);
        assert_eq!(online.applied_to(1_529), 1_453);
        let cod = charges.for_method(PaymentMethod::Cod, 1_529);
        assert_eq!(
            cod,
            MethodCharge {
                prepaid_discount_rupees: 0,
                cod_fee_rupees: 49
            }
        );
        assert_eq!(cod.applied_to(1_529), 1_578);
        assert_eq!(
            PaymentCharges::default().for_method(PaymentMethod::Online, 1_529),
            MethodCharge::default()
        );
    }

    proptest! {
        #[test]
        fn the_saving_never_leaves_less_than_a_rupee(after in 1_i64..10_000_000, percent in 0_u32..=20) {
            let charges = PaymentCharges::new(percent, 0).unwrap();
            let online = charges.for_method(PaymentMethod::Online, after);
            prop_assert!(online.prepaid_discount_rupees >= 0);
            prop_assert!(online.applied_to(after) >= 1);
            prop_assert!(online.prepaid_discount_rupees * 100 <= after * i64::from(percent));
        }
    }
}
