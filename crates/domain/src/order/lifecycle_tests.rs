use proptest::prelude::*;

use super::*;

/// An outcome as the table writes it: `-> <status>` when allowed, else `409 <message>`.
fn shown<T: std::fmt::Debug>(result: Result<T, Refusal>) -> String {
    match result {
        Ok(value) => format!("-> {value:?}"),
        Err(refusal) => format!("409 {refusal}"),
    }
}

fn status(result: Result<OrderStatus, Refusal>) -> String {
    shown(result.map(OrderStatus::as_str)).replace('"', "")
}

/// One row: a status with or without a shipment, and what each operation answers.
struct Row {
    status: OrderStatus,
    has_shipment: bool,
    /// `update-status` to Pending, Confirmed, Delivered.
    update: [&'static str; 3],
    cancel: &'static str,
    ship: &'static str,
    /// Courier events Out for delivery, Delivered, Delivery failed, Returned to origin.
    courier: [&'static str; 4],
    record_payment: &'static str,
}

const CANCELLED: &str = "409 Order Cancelled";
const DELIVERED: &str = "409 Order Delivered";
const SHIPPED: &str = "409 Order has shipped";
const NOT_SHIPPED: &str = "409 Order has not shipped";
const RETURNED: &str = "409 Order returned to origin";
const FREELY: [&str; 3] = ["-> Pending", "-> Confirmed", "-> Delivered"];
const ONLY_DELIVERED: [&str; 3] = [SHIPPED, SHIPPED, "-> Delivered"];
const MOVES: [&str; 4] = [
    "-> Out for delivery",
    "-> Delivered",
    "-> Shipped",
    "-> Returned to origin",
];

#[rustfmt::skip]
const TABLE: [Row; 14] = {
    use OrderStatus::*;
    [
        // No shipment: the admin's hands.
        Row { status: Pending, has_shipment: false, update: FREELY, cancel: "-> Cancel", ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Confirmed, has_shipment: false, update: FREELY, cancel: "-> Cancel", ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Delivered, has_shipment: false, update: FREELY, cancel: DELIVERED, ship: DELIVERED, courier: [DELIVERED; 4], record_payment: "-> ()" },
        Row { status: Cancelled, has_shipment: false, update: [CANCELLED; 3], cancel: "-> AlreadyCancelled", ship: CANCELLED, courier: [CANCELLED; 4], record_payment: CANCELLED },
        // Never stored (a courier's status without a shipment): the status decides.
        Row { status: Shipped, has_shipment: false, update: ONLY_DELIVERED, cancel: SHIPPED, ship: SHIPPED, courier: MOVES, record_payment: "-> ()" },
        Row { status: OutForDelivery, has_shipment: false, update: ONLY_DELIVERED, cancel: SHIPPED, ship: SHIPPED, courier: MOVES, record_payment: "-> ()" },
        Row { status: ReturnedToOrigin, has_shipment: false, update: [SHIPPED; 3], cancel: SHIPPED, ship: SHIPPED, courier: [SHIPPED; 4], record_payment: RETURNED },
        // A shipment: the courier's hands.
        Row { status: Pending, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Confirmed, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Shipped, has_shipment: true, update: ONLY_DELIVERED, cancel: SHIPPED, ship: "-> AlreadyShipped", courier: MOVES, record_payment: "-> ()" },
        Row { status: OutForDelivery, has_shipment: true, update: ONLY_DELIVERED, cancel: SHIPPED, ship: "-> AlreadyShipped", courier: MOVES, record_payment: "-> ()" },
        Row { status: Delivered, has_shipment: true, update: [SHIPPED; 3], cancel: DELIVERED, ship: "-> AlreadyShipped", courier: [DELIVERED; 4], record_payment: "-> ()" },
        Row { status: Cancelled, has_shipment: true, update: [CANCELLED; 3], cancel: "-> AlreadyCancelled", ship: CANCELLED, courier: [CANCELLED; 4], record_payment: CANCELLED },
        Row { status: ReturnedToOrigin, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> AlreadyShipped", courier: [SHIPPED; 4], record_payment: RETURNED },
    ]
};

#[test]
fn the_table_has_every_status_with_and_without_a_shipment_once() {
    for status in OrderStatus::ALL {
        for has_shipment in [false, true] {
            let rows = TABLE
                .iter()
                .filter(|row| row.status == status && row.has_shipment == has_shipment)
                .count();
            assert_eq!(rows, 1, "{status:?} with shipment {has_shipment}");
        }
    }
}

#[test]
fn every_status_answers_every_operation_as_the_table_says() {
    for row in &TABLE {
        let at = Lifecycle::new(row.status, row.has_shipment);
        let case = format!("{:?} (shipment: {})", row.status, row.has_shipment);
        for (target, expected) in SettableStatus::ALL.into_iter().zip(row.update) {
            assert_eq!(
                status(at.update_status(target)),
                expected,
                "{case}: update-status to {target:?}"
            );
        }
        assert_eq!(shown(at.cancel()), row.cancel, "{case}: cancel");
        assert_eq!(shown(at.ship()), row.ship, "{case}: ship");
        for (event, expected) in CourierEvent::ALL.into_iter().zip(row.courier) {
            assert_eq!(
                status(at.courier_event(event)),
                expected,
                "{case}: courier event {event:?}"
            );
        }
        assert_eq!(
            shown(at.record_payment(false)),
            row.record_payment,
            "{case}: mark-paid"
        );
        // Paid already (every online order): nothing to record, a cancelled order says so.
        let paid = if row.record_payment == CANCELLED {
            CANCELLED
        } else {
            "409 Order is already paid"
        };
        assert_eq!(
            shown(at.record_payment(true)),
            paid,
            "{case}: mark-paid, paid"
        );
    }
}

#[test]
fn a_replacement_order_is_never_cancelled_and_otherwise_moves_as_any_order() {
    for row in &TABLE {
        let plain = Lifecycle::new(row.status, row.has_shipment);
        let replacement = plain.replacing(true);
        let case = format!("{:?} (shipment: {})", row.status, row.has_shipment);
        assert_eq!(
            shown(replacement.cancel()),
            "409 Replacement orders cannot be cancelled",
            "{case}"
        );
        assert_eq!(replacement.ship(), plain.ship(), "{case}: ship");
        for target in SettableStatus::ALL {
            assert_eq!(
                replacement.update_status(target),
                plain.update_status(target),
                "{case}: update-status to {target:?}"
            );
        }
        for event in CourierEvent::ALL {
            assert_eq!(
                replacement.courier_event(event),
                plain.courier_event(event),
                "{case}: courier event {event:?}"
            );
        }
    }
    assert_eq!(
        Lifecycle::new(OrderStatus::Pending, false)
            .replacing(false)
            .cancel(),
        Ok(Cancel::Cancel)
    );
}

#[test]
fn statuses_are_stored_as_their_text_and_read_back() {
    let texts: Vec<&str> = OrderStatus::ALL.map(OrderStatus::as_str).to_vec();
    assert_eq!(
        texts,
        [
            "Pending",
            "Confirmed",
            "Shipped",
            "Out for delivery",
            "Delivered",
            "Cancelled",
            "Returned to origin"
        ]
    );
    for status in OrderStatus::ALL {
        assert_eq!(OrderStatus::from_stored(status.as_str()), Some(status));
    }
    for unknown in ["", "pending", "Returned", " Pending", "Out For Delivery"] {
        assert_eq!(OrderStatus::from_stored(unknown), None, "{unknown:?}");
    }
}

#[test]
fn admins_may_set_three_statuses_by_name() {
    for settable in SettableStatus::ALL {
        let text = format!(" {} ", settable.status().as_str());
        assert_eq!(SettableStatus::parse(&text), Ok(settable));
        assert_eq!(SettableStatus::try_from(settable.status()), Ok(settable));
    }
    for refused in [
        "Cancelled",
        "Shipped",
        "Out for delivery",
        "Returned to origin",
        "shipped",
        "",
    ] {
        assert_eq!(
            SettableStatus::parse(refused).unwrap_err().to_string(),
            "Status must be Pending, Confirmed or Delivered",
            "{refused:?}"
        );
    }
    assert_eq!(
        SettableStatus::try_from(OrderStatus::Cancelled),
        Err(OrderStatus::Cancelled)
    );
}

#[test]
fn courier_events_are_read_by_their_text() {
    for event in CourierEvent::ALL {
        assert_eq!(CourierEvent::parse(event.as_str()), Ok(event));
    }
    assert!(CourierEvent::parse("Shipped").is_err());
}

#[test]
fn the_lists_of_statuses_follow_the_ends() {
    let but = |excluded: &[OrderStatus]| -> Vec<OrderStatus> {
        OrderStatus::ALL
            .into_iter()
            .filter(|s| !excluded.contains(s))
            .collect()
    };
    let ends: Vec<OrderStatus> = OrderStatus::ALL
        .into_iter()
        .filter(|s| s.is_end())
        .collect();
    assert_eq!(
        ends,
        [OrderStatus::Cancelled, OrderStatus::ReturnedToOrigin]
    );
    assert_eq!(OrderStatus::STANDING.to_vec(), but(&ends));
    assert_eq!(
        OrderStatus::LISTED_FOR_SHOPPER.to_vec(),
        but(&[OrderStatus::Cancelled])
    );
}

#[test]
fn an_end_gives_back_by_how_the_order_was_paid() {
    let release = |method, paid| {
        Release::on_move(OrderStatus::Confirmed, OrderStatus::Cancelled, method, paid).unwrap()
    };
    let online = release(PaymentMethod::Online, true);
    assert!(online.restock && online.coupon_use && online.store_credit);
    assert!(online.refund_in_full && !online.nothing_to_collect);
    let unpaid_cod = release(PaymentMethod::Cod, false);
    assert!(unpaid_cod.restock && unpaid_cod.coupon_use && unpaid_cod.store_credit);
    assert!(!unpaid_cod.refund_in_full && unpaid_cod.nothing_to_collect);
    let paid_cod = release(PaymentMethod::Cod, true);
    assert!(!paid_cod.refund_in_full && !paid_cod.nothing_to_collect);
    assert_eq!(
        Release::on_move(
            OrderStatus::OutForDelivery,
            OrderStatus::ReturnedToOrigin,
            PaymentMethod::Online,
            true
        ),
        Some(online)
    );
}

#[test]
fn only_a_move_into_an_end_gives_back() {
    for from in OrderStatus::ALL {
        for to in OrderStatus::ALL {
            let given = Release::on_move(from, to, PaymentMethod::Online, true).is_some();
            assert_eq!(given, to.is_end() && !from.is_end(), "{from:?} -> {to:?}");
        }
    }
}

/// Anything an admin, a shopper or a courier may do to an order.
#[derive(Debug, Clone, Copy)]
enum Step {
    Update(SettableStatus),
    Cancel,
    Ship,
    Courier(CourierEvent),
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        proptest::sample::select(SettableStatus::ALL.to_vec()).prop_map(Step::Update),
        Just(Step::Cancel),
        Just(Step::Ship),
        proptest::sample::select(CourierEvent::ALL.to_vec()).prop_map(Step::Courier),
    ]
}

proptest! {
    /// Whatever happens to an order, it gives back at most once, and exactly once when it
    /// ends; and once it ends it never moves again.
    #[test]
    fn an_order_gives_back_exactly_once_whatever_happens(
        steps in proptest::collection::vec(any_step(), 0..30),
        online in any::<bool>(),
    ) {
        let payment = if online { PaymentMethod::Online } else { PaymentMethod::Cod };
        let mut at = Lifecycle::new(OrderStatus::Pending, false);
        let mut given = 0;
        for step in steps {
            let next = match step {
                Step::Update(target) => at.update_status(target).ok(),
                Step::Cancel => match at.cancel() {
                    Ok(Cancel::Cancel) => Some(OrderStatus::Cancelled),
                    Ok(Cancel::AlreadyCancelled) | Err(_) => None,
                },
                Step::Ship => match at.ship() {
                    Ok(Ship::Ship) => {
                        at.has_shipment = true;
                        Some(OrderStatus::Shipped)
                    }
                    Ok(Ship::AlreadyShipped) | Err(_) => None,
                },
                Step::Courier(event) => at.courier_event(event).ok(),
            };
            if let Some(next) = next {
                prop_assert!(!at.status.is_end(), "{:?} moved to {:?}", at.status, next);
                given += usize::from(Release::on_move(at.status, next, payment, online).is_some());
                at.status = next;
            }
        }
        prop_assert_eq!(given, usize::from(at.status.is_end()));
    }
}

mod actions {
    use chrono::{DateTime, Duration, TimeZone, Utc};

    use super::*;

    const WINDOW: u32 = 30;

    /// Day 0 of the return window tests: when the order was delivered.
    fn delivered() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 2, 10, 30, 0).unwrap()
    }

