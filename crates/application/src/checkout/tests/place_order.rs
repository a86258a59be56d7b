use paduka_domain::State;
use paduka_domain::gst::{GstRate, Hsn};
use paduka_domain::order::LineTax;
use paduka_domain::review::UserRef;

use super::*;
use crate::orders::LowStock;
use crate::testing::{FAKE_PDF, assert_refused, shopper};

#[tokio::test]
async fn a_paid_cart_becomes_a_pending_order_verified_against_the_stored_order_id() {
    let shop = Shop::paid();
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert!(placed.created);
    assert_eq!(placed.order.status, OrderStatus::Pending);
    assert_eq!(placed.order.amount_rupees, 1698);
    let (new, stock) = shop.placed();
    assert_eq!(new.id.as_str(), "id-1");
    assert_eq!(
        (new.provider_order_id.as_str(), new.payment_id.as_str()),
        ("order_A", "pay_1")
    );
    assert_eq!(new.amount_rupees, 1698);
    assert_eq!(
        new.user,
        UserRef::new(UserId::new("shopper-1"), "Shopper-1")
    );
    assert_eq!(new.actor, Some(UserId::new("shopper-1")));
    assert_eq!(new.pincode, "281001");
    let [line] = &new.lines[..] else {
        panic!("one line")
    };
    assert_eq!(line.variant_index, 0);
    assert_eq!(line.line.unit_price.paise(), 99_900);
    assert_eq!(line.line.discount.value(), 15);
    assert_eq!(line.line.sale_price.paise(), 84_915);
    assert_eq!(line.line.variant_label.as_deref(), Some("UK 7"));
    assert_eq!(line.line.category_name, "Sneakers");
    assert_eq!(
        stock,
        [StockChange {
            product: ProductId::new("p-1"),
            variant: None,
            name: "Trail Runner".into(),
            size: None,
            quantity: 2,
        }]
    );
    assert_eq!(shop.mailer.sent().len(), 1);
    assert!(shop.gateway.refunds_asked().is_empty());
}

