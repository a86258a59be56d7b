use super::*;

#[test]
fn the_replies_name_statuses_and_payment_methods_as_the_domain_does() {
    for status in OrderStatus::ALL {
        let named = serde_json::to_value(OrderStatusName::from(status)).unwrap();
        assert_eq!(named, status.as_str());
    }
    for method in [PaymentMethod::Online, PaymentMethod::Cod] {
        let named = serde_json::to_value(PaymentMethodName::from(method)).unwrap();
        assert_eq!(named, method.as_str());
    }
}

#[test]
fn actions_name_events_and_statuses_as_their_calls_take_them() {
    for event in CourierEvent::ALL {
        let named = serde_json::to_value(CourierEventName::from(event)).unwrap();
        assert_eq!(named, event.as_str());
    }
    for status in SettableStatus::ALL {
        let named = serde_json::to_value(SettableStatusName::from(status)).unwrap();
        assert_eq!(named, status.status().as_str());
    }
}

#[test]
fn a_refused_cancel_says_why_and_returns_until_an_instant() {
    use chrono::TimeZone;
    let until = chrono::Utc
        .with_ymd_and_hms(2026, 12, 2, 10, 30, 0)
        .unwrap();
    let actions = OrderActions {
        cancel: Err(Refusal::Delivered),
        ship: Err(Refusal::Shipped),
        mark_paid: Ok(()),
        return_until: Some(until),
        returnable: vec![2, 0],
        events: Vec::new(),
        statuses: vec![SettableStatus::Pending],
    };
    assert_eq!(
        serde_json::to_value(OrderActionsDto::from(&actions)).unwrap(),
        serde_json::json!({
            "cancel": {"allowed": false, "reason": "Order Delivered"},
            "ship": {"allowed": false, "reason": "Order has shipped"},
            "markPaid": {"allowed": true, "reason": null},
            "returnUntil": "2026-12-02T10:30:00.000Z",
            "returnable": [2, 0],
            "events": [],
            "statuses": ["Pending"],
        })
    );
}
