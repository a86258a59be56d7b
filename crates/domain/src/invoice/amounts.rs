//! How an order's amount is shared out over its lines as taxable value and GST.

use crate::gst::{GstRate, GstSlabs};
use crate::money::PricedLine;
use crate::{InvalidInput, Paise, State};

/// One line of an order as its invoice needs it: what was sold and the GST rate it bears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvoiceItem {
    /// What one unit sold at (its `salePrice`).
    pub sale_price: Paise,
    pub quantity: u32,
    pub rate: GstRate,
}

impl InvoiceItem {
    /// The line with its rate from the slabs, by the unit's selling price.
    ///
    /// The rate should be the one in force when the order was placed: a caller that stores it
    /// with the order builds the item itself.
    pub fn new(line: PricedLine, slabs: &GstSlabs) -> Self {
        Self {
            sale_price: line.sale_price,
            quantity: line.quantity,
            rate: slabs.rate_for(line.sale_price),
        }
    }

    /// The line's value by the shop's formula, exactly, in hundredths of a paisa: sale price
    /// x quantity (see [`crate::money::order_amount_rupees`]).
    pub(super) fn value(&self) -> i128 {
        PricedLine {
            sale_price: self.sale_price,
            quantity: self.quantity,
        }
        .hundredths_of_paise()
    }
}

/// The GST in an amount: CGST and SGST (or UTGST: [`State::state_tax_name`]) when the place of
/// supply is the shop's own state, IGST when it is another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GstTax {
    /// Half each; when the tax is an odd number of paise, CGST has the extra paisa.
    Intra {
        cgst: Paise,
        sgst: Paise,
    },
    Inter {
        igst: Paise,
    },
}

impl GstTax {
    pub(super) fn split(tax: i64, intra_state: bool) -> Self {
        if intra_state {
            let sgst = tax / 2;
            Self::Intra {
                cgst: Paise::from_stored(tax - sgst),
                sgst: Paise::from_stored(sgst),
            }
        } else {
            Self::Inter {
                igst: Paise::from_stored(tax),
            }
        }
    }

    pub fn total(self) -> Paise {
        match self {
            Self::Intra { cgst, sgst } => Paise::from_stored(cgst.paise() + sgst.paise()),
            Self::Inter { igst } => igst,
        }
    }

    /// The CGST, zero for an inter-state supply.
    pub fn cgst(self) -> Paise {
        match self {
            Self::Intra { cgst, .. } => cgst,
            Self::Inter { .. } => Paise::ZERO,
        }
    }

    /// The SGST (or UTGST), zero for an inter-state supply.
    pub fn sgst(self) -> Paise {
        match self {
            Self::Intra { sgst, .. } => sgst,
            Self::Inter { .. } => Paise::ZERO,
        }
    }

    /// The IGST, zero for an intra-state supply.
    pub fn igst(self) -> Paise {
        match self {
            Self::Intra { .. } => Paise::ZERO,
            Self::Inter { igst } => igst,
        }
    }
}

/// One line of the invoice, in the order of the items given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvoiceLine {
    pub rate: GstRate,
    /// The line's part of the coupon's discount, in proportion to its value.
    pub coupon_share: Paise,
    /// The line's part of the saving for paying online, spread as the coupon is.
    pub prepaid_share: Paise,
    /// What the shopper pays for the line, tax included: its share of the order's amount.
    pub amount: Paise,
    /// amount x 100 / (100 + rate), rounded to the nearest paisa (half a paisa up).
    pub taxable: Paise,
    /// amount - taxable, split by the place of supply.
    pub tax: GstTax,
}

/// An invoice's lines and totals. The totals are the lines' sums, and taxable + tax =
/// amount, per line and in all, to the paisa.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceAmounts {
    pub lines: Vec<InvoiceLine>,
    /// Whether the place of supply is the shop's state (CGST + SGST) or not (IGST).
    pub intra_state: bool,
    /// The coupon's discount, as the order stores it.
    pub coupon: Paise,
    /// The saving for paying online, as the order stores it (decisions D41).
    pub prepaid: Paise,
    /// The cash-on-delivery charge: the last line when above zero (decisions D41).
    pub cod_fee: Paise,
    /// The order's amount: what was paid or is to be collected.
    pub amount: Paise,
    pub taxable: Paise,
    pub tax: GstTax,
}

