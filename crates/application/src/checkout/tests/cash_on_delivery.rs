use paduka_domain::coupon::CouponRefusal;
use paduka_domain::order::{AreaCodShipments, CodRtoLimit, PaymentMethod};

use super::*;
use crate::orders::{CodTerms, PlaceError};
use crate::testing::{assert_refused, shopper};

/// The cart, ₹1698 in cash, with the `Idempotency-Key` `key-1`.
fn cod_request() -> CodRequest {
    CodRequest {
        lines: cart(),
        address: " 12 Temple Road, Mathura ".into(),
        pincode: "281001".into(),
        amount_rupees: 1698,
        coupon: None,
        state: None,
        idempotency_key: Some("key-1".into()),
        use_credit: false,
        whatsapp: false,
    }
}

#[tokio::test]
async fn a_cash_on_delivery_order_is_placed_unpaid_without_a_payment() {
    let shop = Shop::new();
    let placed = shop
        .checkout()
        .place_cod(&shopper(), cod_request())
        .await
        .unwrap();
    assert!(placed.created);
    assert_eq!(placed.order.payment_method, PaymentMethod::Cod);
    assert!(!placed.order.paid);
    let (new, stock) = shop.placed();
    assert_eq!(new.payment_id, "cod_id-1");
    assert_eq!(new.provider_order_id, "");
    assert_eq!(new.address, "12 Temple Road, Mathura");
    assert_eq!(new.actor, Some(UserId::new("shopper-1")));
    let terms = CodTerms {
        key: Some("key-1".into()),
        max_open: MAX_OPEN_COD_ORDERS,
    };
    assert_eq!(new.cod, Some(terms));
    assert_eq!(stock[0].quantity, 2);
    assert_eq!(shop.mailer.subjects(), ["Your Paduka order id-1 is placed"]);
    assert!(shop.gateway.orders_created().is_empty());
}

