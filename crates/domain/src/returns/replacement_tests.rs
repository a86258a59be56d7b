use chrono::TimeZone;

use super::*;
use crate::gst::{GstRate, Hsn};
use crate::order::{Cancel, LineTax, OrderCoupon, PaymentMethod, Refusal};
use crate::returns::{Reason, ReturnLine, ReturnStatus};
use crate::review::UserRef;
use crate::{Paise, Percent, ProductId, ReturnId, State, UserId};

fn at(day: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, 10, 0, 0).unwrap()
}

fn bought(product: &str, name: &str, size: &str, rupees: i64, quantity: u32) -> OrderLine {
    OrderLine {
        product: ProductId::new(product),
        name: name.to_owned(),
        category_name: "Ethnic".to_owned(),
        variant_label: Some(size.to_owned()),
        color: String::new(),
        unit_price: Paise::from_rupees(rupees).unwrap(),
        discount: Percent::new(10).unwrap(),
        sale_price: Paise::from_rupees(rupees)
            .unwrap()
            .discounted(Percent::new(10).unwrap()),
        quantity,
        tax: Some(LineTax {
            hsn: Hsn::parse("6403").unwrap(),
            rate: GstRate::new(5).unwrap(),
        }),
        held_by_returns: 0,
    }
}

/// A delivered COD order, paid in cash, of 3 Mojari UK 7 at ₹2,000 and 1 Kolhapuri UK 9 at
/// ₹1,000 (10 % off each), with a ₹300 coupon and ₹100 of store credit.
fn original() -> Order {
    Order {
        id: OrderId::new("o-1"),
        lines: vec![
            bought("p-mojari", "Mojari", "UK 7", 2000, 3),
            bought("p-kolha", "Kolhapuri", "UK 9", 1000, 1),
        ],
        user: UserRef::new(UserId::new("u-1"), "Asha".to_owned()),
        address: "12 MG Road, Pune".to_owned(),
        pincode: "411001".to_owned(),
        amount_rupees: 6000,
        coupon: Some(OrderCoupon {
            code: "SAVE300".to_owned(),
            discount_rupees: 300,
        }),
        prepaid_discount_rupees: 0,
        cod_fee_rupees: 0,
        credit_used_rupees: 100,
        payment_method: PaymentMethod::Cod,
        paid: true,
        payment_id: "cod_o-1".to_owned(),
        provider_order_id: String::new(),
        state: Some(State::Maharashtra),
        invoice_no: Some("PDK/26-27/000001".to_owned()),
        status: crate::order::OrderStatus::Delivered,
        shipment: None,
        delivered_at: None,
        replaces: None,
        whatsapp: false,
        cod_confirmation: None,
        created_at: at(1),
        updated_at: at(5),
    }
}

fn returned(line: u32, kind: ReturnKind, quantity: u32, new: Option<(u32, &str)>) -> ReturnLine {
    ReturnLine {
        line,
        product: ProductId::new("p"),
        name: "n".to_owned(),
        size_index: 0,
        size_label: Some("UK 7".to_owned()),
        color: String::new(),
        new_size: new.map(|(i, label)| (i, label.to_owned())),
        new_color: String::new(),
        quantity,
        reason: Reason::TooSmall,
        kind,
        amount: Paise::from_rupees(1710).unwrap(),
    }
}

fn ret(lines: Vec<ReturnLine>) -> Return {
    Return {
        id: ReturnId::new("r-1"),
        number: 1,
        order_id: OrderId::new("o-1"),
        replacement_order_id: None,
        user_id: UserId::new("u-1"),
        status: ReturnStatus::Approved,
        qc: None,
        lines,
        refund_amount: Paise::ZERO,
        refund_to: None,
        refund_reference: None,
        refunded_at: None,
        credit_note_no: None,
        created_at: at(6),
        updated_at: at(6),
        events: Vec::new(),
        pickup: None,
    }
}

fn replace(ret: &Return) -> Option<Replacement> {
    replacement_order(&original(), ret, OrderId::new("o-2"), at(8)).unwrap()
}