impl InvoiceAmounts {
    /// The invoice of an order: its items, its coupon's discount and its `amount`, both in
    /// whole rupees as the order stores them, sold from `shop_state` to `place_of_supply`.
    ///
    /// The amount (the lines' sum by the shop's formula with the fraction of a rupee cut off,
    /// less the coupon) is spread over the lines in proportion to their values, so the coupon
    /// and the cut fraction fall on each line in proportion; each share is rounded down to the
    /// paisa and the paise left over go one each to the lines with the largest remainders
    /// (the earlier line on a tie), so the lines add up to the amount exactly. The coupon is
    /// spread the same way into [`InvoiceLine::coupon_share`]. Lines that are all free
    /// (sold at ₹0) share by quantity instead.
    ///
    /// Refused: no items, a negative amount or coupon (an order never has them).
    pub fn compute(
        items: &[InvoiceItem],
        coupon_rupees: i64,
        amount_rupees: i64,
        shop_state: State,
        place_of_supply: State,
    ) -> Result<Self, InvalidInput> {
        let charges = OrderCharges {
            coupon_rupees,
            amount_rupees,
            ..OrderCharges::default()
        };
        Self::of_order(items, &charges, shop_state, place_of_supply)
    }

    /// [`Self::compute`] with the saving for paying online, spread over the lines as the
    /// coupon is, and the cash-on-delivery charge, a line of its own after the items at the
    /// rate given (decisions D41): the items share the amount less the charge.
    ///
    /// Refused as [`Self::compute`], and also for a negative saving or charge, or a charge
    /// above the amount.
    pub fn of_order(
        items: &[InvoiceItem],
        charges: &OrderCharges,
        shop_state: State,
        place_of_supply: State,
    ) -> Result<Self, InvalidInput> {
        if items.is_empty() {
            return Err(InvalidInput::new("An invoice needs at least one line"));
        }
        let rupees = |value: i64, what: &str| {
            Paise::from_rupees(value)
                .map_err(|_| InvalidInput::new(format!("Invalid {what} ₹{value}")))
        };
        let amount = rupees(charges.amount_rupees, "order amount")?;
        let coupon = rupees(charges.coupon_rupees, "coupon discount")?;
        let prepaid = rupees(charges.prepaid_rupees, "saving for paying online")?;
        let cod_fee = rupees(charges.cod_fee_rupees, "cash on delivery charge")?;
        if cod_fee.paise() > amount.paise() {
            return Err(InvalidInput::new(
                "The cash on delivery charge is more than the order's amount",
            ));
        }
        let weights = weights(items.iter().map(|i| (i.value(), i.quantity)));
        let amounts = spread(amount.paise() - cod_fee.paise(), &weights);
        let coupons = spread(coupon.paise(), &weights);
        let prepaids = spread(prepaid.paise(), &weights);
        let intra_state = shop_state == place_of_supply;
        let line = |rate: GstRate, line_amount: i64, coupon_share: i64, prepaid_share: i64| {
            let taxable = taxable_value(line_amount, rate);
            InvoiceLine {
                rate,
                coupon_share: Paise::from_stored(coupon_share),
                prepaid_share: Paise::from_stored(prepaid_share),
                amount: Paise::from_stored(line_amount),
                taxable: Paise::from_stored(taxable),
                tax: GstTax::split(line_amount - taxable, intra_state),
            }
        };
        let mut lines: Vec<InvoiceLine> = items
            .iter()
            .enumerate()
            .map(|(i, item)| line(item.rate, amounts[i], coupons[i], prepaids[i]))
            .collect();
        if cod_fee.paise() > 0 {
            lines.push(line(charges.cod_fee_rate, cod_fee.paise(), 0, 0));
        }
        let sum = |part: fn(&InvoiceLine) -> Paise| {
            Paise::from_stored(lines.iter().map(|l| part(l).paise()).sum())
        };
        let tax = if intra_state {
            GstTax::Intra {
                cgst: sum(|l| l.tax.cgst()),
                sgst: sum(|l| l.tax.sgst()),
            }
        } else {
            GstTax::Inter {
                igst: sum(|l| l.tax.igst()),
            }
        };
        Ok(Self {
            taxable: sum(|l| l.taxable),
            lines,
            intra_state,
            coupon,
            prepaid,
            cod_fee,
            amount,
            tax,
        })
    }
}