#[tokio::test]
async fn the_order_id_the_browser_reports_is_never_used_for_verification() {
    // The browser names another shopper's ₹1 order; the signature is for our own order_A.
    let shop = Shop::new().with_intents(vec![intent(), foreign_intent()]);
    let request = OrderRequest {
        order_id: Some("order_F".into()),
        ..request()
    };
    let placed = (shop.checkout().place_order(&shopper(), request).await).placed();
    assert_eq!(placed.order.provider_order_id, "order_A");
    let checked = shop.gateway.signatures_checked_against();
    assert!(!checked.contains(&"order_F".to_owned()), "{checked:?}");
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_signature_for_someone_else_s_payment_order_is_refused() {
    // A cheap order of another shopper, paid and signed, offered for our cart.
    let shop = Shop::new().with_intents(vec![intent(), foreign_intent()]);
    let request = OrderRequest {
        order_id: Some("order_F".into()),
        signature: sign("order_F", "pay_1"),
        ..request()
    };
    let result = shop.checkout().place_order(&shopper(), request).await;
    assert_refused!(result, CheckoutError::PaymentNotVerified);
    shop.assert_untouched();
}

#[tokio::test]
async fn a_bad_or_missing_signature_is_refused_and_nothing_is_placed() {
    let shop = Shop::paid();
    let tampered = OrderRequest {
        signature: sign("order_A", "pay_2"),
        ..request()
    };
    let missing = OrderRequest {
        signature: " ".into(),
        ..request()
    };
    let no_payment = OrderRequest {
        payment_id: String::new(),
        ..request()
    };
    for bad in [tampered, missing, no_payment] {
        let result = shop.checkout().place_order(&shopper(), bad).await;
        assert_eq!(message(result), "Payment verification failed");
    }
    shop.assert_untouched();
}

#[tokio::test]
async fn an_older_intent_of_the_user_is_found_through_the_browser_s_order_id() {
    // 50 newer intents push order_A out of the latest ones the payment is matched against.
    let newer = (0..50).map(|n| CheckoutIntent {
        provider_order_id: format!("order_new_{n}"),
        receipt: format!("rcpt-new-{n}"),
        ..intent()
    });
    let shop = Shop::new().with_intents([intent()].into_iter().chain(newer).collect());
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert_eq!(placed.order.provider_order_id, "order_A");
}

#[tokio::test]
async fn the_same_payment_twice_returns_the_order_it_placed() {
    let shop = Shop::paid();
    shop.orders.holds(existing_order());
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert!(!placed.created);
    assert_eq!(placed.order, existing_order());
    shop.assert_untouched();
}

#[tokio::test]
async fn losing_the_race_to_the_webhook_returns_the_order_that_won() {
    let shop = Shop::paid();
    shop.orders.stores_meanwhile(existing_order());
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert!(!placed.created);
    assert_eq!(placed.order.id.as_str(), "order-earlier");
    assert!(shop.mailer.sent().is_empty());
    assert!(shop.gateway.refunds_asked().is_empty());
}

#[tokio::test]
async fn a_client_amount_that_is_not_the_cart_s_price_is_a_conflict_without_refund() {
    let shop = Shop::paid();
    let request = OrderRequest {
        amount_rupees: 1,
        ..request()
    };
    let result = shop.checkout().place_order(&shopper(), request).await;
    assert_refused!(
        result,
        CheckoutError::AmountMismatch {
            cart_rupees: 1698,
            given_rupees: 1
        }
    );
    shop.assert_untouched();
}

#[tokio::test]
async fn pincode_and_address_are_checked_with_the_spec_messages_and_never_refunded() {
    let shop = Shop::paid();
    let cases = [
        (
            OrderRequest {
                pincode: "12345".into(),
                ..request()
            },
            "Enter a valid 6-digit Pincode",
        ),
        (
            OrderRequest {
                pincode: "110001".into(),
                ..request()
            },
            "Delivery not available at this address",
        ),
        (
            OrderRequest {
                address: "\n".into(),
                ..request()
            },
            "Please enter your address",
        ),
    ];
    for (bad, expected) in cases {
        let result = shop.checkout().place_order(&shopper(), bad).await;
        assert_eq!(message(result), expected);
    }
    shop.assert_untouched();
}

#[tokio::test]
async fn a_place_of_supply_that_is_no_state_is_refused_before_anything_is_written() {
    let shop = Shop::paid();
    let request = OrderRequest {
        state: Some("Atlantis".into()),
        ..request()
    };
    match shop.checkout().place_order(&shopper(), request).await {
        Err(CheckoutError::Invalid(rule)) => assert!(rule.to_string().contains("Atlantis")),
        other => panic!("expected a 400 about the state, got {other:?}"),
    }
    shop.assert_untouched();
}

#[tokio::test]
async fn two_variants_of_one_product_share_its_stock() {
    // 1 x UK 7 (849.15) + 1 x TR-8 (1099) = 1948.15 -> ₹1948, two pairs from one stock.
    let both = vec![
        CartLine {
            product: ProductId::new("p-1"),
            variant: 0,
            quantity: 1,
        },
        CartLine {
            product: ProductId::new("p-1"),
            variant: 1,
            quantity: 1,
        },
    ];
    let paid = CheckoutIntent {
        lines: both.clone(),
        amount_rupees: 1948,
        ..intent()
    };
    let shop = Shop::new().with_intents(vec![paid]).with_stock(2);
    let request = OrderRequest {
        lines: both,
        amount_rupees: 1948,
        ..request()
    };
    let placed = (shop.checkout().place_order(&shopper(), request).await).placed();
    assert_eq!(placed.order.amount_rupees, 1948);
    let (new, stock) = shop.placed();
    assert_eq!(stock.len(), 1);
    assert_eq!(stock[0].quantity, 2);
    assert_eq!(new.lines[1].variant_index, 1);
    assert_eq!(new.lines[1].line.variant_label.as_deref(), Some("TR-8"));
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_mail_that_cannot_be_sent_does_not_fail_the_order() {
    let shop = Shop::paid();
    shop.mailer.is_down();
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert!(placed.created);
    let [mail] = &shop.mailer.sent()[..] else {
        panic!("one mail")
    };
    assert_eq!(mail.subject, "Your Paduka order id-1 is placed");
    assert!(
        mail.text
            .contains("2 x Trail Runner (UK 7), ₹849.15 each after 15% off")
    );
    assert!(mail.text.contains("Total: ₹1698"));
    assert!(mail.text.contains("12 Temple Road, Mathura"));
}

#[tokio::test]
async fn a_paid_order_with_a_coupon_takes_its_use_and_saves_the_discount() {
    let paid = CheckoutIntent {
        amount_rupees: 1529,
        coupon: Some("WELCOME10".into()),
        ..intent()
    };
    let shop = (Shop::new().with_intents(vec![paid])).with_coupon(welcome10(0), 0);
    let request = OrderRequest {
        amount_rupees: 1529,
        coupon: Some("welcome10".into()),
        ..request()
    };
    let placed = (shop.checkout().place_order(&shopper(), request).await).placed();
    assert_eq!(placed.order.subtotal_rupees(), 1698);
    assert_eq!(placed.order.discount_rupees(), 169);
    let (new, _) = shop.placed();
    assert_eq!(new.amount_rupees, 1529);
    let coupon = new.coupon.expect("the coupon's use");
    assert_eq!(
        (coupon.code.as_str(), coupon.discount_rupees),
        ("WELCOME10", 169)
    );
    assert_eq!(coupon.max_uses_per_user, Some(1));
    let [mail] = &shop.mailer.sent()[..] else {
        panic!("one mail")
    };
    assert!(mail.text.contains("Subtotal: ₹1698"));
    assert!(mail.text.contains("Coupon WELCOME10: −₹169"));
    assert!(mail.text.contains("Total: ₹1529"));
}

#[tokio::test]
async fn stock_is_taken_per_size_and_a_low_size_mails_every_admin() {
    let mut users = vec![UserBuilder::shopper("shopper-1").build()];
    users.extend(["admin-1", "admin-2"].map(|id| UserBuilder::admin(id).build()));
    let shop = (Shop::paid().with_products(vec![sized_runner(6)])).with_users(users);
    shop.orders.reports_low_stock(vec![LowStock {
        product: ProductId::new("p-1"),
        name: "Trail Runner".into(),
        size: Some("UK 7".into()),
        left: 4,
    }]);
    (shop.checkout().place_order(&shopper(), request()).await).placed();
    let (new, stock) = shop.placed();
    assert_eq!(new.low_stock_threshold, 5);
    assert_eq!(
        stock,
        [StockChange {
            product: ProductId::new("p-1"),
            variant: Some(0),
            name: "Trail Runner".into(),
            size: Some("UK 7".into()),
            quantity: 2,
        }]
    );
    let sent = shop.mailer.sent();
    assert_eq!(sent.len(), 3, "the buyer's mail and one per admin");
    let low: Vec<&str> = (sent.iter())
        .filter(|mail| mail.subject == "Low stock: Trail Runner (UK 7)")
        .map(|mail| mail.to.as_str())
        .collect();
    assert_eq!(low, ["admin-1@paduka.test", "admin-2@paduka.test"]);
}

// --- invoices (decisions D16) -----------------------------------------------------------------

#[tokio::test]
async fn a_placed_order_is_supplied_where_its_pincode_is_and_its_mail_carries_the_invoice() {
    let shop = Shop::paid();
    let placed = (shop.checkout().place_order(&shopper(), request()).await).placed();
    assert_eq!(placed.order.invoice_no.as_deref(), Some("PDK/25-26/000001"));
    // 281001 is Mathura, Uttar Pradesh; UK 7 at ₹849.15 after its sale is in the 5 % slab.
    let (new, _) = shop.placed();
    assert_eq!(new.state, State::UttarPradesh);
    assert_eq!(new.invoice_prefix.as_str(), "PDK");
    let tax = LineTax {
        hsn: Hsn::parse("6403").unwrap(),
        rate: GstRate::new(5).unwrap(),
    };
    assert_eq!(new.lines[0].line.tax, Some(tax));
    let [mail] = &shop.mailer.sent()[..] else {
        panic!("one mail")
    };
    assert!(mail.subject.contains("is placed"));
    let [invoice] = &mail.attachments[..] else {
        panic!("one attachment")
    };
    assert_eq!(invoice.file_name, "invoice-PDK-25-26-000001.pdf");
    assert_eq!(invoice.content_type, "application/pdf");
    assert_eq!(invoice.bytes, FAKE_PDF);
    assert!(
        mail.text
            .contains("Your invoice PDK/25-26/000001 is attached.")
    );
}

#[tokio::test]
async fn the_state_the_shopper_chose_is_the_place_of_supply() {
    let shop = Shop::paid();
    let request = OrderRequest {
        state: Some(" maharashtra ".into()),
        ..request()
    };
    let placed = (shop.checkout().place_order(&shopper(), request).await).placed();
    assert_eq!(placed.order.state, Some(State::Maharashtra));
    assert_eq!(shop.placed().0.state, State::Maharashtra);
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn a_pair_dearer_than_the_slab_bears_18_percent_under_its_product_s_own_hsn() {
    let mut boot = trail_runner(5);
    boot.hsn = Some(Hsn::parse("640299").unwrap());
    boot.variants[0].price = Paise::from_rupees(3000).unwrap();
    boot.variants[0].sale_price = Paise::from_rupees(3000).unwrap();
    let paid = CheckoutIntent {
        amount_rupees: 6000,
        ..intent()
    };
    let shop = Shop::new()
        .with_intents(vec![paid])
        .with_products(vec![boot]);
    let request = OrderRequest {
        amount_rupees: 6000,
        ..request()
    };
    (shop.checkout().place_order(&shopper(), request).await).placed();
    let tax = LineTax {
        hsn: Hsn::parse("640299").unwrap(),
        rate: GstRate::new(18).unwrap(),
    };
    assert_eq!(shop.placed().0.lines[0].line.tax, Some(tax));
    assert_eq!(shop.mailer.sent().len(), 1);
}
