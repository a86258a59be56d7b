//! The WhatsApp use cases over mocks of their ports: what is decided, when a try is given up.

use std::sync::Arc;

use paduka_domain::OrderId;
use paduka_domain::order::{OrderStatus, PaymentMethod};
use paduka_domain::whatsapp::{
    CodAnswer, MessageKind, MessageStatus, SendFailure, Template, WhatsAppNumber,
};
use paduka_test_support::builders::{OrderBuilder, UserBuilder};
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::testing::{clock, ids};

struct Ports {
    gateway: MockWhatsAppGateway,
    messages: MockWhatsAppMessages,
    users: MockUserRepository,
    ids: crate::MockIdGenerator,
}

impl Ports {
    fn new() -> Self {
        Self {
            gateway: MockWhatsAppGateway::new(),
            messages: MockWhatsAppMessages::new(),
            users: MockUserRepository::new(),
            ids: ids(&[]),
        }
    }

    /// The buyer `shopper-1` with a valid phone.
    fn with_buyer(mut self) -> Self {
        self.users.expect_find().returning(|_| {
            Ok(Some(
                UserBuilder::shopper("shopper-1")
                    .phone("9876543210")
                    .build(),
            ))
        });
        self
    }

    fn service(self) -> WhatsAppService {
        WhatsAppService::new(WhatsAppPorts {
            gateway: Arc::new(self.gateway),
            messages: Arc::new(self.messages),
            users: Arc::new(self.users),
            ids: Arc::new(self.ids),
            clock: Arc::new(clock()),
        })
    }
}

fn cod_order(whatsapp: bool) -> paduka_domain::order::Order {
    let mut order = OrderBuilder::new("ord-1").build();
    order.payment_method = PaymentMethod::Cod;
    order.paid = false;
    order.whatsapp = whatsapp;
    order
}

fn kept(status: MessageStatus, attempts: u32) -> KeptMessage {
    KeptMessage {
        id: "msg-1".into(),
        order: OrderId::new("ord-1"),
        to: WhatsAppNumber::parse("919876543210").unwrap(),
        template: Template::cod_confirm(&OrderId::new("ord-1"), "Shopper 1", 1698),
        status,
        wa_message_id: None,
        error: None,
        attempts,
        created_at: now(),
        updated_at: now(),
    }
}

#[tokio::test]
async fn a_cod_order_placed_with_consent_queues_cod_confirm_to_the_buyers_number() {
    let mut ports = Ports::new().with_buyer();
    ports.ids = ids(&["msg-1"]);
    ports
        .messages
        .expect_enqueue()
        .withf(|message| {
            message.id == "msg-1"
                && message.to.as_str() == "919876543210"
                && message.template.kind == MessageKind::CodConfirm
                && message.template.body[2] == "₹1,698"
        })
        .times(1)
        .returning(|_| Ok(Enqueued::Queued));
    ports.service().order_placed(&cod_order(true)).await;
}

#[tokio::test]
async fn nothing_is_sent_without_consent_nor_for_an_online_order() {
    // Neither the buyer nor the table is asked: a mock refuses any call not expected.
    let service = Ports::new().service();
    service.order_placed(&cod_order(false)).await;
    let mut online = OrderBuilder::new("ord-2").build();
    online.whatsapp = true;
    service.order_placed(&online).await;
    let mut delivered = cod_order(false);
    delivered.status = OrderStatus::Delivered;
    service.order_moved(&delivered).await;
}

#[tokio::test]
async fn a_rate_limited_send_is_retried_and_a_number_not_on_whatsapp_ends_failed() {
    let mut ports = Ports::new();
    ports.ids = ids(&["claim-1", "claim-2"]);
    let mut claims = vec![
        vec![kept(MessageStatus::Queued, 2)],
        vec![kept(MessageStatus::Queued, 1)],
    ];
    ports
        .messages
        .expect_claim_due()
        .times(2)
        .returning(move |_, _, _, _| Ok(claims.remove(0)));
    let mut failures = vec![
        SendError {
            failure: SendFailure::Transient,
            message: "130429: Rate limit hit".into(),
        },
        SendError {
            failure: SendFailure::Permanent,
            message: "131026: Message undeliverable".into(),
        },
    ];
    ports
        .gateway
        .expect_send()
        .times(2)
        .returning(move |_| Err(failures.remove(0)));
    ports
        .messages
        .expect_record_retry()
        .withf(|id, token, error, next, _| {
            id == "msg-1"
                && token == "claim-1"
                && error.starts_with("130429")
                && *next == now() + chrono::Duration::seconds(20)
        })
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    ports
        .messages
        .expect_record_failed()
        .withf(|id, token, error, _| {
            id == "msg-1" && token == "claim-2" && error.starts_with("131026")
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let service = ports.service();
    assert_eq!(service.send_due().await.unwrap(), 1);
    assert_eq!(service.send_due().await.unwrap(), 1);
}

#[tokio::test]
async fn a_reply_from_another_number_is_not_recorded() {
    let mut ports = Ports::new();
    ports
        .messages
        .expect_for_order()
        .returning(|_| Ok(vec![kept(MessageStatus::Sent, 1)]));
    let service = ports.service();
    let received = service
        .receive(vec![WebhookEvent::ButtonReply {
            incoming_id: "wamid.in-1".into(),
            from: "919999999999".into(),
            payload: "COD_CONFIRM:ord-1".into(),
        }])
        .await
        .unwrap();
    assert_eq!(received.replies_recorded, 0);
}

#[tokio::test]
async fn a_tap_in_the_outbox_is_the_buyers_reply_only_for_the_messages_own_buttons() {
    let mut ports = Ports::new();
    ports
        .messages
        .expect_find()
        .returning(|id| Ok((id == "msg-1").then(|| kept(MessageStatus::Sent, 1))));
    ports
        .messages
        .expect_for_order()
        .returning(|_| Ok(vec![kept(MessageStatus::Sent, 1)]));
    ports
        .messages
        .expect_record_reply()
        .withf(|reply| {
            reply.from.as_str() == "919876543210"
                && reply.order.as_str() == "ord-1"
                && reply.answer == CodAnswer::Confirm
                && reply.incoming_id.starts_with("outbox.")
        })
        .times(1)
        .returning(|_| Ok(true));
    ports.ids = ids(&["tap-1"]);
    let service = ports.service();

    assert_eq!(
        service.tap("msg-1", "COD_CONFIRM:ord-1").await.unwrap(),
        Tapped::Replied
    );
    assert_eq!(
        service.tap("msg-1", "COD_CONFIRM:ord-2").await.unwrap(),
        Tapped::NotItsButton,
        "another order's payload is not this message's button"
    );
    assert_eq!(
        service.tap("msg-9", "COD_CONFIRM:ord-1").await.unwrap(),
        Tapped::NoMessage
    );
}
