//! A GST tax invoice's arithmetic and numbering (decisions section 11).
//!
//! Prices are tax inclusive: the shopper pays the order's `amount` and the invoice shows how
//! much of it is the taxable value and how much GST. Everything is integer paise; the lines
//! add up to the order's amount to the paisa, whatever the coupon and the rupee cut off.

use std::fmt;

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};

use crate::gst::{GstRate, GstSlabs, Gstin, Hsn};
use crate::money::PricedLine;
use crate::sale::india_time;
use crate::{InvalidInput, Paise, Percent, State};

/// One line of an order as its invoice needs it: what was sold and the GST rate it bears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvoiceItem {
    pub unit_price: Paise,
    pub discount: Percent,
    pub quantity: u32,
    pub rate: GstRate,
}

impl InvoiceItem {
    /// The line with its rate from the slabs, by the unit's price after its discount.
    ///
    /// The rate should be the one in force when the order was placed: a caller that stores it
    /// with the order builds the item itself.
    pub fn new(line: PricedLine, slabs: &GstSlabs) -> Self {
        Self {
            unit_price: line.unit_price,
            discount: line.discount,
            quantity: line.quantity,
            rate: slabs.rate_for(line.unit_price.discounted(line.discount)),
        }
    }

    /// The line's value by the shop's formula, exactly, in hundredths of a paisa: price x
    /// (100 - discount) x quantity (see [`crate::money::order_amount_rupees`]).
    fn value(&self) -> i128 {
        i128::from(self.unit_price.paise())
            * i128::from(100 - self.discount.value())
            * i128::from(self.quantity)
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
    fn split(tax: i64, intra_state: bool) -> Self {
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
    /// (discount 100 %) share by quantity instead.
    ///
    /// Refused: no items, a negative amount or coupon (an order never has them).
    pub fn compute(
        items: &[InvoiceItem],
        coupon_rupees: i64,
        amount_rupees: i64,
        shop_state: State,
        place_of_supply: State,
    ) -> Result<Self, InvalidInput> {
        if items.is_empty() {
            return Err(InvalidInput::new("An invoice needs at least one line"));
        }
        let amount = Paise::from_rupees(amount_rupees)
            .map_err(|_| InvalidInput::new(format!("Invalid order amount ₹{amount_rupees}")))?;
        let coupon = Paise::from_rupees(coupon_rupees)
            .map_err(|_| InvalidInput::new(format!("Invalid coupon discount ₹{coupon_rupees}")))?;
        let mut weights: Vec<i128> = items.iter().map(InvoiceItem::value).collect();
        if weights.iter().all(|w| *w == 0) {
            weights = items.iter().map(|i| i128::from(i.quantity)).collect();
        }
        let amounts = spread(amount.paise(), &weights);
        let coupons = spread(coupon.paise(), &weights);
        let intra_state = shop_state == place_of_supply;
        let lines: Vec<InvoiceLine> = items
            .iter()
            .zip(amounts.iter().zip(&coupons))
            .map(|(item, (&line_amount, &coupon_share))| {
                let taxable = taxable_value(line_amount, item.rate);
                InvoiceLine {
                    rate: item.rate,
                    coupon_share: Paise::from_stored(coupon_share),
                    amount: Paise::from_stored(line_amount),
                    taxable: Paise::from_stored(taxable),
                    tax: GstTax::split(line_amount - taxable, intra_state),
                }
            })
            .collect();
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
            amount,
            tax,
        })
    }
}

/// `total` paise shared in proportion to `weights` (not all zero, none negative) by the largest
/// remainder method: the shares add up to `total` exactly and none is negative.
fn spread(total: i64, weights: &[i128]) -> Vec<i64> {
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
fn taxable_value(amount: i64, rate: GstRate) -> i64 {
    let divisor = 100 + i64::from(rate.percent());
    (amount * 200 + divisor) / (2 * divisor)
}

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
}

impl fmt::Display for FinancialYear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:02}", self.0, (self.0 + 1).rem_euclid(100))
    }
}

