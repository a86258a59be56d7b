//! Pay online and save, and the cash-on-delivery charge (decisions D41): the cart ₹1698, 5 %
//! off online (₹84, rounded down from ₹84.90) and a ₹49 charge for cash.

use paduka_domain::order::PaymentMethod;

use super::*;
use crate::testing::{assert_refused, shopper};

fn shop() -> Shop {
    Shop::new().with_charges(5, 49)
}

fn cod(amount_rupees: i64) -> CodRequest {
    CodRequest {
        lines: cart(),
        address: "12 Temple Road, Mathura".into(),
        pincode: "281001".into(),
        amount_rupees,
        coupon: None,
        state: None,
        idempotency_key: None,
        use_credit: false,
        whatsapp: false,
    }
}

#[tokio::test]
async fn the_quote_answers_what_each_way_of_paying_costs() {
    let quote = (shop()
        .checkout()
        .quote_cart(&shopper(), &cart(), None)
        .await)
        .unwrap();
    assert_eq!(
        quote,
        CartQuote {
            subtotal: 1698,
            discount: 0,
            online: MethodPrice {
                change: 84,
                amount: 1614
            },
            cod: MethodPrice {
                change: 49,
                amount: 1747
            },
        }
    );
    let plain = (Shop::new()
        .checkout()
        .quote_cart(&shopper(), &cart(), None)
        .await)
        .unwrap();
    assert_eq!(
        plain.online,
        MethodPrice {
            change: 0,
            amount: 1698
        }
    );
    assert_eq!(plain.cod, plain.online);
}

#[tokio::test]
async fn the_saving_is_taken_after_the_coupon() {
    // 10 % off ₹1698 is ₹169: ₹1529; 5 % of that is ₹76.45: ₹76.
    let shop = shop().with_coupon(welcome10(0), 0);
    let quote = (shop
        .checkout()
        .quote_cart(&shopper(), &cart(), Some("welcome10".into()))
        .await)
        .unwrap();
    assert_eq!((quote.subtotal, quote.discount), (1698, 169));
    assert_eq!(
        quote.online,
        MethodPrice {
            change: 76,
            amount: 1453
        }
    );
    assert_eq!(
        quote.cod,
        MethodPrice {
            change: 49,
            amount: 1578
        }
    );
    let refused = shop
        .checkout()
        .quote_cart(&shopper(), &cart(), Some("NOPE".into()))
        .await;
    assert_refused!(
        refused,
        CheckoutError::Coupon(_),
        "Invalid or expired coupon"
    );
}

#[tokio::test]
async fn an_online_payment_is_started_and_placed_for_the_amount_after_the_saving() {
    let shop = shop();
    let refused = shop
        .checkout()
        .start_payment(&shopper(), 1698, Some(cart_input()), false)
        .await;
    assert_refused!(
        refused,
        CheckoutError::AmountMismatch {
            cart_rupees: 1614,
            given_rupees: 1698
        }
    );
    let started = shop
        .checkout()
        .start_payment(&shopper(), 1614, Some(cart_input()), false)
        .await
        .unwrap();
    assert_eq!(started.amount.paise(), 161_400);

    let shop = shop.with_intents(vec![CheckoutIntent {
        amount_rupees: 1614,
        ..intent()
    }]);
    let wrong = OrderRequest {
        amount_rupees: 1698,
        ..request()
    };
    let refused = shop.checkout().place_order(&shopper(), wrong).await;
    assert_refused!(
        refused,
        CheckoutError::AmountMismatch {
            cart_rupees: 1614,
            ..
        }
    );
    let right = OrderRequest {
        amount_rupees: 1614,
        ..request()
    };
    let placed = (shop.checkout().place_order(&shopper(), right).await).placed();
    assert_eq!(placed.order.amount_rupees, 1614);
    assert_eq!(placed.order.prepaid_discount_rupees, 84);
    assert_eq!(placed.order.cod_fee_rupees, 0);
    assert_eq!(placed.order.subtotal_rupees(), 1698);
}

#[tokio::test]
async fn cash_on_delivery_adds_the_charge_and_the_limit_counts_it() {
    let shop = shop();
    let refused = shop.checkout().place_cod(&shopper(), cod(1698)).await;
    assert_refused!(
        refused,
        CheckoutError::AmountMismatch {
            cart_rupees: 1747,
            given_rupees: 1698
        }
    );
    let placed = shop
        .checkout()
        .place_cod(&shopper(), cod(1747))
        .await
        .unwrap();
    assert_eq!(placed.order.payment_method, PaymentMethod::Cod);
    assert_eq!(placed.order.amount_rupees, 1747);
    assert_eq!(placed.order.cod_fee_rupees, 49);
    assert_eq!(placed.order.prepaid_discount_rupees, 0);
    assert_eq!(placed.order.to_collect_rupees(), 1747);

    // ₹1698 of goods is under a ₹1700 limit, but the courier would collect ₹1747.
    let limited = self::shop().with_cod(CodSettings {
        max_amount_rupees: 1700,
        ..CodSettings::default()
    });
    let refused = limited.checkout().place_cod(&shopper(), cod(1747)).await;
    assert_refused!(refused, CheckoutError::CodUnavailable);
}