#[tokio::test]
async fn the_same_idempotency_key_places_one_order() {
    let shop = Shop::new();
    let first = shop
        .checkout()
        .place_cod(&shopper(), cod_request())
        .await
        .unwrap();
    let again = shop
        .checkout()
        .place_cod(&shopper(), cod_request())
        .await
        .unwrap();
    assert!(!again.created);
    assert_eq!(again.order, first.order);
    assert_eq!(shop.orders.orders().len(), 1);
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn cash_on_delivery_is_unavailable_when_off_too_dear_or_out_of_the_area() {
    let off = CodSettings {
        enabled: false,
        ..CodSettings::default()
    };
    let under_the_cart = CodSettings {
        max_amount_rupees: 1697,
        ..CodSettings::default()
    };
    let elsewhere = CodRequest {
        pincode: "110001".into(),
        ..cod_request()
    };
    let cases = [
        (Shop::new().with_cod(off), cod_request()),
        (Shop::new().with_cod(under_the_cart), cod_request()),
        (Shop::new(), elsewhere),
    ];
    for (shop, request) in cases {
        let result = shop.checkout().place_cod(&shopper(), request).await;
        assert_refused!(
            result,
            CheckoutError::CodUnavailable,
            "Cash on delivery is not available for this order"
        );
        shop.assert_untouched();
    }
}

#[tokio::test]
async fn a_cash_on_delivery_cart_is_checked_like_a_paid_one() {
    let shop = Shop::new().with_stock(1);
    let cases = [
        (
            CodRequest {
                pincode: "2810".into(),
                ..cod_request()
            },
            "Enter a valid 6-digit Pincode",
        ),
        (
            CodRequest {
                address: " ".into(),
                ..cod_request()
            },
            "Please enter your address",
        ),
        (
            CodRequest {
                amount_rupees: 1699,
                ..cod_request()
            },
            "Amount does not match your cart",
        ),
        (cod_request(), "Only 1 left of Trail Runner"),
    ];
    for (request, expected) in cases {
        let result = shop.checkout().place_cod(&shopper(), request).await;
        assert_eq!(message(result), expected);
    }
    shop.assert_untouched();
}

#[tokio::test]
async fn what_the_order_s_transaction_refuses_is_the_shopper_s_answer() {
    let out_of_stock = PlaceError::OutOfStock {
        product: ProductId::new("p-1"),
        name: "Trail Runner".into(),
        size: Some("UK 7".into()),
        left: 0,
    };
    let cases = [
        (
            PlaceError::TooManyCodOrders,
            "Too many unpaid cash on delivery orders",
        ),
        (out_of_stock, "Only 0 left of Trail Runner (UK 7)"),
        (PlaceError::CouponUsedUp, "Coupon usage limit reached"),
    ];
    for (refusal, expected) in cases {
        let shop = Shop::new();
        shop.orders.refuses_next_place(refusal);
        let result = shop.checkout().place_cod(&shopper(), cod_request()).await;
        match result {
            Err(CheckoutError::TooManyCodOrders) => {}
            Err(CheckoutError::CannotFill(Unfillable::OutOfStock { .. })) => {}
            Err(CheckoutError::CannotFill(Unfillable::Coupon(
                CouponRefusal::UsageLimitReached,
            ))) => {}
            ref other => panic!("{expected}: got {other:?}"),
        }
        assert_eq!(message(result), expected);
        assert!(shop.mailer.sent().is_empty());
    }
}

/// Checkout whose `COD_RTO_LIMIT` is 50 % over at least 10 shipments, with an area repository
/// that answers `counts` for Mathura's area (281) and none for any other.
fn limited(shop: &Shop, counts: AreaCodShipments) -> CheckoutService {
    let mut areas = MockCodAreaRepository::new();
    let since = now() - chrono::Duration::days(90);
    areas
        .expect_cod_shipments()
        .withf(move |_, from| *from == since)
        .returning(move |area, _| {
            Ok(if area == "281" {
                counts
            } else {
                AreaCodShipments::default()
            })
        });
    shop.checkout()
        .with_cod_rto_limit(CodRtoLimit::new(50, 10).unwrap(), Arc::new(areas))
}

#[tokio::test]
async fn an_area_whose_cod_parcels_come_back_at_the_limit_gets_no_cash_on_delivery() {
    let shop = Shop::new();
    let off = limited(
        &shop,
        AreaCodShipments {
            ended: 10,
            returned: 5,
        },
    );
    let result = off.place_cod(&shopper(), cod_request()).await;
    assert_refused!(
        result,
        CheckoutError::CodOffInArea,
        "Cash on delivery is not available for this pincode"
    );
    shop.assert_untouched();
    let quote = off.delivery("281001").await.unwrap();
    assert!(quote.check.deliverable && !quote.cod);
    assert!(off.delivery("492010").await.unwrap().cod, "another area");

    let below = limited(
        &shop,
        AreaCodShipments {
            ended: 10,
            returned: 4,
        },
    );
    assert!(below.delivery("281001").await.unwrap().cod);
    let few = limited(
        &shop,
        AreaCodShipments {
            ended: 9,
            returned: 9,
        },
    );
    assert!(
        few.delivery("281001").await.unwrap().cod,
        "under the minimum"
    );
    few.place_cod(&shopper(), cod_request()).await.unwrap();
}

#[tokio::test]
async fn the_delivery_check_offers_cash_on_delivery_only_where_an_order_may_take_it() {
    assert!(Shop::new().checkout().delivery("281001").await.unwrap().cod);
    let off = CodSettings {
        enabled: false,
        ..CodSettings::default()
    };
    let quote = Shop::new()
        .with_cod(off)
        .checkout()
        .delivery("281001")
        .await;
    assert!(!quote.unwrap().cod, "COD_ENABLED=false");
    let quote = Shop::new().checkout().delivery("110001").await.unwrap();
    assert!(
        !quote.check.deliverable && !quote.cod,
        "not delivered there"
    );
}

#[tokio::test]
async fn a_draft_is_never_ordered_cash_on_delivery() {
    let mut draft = trail_runner(5);
    draft.published = false;
    let shop = Shop::new().with_products(vec![draft]);
    let result = shop.checkout().place_cod(&shopper(), cod_request()).await;
    assert_eq!(
        message(result),
        "A product in your cart is no longer available"
    );
    shop.assert_untouched();
}
