//! Shipping by hand over HTTP (decisions D15): `POST /shipment/create/{id}` and `POST
//! /shipment/event/{id}`, what the order then says, what shipping forbids, and a return to
//! origin that gives the pairs and the money back once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;
use crate::invoices::pdf_text;

crate::on_both_backends!(
    an_admin_ships_by_hand_once_and_the_shopper_sees_the_parcel,
    shipping_is_for_admins_with_a_courier_and_a_valid_awb,
    the_courier_s_reports_move_the_order_and_shipping_closes_the_old_ways,
    a_parcel_back_at_origin_gives_the_pairs_and_the_money_back_once,
    the_courier_s_webhook_needs_its_key_keeps_each_update_once_and_never_goes_back,
    without_a_webhook_token_every_webhook_call_is_refused,
    the_packing_slip_shows_the_awb_and_the_cash_to_collect,
);

const WEBHOOK_TOKEN: &str = "shiprocket-webhook-token";

/// Shiprocket's tracking update for `awb`: `status` at `timestamp` (`DD MM YYYY HH:MM:SS`).
fn tracking(awb: Value, status: &str, timestamp: &str) -> Value {
    json!({
        "awb": awb,
        "courier_name": "Delhivery Surface",
        "current_status": status,
        "current_status_id": 20,
        "current_timestamp": timestamp,
        "etd": "2026-12-03 15:40:19",
        "scans": [{"date": "2026-12-01 11:59:16", "activity": "In transit", "location": "Mathura Hub (Uttar Pradesh)"}],
        "is_return": 0,
    })
}

async fn webhook(app: &TestApp, key: Option<&str>, body: &Value) -> reqwest::Response {
    let mut request = app.request(reqwest::Method::POST, "/shipment/webhook", As::Anonymous);
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    request.json(body).send().await.unwrap()
}

const BY_HAND: &str = r#"{"courier": "DTDC", "awb": "D1234-5678", "trackingUrl": "https://track.example/D1234-5678"}"#;

fn by_hand() -> Value {
    serde_json::from_str(BY_HAND).unwrap()
}

/// A paid order of 2 pairs of a shoe with 5 in stock; the product's id and the order.
async fn two_pairs(app: &TestApp) -> (String, Value) {
    let product = app.shoe("Mojari", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 2), 1800, None).await;
    (product, order)
}

fn id(order: &Value) -> &str {
    order["_id"].as_str().unwrap()
}

async fn ship(app: &TestApp, order: &str, who: As<'_>, body: Value) -> reqwest::Response {
    app.post_json(&format!("/shipment/create/{order}"), who, body)
        .await
}

async fn report(app: &TestApp, order: &str, status: &str) -> reqwest::Response {
    let body = json!({"status": status, "note": "by phone"});
    app.post_json(&format!("/shipment/event/{order}"), As::Admin, body)
        .await
}

