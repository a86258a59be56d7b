use paduka_domain::{OrderId, State};

use super::*;
use crate::orders::PlaceError;
use crate::testing::assert_refused;

const BODY: &[u8] = b"{\"event\":\"payment.captured\"}";

/// `pay_1` captured ₹1698 for `order_A`.
fn captured() -> WebhookEvent {
    WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_A".into(),
        amount: Paise::from_stored(169_800),
    }
}

impl Shop {
    /// Every webhook delivered reads as `event`.
    fn delivering(self, event: WebhookEvent) -> Self {
        self.gateway.reads_webhooks_as(event);
        self
    }

    /// The webhook `event_id`, correctly signed, delivered to checkout.
    async fn deliver(&self, event_id: &str) -> Result<WebhookOutcome, CheckoutError> {
        self.checkout()
            .webhook(event_id, BODY, WEBHOOK_SIGNATURE)
            .await
    }
}

#[tokio::test]
async fn a_webhook_with_a_bad_signature_is_refused_and_nothing_is_read() {
    let shop = Shop::paid().delivering(captured());
    let result = shop.checkout().webhook("evt_1", BODY, "forged").await;
    assert_refused!(result, CheckoutError::InvalidWebhookSignature);
    assert!(shop.events.handled().is_empty());
    shop.assert_untouched();
}

#[tokio::test]
async fn a_webhook_event_seen_before_is_a_duplicate() {
    let shop = Shop::paid().delivering(captured());
    shop.events.mark_handled("evt_1", now()).await.unwrap();
    assert_eq!(
        shop.deliver("evt_1").await.unwrap(),
        WebhookOutcome::Duplicate
    );
    shop.assert_untouched();
}

#[tokio::test]
async fn a_captured_payment_whose_browser_never_came_back_gets_its_order_from_the_intent() {
    let shop = Shop::paid().delivering(captured());
    let outcome = shop.deliver("evt_1").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::Created(OrderId::new("id-1")));
    let (new, _) = shop.placed();
    assert_eq!(new.actor, None);
    assert_eq!(new.provider_order_id, "order_A");
    assert_eq!(new.address, "12 Temple Road, Mathura");
    assert_eq!(new.user.name, "Shopper-1");
    assert_eq!(shop.events.handled(), ["evt_1"]);
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn the_webhook_supplies_the_order_where_the_shopper_chose_at_the_payment_s_start() {
    let chosen = CheckoutIntent {
        state: Some(State::Karnataka),
        ..intent()
    };
    let shop = Shop::new()
        .with_intents(vec![chosen])
        .delivering(captured());
    let outcome = shop.deliver("evt_1").await.unwrap();
    assert!(matches!(outcome, WebhookOutcome::Created(_)), "{outcome:?}");
    assert_eq!(shop.placed().0.state, State::Karnataka);
}

#[tokio::test]
async fn a_webhook_for_a_placed_order_leaves_it_as_it_is() {
    let shop = Shop::paid().delivering(captured());
    shop.orders.holds(existing_order());
    let outcome = shop.deliver("evt_1").await.unwrap();
    let earlier = OrderId::new("order-earlier");
    assert_eq!(outcome, WebhookOutcome::AlreadyPlaced(earlier));
    assert_eq!(shop.events.handled(), ["evt_1"]);
    shop.assert_untouched();
}

#[tokio::test]
async fn a_webhook_for_an_unknown_order_another_event_or_no_cart_is_ignored() {
    let unknown = WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_Z".into(),
        amount: Paise::from_stored(169_800),
    };
    let other = WebhookEvent::Other {
        event: "payment.failed".into(),
    };
    let without_cart = CheckoutIntent {
        lines: vec![],
        ..intent()
    };
    let shops = [
        Shop::paid().delivering(unknown),
        Shop::paid().delivering(other),
        Shop::new()
            .with_intents(vec![without_cart])
            .delivering(captured()),
        // A body the provider's format does not read.
        Shop::paid(),
    ];
    for (n, shop) in shops.into_iter().enumerate() {
        assert_eq!(
            shop.deliver("evt_1").await.unwrap(),
            WebhookOutcome::Ignored,
            "{n}"
        );
        assert_eq!(shop.events.handled(), ["evt_1"], "{n}");
        shop.assert_untouched();
    }
}

#[tokio::test]
async fn a_captured_amount_other_than_the_intent_s_is_left_alone() {
    let short = WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_A".into(),
        amount: Paise::from_stored(100),
    };
    let shop = Shop::paid().delivering(short);
    assert_eq!(
        shop.deliver("evt_1").await.unwrap(),
        WebhookOutcome::Ignored
    );
    assert_eq!(shop.events.handled(), ["evt_1"]);
    shop.assert_untouched();
}

#[tokio::test]
async fn a_webhook_for_a_cart_that_can_no_longer_be_filled_refunds_it() {
    let shop = Shop::paid().with_stock(0).delivering(captured());
    assert_eq!(
        shop.deliver("evt_1").await.unwrap(),
        WebhookOutcome::Refunded
    );
    shop.assert_refunded(169_800);
    assert_eq!(shop.mailer.sent().len(), 1);
    assert_eq!(shop.events.handled(), ["evt_1"]);
}

#[tokio::test]
async fn a_webhook_whose_refund_fails_is_not_recorded_so_the_provider_delivers_it_again() {
    let shop = Shop::paid().with_stock(0).delivering(captured());
    shop.gateway.refuses_refunds();
    assert_refused!(shop.deliver("evt_1").await, CheckoutError::Provider(_));
    assert!(shop.events.handled().is_empty());
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn a_webhook_for_an_undeliverable_intent_refunds_it() {
    let elsewhere = CheckoutIntent {
        pincode: "110001".into(),
        ..intent()
    };
    let shop = Shop::new()
        .with_intents(vec![elsewhere])
        .delivering(captured());
    assert_eq!(
        shop.deliver("evt_1").await.unwrap(),
        WebhookOutcome::Refunded
    );
    shop.assert_refunded(169_800);
    assert_eq!(shop.mailer.sent().len(), 1);
    assert_eq!(shop.events.handled(), ["evt_1"]);
}

#[tokio::test]
async fn a_webhook_racing_a_refund_claim_reports_the_refund() {
    let shop = Shop::paid().delivering(captured());
    shop.orders.refuses_next_place(PlaceError::Refunded);
    assert_eq!(
        shop.deliver("evt_1").await.unwrap(),
        WebhookOutcome::Refunded
    );
    assert!(
        shop.gateway.refunds_asked().is_empty(),
        "the claim's owner refunds it"
    );
    assert!(shop.mailer.sent().is_empty());
    assert_eq!(shop.events.handled(), ["evt_1"]);
}

#[tokio::test]
async fn a_webhook_for_a_deleted_shopper_s_payment_refunds_it_without_mail() {
    // The account was deleted after paying: the intent outlived it (no user any more), and
    // an account that vanished between the two lookups reads the same.
    for user in [None, Some(UserId::new("gone"))] {
        let orphan = CheckoutIntent {
            user: user.clone(),
            ..intent()
        };
        let shop = Shop::new()
            .with_intents(vec![orphan])
            .delivering(captured());
        let outcome = shop.deliver("evt_1").await.unwrap();
        assert_eq!(outcome, WebhookOutcome::Refunded, "{user:?}");
        shop.assert_refunded(169_800);
        assert!(shop.mailer.sent().is_empty(), "{user:?}");
    }
}
