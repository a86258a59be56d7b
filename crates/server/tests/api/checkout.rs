//! Checkout and orders over the sandbox payment adapter: delivery checks, payment orders, the
//! sandbox's Pay button and page, placing, listing, moving and cancelling orders, webhooks.

use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use paduka_application::Clock;

crate::on_both_backends!(
    a_paid_cart_becomes_one_order_and_a_delivered_order_cannot_be_cancelled,
    cancelling_a_pending_order_gives_the_stock_back_and_keeps_it_for_the_admin,
    amounts_signatures_and_stock_are_checked,
    pincodes_and_addresses_are_checked_with_the_shops_messages,
    the_delivery_check_knows_the_configured_pincodes,
    the_delivery_estimate_counts_from_the_next_day_after_the_cutoff,
    every_order_route_checks_who_asks,
    the_sandbox_pays_only_its_callers_orders_and_serves_its_page,
    webhooks_are_verified_deduplicated_and_place_orders_the_browser_did_not,
    the_shopper_is_mailed_when_an_order_is_placed_and_when_its_status_changes,
    a_payment_whose_shopper_deleted_their_account_is_refunded_by_the_webhook,
);

pub(crate) const PINCODE: &str = "281001";
pub(crate) const ADDRESS: &str = "2 Market Road, Mathura";

pub(crate) fn cart(product: &str, quantity: u32) -> Value {
    sized_cart(product, 0, quantity)
}

/// `POST /payment/{amount}` for `quantity` pairs at ₹900, delivered to [`ADDRESS`].
pub(crate) async fn ask_payment(app: &TestApp, product: &str, quantity: u32) -> Response {
    let amount = 900 * quantity;
    let body = json!({"products": cart(product, quantity), "address": ADDRESS, "pincode": PINCODE});
    app.post_json(&format!("/payment/{amount}"), As::Shopper, body)
        .await
}

/// Opens a payment order for `quantity` pairs (900 rupees each) as the shopper; returns its
/// id.
async fn start_payment(app: &TestApp, product: &str, quantity: u32) -> String {
    let body = ask_payment(app, product, quantity).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["amount"], json!(i64::from(900 * quantity) * 100));
    assert_eq!(body["currency"], json!("INR"));
    assert_eq!(body["provider"], json!("sandbox"));
    body["id"].as_str().unwrap().to_owned()
}

/// Opens a payment order for `quantity` pairs and pays it in the sandbox; the order id and
/// the three fields the sandbox hands back.
async fn pay(app: &TestApp, product: &str, quantity: u32) -> (String, Value) {
    let order_id = start_payment(app, product, quantity).await;
    let paid = app.sandbox_pay(As::Shopper, &order_id).await;
    (order_id, paid.answers(StatusCode::OK).await)
}

/// The body the cart page sends to `POST /order/cart` for a paid cart, with a status and a
/// user the server must ignore.
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

/// `POST /order/cart` as the shopper.
pub(crate) async fn place_cart(app: &TestApp, body: Value) -> Response {
    app.post_json("/order/cart", As::Shopper, body).await
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
    let (_, paid) = pay(app, product, quantity).await;
    let placed = place_cart(app, order_body(product, quantity, &paid)).await;
    let body = placed.answers(StatusCode::CREATED).await;
    assert_eq!(body["message"], json!("Order Placed Successfully"));
    body["order"].clone()
}

/// The product's stock as the (cached) product list shows it.
async fn listed_stock(app: &TestApp, product: &str) -> i64 {
    let list = app.get("/product/get-products", As::Anonymous).await;
    let products = array(&list.answers(StatusCode::OK).await["products"]);
    let listed = products.iter().find(|p| p["_id"] == json!(product));
    listed.expect("the product is listed")["quantity"]
        .as_i64()
        .unwrap()
}

fn id_of(order: &Value) -> String {
    order["_id"].as_str().unwrap().to_owned()
}

