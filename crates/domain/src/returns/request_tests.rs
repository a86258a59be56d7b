use chrono::TimeZone;
use proptest::prelude::*;

use super::*;
use crate::Percent;
use crate::returns::{RefundPlan, RefundTo};

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).unwrap()
}

fn line(price_rupees: i64, discount: i64, quantity: u32) -> ReturnableLine {
    ReturnableLine {
        product: ProductId::new("p1"),
        name: "Kolhapuri".to_owned(),
        size_index: 0,
        size_label: Some("UK 7".to_owned()),
        color: String::new(),
        sale_price: Paise::from_rupees(price_rupees)
            .unwrap()
            .discounted(Percent::new(discount).unwrap()),
        quantity,
        asked: 0,
        asked_amount: Paise::ZERO,
        sizes: vec![
            SizeNow {
                label: "UK 7".to_owned(),
                color: String::new(),
                price: Paise::from_rupees(price_rupees).unwrap(),
            },
            SizeNow {
                label: "UK 8".to_owned(),
                color: String::new(),
                price: Paise::from_rupees(price_rupees).unwrap(),
            },
            SizeNow {
                label: "UK 11".to_owned(),
                color: String::new(),
                price: Paise::from_rupees(price_rupees + 100).unwrap(),
            },
        ],
    }
}

fn order(lines: Vec<ReturnableLine>, amount_rupees: i64) -> ReturnableOrder {
    ReturnableOrder {
        status: OrderStatus::Delivered,
        delivered_at: Some(at(10, 12)),
        amount_rupees,
        lines,
    }
}

fn ask(line: u32, quantity: u32, kind: &str, size: Option<u32>) -> RequestedLine {
    RequestedLine::parse(line, quantity, "Too small", kind, size).unwrap()
}

fn refused(result: Result<Vec<PlannedLine>, InvalidInput>) -> String {
    result.unwrap_err().message().to_owned()
}

#[test]
fn reasons_and_kinds_are_exactly_the_spec_texts() {
    let texts = Reason::ALL.map(Reason::as_str);
    assert_eq!(
        texts,
        [
            "Too small",
            "Too big",
            "Damaged",
            "Not as described",
            "Changed my mind"
        ]
    );
    for reason in Reason::ALL {
        assert_eq!(Reason::parse(reason.as_str()), Ok(reason));
    }
    for bad in ["", "too small", "Wrong colour"] {
        assert_eq!(Reason::parse(bad).unwrap_err().message(), "Invalid reason");
    }
    assert_eq!(ReturnKind::parse("exchange"), Ok(ReturnKind::Exchange));
    assert_eq!(ReturnKind::parse("refund"), Ok(ReturnKind::Refund));
    assert!(ReturnKind::parse("swap").is_err());
    assert_eq!(return_number(1), "RET-000001");
    assert_eq!(return_number(1_234_567), "RET-1234567");
}

#[test]
fn only_a_delivered_order_within_the_window_may_be_returned() {
    let mut o = order(vec![line(1000, 0, 2)], 2000);
    let wanted = [ask(0, 1, "refund", None)];
    // Seven days to the second after delivery is still inside.
    assert!(plan_return(&o, &wanted, at(17, 12), 7).is_ok());
    assert_eq!(
        refused(plan_return(&o, &wanted, at(17, 13), 7)),
        "Return window has closed"
    );
    assert!(plan_return(&o, &wanted, at(19, 12), 10).is_ok());
    o.delivered_at = None;
    assert_eq!(
        refused(plan_return(&o, &wanted, at(11, 12), 7)),
        "Return window has closed"
    );
    for status in OrderStatus::ALL
        .into_iter()
        .filter(|s| *s != OrderStatus::Delivered)
    {
        o.status = status;
        assert_eq!(
            refused(plan_return(&o, &wanted, at(11, 12), 7)),
            "Only delivered orders can be returned",
            "{status:?}"
        );
    }
}