async fn an_admin_ships_by_hand_once_and_the_shopper_sees_the_parcel(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (_, order) = two_pairs(&app).await;
    assert_eq!(order["shipment"], Value::Null);

    let first = ship(&app, id(&order), As::Admin, by_hand()).await;
    let first = first.answers(StatusCode::CREATED).await;
    assert_eq!(first["message"], "Order shipped");
    let shipped = &first["order"];
    assert_eq!(shipped["status"], "Shipped");
    let shipment = &shipped["shipment"];
    assert_eq!(shipment["courier"], "DTDC");
    assert_eq!(shipment["awb"], "D1234-5678");
    assert_eq!(shipment["trackingUrl"], "https://track.example/D1234-5678");
    assert!(shipment["shippedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(shipment["deliveredAt"], Value::Null);
    assert_eq!(shipment["events"], json!([]));
    let expected = shipment["expectedBy"].as_str().expect("the table's date");
    assert!(
        chrono::NaiveDate::parse_from_str(expected, "%Y-%m-%d").is_ok(),
        "{expected}"
    );

    // Again, even with other words: the shipment it has, nothing booked twice.
    let other = json!({"courier": "Blue Dart", "awb": "BD99999"});
    let again = ship(&app, id(&order), As::Admin, other).await;
    let again = again.answers(StatusCode::OK).await;
    assert_eq!(again["order"]["shipment"], *shipment);

    let seen = app.get_order(id(&order), As::Shopper).await;
    let seen = seen.answers(StatusCode::OK).await;
    assert_eq!(seen["order"]["shipment"]["awb"], "D1234-5678");
    let statuses: Vec<String> = array(&seen["history"])
        .iter()
        .map(|change| change["status"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(statuses.last().map(String::as_str), Some("Shipped"));
    assert_eq!(app.my_orders(As::Shopper).await[0]["status"], "Shipped");

    let subject = format!("Your Paduka order {} is Shipped", id(&order));
    let mail = mail_text(&app.take_mail(SHOPPER_EMAIL, &subject));
    assert!(mail.contains("DTDC, AWB D1234-5678"), "{mail}");
    assert!(mail.contains("https://track.example/D1234-5678"), "{mail}");
}

async fn shipping_is_for_admins_with_a_courier_and_a_valid_awb(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (_, order) = two_pairs(&app).await;
    let order = id(&order);
    let anonymous = ship(&app, order, As::Anonymous, by_hand()).await;
    anonymous.answers(StatusCode::UNAUTHORIZED).await;
    ship(&app, order, As::Shopper, by_hand())
        .await
        .refuses(StatusCode::FORBIDDEN, "Admin access required")
        .await;
    for (body, message) in [
        (json!({}), "Courier and AWB are required"),
        (json!({"courier": "DTDC"}), "Courier and AWB are required"),
        (json!({"courier": "DTDC", "awb": "12"}), "Invalid AWB"),
        (json!({"courier": "DTDC", "awb": "AWB 1234"}), "Invalid AWB"),
        (
            json!({"courier": "D", "awb": "D1234"}),
            "Courier must be 2-60 characters",
        ),
        (
            json!({"courier": "DTDC", "awb": "D1234", "trackingUrl": "javascript:alert(1)"}),
            "Tracking URL must be an http or https address",
        ),
        (
            json!({"courier": "DTDC", "awb": "D1234", "weightGrams": 0}),
            "Weight must be 1-50000 grams",
        ),
    ] {
        ship(&app, order, As::Admin, body.clone())
            .await
            .refuses(StatusCode::BAD_REQUEST, message)
            .await;
    }
    let nul = json!({"courier": "DT\u{0}DC", "awb": "D1234"});
    let nul = ship(&app, order, As::Admin, nul).await;
    assert_eq!(nul.status(), StatusCode::BAD_REQUEST);
    let oversized = json!({"courier": "DTDC", "awb": "D1234", "note": "x".repeat(70_000)});
    let oversized = ship(&app, order, As::Admin, oversized).await;
    assert_eq!(oversized.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let unknown = "0190a0b0-0000-7000-8000-000000000000";
    ship(&app, unknown, As::Admin, by_hand())
        .await
        .refuses(StatusCode::NOT_FOUND, "Order not found")
        .await;
    let still = app.get_order(order, As::Admin).await;
    let still = still.answers(StatusCode::OK).await;
    assert_eq!(still["order"]["status"], "Pending", "nothing shipped");
    assert_eq!(still["order"]["shipment"], Value::Null);

    app.cancel_order(order, As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    ship(&app, order, As::Admin, by_hand())
        .await
        .refuses(StatusCode::CONFLICT, "Order Cancelled")
        .await;
}

async fn the_courier_s_reports_move_the_order_and_shipping_closes_the_old_ways(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (product, order) = two_pairs(&app).await;
    let order = id(&order);
    report(&app, order, "Out for delivery")
        .await
        .refuses(StatusCode::CONFLICT, "Order has not shipped")
        .await;
    ship(&app, order, As::Admin, by_hand())
        .await
        .answers(StatusCode::CREATED)
        .await;

    app.cancel_order(order, As::Shopper)
        .await
        .refuses(StatusCode::CONFLICT, "Order has shipped")
        .await;
    app.set_status(order, As::Admin, "Pending")
        .await
        .refuses(StatusCode::CONFLICT, "Order has shipped")
        .await;
    report(&app, order, "Lost in transit")
        .await
        .refuses(
            StatusCode::BAD_REQUEST,
            "Status must be Out for delivery, Delivered, Delivery failed or Returned to origin",
        )
        .await;
    let path = format!("/shipment/event/{order}");
    app.post_json(&path, As::Shopper, json!({"status": "Delivered"}))
        .await
        .refuses(StatusCode::FORBIDDEN, "Admin access required")
        .await;

    let out = report(&app, order, "Out for delivery").await;
    assert_eq!(
        out.answers(StatusCode::OK).await["order"]["status"],
        "Out for delivery"
    );
    let failed = report(&app, order, "Delivery failed").await;
    assert_eq!(
        failed.answers(StatusCode::OK).await["order"]["status"],
        "Shipped"
    );
    let delivered = report(&app, order, "Delivered").await;
    let delivered = delivered.answers(StatusCode::OK).await;
    let shipment = &delivered["order"]["shipment"];
    assert_eq!(delivered["order"]["status"], "Delivered");
    assert!(shipment["deliveredAt"].as_str().is_some());
    let events: Vec<String> = array(&shipment["events"])
        .iter()
        .map(|event| event["status"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(events, ["Out for delivery", "Delivery failed", "Delivered"]);
    assert_eq!(shipment["events"][0]["note"], "by phone");
    report(&app, order, "Returned to origin")
        .await
        .refuses(StatusCode::CONFLICT, "Order Delivered")
        .await;
    assert_eq!(
        app.stock(&product).await,
        3,
        "a delivered order keeps its pairs"
    );

    let subject = format!("Your Paduka order {order} is Delivered");
    app.take_mail(SHOPPER_EMAIL, &subject);
}

async fn a_parcel_back_at_origin_gives_the_pairs_and_the_money_back_once(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (product, order) = two_pairs(&app).await;
    let order = id(&order);
    assert_eq!(app.stock(&product).await, 3);
    ship(&app, order, As::Admin, by_hand())
        .await
        .answers(StatusCode::CREATED)
        .await;
    let back = report(&app, order, "Returned to origin").await;
    let back = back.answers(StatusCode::OK).await;
    assert_eq!(back["order"]["status"], "Returned to origin");
    assert_eq!(app.stock(&product).await, 5, "both pairs back");
    for _ in 0..3 {
        let again = report(&app, order, "Returned to origin").await;
        assert_eq!(
            again.answers(StatusCode::OK).await["order"]["status"],
            "Returned to origin"
        );
    }
    assert_eq!(app.stock(&product).await, 5, "given back once");
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM sandbox_refunds"),
        1,
        "refunded once"
    );
    // The subject is long enough for the header to be folded onto a second line.
    let subject = format!("Subject: Your Paduka order {order} is Returned to origin");
    let mails: Vec<String> = (app.outbox().into_iter())
        .filter(|mail| mail.replace("\r\n ", " ").contains(&subject))
        .collect();
    assert_eq!(mails.len(), 1, "one mail of the return");
    let mail = mail_text(&mails[0]);
    assert!(mail.contains("₹1800 you paid is refunded"), "{mail}");
    app.set_status(order, As::Admin, "Delivered")
        .await
        .refuses(StatusCode::CONFLICT, "Order has shipped")
        .await;
    let mine = app.my_orders(As::Shopper).await;
    assert_eq!(
        mine[0]["status"], "Returned to origin",
        "listed for the shopper"
    );
}

async fn the_courier_s_webhook_needs_its_key_keeps_each_update_once_and_never_goes_back(
    db: &TestDb,
) {
    let app = spawn_app_on_with(db, |settings| {
        settings.couriers.webhook_token = Some(WEBHOOK_TOKEN.to_owned().into());
    })
    .await;
    let (_, order) = two_pairs(&app).await;
    let order = id(&order).to_owned();
    let booking = json!({"courier": "Delhivery", "awb": "7788990011"});
    ship(&app, &order, As::Admin, booking)
        .await
        .answers(StatusCode::CREATED)
        .await;

    let delivered = tracking(json!(7_788_990_011_u64), "DELIVERED", "02 12 2026 14:05:00");
    for key in [None, Some("wrong"), Some("Shiprocket-Webhook-Token")] {
        webhook(&app, key, &delivered)
            .await
            .refuses(StatusCode::UNAUTHORIZED, "Invalid API key")
            .await;
    }
    let untouched = app.get_order(&order, As::Admin).await;
    let untouched = untouched.answers(StatusCode::OK).await;
    assert_eq!(untouched["order"]["status"], "Shipped", "nothing changed");
    assert_eq!(untouched["order"]["shipment"]["events"], json!([]));

    let out = tracking(
        json!("7788990011"),
        "OUT FOR DELIVERY",
        "02 12 2026 09:30:00",
    );
    let in_transit = tracking(json!("7788990011"), "IN TRANSIT", "01 12 2026 18:00:00");
    // Delivered first; then the earlier steps arrive late; then all of it again, ten times.
    for _ in 0..10 {
        for update in [&delivered, &out, &in_transit] {
            let answer = webhook(&app, Some(WEBHOOK_TOKEN), update).await;
            let answer = answer.answers(StatusCode::OK).await;
            assert_eq!(answer["message"], "Update recorded");
        }
    }
    let seen = app.get_order(&order, As::Shopper).await;
    let seen = seen.answers(StatusCode::OK).await;
    assert_eq!(
        seen["order"]["status"], "Delivered",
        "a late update never moves it back"
    );
    let shipment = &seen["order"]["shipment"];
    let events: Vec<String> = array(&shipment["events"])
        .iter()
        .map(|event| event["status"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        events,
        ["IN TRANSIT", "Out for delivery", "Delivered"],
        "each stored once, oldest first"
    );
    // 14:05 in India is 08:35 UTC.
    assert_eq!(shipment["events"][2]["at"], "2026-12-02T08:35:00.000Z");
    assert_eq!(
        shipment["events"][2]["location"],
        "Mathura Hub (Uttar Pradesh)"
    );
    assert_eq!(shipment["deliveredAt"], "2026-12-02T08:35:00.000Z");
    let subject = format!("Your Paduka order {order} is Delivered");
    app.take_mail(SHOPPER_EMAIL, &subject);

    let unknown = tracking(json!("NOT-OURS-1"), "DELIVERED", "02 12 2026 14:05:00");
    let unknown = webhook(&app, Some(WEBHOOK_TOKEN), &unknown).await;
    assert_eq!(
        unknown.answers(StatusCode::OK).await["message"],
        "Unknown AWB"
    );
    let unreadable = tracking(json!("7788990011"), "DELIVERED", "2026-12-02 14:05");
    webhook(&app, Some(WEBHOOK_TOKEN), &unreadable)
        .await
        .refuses(StatusCode::BAD_REQUEST, "Invalid current_timestamp")
        .await;
}

async fn without_a_webhook_token_every_webhook_call_is_refused(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let update = tracking(json!("7788990011"), "DELIVERED", "02 12 2026 14:05:00");
    for key in [None, Some(""), Some(WEBHOOK_TOKEN)] {
        webhook(&app, key, &update)
            .await
            .refuses(StatusCode::UNAUTHORIZED, "Invalid API key")
            .await;
    }
}

async fn the_packing_slip_shows_the_awb_and_the_cash_to_collect(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Kolhapuri", 5).await;
    let body = json!({
        "products": sized_cart(&product, 0, 2),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 1800,
    });
    let placed = app.post_json("/order/cod", As::Shopper, body).await;
    let order = placed.answers(StatusCode::CREATED).await["order"].clone();
    let path = format!("/shipment/label/{}", id(&order));
    app.get(&path, As::Admin)
        .await
        .refuses(StatusCode::CONFLICT, "Order has not shipped")
        .await;
    ship(&app, id(&order), As::Admin, by_hand())
        .await
        .answers(StatusCode::CREATED)
        .await;
    app.get(&path, As::Shopper)
        .await
        .refuses(StatusCode::FORBIDDEN, "Admin access required")
        .await;
    let label = app.get(&path, As::Admin).await;
    assert_eq!(label.status(), StatusCode::OK);
    assert_eq!(label.headers()["content-type"], "application/pdf");
    let text = pdf_text(&label.bytes().await.unwrap());
    for expected in ["D1234-5678", "Collect ₹1800", PINCODE, "DTDC", id(&order)] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
}
