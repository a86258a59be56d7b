//! Invoice numbers (decisions D16): given in the order's transaction, from 1 in each financial
//! year, with no gap and no repeat however many orders are placed at once.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use paduka_application::orders::{OrderRepository, PlaceError, Placement};
use paduka_domain::invoice::InvoicePrefix;
use paduka_domain::{OrderId, State};

use crate::helpers::TestDb;
use crate::orders::{new_order, place, shop, take};

crate::on_both_backends!(
    a_hundred_parallel_orders_are_numbered_1_to_100_with_no_gap_or_repeat,
    a_new_financial_year_starts_again_at_1_in_india_s_time,
    the_number_place_of_supply_and_line_terms_read_back_and_outlive_a_cancellation,
    the_short_form_goes_on_counting_after_the_numbers_given_in_the_long_one,
);

async fn a_hundred_parallel_orders_are_numbered_1_to_100_with_no_gap_or_repeat(db: &TestDb) {
    let orders = Arc::new(shop(db, 200, 0).await);
    // 100 orders that go through; 20 that run out of stock before they are numbered; 20
    // that repeat a payment and lose to its first order, some after they took a number
    // (their transaction rolls back, number and all).
    let tasks: Vec<_> = (0..140)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let (payment, product) = match i {
                    0..100 => (format!("pay_{i}"), "p1"),
                    100..120 => (format!("pay_{i}"), "p2"),
                    _ => (format!("pay_{}", i - 120), "p1"),
                };
                let order = new_order(&format!("o{i}"), &payment, 1, i);
                orders.place(&order, &[take(product, 1)]).await
            })
        })
        .collect();
    let mut numbers = Vec::new();
    let (mut existing, mut sold_out) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { order, .. }) => numbers.push(order.invoice_no.unwrap()),
            Ok(Placement::Existing(_)) => existing += 1,
            Err(PlaceError::OutOfStock { .. }) => sold_out += 1,
            Err(other) => panic!("unexpected failure {other:?}"),
        }
    }
    assert_eq!((numbers.len(), existing, sold_out), (100, 20, 20));
    numbers.sort();
    let expected: Vec<String> = (1..=100).map(|n| format!("PDK/24-25/{n:06}")).collect();
    assert_eq!(numbers, expected, "1 to 100, each once");
    // What is stored is what was answered.
    let mut stored: Vec<String> = orders
        .all()
        .await
        .unwrap()
        .into_iter()
        .map(|order| order.invoice_no.unwrap())
        .collect();
    stored.sort();
    assert_eq!(stored, expected);
    assert_eq!(
        db.count("SELECT last_number AS n FROM invoice_counters WHERE financial_year = 2024"),
        100
    );
}

async fn a_new_financial_year_starts_again_at_1_in_india_s_time(db: &TestDb) {
    let orders = shop(db, 10, 0).await;
    let placed_at = |id: &str, at| {
        let mut order = new_order(id, &format!("pay_{id}"), 1, 0);
        order.at = at;
        order.invoice_prefix = InvoicePrefix::parse("sh1").unwrap();
        order
    };
    // 23:59 on 31 March in India; then 00:00 on 1 April in India, still 31 March in UTC.
    let march = Utc.with_ymd_and_hms(2026, 3, 31, 18, 29, 0).unwrap();
    let april = Utc.with_ymd_and_hms(2026, 3, 31, 18, 30, 0).unwrap();
    let mut numbers = Vec::new();
    for (id, at) in [("a", march), ("b", march), ("c", april), ("d", april)] {
        let order = place(&orders, &placed_at(id, at), &[take("p1", 1)]).await;
        numbers.push(order.invoice_no.unwrap());
    }
    assert_eq!(
        numbers,
        [
            "SH1/25-26/000001",
            "SH1/25-26/000002",
            "SH1/26-27/000001",
            "SH1/26-27/000002",
        ]
    );
}

async fn the_number_place_of_supply_and_line_terms_read_back_and_outlive_a_cancellation(
    db: &TestDb,
) {
    let orders = shop(db, 10, 0).await;
    let mut first = new_order("o1", "pay_1", 1, 0);
    first.state = State::Maharashtra;
    let placed = place(&orders, &first, &[take("p1", 1)]).await;
    let read = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(read, placed, "read back as placed");
    assert_eq!(read.state, Some(State::Maharashtra));
    assert_eq!(read.invoice_no.as_deref(), Some("PDK/24-25/000001"));
    assert_eq!(read.lines[0].tax, first.lines[0].line.tax);

    let cancelled = orders
        .cancel(&read.id, None, read.created_at)
        .await
        .unwrap();
    assert_eq!(
        cancelled.order.invoice_no.as_deref(),
        Some("PDK/24-25/000001"),
        "a cancelled order keeps its number: it is never given again"
    );
    let second = place(&orders, &new_order("o2", "pay_2", 1, 5), &[take("p1", 1)]).await;
    assert_eq!(second.invoice_no.as_deref(), Some("PDK/24-25/000002"));
}

async fn the_short_form_goes_on_counting_after_the_numbers_given_in_the_long_one(db: &TestDb) {
    let orders = shop(db, 10, 0).await;
    // 41 invoices of 2024-25 given before the change, the last one `PDK/2024-25/000041`.
    place(&orders, &new_order("o1", "pay_1", 1, 0), &[take("p1", 1)]).await;
    db.execute("UPDATE orders SET invoice_no = 'PDK/2024-25/000041' WHERE id = 'o1'");
    db.execute("UPDATE invoice_counters SET last_number = 41 WHERE financial_year = 2024");
    let next = place(&orders, &new_order("o2", "pay_2", 1, 5), &[take("p1", 1)]).await;
    assert_eq!(next.invoice_no.as_deref(), Some("PDK/24-25/000042"));
    let old = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(
        old.invoice_no.as_deref(),
        Some("PDK/2024-25/000041"),
        "stays as given"
    );
}