    fn day(n: i64) -> DateTime<Utc> {
        delivered() + Duration::days(n)
    }

    /// An action allowed, or its refusal's words, as a row writes it.
    fn said(action: Result<(), Refusal>) -> String {
        match action {
            Ok(()) => "allowed".to_owned(),
            Err(refusal) => refusal.to_string(),
        }
    }

    /// What may be done, as a row writes it.
    fn written(actions: &OrderActions) -> (String, String, Vec<&'static str>, Vec<&'static str>) {
        let events = actions.events.iter().map(|e| e.as_str()).collect();
        let statuses = (actions.statuses.iter())
            .map(|s| s.status().as_str())
            .collect();
        (said(actions.cancel), said(actions.ship), events, statuses)
    }

    fn line(quantity: u32, held_by_returns: u32) -> OrderLine {
        OrderLine {
            product: crate::ProductId::new("p1"),
            name: "Mojari".to_owned(),
            category_name: "Ethnic".to_owned(),
            variant_label: Some("UK 7".to_owned()),
            color: String::new(),
            unit_price: crate::Paise::from_rupees(1_000).unwrap(),
            discount: crate::Percent::new(0).unwrap(),
            sale_price: crate::Paise::from_rupees(1_000).unwrap(),
            quantity,
            tax: None,
            held_by_returns,
        }
    }

