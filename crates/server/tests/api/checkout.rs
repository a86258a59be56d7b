//! Checkout and orders over the sandbox payment adapter: delivery checks, payment orders, the
//! sandbox's Pay button and page, placing, listing, moving and cancelling orders, webhooks.

use chrono::Utc;
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{As, PASSWORD, SHOPPER_EMAIL, TestApp, expect, expect_error, spawn_app};

pub(crate) const PINCODE: &str = "281001";
pub(crate) const ADDRESS: &str = "2 Market Road, Mathura";

/// A product of `stock` pairs at 1000 rupees less 10% (900 each); returns its `_id`.
pub(crate) async fn shoe(app: &TestApp, name: &str, stock: u32) -> String {
    let category = app.category(&format!("{name} shoes")).await;
    let product = app
        .product(
            &[
                ("name", name),
                ("price", "1000"),
                ("discount", "10"),
                ("category", &category),
                ("quantity", &stock.to_string()),
            ],
            None,
        )
        .await;
    product["_id"].as_str().unwrap().to_owned()
}

pub(crate) fn cart(product: &str, quantity: u32) -> Value {
    json!([{"_id": product, "productno": 0, "quantity": quantity, "name": "ignored"}])
}

/// Opens a payment order for `quantity` pairs (900 rupees each) as `who`; returns its id.
async fn start_payment(app: &TestApp, who: As, product: &str, quantity: u32) -> String {
    let amount = 900 * quantity;
    let response = app
        .post_json(
            &format!("/payment/{amount}"),
            who,
            json!({"products": cart(product, quantity), "address": ADDRESS, "pincode": PINCODE}),
        )
        .await;
    let body = expect(response, StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["amount"], json!(i64::from(amount) * 100));
    assert_eq!(body["currency"], json!("INR"));
    assert_eq!(body["provider"], json!("sandbox"));
    body["id"].as_str().unwrap().to_owned()
}

/// The sandbox's Pay button for `order_id`, as `who`.
async fn sandbox_pay(app: &TestApp, who: As, order_id: &str) -> Value {
    let response = app
        .post_json("/payment/sandbox/pay", who, json!({"orderId": order_id}))
        .await;
    expect(response, StatusCode::OK).await
}

pub(crate) fn order_body(product: &str, quantity: u32, paid: &Value) -> Value {
    json!({
        "products": cart(product, quantity),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 900 * quantity,
        "paymentId": paid["razorpay_payment_id"],
        "orderId": paid["razorpay_order_id"],
        "signature": paid["razorpay_signature"],
        "status": "Delivered",
        "user": "someone-else",
    })
}

/// Razorpay's `payment.captured` webhook body for a sandbox payment of `paise`.
fn captured_webhook(order_id: &str, paid: &Value, paise: i64) -> String {
    json!({
        "event": "payment.captured",
        "payload": {"payment": {"entity": {
            "id": paid["razorpay_payment_id"],
            "order_id": order_id,
            "amount": paise,
            "status": "captured"
        }}}
    })
    .to_string()
}

/// Pays for and places an order of `quantity` pairs as the shopper; returns the order.
pub(crate) async fn place(app: &TestApp, product: &str, quantity: u32) -> Value {
    let order_id = start_payment(app, As::Shopper, product, quantity).await;
    let paid = sandbox_pay(app, As::Shopper, &order_id).await;
    let response = app
        .post_json(
            "/order/cart",
            As::Shopper,
            order_body(product, quantity, &paid),
        )
        .await;
    let body = expect(response, StatusCode::CREATED).await;
    assert_eq!(body["message"], json!("Order Placed Successfully"));
    body["order"].clone()
}

pub(crate) async fn stock(app: &TestApp, product: &str) -> i64 {
    let response = app
        .get(&format!("/product/get-product/{product}"), As::Anonymous)
        .await;
    expect(response, StatusCode::OK).await["product"]["quantity"]
        .as_i64()
        .unwrap()
}