#[test]
fn the_exchange_lines_ship_in_their_new_sizes_for_nothing_to_the_same_buyer() {
    let ret = ret(vec![
        returned(0, ReturnKind::Exchange, 2, Some((1, "UK 8"))),
        returned(1, ReturnKind::Refund, 1, None),
    ]);
    let Replacement { order, lines } = replace(&ret).expect("a replacement");
    let first = original();
    // One line: the two Mojari in UK 8, at the first order's price, discount and GST terms.
    assert_eq!(
        lines,
        [ReplacementLine {
            line: OrderLine {
                variant_label: Some("UK 8".to_owned()),
                quantity: 2,
                ..first.lines[0].clone()
            },
            variant_index: 1,
        }]
    );
    assert_eq!(order.lines, [lines[0].line.clone()]);
    assert_eq!(order.id, OrderId::new("o-2"));
    assert_eq!(order.replaces, Some(OrderId::new("o-1")));
    assert_eq!(
        (&order.user, &order.address, &order.pincode, order.state),
        (&first.user, &first.address, &first.pincode, first.state)
    );
    // Nothing to pay, nothing taken off, nothing to invoice.
    assert_eq!(order.amount_rupees, 0);
    assert_eq!(order.subtotal_rupees(), 0);
    assert_eq!((order.coupon.clone(), order.credit_used_rupees), (None, 0));
    assert_eq!(order.invoice_no, None);
    // Paid the first order's way, so the cash-on-delivery order's replacement is still
    // `cod`, yet the courier collects nothing.
    assert_eq!(order.payment_method, PaymentMethod::Cod);
    assert!(order.paid);
    assert_eq!(order.to_collect_rupees(), 0);
    assert_eq!(order.payment_id, "exchange_r-1");
    assert_eq!(order.shown_payment_id(), None);
    assert_eq!(order.status, OrderStatus::Confirmed);
    assert_eq!(order.shipment, None);
    assert_eq!((order.created_at, order.updated_at), (at(8), at(8)));
    // Declared at the pairs' value: 2 x ₹1,800.
    assert_eq!(order.declared_value_rupees(), 3600);
}

#[test]
fn a_replacement_order_may_ship_but_never_be_cancelled() {
    let ret = ret(vec![returned(
        0,
        ReturnKind::Exchange,
        1,
        Some((2, "UK 9")),
    )]);
    let order = replace(&ret).unwrap().order;
    assert_eq!(order.lifecycle().cancel(), Err(Refusal::Replacement));
    assert!(order.lifecycle().ship().is_ok());
    assert_eq!(
        original().lifecycle().replacing(false),
        original().lifecycle()
    );
    let mut pending = original();
    pending.status = OrderStatus::Pending;
    assert_eq!(pending.lifecycle().cancel(), Ok(Cancel::Cancel));
}

#[test]
fn every_exchange_line_becomes_a_line_and_refunds_are_left_out() {
    let ret = ret(vec![
        returned(1, ReturnKind::Exchange, 1, Some((0, "UK 8"))),
        returned(0, ReturnKind::Refund, 1, None),
        returned(0, ReturnKind::Exchange, 1, Some((2, "UK 9"))),
    ]);
    let lines = replace(&ret).unwrap().lines;
    let shown: Vec<(&str, Option<&str>, u32, u32)> = lines
        .iter()
        .map(|l| {
            (
                l.line.name.as_str(),
                l.line.variant_label.as_deref(),
                l.line.quantity,
                l.variant_index,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("Kolhapuri", Some("UK 8"), 1, 0),
            ("Mojari", Some("UK 9"), 1, 2)
        ]
    );
}

#[test]
fn a_return_of_refunds_only_makes_no_order() {
    let ret = ret(vec![returned(0, ReturnKind::Refund, 3, None)]);
    assert_eq!(replace(&ret), None);
}

#[test]
fn an_exchange_of_a_line_the_order_lacks_is_an_error() {
    let ret = ret(vec![returned(
        5,
        ReturnKind::Exchange,
        1,
        Some((1, "UK 8")),
    )]);
    assert_eq!(
        replacement_order(&original(), &ret, OrderId::new("o-2"), at(8)),
        Err(MissingLine(5))
    );
}

#[test]
fn an_order_that_replaces_none_is_declared_at_what_it_charged() {
    // ₹6,300 of lines less the ₹300 coupon: the amount, not the lines' value.
    assert_eq!(original().declared_value_rupees(), 6000);
}