async fn a_paid_cart_becomes_one_order_and_a_delivered_order_cannot_be_cancelled(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Runner", 5).await;

    let (order_id, paid) = pay(&app, &product, 2).await;
    assert_eq!(paid["razorpay_order_id"], json!(order_id));
    let placed = place_cart(&app, order_body(&product, 2, &paid)).await;
    let body = placed.answers(StatusCode::CREATED).await;
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
    let id = id_of(order);
    assert_eq!(app.stock(&product).await, 3);

    // The same payment again: the same order, nothing taken twice.
    let again = place_cart(&app, order_body(&product, 2, &paid)).await;
    let again = again.answers(StatusCode::OK).await;
    assert_eq!(again["order"]["_id"], json!(id));
    assert_eq!(app.stock(&product).await, 3);

    let mine = json!({"user": app.shopper_id});
    let mine = app.post_json("/order/myorders", As::Shopper, mine).await;
    let mine = array(&mine.answers(StatusCode::OK).await["orders"]);
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["_id"], json!(id));

    let one = app.get_order(&id, As::Shopper).await;
    assert_eq!(one.answers(StatusCode::OK).await["order"]["_id"], json!(id));

    let shipped = app.set_status(&id, As::Admin, "Shipped").await;
    let message = "Status must be Pending, Confirmed or Delivered";
    shipped.refuses(StatusCode::BAD_REQUEST, message).await;
    let updated = app.set_status(&id, As::Admin, "Delivered").await;
    let updated = updated.answers(StatusCode::OK).await;
    assert_eq!(updated["message"], json!("Order status updated"));
    assert_eq!(updated["order"]["status"], json!("Delivered"));

    let cancelled = app.cancel_order(&id, As::Shopper).await;
    cancelled
        .refuses(StatusCode::CONFLICT, "Order Delivered")
        .await;
    assert_eq!(app.stock(&product).await, 3);
}

async fn cancelling_a_pending_order_gives_the_stock_back_and_keeps_it_for_the_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Loafer", 5).await;
    assert_eq!(listed_stock(&app, &product).await, 5);
    let id = id_of(&place(&app, &product, 3).await);
    assert_eq!(app.stock(&product).await, 2);
    // The cached list sees the stock the order took.
    assert_eq!(listed_stock(&app, &product).await, 2);

    let cancelled = app.cancel_order(&id, As::Shopper).await;
    assert_eq!(
        cancelled.answers(StatusCode::OK).await,
        json!({"success": true, "message": "Order Cancelled Successfully"})
    );
    assert_eq!(app.stock(&product).await, 5);
    assert_eq!(listed_stock(&app, &product).await, 5);
    assert_eq!(
        app.services.sandbox.as_ref().unwrap().refunds().await.len(),
        1
    );

    assert_eq!(app.my_orders(As::Shopper).await, Vec::<Value>::new());
    let all = app.get("/order/get-all-orders", As::Admin).await;
    let all = all.answers(StatusCode::OK).await;
    assert_eq!(all["orders"][0]["_id"], json!(id));
    assert_eq!(all["orders"][0]["status"], json!("Cancelled"));
}

async fn amounts_signatures_and_stock_are_checked(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Oxford", 5).await;

    for amount in ["12.5", "abc", "0", "10000001"] {
        let path = format!("/payment/{amount}");
        let refused = app.post_json(&path, As::Shopper, json!({})).await;
        let message = "Please enter a valid amount";
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    // Without a cart (the spec's original client) any valid amount opens a payment.
    let bare = app.request(Method::POST, "/payment/500", As::Shopper);
    let bare = bare.send().await.unwrap().answers(StatusCode::OK).await;
    assert_eq!(bare["amount"], json!(50_000));

    let cart_of_two =
        json!({"products": cart(&product, 2), "address": ADDRESS, "pincode": PINCODE});
    let short = app.post_json("/payment/1700", As::Shopper, cart_of_two);
    let message = "Amount does not match your cart";
    short.await.refuses(StatusCode::CONFLICT, message).await;
    let too_many = ask_payment(&app, &product, 6).await;
    too_many
        .refuses(StatusCode::CONFLICT, "Only 5 left of Oxford")
        .await;

    // A signature that is not the sandbox's.
    let (_, paid) = pay(&app, &product, 2).await;
    let mut forged = order_body(&product, 2, &paid);
    forged["signature"] = json!("0".repeat(64));
    let message = "Payment verification failed";
    let refused = place_cart(&app, forged).await;
    refused.refuses(StatusCode::BAD_REQUEST, message).await;
    // The amount the client claims must be what the cart costs.
    let mut wrong = order_body(&product, 2, &paid);
    wrong["amount"] = json!(1700);
    let refused = place_cart(&app, wrong).await;
    refused.answers(StatusCode::CONFLICT).await;
    assert_eq!(app.stock(&product).await, 5);

    // Two payments for 3 pairs each; only the first can be filled, the second is refunded.
    let (_, first) = pay(&app, &product, 3).await;
    let (_, second) = pay(&app, &product, 3).await;
    let placed = place_cart(&app, order_body(&product, 3, &first)).await;
    placed.answers(StatusCode::CREATED).await;
    let refused = place_cart(&app, order_body(&product, 3, &second)).await;
    let refused = refused.answers(StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], json!("Only 2 left of Oxford"));
    assert_eq!(refused["refunded"], json!(true));
    assert_eq!(app.stock(&product).await, 2);
    // Asking again for the refunded payment gets no order.
    let again = place_cart(&app, order_body(&product, 3, &second)).await;
    let message = "This payment has been refunded";
    again.refuses(StatusCode::CONFLICT, message).await;
}

