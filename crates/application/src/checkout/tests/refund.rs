//! A paid cart that cannot be filled: its refund claimed, asked of the provider once per
//! payment, recorded, and the shopper told.

use paduka_domain::Percent;

use super::*;
use crate::orders::PlaceError;
use crate::testing::shopper;

#[tokio::test]
async fn a_price_changed_since_payment_refunds_the_payment() {
    let mut cheaper = trail_runner(5);
    cheaper.variants[0].sale_price = cheaper.variants[0]
        .price
        .discounted(Percent::new(50).unwrap());
    let shop = Shop::paid().with_products(vec![cheaper]);
    let request = OrderRequest {
        amount_rupees: 999,
        ..request()
    };
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request).await).unfilled();
    assert!(refund.is_refunded());
    assert_eq!(
        reason,
        Unfillable::PriceChanged {
            paid_rupees: 1698,
            cart_rupees: 999,
        }
    );
    shop.assert_refunded(169_800);
    assert!(shop.orders.placements().is_empty());
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_paid_cart_beyond_stock_is_refunded_and_the_shopper_told() {
    let shop = Shop::paid().with_stock(1);
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request()).await).unfilled();
    assert_eq!(reason.to_string(), "Only 1 left of Trail Runner");
    assert!(refund.is_refunded());
    shop.assert_refunded(169_800);
    assert!(shop.orders.placements().is_empty());
    let [mail] = &shop.mailer.sent()[..] else {
        panic!("one mail")
    };
    assert_eq!(mail.to.as_str(), "shopper-1@paduka.test");
    assert_eq!(mail.subject, "Your Paduka payment has been refunded");
    assert!(mail.text.contains("Only 1 left of Trail Runner"));
    assert!(mail.text.contains("₹1698"));
}

#[tokio::test]
async fn stock_taken_by_another_order_in_the_meantime_is_refunded_too() {
    let shop = Shop::paid();
    shop.orders.refuses_next_place(PlaceError::OutOfStock {
        product: ProductId::new("p-1"),
        name: "Trail Runner".into(),
        size: None,
        left: 0,
    });
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request()).await).unfilled();
    assert_eq!(reason.to_string(), "Only 0 left of Trail Runner");
    assert!(refund.is_refunded());
    shop.assert_refunded(169_800);
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_paid_order_that_loses_the_last_use_of_its_coupon_is_refunded() {
    let paid = CheckoutIntent {
        amount_rupees: 1529,
        coupon: Some("WELCOME10".into()),
        ..intent()
    };
    let shop = (Shop::new().with_intents(vec![paid])).with_coupon(welcome10(99), 0);
    shop.orders.refuses_next_place(PlaceError::CouponUsedUp);
    let request = OrderRequest {
        amount_rupees: 1529,
        coupon: Some("WELCOME10".into()),
        ..request()
    };
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request).await).unfilled();
    assert_eq!(reason.to_string(), "Coupon usage limit reached");
    assert!(refund.is_refunded());
    shop.assert_refunded(152_900);
    let [mail] = &shop.mailer.sent()[..] else {
        panic!("one mail")
    };
    assert!(mail.text.contains("Coupon usage limit reached"));
}

#[tokio::test]
async fn a_product_gone_since_payment_refunds_the_payment() {
    let shop = Shop::paid().with_products(vec![]);
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request()).await).unfilled();
    assert_eq!(
        reason.to_string(),
        "A product in your cart is no longer available"
    );
    assert!(refund.is_refunded());
    shop.assert_refunded(169_800);
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_failed_refund_keeps_its_claim_and_says_nothing_was_refunded() {
    let shop = Shop::paid().with_stock(1);
    shop.gateway.refuses_refunds();
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request()).await).unfilled();
    assert_eq!(reason.to_string(), "Only 1 left of Trail Runner");
    assert!(matches!(
        refund,
        RefundState::Pending(PaymentError::Unavailable(_))
    ));
    assert_eq!(shop.gateway.refunds_asked().len(), 1);
    let claim = shop.orders.intent("order_A").unwrap().refund.unwrap();
    assert_eq!(
        (claim.payment_id.as_str(), claim.refund_id),
        ("pay_1", None)
    );
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn a_refund_claim_refused_because_the_webhook_placed_the_order_returns_that_order() {
    let shop = Shop::paid().with_stock(1);
    shop.orders.stores_meanwhile(existing_order());
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert!(!placed.created);
    assert_eq!(placed.order.id.as_str(), "order-earlier");
    assert!(shop.gateway.refunds_asked().is_empty());
    assert!(shop.orders.intent("order_A").unwrap().refund.is_none());
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn a_refunded_payment_never_gets_an_order_and_a_failed_refund_is_retried() {
    let claimed = CheckoutIntent {
        refund: Some(IntentRefund {
            payment_id: "pay_1".into(),
            refund_id: None,
            claimed_at: now(),
        }),
        ..intent()
    };
    let shop = Shop::new().with_intents(vec![claimed]);
    let (reason, refund) = (shop.checkout().place_order(&shopper(), request()).await).unfilled();
    assert_eq!(reason.to_string(), "This payment has been refunded");
    assert!(refund.is_refunded(), "the retried refund went through");
    shop.assert_refunded(169_800);
    assert!(shop.orders.placements().is_empty());
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_place_refused_because_the_payment_was_refunded_is_a_conflict() {
    let shop = Shop::paid();
    shop.orders.refuses_next_place(PlaceError::Refunded);
    let result = shop.checkout().place_order(&shopper(), request()).await;
    let (reason, refund) = result.unfilled();
    assert_eq!(reason, Unfillable::AlreadyRefunded);
    assert!(refund.is_refunded());
    assert!(shop.gateway.refunds_asked().is_empty());
    assert!(shop.mailer.sent().is_empty());
}