/// The start of every invoice number, from `INVOICE_PREFIX` (default `PDK`): 1 to 10 letters
/// or digits, kept upper case, so the number reads the same on every invoice and in every
/// search.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InvoicePrefix(String);

impl InvoicePrefix {
    pub const DEFAULT: &'static str = "PDK";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let prefix = text.trim();
        if (1..=10).contains(&prefix.len()) && prefix.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(Self(prefix.to_ascii_uppercase()))
        } else {
            Err(InvalidInput::new(format!(
                "INVOICE_PREFIX must be 1 to 10 letters or digits, e.g. PDK, not \"{prefix}\""
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The invoice number `{PREFIX}/{FY}/{n}`, n with at least six digits:
    /// `PDK/2026-27/000001`. `n` counts from 1 in each financial year.
    pub fn invoice_number(&self, year: FinancialYear, n: u64) -> String {
        format!("{}/{year}/{n:06}", self.0)
    }
}

impl Default for InvoicePrefix {
    fn default() -> Self {
        Self(Self::DEFAULT.to_owned())
    }
}

/// Whether the seller is registered for GST: a registered shop issues a `Tax Invoice` with
/// its tax lines, an unregistered one (no `SHOP_GSTIN`) a `Bill of Supply` without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvoiceKind {
    TaxInvoice,
    BillOfSupply,
}

impl InvoiceKind {
    /// The document's title.
    pub fn title(self) -> &'static str {
        match self {
            Self::TaxInvoice => "Tax Invoice",
            Self::BillOfSupply => "Bill of Supply",
        }
    }
}

/// The shop as its invoices name it (`SHOP_LEGAL_NAME`, `SHOP_ADDRESS`, `SHOP_STATE`,
/// `SHOP_GSTIN`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seller {
    pub legal_name: String,
    /// One or more lines, separated by newlines or commas as the owner typed them.
    pub address: String,
    pub state: State,
    /// `None`: not registered for GST, so its documents are bills of supply.
    pub gstin: Option<Gstin>,
}

/// What was sold on one line, as the invoice prints it beside its [`InvoiceLine`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceProduct {
    pub name: String,
    /// The size (the variant's label), if the product has sizes.
    pub size: Option<String>,
    pub hsn: Hsn,
    pub quantity: u32,
    /// The catalogue price of one pair, tax included, before any discount.
    pub unit_price: Paise,
}

impl InvoiceProduct {
    /// Unit price x quantity: what the line would cost without the sale and the coupon.
    pub fn gross(&self) -> Paise {
        Paise::from_stored(self.unit_price.paise() * i64::from(self.quantity))
    }
}

/// Everything one invoice shows, worked out: a renderer lays it out and adds nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceDocument {
    pub kind: InvoiceKind,
    /// `PDK/2026-27/000001`.
    pub number: String,
    /// The day the order was placed, in India.
    pub date: NaiveDate,
    /// The order's own id, for finding it in the shop.
    pub order_id: String,
    /// A cancelled order's invoice is marked `CANCELLED`: its number is never reused.
    pub cancelled: bool,
    pub seller: Seller,
    pub buyer_name: String,
    pub buyer_address: String,
    pub buyer_pincode: String,
    pub place_of_supply: State,
    /// How it was paid: `Paid online (pay_...)`, `Cash on delivery: paid`, `Cash on delivery:
    /// ₹1,299 to be collected`.
    pub payment: String,
    /// The coupon's code, if one was used; its discount is spread over the lines.
    pub coupon_code: Option<String>,
    /// One per line of `amounts`, in the same order.
    pub products: Vec<InvoiceProduct>,
    pub amounts: InvoiceAmounts,
}

impl InvoiceDocument {
    /// A line's discount in rupees: its gross less what is paid for it (the sale's percentage,
    /// its share of the coupon and of the fraction of a rupee cut off), so that gross -
    /// discount = taxable value + tax on every line.
    pub fn line_discount(&self, index: usize) -> Paise {
        let gross = self.products[index].gross().paise();
        Paise::from_stored(gross - self.amounts.lines[index].amount.paise())
    }

    /// The total of every line's gross.
    pub fn gross(&self) -> Paise {
        Paise::from_stored(self.products.iter().map(|p| p.gross().paise()).sum())
    }