/// An order's amounts as its invoice shares them out, in whole rupees as the order stores
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderCharges {
    pub coupon_rupees: i64,
    /// The saving for paying online.
    pub prepaid_rupees: i64,
    /// The cash-on-delivery charge, part of `amount_rupees`.
    pub cod_fee_rupees: i64,
    /// The rate the charge is taxed at: the order's highest line's ([`cod_fee_terms`]), as
    /// part of the supply of the goods.
    pub cod_fee_rate: GstRate,
    /// What was charged in all.
    pub amount_rupees: i64,
}

impl Default for OrderCharges {
    fn default() -> Self {
        Self {
            coupon_rupees: 0,
            prepaid_rupees: 0,
            cod_fee_rupees: 0,
            cod_fee_rate: GstRate::new(0).expect("0 % is a rate"),
            amount_rupees: 0,
        }
    }
}

/// The terms a cash-on-delivery charge is invoiced under: those of the line with the highest
/// GST rate (the first of them on a tie), as a charge that is part of the supply of the goods
/// takes the goods' rate; `None` for no lines.
pub fn cod_fee_terms<T>(terms: &[T], rate: impl Fn(&T) -> GstRate) -> Option<&T> {
    terms
        .iter()
        .reduce(|best, t| if rate(t) > rate(best) { t } else { best })
}

/// What each line of an order pays of its `amount` (whole rupees, as the order stores it), in
/// paise: exactly the invoice's [`InvoiceLine::amount`]s, for callers that need no tax (a
/// return's refund). Empty for no lines.
pub fn line_amounts(lines: &[PricedLine], amount_rupees: i64) -> Vec<Paise> {
    let weights = weights(lines.iter().map(|l| (l.hundredths_of_paise(), l.quantity)));
    spread(amount_rupees.saturating_mul(100).max(0), &weights)
        .into_iter()
        .map(Paise::from_stored)
        .collect()
}

/// The lines' weights in the spread: their values, or their quantities when all are free.
pub(super) fn weights(lines: impl Iterator<Item = (i128, u32)> + Clone) -> Vec<i128> {
    let values: Vec<i128> = lines.clone().map(|(value, _)| value).collect();
    if values.iter().all(|w| *w == 0) {
        lines.map(|(_, quantity)| i128::from(quantity)).collect()
    } else {
        values
    }
}

/// `total` paise shared in proportion to `weights` (not all zero, none negative) by the largest
/// remainder method: the shares add up to `total` exactly and none is negative.
pub(super) fn spread(total: i64, weights: &[i128]) -> Vec<i64> {
    let whole: i128 = weights.iter().sum();
    if whole == 0 {
        return vec![0; weights.len()];
    }
    let total_wide = i128::from(total);
    let mut shares: Vec<(i128, i128)> = weights
        .iter()
        .map(|w| (total_wide * w / whole, total_wide * w % whole))
        .collect();
    let given: i128 = shares.iter().map(|(share, _)| share).sum();
    let mut by_remainder: Vec<usize> = (0..shares.len()).collect();
    // Largest remainder first; `sort_by` is stable, so the earlier line wins a tie.
    by_remainder.sort_by(|a, b| shares[*b].1.cmp(&shares[*a].1));
    let left = usize::try_from(total_wide - given).expect("fewer than one paisa a line");
    for &i in by_remainder.iter().take(left) {
        shares[i].0 += 1;
    }
    shares
        .into_iter()
        .map(|(share, _)| i64::try_from(share).expect("no more than the total"))
        .collect()
}

/// amount x 100 / (100 + rate) to the nearest paisa, half a paisa up: the value before a
/// tax-inclusive price's GST.
pub(super) fn taxable_value(amount: i64, rate: GstRate) -> i64 {
    let divisor = 100 + i64::from(rate.percent());
    (amount * 200 + divisor) / (2 * divisor)
}
