//! Credit notes (decisions D22): their own gap-free yearly series, at most one per source,
//! whatever runs at once, and the one a return to origin issues, on both backends.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use paduka_application::orders::{CreditNoteRepository, OrderRepository};
use paduka_domain::invoice::{CreditNoteSource, CreditedLine};
use paduka_domain::order::{Awb, Booking, CourierEvent, CourierName, OrderStatus};
use paduka_domain::{OrderId, Paise, UserId};
use paduka_persistence::DieselCreditNoteRepository;

use crate::helpers::{TestDb, at};
use crate::orders::{new_order, place, shop, take};

crate::on_both_backends!(
    a_hundred_parallel_credit_notes_are_numbered_1_to_100_with_no_gap_or_repeat,
    one_source_issued_ten_times_at_once_has_one_credit_note,
    a_return_to_origin_reported_again_and_again_issues_one_credit_note_for_the_whole_invoice,
);

fn returned(amount: i64) -> Vec<CreditedLine> {
    vec![CreditedLine {
        line: 0,
        quantity: 1,
        amount: Paise::from_stored(amount),
    }]
}

async fn a_hundred_parallel_credit_notes_are_numbered_1_to_100_with_no_gap_or_repeat(db: &TestDb) {
    let orders = shop(db, 10, 0).await;
    place(&orders, &new_order("o1", "pay_1", 1, 0), &[take("p1", 1)]).await;
    let notes = Arc::new(DieselCreditNoteRepository::new(db.db()));
    // May 2026: the financial year 2026-27.
    let may = Utc.with_ymd_and_hms(2026, 5, 1, 10, 0, 0).unwrap();
    let tasks: Vec<_> = (0..100)
        .map(|i| {
            let notes = Arc::clone(&notes);
            tokio::spawn(async move {
                let source = CreditNoteSource::Return(format!("r{i}"));
                notes
                    .issue(OrderId::new("o1"), source, returned(100 + i), may)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut numbers = Vec::new();
    for task in tasks {
        let issued = task.await.unwrap();
        assert!(issued.issued_now);
        numbers.push(issued.number);
    }
    numbers.sort();
    let expected: Vec<String> = (1..=100).map(|n| format!("CN/26-27/{n:06}")).collect();
    assert_eq!(numbers, expected, "1 to 100, each once");
    assert_eq!(
        db.count("SELECT last_number AS n FROM credit_note_counters WHERE financial_year = 2026"),
        100
    );
    // Each reads back with its own lines and return; the invoices' series is untouched.
    let r7 = CreditNoteSource::Return("r7".to_owned());
    let note = notes.for_source(&r7).await.unwrap().unwrap();
    assert_eq!(note.lines, returned(107));
    assert_eq!(note.amount, Paise::from_stored(107));
    assert_eq!(note.issued_at, may);
    assert_eq!(notes.find(&note.number).await.unwrap(), Some(note.clone()));
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM credit_notes WHERE return_id = 'r7'"),
        1
    );
    assert_eq!(
        db.count("SELECT last_number AS n FROM invoice_counters"),
        1,
        "one invoice, numbered apart"
    );
}

async fn one_source_issued_ten_times_at_once_has_one_credit_note(db: &TestDb) {
    let orders = shop(db, 10, 0).await;
    place(&orders, &new_order("o1", "pay_1", 1, 0), &[take("p1", 1)]).await;
    let notes = Arc::new(DieselCreditNoteRepository::new(db.db()));
    let first = notes
        .issue(
            OrderId::new("o1"),
            CreditNoteSource::Return("r0".to_owned()),
            returned(5),
            at(10),
        )
        .await
        .unwrap();
    assert_eq!(first.number, "CN/24-25/000001");
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let notes = Arc::clone(&notes);
            tokio::spawn(async move {
                let source = CreditNoteSource::Return("r1".to_owned());
                notes
                    .issue(OrderId::new("o1"), source, returned(90_000), at(20))
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut issued_now = 0;
    for task in tasks {
        let issued = task.await.unwrap();
        assert_eq!(issued.number, "CN/24-25/000002");
        issued_now += usize::from(issued.issued_now);
    }
    assert_eq!(issued_now, 1, "issued once, found nine times");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM credit_notes"), 2);
    assert_eq!(
        db.count("SELECT last_number AS n FROM credit_note_counters"),
        2,
        "no number taken by the repeats"
    );
    // The same source later still finds its note.
    let again = notes
        .issue(
            OrderId::new("o1"),
            CreditNoteSource::Return("r1".to_owned()),
            returned(1),
            at(30),
        )
        .await
        .unwrap();
    assert_eq!(
        (again.number.as_str(), again.issued_now),
        ("CN/24-25/000002", false)
    );
}

async fn a_return_to_origin_reported_again_and_again_issues_one_credit_note_for_the_whole_invoice(
    db: &TestDb,
) {
    let orders = Arc::new(shop(db, 10, 0).await);
    place(&orders, &new_order("o1", "pay_1", 2, 0), &[take("p1", 2)]).await;
    let booking = Booking {
        courier: CourierName::parse("Delhivery").unwrap(),
        awb: Awb::parse("DL-1").unwrap(),
        tracking_url: None,
        expected_by: None,
    };
    orders
        .ship(
            &OrderId::new("o1"),
            &booking,
            Some(UserId::new("admin")),
            at(10),
        )
        .await
        .unwrap();
    let tasks: Vec<_> = (0..5)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let report = paduka_application::orders::CourierReport::by_admin(
                    CourierEvent::ReturnedToOrigin,
                    at(40 + i),
                    None,
                );
                orders.track(&OrderId::new("o1"), &report, None).await
            })
        })
        .collect();
    for task in tasks {
        // The first moves it; the others are refused or repeats: none issues another note.
        let _ = task.await.unwrap();
    }
    let order = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(order.status, OrderStatus::ReturnedToOrigin);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM credit_notes"), 1);
    let notes = DieselCreditNoteRepository::new(db.db());
    let note = notes
        .for_source(&CreditNoteSource::ReturnToOrigin(OrderId::new("o1")))
        .await
        .unwrap()
        .expect("the RTO's credit note");
    assert_eq!(note.number, "CN/24-25/000001");
    assert_eq!(note.order_id, order.id);
    assert_eq!(note.lines, CreditedLine::whole_invoice(&order).unwrap());
    assert_eq!(
        note.amount,
        Paise::from_rupees(order.amount_rupees).unwrap()
    );
}
