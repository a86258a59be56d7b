//! Paying with store credit (decisions D23): online, worked out when the payment starts and
//! taken in the order's transaction; cash on delivery, whatever the balance gives then.

use super::*;
use crate::orders::OrderCredit;
use crate::testing::{assert_refused, shopper};

fn buyer() -> UserId {
    UserId::new("shopper-1")
}

/// [`request`] against an intent that agreed `credit` rupees of store credit.
fn paid_with_credit(credit: i64) -> Shop {
    let intent = CheckoutIntent {
        credit_used_rupees: credit,
        ..intent()
    };
    Shop::new().with_intents(vec![intent])
}

#[tokio::test]
async fn a_payment_with_credit_asks_the_provider_for_the_rest() {
    let shop = Shop::new();
    shop.orders.grant_credit(&buyer(), 500);
    let order = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), true)
        .await
        .unwrap();
    assert_eq!(order.credit_used_rupees, 500);
    assert_eq!(order.amount.paise(), 119_800, "₹1698 less ₹500");
    assert_eq!(shop.gateway.orders_created()[0].0.paise(), 119_800);
    let [saved] = &shop.orders.intents()[..] else {
        panic!("one intent")
    };
    assert_eq!((saved.amount_rupees, saved.credit_used_rupees), (1698, 500));
    assert_eq!(
        shop.orders.credit_of(&buyer()),
        500,
        "nothing taken before the order"
    );
}

#[tokio::test]
async fn credit_never_pays_the_whole_amount_and_is_only_used_when_asked() {
    let shop = Shop::new();
    shop.orders.grant_credit(&buyer(), 5_000);
    let all_but_a_rupee = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), true)
        .await
        .unwrap();
    assert_eq!(all_but_a_rupee.credit_used_rupees, 1697);
    assert_eq!(all_but_a_rupee.amount.paise(), 100);
    let shop = Shop::new();
    shop.orders.grant_credit(&buyer(), 5_000);
    let without = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), false)
        .await
        .unwrap();
    assert_eq!(without.credit_used_rupees, 0);
    assert_eq!(without.amount.paise(), 169_800);
}

#[tokio::test]
async fn without_credit_the_payment_is_for_the_whole_amount() {
    let shop = Shop::new();
    let order = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), true)
        .await
        .unwrap();
    assert_eq!(
        (order.credit_used_rupees, order.amount.paise()),
        (0, 169_800)
    );
}

#[tokio::test]
async fn the_paid_order_takes_the_agreed_credit_in_its_transaction() {
    let shop = paid_with_credit(500);
    shop.orders.grant_credit(&buyer(), 700);
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert_eq!(
        placed.order.amount_rupees, 1698,
        "the amount stays the full price"
    );
    assert_eq!(placed.order.credit_used_rupees, 500);
    assert_eq!(placed.order.charged_rupees(), 1198);
    let (new, _) = shop.placed();
    assert_eq!(new.credit, OrderCredit::Exactly(500));
    assert_eq!(shop.orders.credit_of(&buyer()), 200);
}

#[tokio::test]
async fn credit_spent_meanwhile_refunds_what_the_provider_charged() {
    let shop = paid_with_credit(500);
    shop.orders.grant_credit(&buyer(), 300);
    let (reason, refund) = shop
        .checkout()
        .place_order(&shopper(), request())
        .await
        .unfilled();
    assert_eq!(reason, Unfillable::CreditChanged);
    assert_eq!(reason.to_string(), "Store credit changed, try again");
    assert!(refund.is_refunded());
    shop.assert_refunded(119_800);
    assert_eq!(shop.orders.credit_of(&buyer()), 300, "nothing taken");
    assert!(shop.orders.orders().is_empty());
}

#[tokio::test]
async fn the_webhook_checks_the_captured_amount_against_what_was_charged() {
    let shop = paid_with_credit(500);
    shop.orders.grant_credit(&buyer(), 500);
    let paid = Paise::from_stored(119_800);
    let outcome = (shop.checkout().captured("pay_1", "order_A", paid).await).unwrap();
    assert!(matches!(outcome, WebhookOutcome::Created(_)), "{outcome:?}");
    assert_eq!(shop.orders.orders()[0].credit_used_rupees, 500);
    assert_eq!(shop.orders.credit_of(&buyer()), 0);
}

fn cod(use_credit: bool) -> CodRequest {
    CodRequest {
        lines: cart(),
        address: "12 Temple Road, Mathura".into(),
        pincode: "281001".into(),
        amount_rupees: 1698,
        coupon: None,
        state: None,
        idempotency_key: None,
        use_credit,
        whatsapp: false,
    }
}

#[tokio::test]
async fn cash_on_delivery_uses_what_the_balance_gives_when_placed() {
    let shop = Shop::new();
    shop.orders.grant_credit(&buyer(), 400);
    let placed = (shop.checkout().place_cod(&shopper(), cod(true)).await).unwrap();
    assert_eq!(shop.placed().0.credit, OrderCredit::AsMuchAsAllowed);
    assert_eq!(placed.order.credit_used_rupees, 400);
    assert_eq!(
        placed.order.to_collect_rupees(),
        1298,
        "the courier collects the rest"
    );
    assert_eq!(shop.orders.credit_of(&buyer()), 0);
}

#[tokio::test]
async fn cash_on_delivery_is_never_refused_for_credit() {
    let shop = Shop::new();
    let placed = (shop.checkout().place_cod(&shopper(), cod(true)).await).unwrap();
    assert_eq!(placed.order.credit_used_rupees, 0, "nothing left: 0");
    assert_eq!(placed.order.to_collect_rupees(), 1698);
    let without = (shop.checkout().place_cod(&shopper(), cod(false)).await).unwrap();
    assert_eq!(shop.orders.placements()[1].0.credit, OrderCredit::None);
    assert_eq!(without.order.credit_used_rupees, 0);
}

#[tokio::test]
async fn an_invalid_amount_is_refused_before_the_balance_is_read() {
    let shop = Shop::new();
    shop.orders.grant_credit(&buyer(), 500);
    let result = (shop.checkout())
        .start_payment(&shopper(), 0, None, true)
        .await;
    assert_refused!(result, CheckoutError::InvalidAmount);
}