    struct Expected {
        status: OrderStatus,
        has_shipment: bool,
        cancel: &'static str,
        ship: &'static str,
        events: &'static [&'static str],
        statuses: &'static [&'static str],
    }

    const ALL_THREE: &[&str] = &["Pending", "Confirmed", "Delivered"];
    const COURIER: &[&str] = &[
        "Out for delivery",
        "Delivered",
        "Delivery failed",
        "Returned to origin",
    ];
    const NONE: &[&str] = &[];
    const ALLOWED: &str = "allowed";
    const HAS_SHIPPED: &str = "Order has shipped";

    #[rustfmt::skip]
    const EXPECTED: [Expected; 14] = {
        use OrderStatus::*;
        [
            Expected { status: Pending, has_shipment: false, cancel: ALLOWED, ship: ALLOWED, events: NONE, statuses: ALL_THREE },
            Expected { status: Confirmed, has_shipment: false, cancel: ALLOWED, ship: ALLOWED, events: NONE, statuses: ALL_THREE },
            Expected { status: Shipped, has_shipment: false, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: NONE, statuses: &["Delivered"] },
            Expected { status: OutForDelivery, has_shipment: false, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: NONE, statuses: &["Delivered"] },
            Expected { status: Delivered, has_shipment: false, cancel: "Order Delivered", ship: "Order Delivered", events: NONE, statuses: ALL_THREE },
            Expected { status: Cancelled, has_shipment: false, cancel: "Order Cancelled", ship: "Order Cancelled", events: NONE, statuses: NONE },
            Expected { status: ReturnedToOrigin, has_shipment: false, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: NONE, statuses: NONE },
            Expected { status: Pending, has_shipment: true, cancel: HAS_SHIPPED, ship: ALLOWED, events: NONE, statuses: NONE },
            Expected { status: Confirmed, has_shipment: true, cancel: HAS_SHIPPED, ship: ALLOWED, events: NONE, statuses: NONE },
            Expected { status: Shipped, has_shipment: true, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: COURIER, statuses: &["Delivered"] },
            Expected { status: OutForDelivery, has_shipment: true, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: COURIER, statuses: &["Delivered"] },
            Expected { status: Delivered, has_shipment: true, cancel: "Order Delivered", ship: HAS_SHIPPED, events: NONE, statuses: NONE },
            Expected { status: Cancelled, has_shipment: true, cancel: "Order Cancelled", ship: "Order Cancelled", events: NONE, statuses: NONE },
            Expected { status: ReturnedToOrigin, has_shipment: true, cancel: HAS_SHIPPED, ship: HAS_SHIPPED, events: NONE, statuses: NONE },
        ]
    };

    #[test]
    fn every_status_with_and_without_a_shipment_and_as_a_replacement_offers_what_its_rules_allow() {
        for status in OrderStatus::ALL {
            for has_shipment in [false, true] {
                let row = EXPECTED
                    .iter()
                    .find(|row| row.status == status && row.has_shipment == has_shipment)
                    .expect("a row for every status with and without a shipment");
                for replacement in [false, true] {
                    let at = Lifecycle::new(status, has_shipment).replacing(replacement);
                    let case = format!(
                        "{status:?} (shipment: {has_shipment}, replacement: {replacement})"
                    );
                    let lines = [line(2, 1), line(1, 0)];
                    let actions = at.actions(false, &lines, Some(delivered()), day(1), WINDOW);
                    let (cancel, ship, events, statuses) = written(&actions);
                    let expected_cancel = if replacement {
                        "Replacement orders cannot be cancelled"
                    } else {
                        row.cancel
                    };
                    assert_eq!(cancel, expected_cancel, "{case}: cancel");
                    assert_eq!(ship, row.ship, "{case}: ship");
                    assert_eq!(events, row.events, "{case}: events");
                    assert_eq!(statuses, row.statuses, "{case}: statuses");
                    // Returns follow the request's rules: a delivered order, replacement or not.
                    let until = (status == OrderStatus::Delivered).then(|| day(30));
                    assert_eq!(actions.return_until, until, "{case}: returnUntil");
                    let returnable = if until.is_some() { [1, 1] } else { [0, 0] };
                    assert_eq!(actions.returnable, returnable, "{case}: returnable");
                    // Cash is recorded once, on any order not cancelled, and never on an
                    // unpaid parcel that came back.
                    let mark_paid = match status {
                        OrderStatus::Cancelled => "Order Cancelled",
                        OrderStatus::ReturnedToOrigin => "Order returned to origin",
                        _ => ALLOWED,
                    };
                    assert_eq!(said(actions.mark_paid), mark_paid, "{case}: markPaid");
                    let paid = at.actions(true, &lines, Some(delivered()), day(1), WINDOW);
                    let paid_refusal = if status == OrderStatus::Cancelled {
                        "Order Cancelled"
                    } else {
                        "Order is already paid"
                    };
                    assert_eq!(said(paid.mark_paid), paid_refusal, "{case}: markPaid, paid");
                    // Offered exactly when the call books a courier.
                    assert_eq!(actions.ship.is_ok(), at.ship() == Ok(Ship::Ship), "{case}");
                    // What is offered is what the calls then allow, and nothing else.
                    for event in CourierEvent::ALL {
                        assert_eq!(
                            actions.events.contains(&event),
                            at.report(Some(event), ReportSource::Admin, false).is_ok(),
                            "{case}: {event:?}"
                        );
                    }
                    for settable in SettableStatus::ALL {
                        assert_eq!(
                            actions.statuses.contains(&settable),
                            at.update_status(settable).is_ok(),
                            "{case}: {settable:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_thirty_day_window_is_open_on_day_29_and_its_last_second_and_closed_after() {
        let at = Lifecycle::new(OrderStatus::Delivered, true);
        let until = |now| {
            at.actions(false, &[], Some(delivered()), now, WINDOW)
                .return_until
        };
        let last = delivered() + Duration::days(30);
        assert_eq!(until(delivered()), Some(last), "day 0");
        assert_eq!(until(day(29)), Some(last), "day 29");
        // The last instant is still in time, as a request at that instant is granted.
        assert_eq!(until(last), Some(last), "the last instant");
        assert_eq!(until(last + Duration::seconds(1)), None, "a second after");
        assert_eq!(until(day(31)), None, "day 31");
        // The request is answered the same way at the same instants.
        for (now, open) in [
            (day(29), true),
            (last, true),
            (last + Duration::seconds(1), false),
            (day(31), false),
        ] {
            let asked = crate::returns::return_until(
                OrderStatus::Delivered,
                Some(delivered()),
                now,
                WINDOW,
            );
            assert_eq!(asked.is_ok(), open, "{now}");
        }
        // Without a delivery instant nothing is offered.
        assert_eq!(
            at.actions(false, &[], None, day(1), WINDOW).return_until,
            None
        );
        // The window is the shop's setting.
        let week = at
            .actions(false, &[], Some(delivered()), day(8), 7)
            .return_until;
        assert_eq!(week, None);
    }

    #[test]
    fn each_line_offers_the_pairs_no_return_holds_while_the_window_is_open() {
        let at = Lifecycle::new(OrderStatus::Delivered, true);
        let lines = [line(3, 0), line(3, 2), line(2, 2), line(1, 5)];
        let returnable = |now| {
            at.actions(false, &lines, Some(delivered()), now, WINDOW)
                .returnable
        };
        assert_eq!(returnable(day(29)), [3, 1, 0, 0]);
        assert_eq!(returnable(day(31)), [0, 0, 0, 0], "the window has closed");
        let undelivered = Lifecycle::new(OrderStatus::Shipped, true);
        let offered = undelivered.actions(false, &lines, Some(delivered()), day(1), WINDOW);
        assert_eq!(offered.returnable, [0, 0, 0, 0], "not delivered");
    }
}

#[test]
fn a_report_the_lifecycle_refuses_is_refused_to_an_admin_and_kept_without_a_move_from_the_courier()
{
    let shipped = Lifecycle::new(OrderStatus::Shipped, true);
    let delivered = Lifecycle::new(OrderStatus::Delivered, true);
    let event = Some(CourierEvent::OutForDelivery);
    assert_eq!(
        shipped.report(event, ReportSource::Admin, false),
        Ok(OrderStatus::OutForDelivery)
    );
    assert_eq!(
        shipped.report(event, ReportSource::Courier, false),
        Ok(OrderStatus::OutForDelivery)
    );
    // A late report is history: the courier's moves nothing; an admin's word is current.
    assert_eq!(
        shipped.report(event, ReportSource::Courier, true),
        Ok(OrderStatus::Shipped)
    );
    assert_eq!(
        shipped.report(event, ReportSource::Admin, true),
        Ok(OrderStatus::OutForDelivery)
    );
    assert_eq!(
        delivered.report(event, ReportSource::Admin, false),
        Err(Refusal::Delivered)
    );
    assert_eq!(
        delivered.report(event, ReportSource::Courier, false),
        Ok(OrderStatus::Delivered)
    );
    // A step that moves nothing (in transit) is kept as it is.
    assert_eq!(
        shipped.report(None, ReportSource::Courier, false),
        Ok(OrderStatus::Shipped)
    );
    // Nothing to record a report against without a shipment; an admin hears the lifecycle
    // first.
    let pending = Lifecycle::new(OrderStatus::Pending, false);
    assert_eq!(
        pending.report(None, ReportSource::Courier, false),
        Err(Refusal::NotShipped)
    );
    let cancelled = Lifecycle::new(OrderStatus::Cancelled, false);
    assert_eq!(
        cancelled.report(event, ReportSource::Admin, false),
        Err(Refusal::Cancelled)
    );
    assert_eq!(
        Lifecycle::new(OrderStatus::Shipped, false).report(event, ReportSource::Courier, false),
        Err(Refusal::NotShipped)
    );
}