async fn pincodes_and_addresses_are_checked_with_the_shops_messages(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Sneaker", 5).await;
    let cases = [
        (ADDRESS, "12", "Enter a valid 6-digit Pincode"),
        (ADDRESS, "110001", "Delivery not available at this address"),
        ("  ", PINCODE, "Please enter your address"),
    ];
    for (address, pincode, message) in cases {
        let body = json!({"products": cart(&product, 2), "address": address, "pincode": pincode});
        let refused = app.post_json("/payment/1800", As::Shopper, body).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    let (_, paid) = pay(&app, &product, 2).await;
    for (address, pincode, message) in cases {
        let mut body = order_body(&product, 2, &paid);
        body["address"] = json!(address);
        body["pincode"] = json!(pincode);
        let refused = place_cart(&app, body).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    assert_eq!(app.stock(&product).await, 5);
}

async fn the_delivery_check_knows_the_configured_pincodes(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let yes = app.get("/delivery/281001", As::Anonymous).await;
    let mut yes = yes.answers(StatusCode::OK).await;
    assert_eq!(yes["estimate"]["source"], "table");
    yes.as_object_mut().unwrap().remove("estimate");
    assert_eq!(
        yes,
        json!({"success": true, "deliverable": true, "message": "Delivery available at this pincode", "state": "Uttar Pradesh", "cod": true})
    );
    let no = app.get("/delivery/110001", As::Anonymous).await;
    assert_eq!(
        no.answers(StatusCode::OK).await,
        json!({"success": true, "deliverable": false, "message": "Delivery unavailable", "state": "Delhi", "estimate": null, "cod": false})
    );
    for bad in ["12345", "1234567", "12ab56"] {
        let refused = app.get(&format!("/delivery/{bad}"), As::Anonymous).await;
        let message = "Enter a valid 6-digit Pincode";
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
}

async fn every_order_route_checks_who_asks(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Boot", 10).await;
    let id = id_of(&place(&app, &product, 1).await);
    let ravi = app.add_shopper("Ravi").await;
    let other = As::Account(&ravi);

    // Anonymous callers: 401 everywhere a login is needed.
    let guarded: Vec<(Method, String, Value)> = vec![
        (Method::POST, "/payment/900".into(), json!({})),
        (
            Method::POST,
            "/payment/sandbox/pay".into(),
            json!({"orderId": "x"}),
        ),
        (Method::POST, "/order/cart".into(), json!({})),
        (Method::POST, "/order/myorders".into(), json!({})),
        (Method::GET, format!("/order/get-order/{id}"), Value::Null),
        (Method::GET, "/order/get-all-orders".into(), Value::Null),
        (
            Method::PUT,
            format!("/order/update-status/{id}"),
            json!({"status": "Confirmed"}),
        ),
        (Method::GET, format!("/order/delete/{id}"), Value::Null),
    ];
    for (method, path, body) in &guarded {
        let mut request = app.request(method.clone(), path, As::Anonymous);
        if !body.is_null() {
            request = request.json(body);
        }
        let response = request.send().await.unwrap();
        response.answers(StatusCode::UNAUTHORIZED).await;
    }

    // Another shopper: not this order, not the admin routes, not someone else's list.
    for response in [
        app.get_order(&id, other).await,
        app.cancel_order(&id, other).await,
        app.get("/order/get-all-orders", other).await,
        app.set_status(&id, other, "Confirmed").await,
    ] {
        response.answers(StatusCode::FORBIDDEN).await;
    }
    let asha = json!({"user": app.shopper_id});
    let refused = app.post_json("/order/myorders", other, asha.clone()).await;
    let message = "You can only access your own orders";
    refused.refuses(StatusCode::FORBIDDEN, message).await;
    let bare = app.request(Method::POST, "/order/myorders", other);
    let bare = bare.send().await.unwrap().answers(StatusCode::OK).await;
    assert_eq!(bare["orders"], json!([]));
    // The shopper's own list refuses a body naming someone else, admins' too.
    let refused = app.post_json("/order/myorders", As::Admin, asha).await;
    refused.answers(StatusCode::FORBIDDEN).await;
    let unknown = app.get_order("no-such-order", As::Admin).await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "Order not found")
        .await;

    // The admin may read, move and cancel anyone's order.
    let read = app.get_order(&id, As::Admin).await;
    read.answers(StatusCode::OK).await;
    let all = app.get("/order/get-all-orders", As::Admin).await;
    let all = all.answers(StatusCode::OK).await;
    assert_eq!(all["orders"].as_array().unwrap().len(), 1);
    let moved = app.set_status(&id, As::Admin, "Confirmed").await;
    moved.answers(StatusCode::OK).await;
    let cancelled = app.cancel_order(&id, As::Admin).await;
    cancelled.answers(StatusCode::OK).await;
    let moved = app.set_status(&id, As::Admin, "Confirmed").await;
    moved.refuses(StatusCode::CONFLICT, "Order Cancelled").await;

    // The order page tells its history; who did what only to admins.
    let steps = |reply: &Value| -> Vec<(String, Value)> {
        (array(&reply["history"]).iter())
            .map(|step| {
                let status = step["status"].as_str().unwrap().to_owned();
                (status, step["by"].clone())
            })
            .collect()
    };
    let for_admin = app.get_order(&id, As::Admin).await;
    let for_admin = for_admin.answers(StatusCode::OK).await;
    assert_eq!(
        steps(&for_admin),
        [
            ("Pending".to_owned(), json!("Asha")),
            ("Confirmed".to_owned(), json!("Shop Owner")),
            ("Cancelled".to_owned(), json!("Shop Owner")),
        ]
    );
    let at = for_admin["history"][0]["at"].as_str().unwrap();
    assert!(at.ends_with('Z'), "{at}");
    let for_buyer = app.get_order(&id, As::Shopper).await;
    let for_buyer = for_buyer.answers(StatusCode::OK).await;
    assert_eq!(
        steps(&for_buyer),
        [
            ("Pending".to_owned(), Value::Null),
            ("Confirmed".to_owned(), Value::Null),
            ("Cancelled".to_owned(), Value::Null),
        ]
    );
}

async fn the_sandbox_pays_only_its_callers_orders_and_serves_its_page(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Sandal", 5).await;
    let order_id = start_payment(&app, &product, 1).await;
    let ravi = app.add_shopper("Ravi").await;
    let message = "Payment order not found";
    let someone_elses = app.sandbox_pay(As::Account(&ravi), &order_id).await;
    someone_elses.refuses(StatusCode::NOT_FOUND, message).await;
    let unknown = app
        .sandbox_pay(As::Shopper, "order_sbx_0123456789abcd")
        .await;
    unknown.refuses(StatusCode::NOT_FOUND, message).await;

    let page = app.site(&format!(
        "/sandbox/checkout?amount=90000&order_id={order_id}"
    ));
    let page = page.send().await.unwrap();
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

async fn webhooks_are_verified_deduplicated_and_place_orders_the_browser_did_not(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let sandbox = app.services.sandbox.clone().expect("the sandbox is active");
    let product = app.shoe("Moccasin", 5).await;
    let (order_id, paid) = pay(&app, &product, 2).await;
    let body = captured_webhook(&order_id, &paid, 180_000);
    let send = |signature: String, event: &'static str| {
        let (app, body) = (&app, body.clone());
        async move { app.send_webhook(event, &body, &signature).await }
    };

    let forged = send("f".repeat(64), "evt_1").await;
    let message = "Invalid webhook signature";
    forged.refuses(StatusCode::BAD_REQUEST, message).await;
    let signature = sandbox.sign_webhook(body.as_bytes());
    for (event, outcome) in [
        ("evt_1", "placed"),
        // Delivered again: answered, nothing done twice.
        ("evt_1", "duplicate"),
        // Another event for the same payment finds its order.
        ("evt_2", "existing"),
    ] {
        let answer = send(signature.clone(), event).await;
        assert_eq!(
            answer.answers(StatusCode::OK).await["outcome"],
            json!(outcome)
        );
        assert_eq!(app.stock(&product).await, 3);
    }

    // The browser coming back late finds the same order.
    let late = place_cart(&app, order_body(&product, 2, &paid)).await;
    let late = late.answers(StatusCode::OK).await;
    let mine = app.my_orders(As::Shopper).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["_id"], late["order"]["_id"]);
    assert_eq!(app.stock(&product).await, 3);
}

async fn the_shopper_is_mailed_when_an_order_is_placed_and_when_its_status_changes(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Runner", 5).await;
    let id = id_of(&place(&app, &product, 2).await);

    let placed = app.take_mail(SHOPPER_EMAIL, &format!("Your Paduka order {id} is placed"));
    assert!(placed.contains("Runner"), "the lines: {placed}");
    assert!(
        placed.contains("1800") || placed.contains("1,800"),
        "the total: {placed}"
    );
    assert!(placed.contains(ADDRESS), "the address: {placed}");

    let confirmed = app.set_status(&id, As::Admin, "Confirmed").await;
    confirmed.answers(StatusCode::OK).await;
    let subject = format!("Your Paduka order {id} is Confirmed");
    let confirmed = app.take_mail(SHOPPER_EMAIL, &subject);
    assert!(confirmed.contains("Confirmed"));
}

async fn a_payment_whose_shopper_deleted_their_account_is_refunded_by_the_webhook(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let sandbox = app.services.sandbox.clone().expect("the sandbox is active");
    let product = app.shoe("Sandal", 5).await;
    let (order_id, paid) = pay(&app, &product, 1).await;
    // The shopper's browser never came back, and the account is gone before the webhook.
    let path = format!("/user/delete-user/{}", app.shopper_id);
    app.get(&path, As::Admin)
        .await
        .answers(StatusCode::OK)
        .await;

    let body = captured_webhook(&order_id, &paid, 90_000);
    let signature = sandbox.sign_webhook(body.as_bytes());
    let answer = app.send_webhook("evt_deleted", &body, &signature).await;
    let answer = answer.answers(StatusCode::OK).await;
    assert_eq!(answer["outcome"], json!("refunded"));
    let refunds = sandbox.refunds().await;
    assert_eq!(refunds.len(), 1);
    assert_eq!(
        refunds[0].payment_id,
        paid["razorpay_payment_id"].as_str().unwrap()
    );
    assert_eq!(refunds[0].refund.amount.paise(), 90_000);
    assert_eq!(app.stock(&product).await, 5, "no order took stock");
}

/// The estimate's `from` and `to` for a deliverable pincode, as the product page asks.
async fn estimate(app: &TestApp) -> (String, String) {
    let answer = app.get("/delivery/281001", As::Anonymous).await;
    let estimate = answer.answers(StatusCode::OK).await["estimate"].clone();
    let day = |field: &str| estimate[field].as_str().unwrap().to_owned();
    (day("from"), day("to"))
}

async fn the_delivery_estimate_counts_from_the_next_day_after_the_cutoff(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let india = chrono::FixedOffset::east_opt(5 * 3600 + 30 * 60).unwrap();
    let now = app.clock.now().with_timezone(&india);
    let today_cutoff = now.date_naive().and_hms_opt(14, 0, 0).unwrap();
    let mut cutoff = today_cutoff.and_local_timezone(india).unwrap();
    if now >= cutoff {
        cutoff += chrono::Duration::days(1);
    }
    // Ten minutes before the day's 14:00 cut-off in India: it leaves that day.
    app.clock
        .advance(cutoff - chrono::Duration::minutes(10) - now);
    let dispatch = cutoff.date_naive();
    let day = |days: u64| {
        (dispatch + chrono::Days::new(days))
            .format("%Y-%m-%d")
            .to_string()
    };
    assert_eq!(estimate(&app).await, (day(3), day(7)));
    // Twenty minutes later, past the cut-off: it leaves the next day.
    app.clock.advance(chrono::Duration::minutes(20));
    assert_eq!(estimate(&app).await, (day(4), day(8)));
}
