//! WhatsApp's messages and replies (decisions D37): one live message per order and kind, the
//! queue's claims, statuses forward only, a reply recorded once; and consent kept on the order.

use paduka_application::RepoError;
use paduka_application::orders::OrderRepository;
use paduka_application::whatsapp::{Enqueued, NewMessage, Reply, WhatsAppMessages};
use paduka_domain::OrderId;
use paduka_domain::whatsapp::{CodAnswer, MessageKind, MessageStatus, Template, WhatsAppNumber};
use paduka_persistence::DieselWhatsAppMessages;

use crate::helpers::{TestDb, at};
use crate::orders::{new_order, place, shop};

crate::on_both_backends!(
    consent_is_kept_on_the_order,
    one_live_message_per_order_and_kind_unless_it_failed,
    a_claim_is_taken_once_and_again_only_after_its_lease,
    statuses_move_forward_only,
    a_reply_is_recorded_once,
);

fn asha() -> WhatsAppNumber {
    WhatsAppNumber::parse("919876543210").unwrap()
}

fn message(id: &str, order: &str, seconds: i64) -> NewMessage {
    NewMessage {
        id: id.to_owned(),
        order: OrderId::new(order),
        to: asha(),
        template: Template::cod_confirm(&OrderId::new(order), "Asha", 900),
        at: at(seconds),
    }
}

/// The order `o1`, placed with consent, and the messages table.
async fn ordered(db: &TestDb) -> DieselWhatsAppMessages {
    let orders = shop(db, 5, 5).await;
    let mut order = new_order("o1", "pay_1", 1, 10);
    order.whatsapp = true;
    place(&orders, &order, &[]).await;
    DieselWhatsAppMessages::new(db.db())
}

async fn consent_is_kept_on_the_order(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let mut asked = new_order("o1", "pay_1", 1, 10);
    asked.whatsapp = true;
    assert!(place(&orders, &asked, &[]).await.whatsapp);
    assert!(
        !place(&orders, &new_order("o2", "pay_2", 1, 11), &[])
            .await
            .whatsapp
    );
    let read = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert!(read.whatsapp);
    let read = orders.find(&OrderId::new("o2")).await.unwrap().unwrap();
    assert!(!read.whatsapp);
}

async fn one_live_message_per_order_and_kind_unless_it_failed(db: &TestDb) {
    let messages = ordered(db).await;
    assert_eq!(
        messages.enqueue(&message("m1", "o1", 20)).await.unwrap(),
        Enqueued::Queued
    );
    assert_eq!(
        messages.enqueue(&message("m2", "o1", 21)).await.unwrap(),
        Enqueued::Exists
    );
    let shipped = NewMessage {
        template: Template::order_delivered(&OrderId::new("o1"), "Asha"),
        ..message("m3", "o1", 22)
    };
    assert_eq!(messages.enqueue(&shipped).await.unwrap(), Enqueued::Queued);
    // The first fails for good: another may be kept.
    let claimed = messages.claim_due(at(30), at(90), "w1", 10).await.unwrap();
    assert_eq!(claimed.len(), 2);
    messages
        .record_failed("m1", "w1", "131026: Message undeliverable", at(31))
        .await
        .unwrap();
    assert_eq!(
        messages.enqueue(&message("m4", "o1", 40)).await.unwrap(),
        Enqueued::Queued
    );
    let kept = messages.for_order(&OrderId::new("o1")).await.unwrap();
    let seen: Vec<(&str, MessageKind, MessageStatus)> = kept
        .iter()
        .map(|m| (m.id.as_str(), m.kind(), m.status))
        .collect();
    assert_eq!(
        seen,
        vec![
            ("m1", MessageKind::CodConfirm, MessageStatus::Failed),
            ("m3", MessageKind::OrderDelivered, MessageStatus::Queued),
            ("m4", MessageKind::CodConfirm, MessageStatus::Queued),
        ]
    );
    assert_eq!(
        kept[0].error.as_deref(),
        Some("131026: Message undeliverable")
    );
    assert_eq!(
        kept[0].template,
        message("m1", "o1", 20).template,
        "kept as decided"
    );
}