#[test]
fn nothing_to_return_beyond_what_was_ordered_and_not_yet_asked() {
    let mut o = order(vec![line(1000, 0, 2), line(500, 0, 1)], 2500);
    let now = at(11, 0);
    for wanted in [
        vec![],
        vec![ask(0, 0, "refund", None)],
        vec![ask(0, 3, "refund", None)],
        vec![ask(2, 1, "refund", None)],
        vec![ask(0, 1, "refund", None), ask(0, 2, "refund", None)],
        vec![ask(1, 1, "refund", None), ask(1, 1, "refund", None)],
    ] {
        assert_eq!(
            refused(plan_return(&o, &wanted, now, 7)),
            "Nothing to return",
            "{wanted:?}"
        );
    }
    o.lines[0].asked = 1;
    o.lines[0].asked_amount = Paise::from_rupees(1000).unwrap();
    assert_eq!(
        refused(plan_return(&o, &[ask(0, 2, "refund", None)], now, 7)),
        "Nothing to return"
    );
    let planned = plan_return(&o, &[ask(0, 1, "refund", None)], now, 7).unwrap();
    assert_eq!(planned[0].amount, Paise::from_rupees(1000).unwrap());
}

#[test]
fn an_exchange_is_for_another_size_at_the_same_price() {
    let o = order(vec![line(1000, 0, 1)], 1000);
    let now = at(11, 0);
    let planned = plan_return(&o, &[ask(0, 1, "exchange", Some(1))], now, 7).unwrap();
    assert_eq!(planned[0].new_size, Some((1, "UK 8".to_owned())));
    assert_eq!(refund_amount(&planned), Paise::ZERO);
    for size in [None, Some(0), Some(2), Some(3)] {
        assert_eq!(
            refused(plan_return(&o, &[ask(0, 1, "exchange", size)], now, 7)),
            "Exchange only for another size at the same price",
            "{size:?}"
        );
    }
    let mut gone = o.clone();
    gone.lines[0].sizes.clear();
    assert!(plan_return(&gone, &[ask(0, 1, "exchange", Some(1))], now, 7).is_err());
}

#[test]
fn refunds_go_where_the_payment_came_from() {
    use crate::order::PaymentMethod::{Cod, Online};
    let refund = Paise::from_stored(99_950);
    let plan = RefundPlan::new(Online, None, None, refund, 0, 2000).unwrap();
    assert_eq!(
        (plan.to, plan.credit_rupees, plan.rest),
        (RefundTo::Original, 0, refund)
    );
    // ₹500 of ₹2000 in credit: a quarter of ₹999.50 is ₹249.87, ₹249 back as credit.
    let plan = RefundPlan::new(Online, None, None, refund, 500, 2000).unwrap();
    assert_eq!(
        (plan.credit_rupees, plan.rest),
        (249, Paise::from_stored(75_050))
    );
    let plan = RefundPlan::new(Cod, None, None, refund, 0, 2000).unwrap();
    assert_eq!(
        (plan.to, plan.credit_rupees, plan.rest),
        (RefundTo::Credit, 1000, Paise::ZERO)
    );
    let plan =
        RefundPlan::new(Cod, Some(RefundTo::Bank), Some(" UTR123 "), refund, 0, 2000).unwrap();
    assert_eq!(
        (plan.rest, plan.reference.as_deref()),
        (refund, Some("UTR123"))
    );
    let refusal = |to, reference| {
        RefundPlan::new(Cod, Some(to), reference, refund, 0, 2000)
            .unwrap_err()
            .message()
            .to_owned()
    };
    assert_eq!(
        refusal(RefundTo::Bank, None),
        "A bank or UPI refund needs its reference"
    );
    assert_eq!(
        refusal(RefundTo::Original, None),
        "Cash on delivery orders are refunded to credit or bank"
    );
    assert!(RefundPlan::new(Online, Some(RefundTo::Bank), Some("x"), refund, 0, 2000).is_err());
}

