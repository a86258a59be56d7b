use paduka_domain::State;
use paduka_domain::contact::Pincode;

use super::*;
use crate::testing::{assert_refused, shopper};

/// The cart of [`cart_input`] with the coupon `code`.
fn with_code(code: &str) -> CartInput {
    CartInput {
        coupon: Some(code.into()),
        ..cart_input()
    }
}

#[tokio::test]
async fn amounts_outside_1_to_10_million_rupees_are_refused_before_the_provider_is_asked() {
    let shop = Shop::new();
    for amount in [0, -1, 10_000_001, i64::MAX] {
        let result = shop
            .checkout()
            .start_payment(&shopper(), amount, None, false)
            .await;
        assert!(
            matches!(result, Err(CheckoutError::InvalidAmount)),
            "{amount}"
        );
    }
    assert!(shop.gateway.orders_created().is_empty());
    assert!(shop.orders.intents().is_empty());
}

#[tokio::test]
async fn a_payment_without_a_cart_creates_the_provider_order_and_an_intent_without_lines() {
    let shop = Shop::new();
    let order = (shop
        .checkout()
        .start_payment(&shopper(), 10_000_000, None, false)
        .await)
        .unwrap();
    assert_eq!(
        order,
        PaymentOrder {
            id: "order_A".into(),
            amount: Paise::from_stored(1_000_000_000),
            currency: "INR".into(),
            key: "key_fake".into(),
            provider: "sandbox",
            credit_used_rupees: 0,
        }
    );
    let receipt = "id-1".to_owned();
    assert_eq!(
        shop.gateway.orders_created(),
        [(Paise::from_stored(1_000_000_000), receipt.clone())]
    );
    let [saved] = &shop.orders.intents()[..] else {
        panic!("one intent")
    };
    assert_eq!(
        (&saved.provider_order_id, &saved.receipt),
        (&order.id, &receipt)
    );
    assert_eq!(saved.user, Some(UserId::new("shopper-1")));
    assert!(saved.lines.is_empty() && saved.refund.is_none());
    assert_eq!(saved.amount_rupees, 10_000_000);
}

#[tokio::test]
async fn a_cart_is_priced_from_current_prices_and_stored_as_the_intent() {
    let shop = Shop::new();
    let order = shop
        .checkout()
        .start_payment(&shopper(), 1698, Some(cart_input()), false)
        .await
        .unwrap();
    assert_eq!(order.amount.paise(), 169_800);
    assert_eq!(order.provider, "sandbox");
    assert_eq!(shop.gateway.orders_created().len(), 1);
    let stored = CheckoutIntent {
        receipt: "id-1".into(),
        ..intent()
    };
    assert_eq!(shop.orders.intents(), [stored]);
}

#[tokio::test]
async fn a_cart_that_does_not_add_up_to_the_amount_is_a_conflict_and_nothing_is_paid() {
    let shop = Shop::new();
    let result = (shop.checkout())
        .start_payment(&shopper(), 1699, Some(cart_input()), false)
        .await;
    assert_refused!(
        result,
        CheckoutError::AmountMismatch {
            cart_rupees: 1698,
            given_rupees: 1699
        }
    );
    assert!(shop.gateway.orders_created().is_empty());
    assert!(shop.orders.intents().is_empty());
}

#[tokio::test]
async fn a_cart_is_checked_for_delivery_and_stock_before_payment() {
    let shop = Shop::new().with_stock(1);
    let cases: Vec<(CartInput, &str)> = vec![
        (
            CartInput {
                pincode: Pincode::parse("110001").unwrap(),
                ..cart_input()
            },
            "Delivery not available at this address",
        ),
        (
            CartInput {
                lines: vec![],
                ..cart_input()
            },
            "Please add some items to your cart",
        ),
        (cart_input(), "Only 1 left of Trail Runner"),
    ];
    for (cart, expected) in cases {
        let result = shop
            .checkout()
            .start_payment(&shopper(), 1698, Some(cart), false)
            .await;
        assert_eq!(message(result), expected);
    }
    assert!(shop.gateway.orders_created().is_empty());
    assert!(shop.orders.intents().is_empty());
}

#[tokio::test]
async fn a_size_with_less_stock_than_the_cart_is_refused_by_its_label() {
    let shop = Shop::new().with_products(vec![sized_runner(1)]);
    let refused = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), false)
        .await;
    assert_eq!(message(refused), "Only 1 left of Trail Runner (UK 7)");
}

#[tokio::test]
async fn the_provider_being_down_at_payment_start_is_a_provider_error() {
    let shop = Shop::new();
    shop.gateway.is_down();
    let result = shop
        .checkout()
        .start_payment(&shopper(), 500, None, false)
        .await;
    assert_refused!(result, CheckoutError::Provider(_));
    assert!(shop.orders.intents().is_empty());
}

#[tokio::test]
async fn a_coupon_prices_the_cart_and_is_kept_with_the_intent() {
    // ₹1698 less 10 % (169.8, floored to ₹169) is ₹1529.
    let shop = Shop::new().with_coupon(welcome10(0), 0);
    let service = shop.checkout();
    let undiscounted = service
        .start_payment(&shopper(), 1698, Some(with_code(" welcome10 ")), false)
        .await;
    assert_refused!(
        undiscounted,
        CheckoutError::AmountMismatch {
            cart_rupees: 1529,
            given_rupees: 1698
        }
    );
    (service
        .start_payment(&shopper(), 1529, Some(with_code("welcome10")), false)
        .await)
        .unwrap();
    let [(amount, _)] = &shop.gateway.orders_created()[..] else {
        panic!("one provider order")
    };
    assert_eq!(amount.paise(), 152_900);
    let [saved] = &shop.orders.intents()[..] else {
        panic!("one intent")
    };
    assert_eq!(saved.amount_rupees, 1529);
    assert_eq!(saved.coupon.as_deref(), Some("WELCOME10"));
}

#[tokio::test]
async fn the_payment_s_start_keeps_the_chosen_state_for_the_webhook() {
    let shop = Shop::new();
    let cart = CartInput {
        state: Some(State::Karnataka),
        ..cart_input()
    };
    (shop
        .checkout()
        .start_payment(&shopper(), 1698, Some(cart), false)
        .await)
        .unwrap();
    assert_eq!(shop.orders.intents()[0].state, Some(State::Karnataka));
}

#[tokio::test]
async fn a_draft_in_the_cart_is_refused_as_a_deleted_product_is() {
    let mut draft = trail_runner(5);
    draft.published = false;
    let shop = Shop::new().with_products(vec![draft]);
    let refused = (shop.checkout())
        .start_payment(&shopper(), 1698, Some(cart_input()), false)
        .await;
    assert!(matches!(
        refused,
        Err(CheckoutError::CannotFill(Unfillable::ProductUnavailable))
    ));
    assert_eq!(
        message(refused),
        "A product in your cart is no longer available"
    );
    assert!(shop.gateway.orders_created().is_empty());
    assert!(shop.orders.intents().is_empty());
}