async fn a_claim_is_taken_once_and_again_only_after_its_lease(db: &TestDb) {
    let messages = ordered(db).await;
    messages.enqueue(&message("m1", "o1", 20)).await.unwrap();
    // Not due before it was queued.
    assert!(
        messages
            .claim_due(at(19), at(79), "w0", 10)
            .await
            .unwrap()
            .is_empty()
    );
    let first = messages.claim_due(at(20), at(80), "w1", 10).await.unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].attempts, 1);
    // Held: nobody else gets it until the lease runs out.
    assert!(
        messages
            .claim_due(at(50), at(110), "w2", 10)
            .await
            .unwrap()
            .is_empty()
    );
    let again = messages.claim_due(at(80), at(140), "w2", 10).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].attempts, 2);
    // The first worker lost it: what it records is refused.
    assert!(matches!(
        messages.record_sent("m1", "w1", "wamid.old", at(81)).await,
        Err(RepoError::NotFound)
    ));
    messages
        .record_retry("m1", "w2", "130429: Rate limit hit", at(100), at(82))
        .await
        .unwrap();
    assert!(
        messages
            .claim_due(at(99), at(159), "w3", 10)
            .await
            .unwrap()
            .is_empty()
    );
    let third = messages
        .claim_due(at(100), at(160), "w3", 10)
        .await
        .unwrap();
    assert_eq!(third[0].error.as_deref(), Some("130429: Rate limit hit"));
    messages
        .record_sent("m1", "w3", "wamid.1", at(101))
        .await
        .unwrap();
    assert!(
        messages
            .claim_due(at(500), at(560), "w4", 10)
            .await
            .unwrap()
            .is_empty()
    );
    let sent = messages.for_order(&OrderId::new("o1")).await.unwrap();
    assert_eq!(sent[0].status, MessageStatus::Sent);
    assert_eq!(sent[0].wa_message_id.as_deref(), Some("wamid.1"));
    assert_eq!(sent[0].attempts, 3);
}

async fn statuses_move_forward_only(db: &TestDb) {
    let messages = ordered(db).await;
    messages.enqueue(&message("m1", "o1", 20)).await.unwrap();
    messages.claim_due(at(20), at(80), "w1", 10).await.unwrap();
    messages
        .record_sent("m1", "w1", "wamid.1", at(21))
        .await
        .unwrap();
    let report = |status, error: Option<&str>| {
        let messages = messages.clone();
        let error = error.map(str::to_owned);
        async move {
            messages
                .record_status("wamid.1", status, error, at(30))
                .await
                .unwrap()
        }
    };
    assert!(report(MessageStatus::Read, None).await);
    assert!(!report(MessageStatus::Delivered, None).await);
    assert!(!report(MessageStatus::Sent, None).await);
    assert!(!report(MessageStatus::Failed, Some("131047: Re-engagement message")).await);
    assert!(!report(MessageStatus::Read, None).await, "once");
    let kept = messages.for_order(&OrderId::new("o1")).await.unwrap();
    assert_eq!(kept[0].status, MessageStatus::Read);
    assert_eq!(kept[0].error, None);
    assert!(
        !messages
            .record_status("wamid.unknown", MessageStatus::Read, None, at(31))
            .await
            .unwrap()
    );
}

async fn a_reply_is_recorded_once(db: &TestDb) {
    let messages = ordered(db).await;
    let reply = Reply {
        incoming_id: "wamid.in-1".into(),
        order: OrderId::new("o1"),
        from: asha(),
        answer: CodAnswer::Confirm,
        at: at(40),
    };
    assert!(messages.record_reply(&reply).await.unwrap());
    assert!(!messages.record_reply(&reply).await.unwrap());
    let cancel = Reply {
        incoming_id: "wamid.in-2".into(),
        answer: CodAnswer::Cancel,
        ..reply.clone()
    };
    assert!(messages.record_reply(&cancel).await.unwrap());
    assert_eq!(
        messages.replies(&OrderId::new("o1")).await.unwrap(),
        vec![reply, cancel]
    );
}