/// An order's lines and amount as checkout makes them: the subtotal by the shop's formula, a
/// coupon's discount off it.
fn priced_order() -> impl Strategy<Value = ReturnableOrder> {
    (
        proptest::collection::vec((1_i64..20_000, 0_i64..=90, 1_u32..6), 1..6),
        0_i64..=90,
    )
        .prop_map(|(lines, coupon_percent)| {
            let lines: Vec<ReturnableLine> = lines
                .into_iter()
                .map(|(price, discount, q)| line(price, discount, q))
                .collect();
            let priced: Vec<PricedLine> = lines
                .iter()
                .map(|l| PricedLine {
                    sale_price: l.sale_price,
                    quantity: l.quantity,
                })
                .collect();
            let subtotal = crate::money::order_amount_rupees(&priced);
            let amount = subtotal - subtotal * coupon_percent / 100;
            order(lines, amount)
        })
}

proptest! {
    /// Returning every pair of every line, in any number of returns, gives back exactly the
    /// order's amount.
    #[test]
    fn returning_everything_returns_the_amount(o in priced_order(), splits in proptest::collection::vec(1_u32..4, 1..20)) {
        let mut o = o;
        let mut total = 0_i64;
        let mut split = splits.iter().cycle();
        for index in 0..o.lines.len() {
            while o.lines[index].asked < o.lines[index].quantity {
                let left = o.lines[index].quantity - o.lines[index].asked;
                let k = (*split.next().unwrap()).min(left);
                let planned = plan_return(&o, &[ask(u32::try_from(index).unwrap(), k, "refund", None)], at(11, 0), 7).unwrap();
                let amount = planned[0].amount;
                prop_assert!(amount.paise() >= 0);
                total += amount.paise();
                o.lines[index].asked += k;
                o.lines[index].asked_amount = Paise::from_stored(o.lines[index].asked_amount.paise() + amount.paise());
            }
        }
        prop_assert_eq!(total, o.amount_rupees * 100);
    }

    /// Partial returns of one line add up to what their pairs are worth together, whichever
    /// way they are split, and each line's amount is its invoice line's.
    #[test]
    fn partial_returns_add_up(o in priced_order(), first in 1_u32..6) {
        let q = o.lines[0].quantity;
        let first = first.min(q);
        let all = plan_return(&o, &[ask(0, q, "refund", None)], at(11, 0), 7).unwrap();
        let split = plan_return(&o, &[ask(0, first, "refund", None), ask(0, q - first, "refund", None)].into_iter().filter(|l| l.quantity > 0).collect::<Vec<_>>(), at(11, 0), 7).unwrap();
        let sum: i64 = split.iter().map(|l| l.amount.paise()).sum();
        prop_assert_eq!(sum, all[0].amount.paise());
        let priced: Vec<PricedLine> = o.lines.iter().map(|l| PricedLine { sale_price: l.sale_price, quantity: l.quantity }).collect();
        prop_assert_eq!(all[0].amount, line_amounts(&priced, o.amount_rupees)[0]);
    }

    /// The credit part is never more than the refund, nor than the credit the order used.
    #[test]
    fn the_credit_part_stays_within_the_refund(refund in 0_i64..10_000_000, amount in 1_i64..100_000, used in 0_i64..100_000) {
        let used = used.min(amount - 1);
        let refund = refund.min(amount * 100);
        let part = credit_part_rupees(Paise::from_stored(refund), used, amount);
        prop_assert!(part >= 0);
        prop_assert!(part * 100 <= refund);
        prop_assert!(part <= used);
    }

    /// A request is granted exactly the pairs the order's `actions.returnable` offers for a
    /// line (`pairs_left`), and one more is refused.
    #[test]
    fn a_request_is_granted_exactly_the_pairs_left(quantity in 1_u32..6, held in 0_u32..8) {
        let mut o = order(vec![line(1000, 0, quantity)], i64::from(quantity) * 1000);
        o.lines[0].asked = held.min(quantity);
        let left = pairs_left(quantity, held.min(quantity));
        let now = at(11, 0);
        if left > 0 {
            prop_assert!(plan_return(&o, &[ask(0, left, "refund", None)], now, 7).is_ok());
        }
        prop_assert!(plan_return(&o, &[ask(0, left + 1, "refund", None)], now, 7).is_err());
    }
}
