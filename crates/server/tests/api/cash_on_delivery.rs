//! Cash on delivery over HTTP (decisions D8): `POST /order/cod` with its idempotency key and
//! limits, `PUT /order/mark-paid/{id}`, cancelling without a refund, and the overview's
//! "to collect".

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;

crate::on_both_backends!(
    a_cod_order_is_placed_unpaid_and_the_same_key_answers_it_again,
    cash_on_delivery_is_refused_when_off_over_its_limit_or_not_served,
    a_shopper_has_at_most_three_unpaid_cod_orders,
    an_admin_marks_a_cod_order_paid_once,
    cancelling_a_cod_order_gives_the_pair_back_and_refunds_nothing,
    an_unpaid_parcel_back_at_origin_has_no_cash_to_record,
);

/// `POST /order/cod` as the shopper for `quantity` pairs of `product` (₹900 each) costing
/// `amount`, with the `Idempotency-Key` `key`.
async fn order_cod(
    app: &TestApp,
    product: &str,
    quantity: u32,
    amount: i64,
    key: Option<&str>,
) -> reqwest::Response {
    let body = json!({
        "products": sized_cart(product, 0, quantity),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": amount,
    });
    let mut request = app
        .request(reqwest::Method::POST, "/order/cod", As::Shopper)
        .json(&body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.unwrap()
}

async fn placed(response: reqwest::Response) -> Value {
    let body = response.answers(StatusCode::CREATED).await;
    assert_eq!(body["message"], "Order Placed Successfully");
    body["order"].clone()
}

async fn a_cod_order_is_placed_unpaid_and_the_same_key_answers_it_again(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 5).await;
    let order = placed(order_cod(&app, &product, 2, 1800, Some("attempt-1")).await).await;
    assert_eq!(order["paymentMethod"], "cod");
    assert_eq!(order["paid"], false);
    assert_eq!(
        order["paymentId"],
        Value::Null,
        "no payment id until the cash is in"
    );
    assert_eq!(order["status"], "Pending");
    assert_eq!(order["amount"], 1800);
    assert_eq!(app.stock(&product).await, 3);

    let again = placed(order_cod(&app, &product, 2, 1800, Some("attempt-1")).await).await;
    assert_eq!(again["_id"], order["_id"], "the same key is the same order");
    assert_eq!(app.stock(&product).await, 3, "stock taken once");
    let mine = app.my_orders(As::Shopper).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["paymentMethod"], "cod");

    let subject = format!(
        "Your Paduka order {} is placed",
        order["_id"].as_str().unwrap()
    );
    let mail = app.take_mail(SHOPPER_EMAIL, &subject);
    assert!(
        mail_text(&mail).contains("Cash on Delivery: ₹1800 to pay on delivery"),
        "{}",
        mail_text(&mail)
    );

    // The wrong amount, and a bad key, change nothing.
    order_cod(&app, &product, 1, 1000, None)
        .await
        .refuses(StatusCode::CONFLICT, "Amount does not match your cart")
        .await;
    order_cod(&app, &product, 1, 900, Some("has space"))
        .await
        .refuses(
            StatusCode::BAD_REQUEST,
            "Idempotency-Key must be 1 to 200 printable characters without spaces",
        )
        .await;
    assert_eq!(app.stock(&product).await, 3);
    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(stats["toCollect"], json!({"orders": 1, "amount": 1800}));
}

async fn cash_on_delivery_is_refused_when_off_over_its_limit_or_not_served(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| {
        settings.shop.cash_on_delivery.max_amount_rupees = 1000;
    })
    .await;
    let product = app.shoe("Jutti", 5).await;
    let refused = "Cash on delivery is not available for this order";
    order_cod(&app, &product, 2, 1800, None)
        .await
        .refuses(StatusCode::BAD_REQUEST, refused)
        .await;
    let far = json!({
        "products": sized_cart(&product, 0, 1),
        "address": ADDRESS,
        "pincode": "110001",
        "amount": 900,
    });
    app.post_json("/order/cod", As::Shopper, far)
        .await
        .refuses(StatusCode::BAD_REQUEST, refused)
        .await;
    app.post_json("/order/cod", As::Anonymous, json!({"amount": 900}))
        .await
        .answers(StatusCode::UNAUTHORIZED)
        .await;
    assert_eq!(app.stock(&product).await, 5, "nothing taken");
    placed(order_cod(&app, &product, 1, 900, None).await).await;

    let off = spawn_app_with(|settings| settings.shop.cash_on_delivery.enabled = false).await;
    let product = off.shoe("Jutti", 5).await;
    order_cod(&off, &product, 1, 900, None)
        .await
        .refuses(StatusCode::BAD_REQUEST, refused)
        .await;
}

