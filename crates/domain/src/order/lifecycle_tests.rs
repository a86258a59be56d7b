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
        Row { status: ReturnedToOrigin, has_shipment: false, update: [SHIPPED; 3], cancel: SHIPPED, ship: SHIPPED, courier: [SHIPPED; 4], record_payment: "-> ()" },
        // A shipment: the courier's hands.
        Row { status: Pending, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Confirmed, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> Ship", courier: [NOT_SHIPPED; 4], record_payment: "-> ()" },
        Row { status: Shipped, has_shipment: true, update: ONLY_DELIVERED, cancel: SHIPPED, ship: "-> AlreadyShipped", courier: MOVES, record_payment: "-> ()" },
        Row { status: OutForDelivery, has_shipment: true, update: ONLY_DELIVERED, cancel: SHIPPED, ship: "-> AlreadyShipped", courier: MOVES, record_payment: "-> ()" },
        Row { status: Delivered, has_shipment: true, update: [SHIPPED; 3], cancel: DELIVERED, ship: "-> AlreadyShipped", courier: [DELIVERED; 4], record_payment: "-> ()" },
        Row { status: Cancelled, has_shipment: true, update: [CANCELLED; 3], cancel: "-> AlreadyCancelled", ship: CANCELLED, courier: [CANCELLED; 4], record_payment: CANCELLED },
        Row { status: ReturnedToOrigin, has_shipment: true, update: [SHIPPED; 3], cancel: SHIPPED, ship: "-> AlreadyShipped", courier: [SHIPPED; 4], record_payment: "-> ()" },
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
            shown(at.record_payment()),
            row.record_payment,
            "{case}: mark-paid"
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
