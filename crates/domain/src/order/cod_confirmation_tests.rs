use chrono::TimeZone;

use super::*;

fn at(hours: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 0, 0, 0).unwrap() + Duration::hours(hours)
}

fn pending() -> Lifecycle {
    Lifecycle::new(OrderStatus::Pending, false)
}

const AWAITING: Option<CodConfirmation> = Some(CodConfirmation::Awaiting);

#[test]
fn only_a_cod_order_the_buyer_pays_for_is_asked() {
    assert_eq!(
        CodConfirmation::on_placing(PaymentMethod::Cod, false),
        AWAITING
    );
    assert_eq!(
        CodConfirmation::on_placing(PaymentMethod::Online, false),
        None
    );
    assert_eq!(CodConfirmation::on_placing(PaymentMethod::Cod, true), None);
}

#[test]
fn an_answer_counts_until_the_order_ships_or_ends() {
    for confirmation in CodConfirmation::ALL {
        assert_eq!(may_answer(Some(confirmation), pending()), Ok(()));
        let confirmed = Lifecycle::new(OrderStatus::Confirmed, false);
        assert_eq!(may_answer(Some(confirmation), confirmed), Ok(()));
    }
    assert_eq!(may_answer(None, pending()), Err(CodRefusal::NotAsked));
    let cancelled = Lifecycle::new(OrderStatus::Cancelled, false);
    assert_eq!(may_answer(AWAITING, cancelled), Err(CodRefusal::Cancelled));
    for status in [
        OrderStatus::Shipped,
        OrderStatus::OutForDelivery,
        OrderStatus::Delivered,
        OrderStatus::ReturnedToOrigin,
    ] {
        let shipped = Lifecycle::new(status, true);
        assert_eq!(
            may_answer(AWAITING, shipped),
            Err(CodRefusal::Shipped),
            "{status:?}"
        );
    }
    // A booking that stopped half-way: the parcel may be with the courier already.
    let booked = Lifecycle::new(OrderStatus::Pending, true);
    assert_eq!(may_answer(AWAITING, booked), Err(CodRefusal::Shipped));
}

#[test]
fn the_reminder_is_due_at_12_hours_once() {
    let clock = CodClock::default();
    let due = |reminded, hours| clock.due(AWAITING, pending(), at(0), reminded, at(hours));
    assert_eq!(due(false, 0), None);
    assert_eq!(
        clock.due(
            AWAITING,
            pending(),
            at(0),
            false,
            at(12) - Duration::seconds(1)
        ),
        None
    );
    assert_eq!(due(false, 12), Some(CodStep::Remind));
    assert_eq!(due(true, 12), None, "reminded once");
    assert_eq!(due(true, 23), None);
}

#[test]
fn it_is_given_up_on_at_24_hours_and_cancelled_only_when_set() {
    let clock = CodClock::default();
    assert_eq!(
        clock.due(
            AWAITING,
            pending(),
            at(0),
            true,
            at(24) - Duration::seconds(1)
        ),
        None
    );
    assert_eq!(
        clock.due(AWAITING, pending(), at(0), true, at(24)),
        Some(CodStep::GiveUp { cancel: false })
    );
    // A clock that was stopped past both steps gives up without reminding.
    assert_eq!(
        clock.due(AWAITING, pending(), at(0), false, at(30)),
        Some(CodStep::GiveUp { cancel: false })
    );
    let cancelling = CodClock {
        auto_cancel: true,
        ..clock
    };
    assert_eq!(
        cancelling.due(AWAITING, pending(), at(0), true, at(24)),
        Some(CodStep::GiveUp { cancel: true })
    );
}

#[test]
fn the_clock_leaves_answered_shipped_and_ended_orders_alone() {
    let clock = CodClock::default();
    for confirmation in [
        None,
        Some(CodConfirmation::Confirmed),
        Some(CodConfirmation::Unanswered),
    ] {
        assert_eq!(
            clock.due(confirmation, pending(), at(0), false, at(48)),
            None
        );
    }
    for lifecycle in [
        Lifecycle::new(OrderStatus::Shipped, true),
        Lifecycle::new(OrderStatus::Cancelled, false),
    ] {
        assert_eq!(clock.due(AWAITING, lifecycle, at(0), false, at(48)), None);
    }
}

#[test]
fn stored_words_read_back() {
    for confirmation in CodConfirmation::ALL {
        assert_eq!(
            CodConfirmation::from_stored(confirmation.as_str()),
            Some(confirmation)
        );
    }
    for event in CodEvent::ALL {
        assert_eq!(CodEvent::from_stored(event.as_str()), Some(event));
    }
    assert_eq!(
        CodEvent::confirmed(AnswerChannel::WhatsApp).as_str(),
        "Confirmed on WhatsApp"
    );
    assert_eq!(
        CodEvent::confirmed(AnswerChannel::Link).as_str(),
        "Confirmed by link"
    );
    assert_eq!(
        CodEvent::cancelled(AnswerChannel::WhatsApp).as_str(),
        "Cancelled on WhatsApp"
    );
    assert!(CodConfirmation::Confirmed.rank() < CodConfirmation::Awaiting.rank());
    assert!(CodConfirmation::Awaiting.rank() < CodConfirmation::Unanswered.rank());
}