    /// The order's amount in words, as the invoice closes with it.
    pub fn amount_in_words(&self) -> String {
        crate::words::amount_in_words(self.amounts.amount)
    }

    /// The file name a browser saves it under: `invoice-PDK-2026-27-000001.pdf`.
    pub fn file_name(&self) -> String {
        format!("invoice-{}.pdf", self.number.replace('/', "-"))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn item(rupees: &str, discount: i64, quantity: u32, rate: u8) -> InvoiceItem {
        InvoiceItem {
            unit_price: Paise::parse_rupees(rupees).unwrap(),
            discount: Percent::new(discount).unwrap(),
            quantity,
            rate: GstRate::new(rate).unwrap(),
        }
    }

    fn p(paise: i64) -> Paise {
        Paise::from_stored(paise)
    }

    fn order_amount(items: &[InvoiceItem]) -> i64 {
        let lines: Vec<PricedLine> = items
            .iter()
            .map(|i| PricedLine {
                unit_price: i.unit_price,
                discount: i.discount,
                quantity: i.quantity,
            })
            .collect();
        crate::money::order_amount_rupees(&lines)
    }

    /// A shoe at ₹999 less 15 % (₹849.15) twice, and one at ₹2,999 less 10 % (₹2,699.10):
    /// ₹4,397.40, cut to ₹4,397, less a ₹439 coupon (10 %): ₹3,958 to pay.
    fn worked_example() -> Vec<InvoiceItem> {
        vec![item("999", 15, 2, 5), item("2999", 10, 1, 18)]
    }

    #[test]
    fn worked_example_within_the_shops_state() {
        let items = worked_example();
        assert_eq!(order_amount(&items), 4397);
        let invoice =
            InvoiceAmounts::compute(&items, 439, 3958, State::UttarPradesh, State::UttarPradesh)
                .unwrap();
        // Shares of 395,800 paise by value 169,830 : 269,910 (of 439,740): 152,860.13...
        // and 242,939.86...; the floors make 395,799, so the second line's larger remainder
        // takes the last paisa. The ₹0.40 cut off and the coupon fall on both in proportion.
        let [first, second] = invoice.lines[..] else {
            panic!("two lines")
        };
        assert_eq!(first.amount, p(152_860));
        assert_eq!(second.amount, p(242_940));
        // Coupon 43,900 paise: 16,954.42... and 26,945.57...: the second line's remainder wins.
        assert_eq!(first.coupon_share, p(16_954));
        assert_eq!(second.coupon_share, p(26_946));
        // 152,860 x 100 / 105 = 145,580.95... -> 145,581; tax 7,279, odd: CGST takes 3,640.
        assert_eq!(first.taxable, p(145_581));
        assert_eq!(
            first.tax,
            GstTax::Intra {
                cgst: p(3_640),
                sgst: p(3_639)
            }
        );
        // 242,940 x 100 / 118 = 205,881.35... -> 205,881; tax 37,059: 18,530 + 18,529.
        assert_eq!(second.taxable, p(205_881));
        assert_eq!(
            second.tax,
            GstTax::Intra {
                cgst: p(18_530),
                sgst: p(18_529)
            }
        );
        assert!(invoice.intra_state);
        assert_eq!(invoice.amount, p(395_800));
        assert_eq!(invoice.coupon, p(43_900));
        assert_eq!(invoice.taxable, p(351_462));
        assert_eq!(
            invoice.tax,
            GstTax::Intra {
                cgst: p(22_170),
                sgst: p(22_168)
            }
        );
        assert_eq!(
            invoice.taxable.paise() + invoice.tax.total().paise(),
            395_800
        );
    }

    #[test]
    fn worked_example_to_another_state() {
        let invoice = InvoiceAmounts::compute(
            &worked_example(),
            439,
            3958,
            State::UttarPradesh,
            State::Chhattisgarh,
        )
        .unwrap();
        assert!(!invoice.intra_state);
        let taxes: Vec<GstTax> = invoice.lines.iter().map(|l| l.tax).collect();
        assert_eq!(
            taxes,
            [
                GstTax::Inter { igst: p(7_279) },
                GstTax::Inter { igst: p(37_059) }
            ]
        );
        assert_eq!(invoice.tax, GstTax::Inter { igst: p(44_338) });
        assert_eq!(invoice.tax.cgst(), Paise::ZERO);
        assert_eq!(invoice.tax.sgst(), Paise::ZERO);
        assert_eq!(invoice.taxable, p(351_462), "the same taxable values");
    }

    #[test]
    fn one_line_without_a_coupon_keeps_the_whole_amount() {
        let invoice = InvoiceAmounts::compute(
            &[item("1299", 0, 1, 5)],
            0,
            1299,
            State::Karnataka,
            State::Karnataka,
        )
        .unwrap();
        let line = invoice.lines[0];
        assert_eq!(line.amount, p(129_900));
        assert_eq!(line.coupon_share, Paise::ZERO);
        // 129,900 / 1.05 = 123,714.28... -> 123,714; tax 6,186 = 3,093 + 3,093.
        assert_eq!(line.taxable, p(123_714));
        assert_eq!(
            line.tax,
            GstTax::Intra {
                cgst: p(3_093),
                sgst: p(3_093)
            }
        );
    }

    #[test]
    fn taxable_value_is_rounded_to_the_nearest_paisa_half_up() {
        let at = |rate| GstRate::new(rate).unwrap();
        assert_eq!(taxable_value(21, at(2)), 21, "2,100 / 102 = 20.58...");
        assert_eq!(taxable_value(102, at(4)), 98, "10,200 / 104 = 98.07...");
        assert_eq!(taxable_value(51, at(2)), 50, "exact");
        assert_eq!(
            taxable_value(1, at(100)),
            1,
            "0.5 goes up: no tax on a paisa"
        );
        assert_eq!(taxable_value(3, at(100)), 2, "1.5 goes up");
        assert_eq!(taxable_value(0, at(18)), 0);
        assert_eq!(taxable_value(118, at(18)), 100);
        assert_eq!(taxable_value(500, at(0)), 500);
    }

    #[test]
    fn free_lines_and_refusals() {
        // All free: nothing to pay, nothing taxed, by quantity.
        let invoice = InvoiceAmounts::compute(
            &[item("500", 100, 1, 5), item("700", 100, 2, 5)],
            0,
            0,
            State::Delhi,
            State::Delhi,
        )
        .unwrap();
        assert!(invoice.lines.iter().all(|l| l.amount == Paise::ZERO));
        // A free line beside a paid one gets none of the amount.
        let invoice = InvoiceAmounts::compute(
            &[item("500", 100, 1, 5), item("700", 0, 1, 5)],
            0,
            700,
            State::Delhi,
            State::Goa,
        )
        .unwrap();
        assert_eq!(invoice.lines[0].amount, Paise::ZERO);
        assert_eq!(invoice.lines[1].amount, p(70_000));
        let refuse = |items: &[InvoiceItem], coupon, amount| {
            InvoiceAmounts::compute(items, coupon, amount, State::Delhi, State::Delhi)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(refuse(&[], 0, 0), "An invoice needs at least one line");
        assert_eq!(
            refuse(&[item("1", 0, 1, 5)], 0, -1),
            "Invalid order amount ₹-1"
        );
        assert_eq!(
            refuse(&[item("1", 0, 1, 5)], -1, 1),
            "Invalid coupon discount ₹-1"
        );
    }

    #[test]
    fn items_take_their_rate_from_the_slabs_by_the_discounted_unit_price() {
        let slabs = GstSlabs::default();
        let line = |rupees: &str, discount| PricedLine {
            unit_price: Paise::parse_rupees(rupees).unwrap(),
            discount: Percent::new(discount).unwrap(),
            quantity: 3,
        };
        assert_eq!(InvoiceItem::new(line("2500", 0), &slabs).rate.percent(), 5);
        assert_eq!(
            InvoiceItem::new(line("2500.01", 0), &slabs).rate.percent(),
            18
        );
        // ₹2,999 less 20 % is ₹2,399.20 a pair: 5 %, whatever the quantity.
        let item = InvoiceItem::new(line("2999", 20), &slabs);
        assert_eq!(item.rate.percent(), 5);
        assert_eq!(item.quantity, 3);
    }

    #[test]
    fn the_spread_gives_leftover_paise_to_the_largest_remainders_then_the_earlier_line() {
        assert_eq!(spread(10, &[1, 1, 1]), [4, 3, 3]);
        assert_eq!(spread(2, &[1, 1, 1]), [1, 1, 0]);
        assert_eq!(spread(100, &[1, 2]), [33, 67]);
        assert_eq!(spread(0, &[5, 7]), [0, 0]);
        assert_eq!(spread(7, &[0, 3]), [0, 7]);
    }

    fn arbitrary_items() -> impl Strategy<Value = Vec<InvoiceItem>> {
        let rates = proptest::sample::select(vec![0u8, 5, 12, 18, 28]);
        proptest::collection::vec((1i64..=10_000_000, 0i64..=100, 1u32..=100, rates), 1..=20)
            .prop_map(|lines| {
                lines
                    .into_iter()
                    .map(|(price, discount, quantity, rate)| InvoiceItem {
                        unit_price: p(price),
                        discount: Percent::new(discount).unwrap(),
                        quantity,
                        rate: GstRate::new(rate).unwrap(),
                    })
                    .collect()
            })
    }

    proptest! {
        #[test]
        fn every_invoice_adds_up_to_the_orders_amount_to_the_paisa(
            items in arbitrary_items(),
            coupon_fraction in 0.0f64..1.0,
            same_state in any::<bool>(),
            use_slabs in any::<bool>(),
        ) {
            let items: Vec<InvoiceItem> = if use_slabs {
                let slabs = GstSlabs::default();
                items.iter().map(|i| InvoiceItem::new(PricedLine {
                    unit_price: i.unit_price, discount: i.discount, quantity: i.quantity,
                }, &slabs)).collect()
            } else {
                items
            };
            // Subtotals this large pass Paise::MAX only in tests; the arithmetic must hold.
            let subtotal = order_amount(&items);
            prop_assume!(subtotal <= Paise::MAX.whole_rupees());
            // A coupon from 0 to subtotal - 1, as the coupon rules allow.
            let coupon = ((subtotal - 1).max(0) as f64 * coupon_fraction) as i64;
            let amount = subtotal - coupon;
            let place = if same_state { State::Karnataka } else { State::Kerala };
            let invoice = InvoiceAmounts::compute(&items, coupon, amount, State::Karnataka, place)
                .unwrap();

            prop_assert_eq!(invoice.lines.len(), items.len());
            prop_assert_eq!(invoice.intra_state, same_state);
            let total = |f: fn(&InvoiceLine) -> i64| invoice.lines.iter().map(f).sum::<i64>();
            prop_assert_eq!(total(|l| l.amount.paise()), amount * 100);
            prop_assert_eq!(total(|l| l.coupon_share.paise()), coupon * 100);
            prop_assert_eq!(invoice.amount.paise(), amount * 100);
            prop_assert_eq!(
                invoice.taxable.paise() + invoice.tax.total().paise(),
                amount * 100,
                "taxable + tax = amount overall"
            );
            prop_assert_eq!(total(|l| l.taxable.paise()), invoice.taxable.paise());
            prop_assert_eq!(total(|l| l.tax.total().paise()), invoice.tax.total().paise());
            prop_assert_eq!(total(|l| l.tax.cgst().paise()), invoice.tax.cgst().paise());
            prop_assert_eq!(total(|l| l.tax.igst().paise()), invoice.tax.igst().paise());
            for (line, item) in invoice.lines.iter().zip(&items) {
                prop_assert!(line.amount.paise() >= 0);
                prop_assert!(line.coupon_share.paise() >= 0);
                prop_assert!(line.taxable.paise() >= 0);
                prop_assert!(line.tax.total().paise() >= 0);
                prop_assert_eq!(line.rate, item.rate);
                prop_assert_eq!(line.taxable.paise() + line.tax.total().paise(), line.amount.paise());
                // The share is within a paisa of the exact proportion, and never above the
                // line's own value (rounded up to the paisa).
                let value = item.value();
                let whole: i128 = items.iter().map(InvoiceItem::value).sum();
                if whole > 0 {
                    let exact = i128::from(amount * 100) * value;
                    let got = i128::from(line.amount.paise()) * whole;
                    prop_assert!((got - exact).abs() < whole, "within a paisa");
                    prop_assert!(i128::from(line.amount.paise()) <= (value + 99) / 100);
                }
                // The GST is the rate's share of the amount, within a paisa.
                let rate = i128::from(line.rate.percent());
                let exact_tax_x = i128::from(line.amount.paise()) * rate; // tax x (100 + rate)
                let got_tax_x = i128::from(line.tax.total().paise()) * (100 + rate);
                prop_assert!((got_tax_x - exact_tax_x).abs() <= (100 + rate) / 2 + 1);
                match line.tax {
                    GstTax::Intra { cgst, sgst } => {
                        prop_assert!(same_state);
                        prop_assert_eq!(cgst.paise() + sgst.paise(), line.tax.total().paise());
                        prop_assert!((0..=1).contains(&(cgst.paise() - sgst.paise())));
                    }
                    GstTax::Inter { igst } => {
                        prop_assert!(!same_state);
                        prop_assert_eq!(igst, line.tax.total());
                        prop_assert_eq!(line.tax.cgst(), Paise::ZERO);
                        prop_assert_eq!(line.tax.sgst(), Paise::ZERO);
                    }
                }
            }
        }
    }

    fn ist(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn the_financial_year_runs_april_to_march_in_india_time() {
        for (moment, year) in [
            ("2026-11-24T12:00:00+05:30", "2026-27"),
            ("2026-03-31T23:59:00+05:30", "2025-26"),
            ("2026-03-31T23:59:59+05:30", "2025-26"),
            ("2026-04-01T00:00:00+05:30", "2026-27"),
            ("2026-03-31T18:30:00Z", "2026-27"),
            ("2026-03-31T18:29:59Z", "2025-26"),
            ("2027-01-01T00:00:00+05:30", "2026-27"),
            ("2099-12-31T00:00:00Z", "2099-00"),
        ] {
            assert_eq!(FinancialYear::of(ist(moment)).to_string(), year, "{moment}");
        }
        let year = FinancialYear::starting_in(2026);
        assert_eq!(year.first_year(), 2026);
        assert_eq!(year.starts_at(), ist("2026-03-31T18:30:00Z"));
        assert_eq!(year.ends_before(), ist("2027-03-31T18:30:00Z"));
        assert_eq!(FinancialYear::of(year.starts_at()), year);
        assert_eq!(
            FinancialYear::of(year.ends_before() - chrono::Duration::seconds(1)),
            year
        );
    }

    #[test]
    fn invoice_numbers_read_prefix_year_and_six_digits() {
        let prefix = InvoicePrefix::parse(" pdk ").unwrap();
        assert_eq!(prefix, InvoicePrefix::default());
        let year = FinancialYear::starting_in(2026);
        assert_eq!(prefix.invoice_number(year, 1), "PDK/2026-27/000001");
        assert_eq!(prefix.invoice_number(year, 123_456), "PDK/2026-27/123456");
        assert_eq!(
            prefix.invoice_number(year, 1_234_567),
            "PDK/2026-27/1234567"
        );
        assert_eq!(
            InvoicePrefix::parse("Shop2")
                .unwrap()
                .invoice_number(FinancialYear::starting_in(2025), 42),
            "SHOP2/2025-26/000042"
        );
        for bad in ["", "  ", "PDK/1", "PADUKASHOES", "पादुका", "P-K"] {
            let message = InvoicePrefix::parse(bad).unwrap_err().to_string();
            assert!(
                message.starts_with("INVOICE_PREFIX must be 1 to 10 letters or digits"),
                "{bad:?}"
            );
        }
        assert_eq!(
            InvoicePrefix::parse("ABCDEFGHIJ").unwrap().as_str(),
            "ABCDEFGHIJ"
        );
    }
}
