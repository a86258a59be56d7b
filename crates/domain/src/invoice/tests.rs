use chrono::{DateTime, Utc};
use proptest::prelude::*;

use super::amounts::{spread, taxable_value};
use super::*;
use crate::gst::{GstRate, GstSlabs};
use crate::money::PricedLine;
use crate::{Paise, Percent, State};

fn item(rupees: &str, discount: i64, quantity: u32, rate: u8) -> InvoiceItem {
    InvoiceItem {
        sale_price: Paise::parse_rupees(rupees)
            .unwrap()
            .discounted(Percent::new(discount).unwrap()),
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
            sale_price: i.sale_price,
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
        sale_price: Paise::parse_rupees(rupees)
            .unwrap()
            .discounted(Percent::new(discount).unwrap()),
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
    proptest::collection::vec((1i64..=10_000_000, 0i64..=100, 1u32..=100, rates), 1..=20).prop_map(
        |lines| {
            lines
                .into_iter()
                .map(|(price, discount, quantity, rate)| InvoiceItem {
                    sale_price: p(price).discounted(Percent::new(discount).unwrap()),
                    quantity,
                    rate: GstRate::new(rate).unwrap(),
                })
                .collect()
        },
    )
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
                sale_price: i.sale_price, quantity: i.quantity,
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
fn invoice_numbers_read_prefix_short_year_and_six_digits_in_16_characters() {
    let prefix = InvoicePrefix::parse(" pdk ").unwrap();
    assert_eq!(prefix, InvoicePrefix::default());
    let year = FinancialYear::starting_in(2026);
    assert_eq!(year.short(), "26-27");
    assert_eq!(FinancialYear::starting_in(2099).short(), "99-00");
    assert_eq!(prefix.invoice_number(year, 1), "PDK/26-27/000001");
    assert_eq!(prefix.invoice_number(year, 123_456), "PDK/26-27/123456");
    assert_eq!(prefix.invoice_number(year, 999_999).len(), 16);
    assert_eq!(prefix.invoice_number(year, 1_234_567), "PDK/26-27/1234567");
    assert_eq!(
        InvoicePrefix::parse("s2")
            .unwrap()
            .invoice_number(FinancialYear::starting_in(2025), 42),
        "S2/25-26/000042"
    );
    for bad in ["", "  ", "PDK/1", "PDKS", "SHOP2", "पादुका", "P-K"] {
        let message = InvoicePrefix::parse(bad).unwrap_err().to_string();
        assert!(
            message.starts_with("INVOICE_PREFIX must be 1 to 3 letters or digits"),
            "{bad:?}"
        );
    }
    assert_eq!(InvoicePrefix::parse("A1B").unwrap().as_str(), "A1B");
}

/// The worked example paid online with 5 % off (₹197 of ₹3,958) after the coupon: the saving
/// is spread over the lines as the coupon is, and the lines still add up to what was paid.
#[test]
fn the_saving_for_paying_online_is_spread_as_the_coupon_is() {
    let items = worked_example();
    let charges = OrderCharges {
        coupon_rupees: 439,
        prepaid_rupees: 197,
        amount_rupees: 3_761,
        ..OrderCharges::default()
    };
    let invoice =
        InvoiceAmounts::of_order(&items, &charges, State::UttarPradesh, State::Delhi).unwrap();
    let [first, second] = invoice.lines[..] else {
        panic!("two lines, no charge")
    };
    assert_eq!(invoice.prepaid, p(19_700));
    // 19,700 by 169,830 : 269,910: 7,608.30... and 12,091.69...: the second takes the paisa.
    assert_eq!(first.prepaid_share, p(7_608));
    assert_eq!(second.prepaid_share, p(12_092));
    assert_eq!(first.amount.paise() + second.amount.paise(), 376_100);
    assert_eq!(invoice.amount, p(376_100));
    assert_eq!(
        invoice.taxable.paise() + invoice.tax.total().paise(),
        376_100
    );
    assert_eq!(invoice.cod_fee, Paise::ZERO);
}

/// A ₹49 cash-on-delivery charge on the worked example: its own last line at the rate given,
/// the items sharing the rest.
#[test]
fn the_cash_on_delivery_charge_is_a_line_of_its_own() {
    let items = worked_example();
    let charges = OrderCharges {
        coupon_rupees: 439,
        cod_fee_rupees: 49,
        cod_fee_rate: GstRate::new(18).unwrap(),
        amount_rupees: 4_007,
        ..OrderCharges::default()
    };
    let invoice =
        InvoiceAmounts::of_order(&items, &charges, State::UttarPradesh, State::UttarPradesh)
            .unwrap();
    assert_eq!(invoice.lines.len(), 3);
    let fee = invoice.lines[2];
    assert_eq!(fee.amount, p(4_900));
    assert_eq!(fee.rate.percent(), 18);
    // 4,900 x 100 / 118 = 4,152.54... -> 4,153; tax 747: CGST 374, SGST 373.
    assert_eq!(fee.taxable, p(4_153));
    assert_eq!(
        fee.tax,
        GstTax::Intra {
            cgst: p(374),
            sgst: p(373)
        }
    );
    assert_eq!(
        (fee.coupon_share, fee.prepaid_share),
        (Paise::ZERO, Paise::ZERO)
    );
    // The items share ₹3,958 as without the charge.
    assert_eq!(invoice.lines[0].amount, p(152_860));
    assert_eq!(invoice.lines[1].amount, p(242_940));
    assert_eq!(invoice.cod_fee, p(4_900));
    assert_eq!(
        invoice.taxable.paise() + invoice.tax.total().paise(),
        400_700
    );

    let too_much = OrderCharges {
        cod_fee_rupees: 5_000,
        ..charges
    };
    assert!(InvoiceAmounts::of_order(&items, &too_much, State::Goa, State::Goa).is_err());
}

#[test]
fn the_charge_takes_the_terms_of_the_highest_rate_line_the_first_on_a_tie() {
    let rates = [5_u8, 18, 12, 18].map(|r| (r, GstRate::new(r).unwrap()));
    let best = cod_fee_terms(&rates, |(_, rate)| *rate).unwrap();
    assert!(std::ptr::eq(best, &rates[1]));
    assert!(cod_fee_terms(&rates[..0], |(_, rate)| *rate).is_none());
}

proptest! {
    /// Whatever the coupon, saving and charge, the lines add up to the order's amount to the
    /// paisa, and the spread saving to the saving.
    #[test]
    fn saving_and_charge_add_up_to_the_amount(
        lines in proptest::collection::vec(("[1-9][0-9]{0,4}", 0_i64..=90, 1_u32..5, prop_oneof![Just(5_u8), Just(12), Just(18)]), 1..6),
        coupon_fraction in 0.0_f64..0.9,
        percent in 0_i64..=20,
        fee in 0_i64..200,
    ) {
        let items: Vec<InvoiceItem> = lines.iter().map(|(r, d, q, rate)| item(r, *d, *q, *rate)).collect();
        let subtotal = order_amount(&items);
        prop_assume!(subtotal >= 1);
        let coupon = ((subtotal - 1) as f64 * coupon_fraction) as i64;
        let after = subtotal - coupon;
        let prepaid = (after * percent / 100).min(after - 1);
        let amount = after - prepaid + fee;
        let charges = OrderCharges {
            coupon_rupees: coupon,
            prepaid_rupees: prepaid,
            cod_fee_rupees: fee,
            cod_fee_rate: GstRate::new(18).unwrap(),
            amount_rupees: amount,
        };
        let invoice = InvoiceAmounts::of_order(&items, &charges, State::Karnataka, State::Kerala).unwrap();
        let total = |f: fn(&InvoiceLine) -> i64| invoice.lines.iter().map(f).sum::<i64>();
        prop_assert_eq!(total(|l| l.amount.paise()), amount * 100);
        prop_assert_eq!(total(|l| l.prepaid_share.paise()), prepaid * 100);
        prop_assert_eq!(total(|l| l.coupon_share.paise()), coupon * 100);
        prop_assert_eq!(invoice.taxable.paise() + invoice.tax.total().paise(), amount * 100);
        prop_assert_eq!(invoice.lines.len(), items.len() + usize::from(fee > 0));
    }
}