/// The product's stock as the (cached) product list shows it.
async fn listed_stock(app: &TestApp, product: &str) -> i64 {
    let list = expect(
        app.get("/product/get-products", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    list["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == json!(product))
        .expect("the product is listed")["quantity"]
        .as_i64()
        .unwrap()
}

/// A second shopper's token.
async fn other_shopper(app: &TestApp) -> String {
    let now = Utc::now();
    app.services
        .api
        .auth
        .create_user_directly(
            User {
                id: UserId::new(uuid::Uuid::now_v7().to_string()),
                name: "Ravi".into(),
                email: Email::parse("ravi@shop.test").unwrap(),
                phone: "9000000001".into(),
                address: "3 Lake View".into(),
                role: Role::Shopper,
                password_hash: String::new(),
                created_at: now,
                updated_at: now,
            },
            PASSWORD,
        )
        .await
        .expect("a second shopper");
    app.login_token("ravi@shop.test", PASSWORD).await
}

fn with_token(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
) -> reqwest::RequestBuilder {
    app.client
        .request(method, app.url(path))
        .header("Authorization", token)
}

#[tokio::test]
async fn a_paid_cart_becomes_one_order_and_a_delivered_order_cannot_be_cancelled() {
    let app = spawn_app().await;
    let product = shoe(&app, "Runner", 5).await;

    let order_id = start_payment(&app, As::Shopper, &product, 2).await;
    let paid = sandbox_pay(&app, As::Shopper, &order_id).await;
    assert_eq!(paid["razorpay_order_id"], json!(order_id));
    let response = app
        .post_json("/order/cart", As::Shopper, order_body(&product, 2, &paid))
        .await;
    let body = expect(response, StatusCode::CREATED).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Order Placed Successfully"));
    let order = &body["order"];
    assert_eq!(order["status"], json!("Pending"));
    assert_eq!(order["amount"], json!(1800));
    assert_eq!(order["address"], json!(ADDRESS));
    assert_eq!(order["pincode"], json!(PINCODE));
    assert_eq!(order["paymentId"], paid["razorpay_payment_id"]);
    assert_eq!(order["user"]["_id"], json!(app.shopper_id));
    assert_eq!(order["user"]["name"], json!("Asha"));
    assert!(order["deliveryDays"].as_u64().unwrap() <= 6);
    assert!(order["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(order["updatedAt"].is_string());
    let line = &order["products"][0];
    assert_eq!(line["_id"], json!(product));
    assert_eq!(line["name"], json!("Runner"));
    assert_eq!(
        line["photo"],
        json!(format!("/api/v1/product/product-photo/{product}"))
    );
    assert_eq!(line["category"]["name"], json!("Runner shoes"));
    assert_eq!(line["price"], json!(1000.0));
    assert_eq!(line["discount"], json!(10));
    assert_eq!(line["quantity"], json!(2));
    let id = order["_id"].as_str().unwrap().to_owned();
    assert_eq!(stock(&app, &product).await, 3);

    // The same payment again: the same order, nothing taken twice.
    let again = app
        .post_json("/order/cart", As::Shopper, order_body(&product, 2, &paid))
        .await;
    let again = expect(again, StatusCode::OK).await;
    assert_eq!(again["order"]["_id"], json!(id));
    assert_eq!(stock(&app, &product).await, 3);

    let mine = expect(
        app.post_json(
            "/order/myorders",
            As::Shopper,
            json!({"user": app.shopper_id}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine["orders"].as_array().unwrap().len(), 1);
    assert_eq!(mine["orders"][0]["_id"], json!(id));

    let one = expect(
        app.get(&format!("/order/get-order/{id}"), As::Shopper)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(one["order"]["_id"], json!(id));

    expect_error(
        app.put_json(
            &format!("/order/update-status/{id}"),
            As::Admin,
            json!({"status": "Shipped"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Status must be Pending, Confirmed or Delivered",
    )
    .await;
    let updated = expect(
        app.put_json(
            &format!("/order/update-status/{id}"),
            As::Admin,
            json!({"status": "Delivered"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(updated["message"], json!("Order status updated"));
    assert_eq!(updated["order"]["status"], json!("Delivered"));

    expect_error(
        app.get(&format!("/order/delete/{id}"), As::Shopper).await,
        StatusCode::CONFLICT,
        "Order Delivered",
    )
    .await;
    assert_eq!(stock(&app, &product).await, 3);
}

#[tokio::test]
async fn cancelling_a_pending_order_gives_the_stock_back_and_keeps_it_for_the_admin() {
    let app = spawn_app().await;
    let product = shoe(&app, "Loafer", 5).await;
    assert_eq!(listed_stock(&app, &product).await, 5);
    let order = place(&app, &product, 3).await;
    let id = order["_id"].as_str().unwrap();
    assert_eq!(stock(&app, &product).await, 2);
    // The cached list sees the stock the order took.
    assert_eq!(listed_stock(&app, &product).await, 2);

    let body = expect(
        app.get(&format!("/order/delete/{id}"), As::Shopper).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        body,
        json!({"success": true, "message": "Order Cancelled Successfully"})
    );
    assert_eq!(stock(&app, &product).await, 5);
    assert_eq!(listed_stock(&app, &product).await, 5);
    assert_eq!(app.services.sandbox.as_ref().unwrap().refunds().len(), 1);

    let mine = expect(
        app.post_json("/order/myorders", As::Shopper, json!({}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine["orders"], json!([]));
    let all = expect(
        app.get("/order/get-all-orders", As::Admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(all["orders"][0]["_id"], json!(id));
    assert_eq!(all["orders"][0]["status"], json!("Cancelled"));
}

#[tokio::test]
async fn amounts_signatures_and_stock_are_checked() {
    let app = spawn_app().await;
    let product = shoe(&app, "Oxford", 5).await;
    let cart_of_two =
        json!({"products": cart(&product, 2), "address": ADDRESS, "pincode": PINCODE});

    for amount in ["12.5", "abc", "0", "10000001"] {
        expect_error(
            app.post_json(&format!("/payment/{amount}"), As::Shopper, json!({}))
                .await,
            StatusCode::BAD_REQUEST,
            "Please enter a valid amount",
        )
        .await;
    }
    // Without a cart (the spec's original client) any valid amount opens a payment.
    let bare = expect(
        app.request(reqwest::Method::POST, "/payment/500", As::Shopper)
            .send()
            .await
            .unwrap(),
        StatusCode::OK,
    )
    .await;
    assert_eq!(bare["amount"], json!(50_000));

    expect_error(
        app.post_json("/payment/1700", As::Shopper, cart_of_two.clone())
            .await,
        StatusCode::CONFLICT,
        "Amount does not match your cart",
    )
    .await;
    expect_error(
        app.post_json(
            "/payment/5400",
            As::Shopper,
            json!({"products": cart(&product, 6), "address": ADDRESS, "pincode": PINCODE}),
        )
        .await,
        StatusCode::CONFLICT,
        "Only 5 left of Oxford",
    )
    .await;

    // A signature that is not the sandbox's.
    let order_id = start_payment(&app, As::Shopper, &product, 2).await;
    let paid = sandbox_pay(&app, As::Shopper, &order_id).await;
    let mut forged = order_body(&product, 2, &paid);
    forged["signature"] = json!("0".repeat(64));
    expect_error(
        app.post_json("/order/cart", As::Shopper, forged).await,
        StatusCode::BAD_REQUEST,
        "Payment verification failed",
    )
    .await;
    // The amount the client claims must be what the cart costs.
    let mut wrong = order_body(&product, 2, &paid);
    wrong["amount"] = json!(1700);
    expect(
        app.post_json("/order/cart", As::Shopper, wrong).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(stock(&app, &product).await, 5);

    // Two payments for 3 pairs each; only the first can be filled, the second is refunded.
    let first = start_payment(&app, As::Shopper, &product, 3).await;
    let second = start_payment(&app, As::Shopper, &product, 3).await;
    let first = sandbox_pay(&app, As::Shopper, &first).await;
    let second = sandbox_pay(&app, As::Shopper, &second).await;
    expect(
        app.post_json("/order/cart", As::Shopper, order_body(&product, 3, &first))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let refused = expect(
        app.post_json("/order/cart", As::Shopper, order_body(&product, 3, &second))
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(refused["message"], json!("Only 2 left of Oxford"));
    assert_eq!(refused["refunded"], json!(true));
    assert_eq!(stock(&app, &product).await, 2);
    // Asking again for the refunded payment gets no order.
    expect_error(
        app.post_json("/order/cart", As::Shopper, order_body(&product, 3, &second))
            .await,
        StatusCode::CONFLICT,
        "This payment has been refunded",
    )
    .await;
}

#[tokio::test]
async fn pincodes_and_addresses_are_checked_with_the_shops_messages() {
    let app = spawn_app().await;
    let product = shoe(&app, "Sneaker", 5).await;
    let cases = [
        (ADDRESS, "12", "Enter a valid 6-digit Pincode"),
        (ADDRESS, "110001", "Delivery not available at this address"),
        ("  ", PINCODE, "Please enter your address"),
    ];
    for (address, pincode, message) in cases {
        expect_error(
            app.post_json(
                "/payment/1800",
                As::Shopper,
                json!({"products": cart(&product, 2), "address": address, "pincode": pincode}),
            )
            .await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let order_id = start_payment(&app, As::Shopper, &product, 2).await;
    let paid = sandbox_pay(&app, As::Shopper, &order_id).await;
    for (address, pincode, message) in cases {
        let mut body = order_body(&product, 2, &paid);
        body["address"] = json!(address);
        body["pincode"] = json!(pincode);
        expect_error(
            app.post_json("/order/cart", As::Shopper, body).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    assert_eq!(stock(&app, &product).await, 5);
}

#[tokio::test]
async fn the_delivery_check_knows_the_configured_pincodes() {
    let app = spawn_app().await;
    let yes = expect(
        app.get("/delivery/281001", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        yes,
        json!({"success": true, "deliverable": true, "message": "Delivery available at this pincode"})
    );
    let no = expect(
        app.get("/delivery/110001", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        no,
        json!({"success": true, "deliverable": false, "message": "Delivery unavailable"})
    );
    for bad in ["12345", "1234567", "12ab56"] {
        expect_error(
            app.get(&format!("/delivery/{bad}"), As::Anonymous).await,
            StatusCode::BAD_REQUEST,
            "Enter a valid 6-digit Pincode",
        )
        .await;
    }
}

#[tokio::test]
async fn every_order_route_checks_who_asks() {
    let app = spawn_app().await;
    let product = shoe(&app, "Boot", 10).await;
    let order = place(&app, &product, 1).await;
    let id = order["_id"].as_str().unwrap().to_owned();
    let other = other_shopper(&app).await;
    use reqwest::Method as M;

    // Anonymous callers: 401 everywhere a login is needed.
    let guarded: Vec<(M, String, Value)> = vec![
        (M::POST, "/payment/900".into(), json!({})),
        (
            M::POST,
            "/payment/sandbox/pay".into(),
            json!({"orderId": "x"}),
        ),
        (M::POST, "/order/cart".into(), json!({})),
        (M::POST, "/order/myorders".into(), json!({})),
        (M::GET, format!("/order/get-order/{id}"), Value::Null),
        (M::GET, "/order/get-all-orders".into(), Value::Null),
        (
            M::PUT,
            format!("/order/update-status/{id}"),
            json!({"status": "Confirmed"}),
        ),
        (M::GET, format!("/order/delete/{id}"), Value::Null),
    ];
    for (method, path, body) in &guarded {
        let mut request = app.request(method.clone(), path, As::Anonymous);
        if !body.is_null() {
            request = request.json(body);
        }
        let response = request.send().await.unwrap();
        expect(response, StatusCode::UNAUTHORIZED).await;
    }

    // Another shopper: not this order, not the admin routes, not someone else's list.
    for (method, path) in [
        (M::GET, format!("/order/get-order/{id}")),
        (M::GET, format!("/order/delete/{id}")),
        (M::GET, "/order/get-all-orders".into()),
    ] {
        let response = with_token(&app, method, &path, &other)
            .send()
            .await
            .unwrap();
        expect(response, StatusCode::FORBIDDEN).await;
    }
    let response = with_token(&app, M::PUT, &format!("/order/update-status/{id}"), &other)
        .json(&json!({"status": "Confirmed"}))
        .send()
        .await
        .unwrap();
    expect(response, StatusCode::FORBIDDEN).await;
    let response = with_token(&app, M::POST, "/order/myorders", &other)
        .json(&json!({"user": app.shopper_id}))
        .send()
        .await
        .unwrap();
    expect_error(
        response,
        StatusCode::FORBIDDEN,
        "You can only access your own orders",
    )
    .await;
    let response = with_token(&app, M::POST, "/order/myorders", &other)
        .send()
        .await
        .unwrap();
    assert_eq!(expect(response, StatusCode::OK).await["orders"], json!([]));
    // The shopper's own list refuses a body naming someone else, admins' too.
    expect(
        app.post_json(
            "/order/myorders",
            As::Admin,
            json!({"user": app.shopper_id}),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    expect_error(
        app.get("/order/get-order/no-such-order", As::Admin).await,
        StatusCode::NOT_FOUND,
        "Order not found",
    )
    .await;

    // The admin may read, move and cancel anyone's order.
    expect(
        app.get(&format!("/order/get-order/{id}"), As::Admin).await,
        StatusCode::OK,
    )
    .await;
    let all = expect(
        app.get("/order/get-all-orders", As::Admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(all["orders"].as_array().unwrap().len(), 1);
    expect(
        app.put_json(
            &format!("/order/update-status/{id}"),
            As::Admin,
            json!({"status": "Confirmed"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    expect(
        app.get(&format!("/order/delete/{id}"), As::Admin).await,
        StatusCode::OK,
    )
    .await;
    expect_error(
        app.put_json(
            &format!("/order/update-status/{id}"),
            As::Admin,
            json!({"status": "Confirmed"}),
        )
        .await,
        StatusCode::CONFLICT,
        "Order Cancelled",
    )
    .await;

    // The order page tells its history; who did what only to admins.
    let steps = |reply: &Value| -> Vec<(String, Value)> {
        reply["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| {
                (
                    step["status"].as_str().unwrap().to_owned(),
                    step["by"].clone(),
                )
            })
            .collect()
    };
    let for_admin = expect(
        app.get(&format!("/order/get-order/{id}"), As::Admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        steps(&for_admin),
        [
            ("Pending".to_owned(), json!("Asha")),
            ("Confirmed".to_owned(), json!("Shop Owner")),
            ("Cancelled".to_owned(), json!("Shop Owner")),
        ]
    );
    assert!(
        for_admin["history"][0]["at"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    let for_buyer = expect(
        app.get(&format!("/order/get-order/{id}"), As::Shopper)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        steps(&for_buyer),
        [
            ("Pending".to_owned(), Value::Null),
            ("Confirmed".to_owned(), Value::Null),
            ("Cancelled".to_owned(), Value::Null),
        ]
    );
}

#[tokio::test]
async fn the_sandbox_pays_only_its_callers_orders_and_serves_its_page() {
    let app = spawn_app().await;
    let product = shoe(&app, "Sandal", 5).await;
    let order_id = start_payment(&app, As::Shopper, &product, 1).await;
    let other = other_shopper(&app).await;
    let response = with_token(&app, reqwest::Method::POST, "/payment/sandbox/pay", &other)
        .json(&json!({"orderId": order_id}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "Payment order not found").await;
    expect_error(
        app.post_json(
            "/payment/sandbox/pay",
            As::Shopper,
            json!({"orderId": "order_sbx_0123456789abcd"}),
        )
        .await,
        StatusCode::NOT_FOUND,
        "Payment order not found",
    )
    .await;

    let page = app
        .client
        .get(format!(
            "{}/sandbox/checkout?amount=90000&order_id={order_id}",
            app.address
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let content_type = page.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    let html = page.text().await.unwrap();
    assert!(html.contains("<title>Paduka test payment</title>"));
    assert!(html.contains("/api/v1/payment/sandbox/pay"));
    assert!(html.contains("paduka:sandbox-payment"));
    assert!(html.contains("paduka:sandbox-cancel"));
    assert!(!html.contains("http://") && !html.contains("https://"));
}

#[tokio::test]
async fn webhooks_are_verified_deduplicated_and_place_orders_the_browser_did_not() {
    let app = spawn_app().await;
    let sandbox = app.services.sandbox.clone().expect("the sandbox is active");
    let product = shoe(&app, "Moccasin", 5).await;
    let order_id = start_payment(&app, As::Shopper, &product, 2).await;
    let paid = sandbox_pay(&app, As::Shopper, &order_id).await;
    let body = captured_webhook(&order_id, &paid, 180_000);
    let send = |signature: String, event: &'static str| {
        let (app, body) = (&app, body.clone());
        async move { app.send_webhook(event, &body, &signature).await }
    };

    expect_error(
        send("f".repeat(64), "evt_1").await,
        StatusCode::BAD_REQUEST,
        "Invalid webhook signature",
    )
    .await;
    let signature = sandbox.sign_webhook(body.as_bytes());
    let first = expect(send(signature.clone(), "evt_1").await, StatusCode::OK).await;
    assert_eq!(first["outcome"], json!("placed"));
    assert_eq!(stock(&app, &product).await, 3);
    let again = expect(send(signature.clone(), "evt_1").await, StatusCode::OK).await;
    assert_eq!(again["outcome"], json!("duplicate"));
    let other_event = expect(send(signature, "evt_2").await, StatusCode::OK).await;
    assert_eq!(other_event["outcome"], json!("existing"));

    // The browser coming back late finds the same order.
    let late = expect(
        app.post_json("/order/cart", As::Shopper, order_body(&product, 2, &paid))
            .await,
        StatusCode::OK,
    )
    .await;
    let mine = expect(
        app.post_json("/order/myorders", As::Shopper, json!({}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine["orders"].as_array().unwrap().len(), 1);
    assert_eq!(mine["orders"][0]["_id"], late["order"]["_id"]);
    assert_eq!(stock(&app, &product).await, 3);
}

#[tokio::test]
async fn the_shopper_is_mailed_when_an_order_is_placed_and_when_its_status_changes() {
    let app = spawn_app().await;
    let product = shoe(&app, "Runner", 5).await;
    let order = place(&app, &product, 2).await;
    let id = order["_id"].as_str().unwrap();

    let placed = app.take_mail(SHOPPER_EMAIL, &format!("Your Paduka order {id} is placed"));
    assert!(placed.contains("Runner"), "the lines: {placed}");
    assert!(
        placed.contains("1800") || placed.contains("1,800"),
        "the total: {placed}"
    );
    assert!(placed.contains(ADDRESS), "the address: {placed}");

    let response = app
        .put_json(
            &format!("/order/update-status/{id}"),
            As::Admin,
            json!({"status": "Confirmed"}),
        )
        .await;
    expect(response, StatusCode::OK).await;
    let confirmed = app.take_mail(
        SHOPPER_EMAIL,
        &format!("Your Paduka order {id} is Confirmed"),
    );
    assert!(confirmed.contains("Confirmed"));
}

#[tokio::test]
async fn a_payment_whose_shopper_deleted_their_account_is_refunded_by_the_webhook() {
    let app = spawn_app().await;
    let sandbox = app.services.sandbox.clone().expect("the sandbox is active");
    let product = shoe(&app, "Sandal", 5).await;
    let order_id = start_payment(&app, As::Shopper, &product, 1).await;
    let paid = sandbox_pay(&app, As::Shopper, &order_id).await;
    // The shopper's browser never came back, and the account is gone before the webhook.
    let response = app
        .get(&format!("/user/delete-user/{}", app.shopper_id), As::Admin)
        .await;
    expect(response, StatusCode::OK).await;

    let body = captured_webhook(&order_id, &paid, 90_000);
    let signature = sandbox.sign_webhook(body.as_bytes());
    let response = app.send_webhook("evt_deleted", &body, &signature).await;
    let answer = expect(response, StatusCode::OK).await;
    assert_eq!(answer["outcome"], json!("refunded"));
    let refunds = sandbox.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(
        refunds[0].payment_id,
        paid["razorpay_payment_id"].as_str().unwrap()
    );
    assert_eq!(refunds[0].refund.amount.paise(), 90_000);
    assert_eq!(stock(&app, &product).await, 5, "no order took stock");
}
