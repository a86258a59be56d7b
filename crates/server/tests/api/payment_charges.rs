//! Pay online and save, and the cash-on-delivery charge, over HTTP (decisions D41):
//! `POST /cart/quote`, the amounts an order is placed with, the invoice, and what a cancel and
//! a return give back.

use paduka_domain::State;
use paduka_domain::gst::Gstin;
use paduka_domain::invoice::Seller;
use paduka_domain::order::PaymentCharges;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::invoices::pdf_text;

crate::on_both_backends!(
    paying_online_saves_the_percent_and_the_invoice_adds_up_to_what_was_paid,
    cash_on_delivery_adds_the_charge_a_cancel_gives_it_back_and_a_return_does_not,
);

/// A registered shop in Uttar Pradesh (checkout's pincode's state) giving 5 % off online and
/// asking ₹49 for cash on delivery.
async fn charging_shop(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |settings| {
        settings.shop.payment_charges = PaymentCharges::new(5, 49).unwrap();
        settings.invoices.seller = Seller {
            legal_name: "Paduka Footwear Pvt Ltd".into(),
            address: "14 Holi Gate\nMathura 281001".into(),
            state: State::UttarPradesh,
            gstin: Some(Gstin::parse("09ABCDE1234F1ZY").unwrap()),
        };
    })
    .await
}

async fn invoice_text(app: &TestApp, order: &Value) -> String {
    let id = order["_id"].as_str().unwrap();
    let response = app.get(&format!("/order/invoice/{id}"), As::Shopper).await;
    assert_eq!(response.status(), StatusCode::OK);
    pdf_text(&response.bytes().await.unwrap())
}

fn assert_holds(text: &str, wanted: &[&str]) {
    for piece in wanted {
        assert!(
            text.contains(piece),
            "{piece:?} is not on the invoice:\n{text}"
        );
    }
}

async fn paying_online_saves_the_percent_and_the_invoice_adds_up_to_what_was_paid(db: &TestDb) {
    let app = charging_shop(db).await;
    let product = app.shoe("Kolhapuri", 5).await;
    let lines = sized_cart(&product, 0, 2);
    let quote = app
        .post_json("/cart/quote", As::Shopper, json!({"products": lines}))
        .await
        .answers(StatusCode::OK)
        .await;
    // Two pairs at ₹900: 5 % of ₹1,800 is ₹90 off online; cash costs ₹49 more.
    assert_eq!(
        quote,
        json!({
            "success": true, "subtotal": 1800, "discount": 0,
            "prepaidDiscount": 90, "onlineAmount": 1710, "codFee": 49, "codAmount": 1849,
        })
    );
    app.post_json("/cart/quote", As::Anonymous, json!({"products": lines}))
        .await
        .answers(StatusCode::UNAUTHORIZED)
        .await;
    let unknown = json!({"products": lines, "coupon": "NOPE"});
    app.post_json("/cart/quote", As::Shopper, unknown)
        .await
        .refuses(StatusCode::BAD_REQUEST, "Invalid or expired coupon")
        .await;

    // The amount before the saving is not what the cart costs online.
    app.ask_payment_for(&lines, 1800, None)
        .await
        .refuses(StatusCode::CONFLICT, "Amount does not match your cart")
        .await;
    let order = app.buy(&lines, 1710, None).await;
    assert_eq!(order["amount"], 1710);
    assert_eq!(order["subtotal"], 1800);
    assert_eq!(order["prepaidDiscount"], 90);
    assert_eq!(order["codFee"], 0);
    let stored = app
        .get_order(order["_id"].as_str().unwrap(), As::Shopper)
        .await;
    assert_eq!(
        stored.answers(StatusCode::OK).await["order"]["prepaidDiscount"],
        90
    );

    // ₹1,710 at 5 %: taxable 1,71,000 x 100 / 105 = ₹1,628.57, GST ₹81.43 (₹40.72 + ₹40.71).
    let text = invoice_text(&app, &order).await;
    assert_holds(
        &text,
        &[
            "incl. paid online saving",
            "90.00",
            "1,628.57",
            "40.72",
            "40.71",
            "1,710.00",
        ],
    );
}

async fn cash_on_delivery_adds_the_charge_a_cancel_gives_it_back_and_a_return_does_not(
    db: &TestDb,
) {
    let app = charging_shop(db).await;
    let product = app.shoe("Mojari", 10).await;
    let two = sized_cart(&product, 0, 2);
    let without_charge = json!({
        "products": two, "address": crate::checkout::ADDRESS,
        "pincode": crate::checkout::PINCODE, "amount": 1800,
    });
    app.post_json("/order/cod", As::Shopper, without_charge)
        .await
        .refuses(StatusCode::CONFLICT, "Amount does not match your cart")
        .await;
    assert_eq!(app.stock(&product).await, 10, "nothing taken");
    let order = app
        .order_cod(json!({"products": two, "amount": 1849}))
        .await;
    assert_eq!(order["amount"], 1849);
    assert_eq!(order["codFee"], 49);
    assert_eq!(order["prepaidDiscount"], 0);
    assert_eq!(order["subtotal"], 1800);
    let subject = format!(
        "Your Paduka order {} is placed",
        order["_id"].as_str().unwrap()
    );
    let mail = mail_text(&app.take_mail(SHOPPER_EMAIL, &subject));
    assert!(
        mail.contains("Subtotal: ₹1800") && mail.contains("Cash on delivery charge: ₹49"),
        "{mail}"
    );

    // The charge is a line of its own at the shoes' 5 %: ₹49 is ₹46.67 and ₹2.33 of GST.
    let text = invoice_text(&app, &order).await;
    assert_holds(
        &text,
        &[
            "Cash on delivery charge",
            "6403",
            "46.67",
            "1,849.00",
            "₹1,849 to be collected",
        ],
    );

    // Both pairs come back: the refund is the ₹1,800 the shoes were paid, not the charge.
    app.deliver(&order).await;
    let paid = format!("/order/mark-paid/{}", order["_id"].as_str().unwrap());
    app.put_json(&paid, As::Admin, json!({}))
        .await
        .answers(StatusCode::OK)
        .await;
    let asked = json!({
        "orderId": order["_id"],
        "lines": [{"line": 0, "quantity": 2, "reason": "Too big", "kind": "refund"}],
    });
    let asked = app.post_json("/return/request", As::Shopper, asked).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["refundAmount"], 1800.0);
    let ret_id = ret["_id"].as_str().unwrap();
    app.complete_return(ret_id).await;
    let balance = || async {
        let credit = app.get("/user/credit", As::Shopper).await;
        credit.answers(StatusCode::OK).await["balance"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(balance().await, 1800, "refunded to store credit");

    // Cancelled before it ships, an order's charge is given back with the rest: the credit
    // that paid all but ₹1 of it returns whole, and nothing is left to collect.
    let one = json!({"products": sized_cart(&product, 0, 1), "amount": 949, "useCredit": true});
    let second = app.order_cod(one).await;
    assert_eq!(second["codFee"], 49);
    assert_eq!(second["creditUsed"], 948);
    assert_eq!(balance().await, 852);
    let id = second["_id"].as_str().unwrap();
    app.cancel_order(id, As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(balance().await, 1800);
    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(stats["toCollect"], json!({"orders": 0, "amount": 0}));
}