async fn a_shopper_has_at_most_three_unpaid_cod_orders(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 10).await;
    let mut orders = Vec::new();
    for _ in 0..3 {
        orders.push(placed(order_cod(&app, &product, 1, 900, None).await).await);
    }
    order_cod(&app, &product, 1, 900, None)
        .await
        .refuses(
            StatusCode::CONFLICT,
            "Too many unpaid cash on delivery orders",
        )
        .await;
    // Once one is paid, another may be placed.
    let id = orders[0]["_id"].as_str().unwrap();
    app.put_json(&format!("/order/mark-paid/{id}"), As::Admin, json!({}))
        .await
        .answers(StatusCode::OK)
        .await;
    placed(order_cod(&app, &product, 1, 900, None).await).await;
}

async fn an_admin_marks_a_cod_order_paid_once(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 10).await;
    let order = placed(order_cod(&app, &product, 1, 900, None).await).await;
    let path = format!("/order/mark-paid/{}", order["_id"].as_str().unwrap());
    assert_eq!(
        order["actions"]["markPaid"],
        json!({"allowed": true, "reason": null})
    );
    app.put_json(&path, As::Shopper, json!({}))
        .await
        .answers(StatusCode::FORBIDDEN)
        .await;
    app.put_json(&path, As::Anonymous, json!({}))
        .await
        .answers(StatusCode::UNAUTHORIZED)
        .await;
    let paid = app.put_json(&path, As::Admin, json!({})).await;
    let paid = paid.answers(StatusCode::OK).await;
    assert_eq!(paid["message"], "Payment recorded");
    assert_eq!(paid["order"]["paid"], true);
    assert!(paid["order"]["paymentId"].is_string());
    // What the reply refuses, the call refuses with the same words.
    assert_eq!(
        paid["order"]["actions"]["markPaid"],
        json!({"allowed": false, "reason": "Order is already paid"})
    );
    app.put_json(&path, As::Admin, json!({}))
        .await
        .refuses(StatusCode::CONFLICT, "Order is already paid")
        .await;
    app.put_json(
        "/order/mark-paid/0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a",
        As::Admin,
        json!({}),
    )
    .await
    .refuses(StatusCode::NOT_FOUND, "Order not found")
    .await;
    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(stats["toCollect"], json!({"orders": 0, "amount": 0}));
    assert_eq!(
        stats["today"]["revenue"], 900,
        "revenue counts it from its placing"
    );
}

async fn cancelling_a_cod_order_gives_the_pair_back_and_refunds_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 5).await;
    let order = placed(order_cod(&app, &product, 2, 1800, None).await).await;
    let id = order["_id"].as_str().unwrap();
    let cancelled = app.get(&format!("/order/delete/{id}"), As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    assert_eq!(app.stock(&product).await, 5);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM sandbox_refunds"),
        0,
        "no refund asked for"
    );
    let mail = app.take_mail(
        SHOPPER_EMAIL,
        &format!("Your Paduka order {id} is Cancelled"),
    );
    assert!(
        !mail_text(&mail).contains("refunded"),
        "{}",
        mail_text(&mail)
    );
    app.put_json(&format!("/order/mark-paid/{id}"), As::Admin, json!({}))
        .await
        .refuses(StatusCode::CONFLICT, "Order Cancelled")
        .await;
}

async fn an_unpaid_parcel_back_at_origin_has_no_cash_to_record(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 5).await;
    let order = placed(order_cod(&app, &product, 1, 900, None).await).await;
    let id = order["_id"].as_str().unwrap();
    let by_hand = json!({"courier": "DTDC", "awb": "D1234-5678", "trackingUrl": "https://track.example/D1234-5678"});
    app.post_json(&format!("/shipment/create/{id}"), As::Admin, by_hand)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let refused = json!({"status": "Returned to origin", "note": "refused at the door"});
    let back = app
        .post_json(&format!("/shipment/event/{id}"), As::Admin, refused)
        .await
        .answers(StatusCode::OK)
        .await;
    // The courier never took the cash: the screen offers no `Mark paid`, and the call agrees.
    assert_eq!(
        back["order"]["actions"]["markPaid"],
        json!({"allowed": false, "reason": "Order returned to origin"})
    );
    let path = format!("/order/mark-paid/{id}");
    app.put_json(&path, As::Admin, json!({}))
        .await
        .refuses(StatusCode::CONFLICT, "Order returned to origin")
        .await;
    let order = app.get_order(id, As::Admin).await;
    assert_eq!(order.answers(StatusCode::OK).await["order"]["paid"], false);
    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(stats["toCollect"], json!({"orders": 0, "amount": 0}));
}
