//! Shipping through Shiprocket over HTTP (decisions D20): with its account set, `POST
//! /shipment/create/{id}` books through a Shiprocket-compatible mock (one order created, the
//! AWB's courier on the shipment) and `GET /shipment/label/{id}` answers Shiprocket's PDF;
//! Shiprocket not answering is a 502 and nothing is shipped. Approving a return books its
//! reverse pickup (decisions D24) and the tracking webhook with `is_return: 1` moves it on.

use std::time::Duration;

use paduka_courier::ShiprocketConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::*;

crate::on_both_backends!(
    shiprocket_books_the_parcel_and_its_label_is_shiprocket_s,
    shiprocket_not_answering_is_a_502_and_nothing_ships,
    the_delivery_estimate_is_shiprocket_s_date_kept_for_the_day,
    approving_a_return_books_its_reverse_pickup_and_the_courier_s_webhook_moves_it_on,
);

const LABEL: &[u8] = b"%PDF-1.4 the courier's label";

fn shiprocket_at(base: &str) -> ShiprocketConfig {
    ShiprocketConfig {
        api_base: base.to_owned(),
        email: "api@shop.example.in".into(),
        password: "pw".to_owned().into(),
        pickup_location: "Primary".into(),
        default_weight_grams: 800,
        default_dimensions_cm: (30, 20, 12),
        fallback_email: "shop@example.in".into(),
        timeout: Duration::from_millis(500),
    }
}

const WEBHOOK_TOKEN: &str = "shiprocket-webhook-token";

async fn mock(server: &MockServer, verb: &str, at: &str, reply: Value, times: u64) {
    Mock::given(method(verb))
        .and(path(at))
        .respond_with(ResponseTemplate::new(200).set_body_json(reply))
        .expect(times)
        .mount(server)
        .await;
}

async fn shiprocket_books_the_parcel_and_its_label_is_shiprocket_s(db: &TestDb) {
    let shiprocket = MockServer::start().await;
    let base = shiprocket.uri();
    mock(
        &shiprocket,
        "POST",
        "/v1/external/auth/login",
        json!({"token": "t"}),
        1,
    )
    .await;
    mock(
        &shiprocket,
        "GET",
        "/v1/external/orders",
        json!({"data": []}),
        1,
    )
    .await;
    let created = json!({"order_id": 5501, "shipment_id": 6601, "status": "NEW"});
    mock(
        &shiprocket,
        "POST",
        "/v1/external/orders/create/adhoc",
        created,
        1,
    )
    .await;
    let awb = json!({"awb_assign_status": 1, "response": {"data": {"awb_code": "SR77889900", "courier_name": "Delhivery Surface"}}});
    mock(
        &shiprocket,
        "POST",
        "/v1/external/courier/assign/awb",
        awb,
        1,
    )
    .await;
    let label = json!({"label_created": 1, "label_url": format!("{base}/label.pdf")});
    mock(
        &shiprocket,
        "POST",
        "/v1/external/courier/generate/label",
        label,
        1,
    )
    .await;
    mock(
        &shiprocket,
        "POST",
        "/v1/external/courier/generate/pickup",
        json!({"pickup_status": 1}),
        1,
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/label.pdf"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(LABEL))
        .expect(1)
        .mount(&shiprocket)
        .await;
    let app = spawn_app_on_with(db, |settings| {
        settings.couriers.shiprocket = Some(shiprocket_at(&base));
    })
    .await;
    let product = app.shoe("Mojari", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 1), 900, None).await;
    let id = order["_id"].as_str().unwrap().to_owned();

    let shipped = app
        .post_json(&format!("/shipment/create/{id}"), As::Admin, json!({}))
        .await
        .answers(StatusCode::CREATED)
        .await;
    let shipment = &shipped["order"]["shipment"];
    assert_eq!(shipment["courier"], "Delhivery Surface");
    assert_eq!(shipment["awb"], "SR77889900");
    assert_eq!(
        shipment["trackingUrl"],
        "https://shiprocket.co/tracking/SR77889900"
    );

    let label = app.get(&format!("/shipment/label/{id}"), As::Admin).await;
    assert_eq!(label.status(), StatusCode::OK);
    assert_eq!(label.headers()["content-type"], "application/pdf");
    assert_eq!(&label.bytes().await.unwrap()[..], LABEL);
    // `expect`s are checked as the mock server drops: one login, one order, one of each.
}

async fn shiprocket_not_answering_is_a_502_and_nothing_ships(db: &TestDb) {
    let shiprocket = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)))
        .mount(&shiprocket)
        .await;
    let base = shiprocket.uri();
    let app = spawn_app_on_with(db, |settings| {
        settings.couriers.shiprocket = Some(shiprocket_at(&base));
    })
    .await;
    let product = app.shoe("Mojari", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 1), 900, None).await;
    let id = order["_id"].as_str().unwrap().to_owned();

    app.post_json(&format!("/shipment/create/{id}"), As::Admin, json!({}))
        .await
        .refuses(
            StatusCode::BAD_GATEWAY,
            "Courier is not answering, try again",
        )
        .await;
    let order = app.get_order(&id, As::Admin).await;
    let order = order.answers(StatusCode::OK).await;
    assert_eq!(order["order"]["shipment"], Value::Null, "{order}");
}

async fn the_delivery_estimate_is_shiprocket_s_date_kept_for_the_day(db: &TestDb) {
    let shiprocket = MockServer::start().await;
    let base = shiprocket.uri();
    mock(
        &shiprocket,
        "POST",
        "/v1/external/auth/login",
        json!({"token": "t"}),
        1,
    )
    .await;
    let pickup = json!({"data": {"shipping_address": [{"pickup_location": "Primary", "pin_code": "110001"}]}});
    mock(
        &shiprocket,
        "GET",
        "/v1/external/settings/company/pickup",
        pickup,
        1,
    )
    .await;
    let serviceability = json!({"data": {
        "recommended_courier_company_id": 10,
        "available_courier_companies": [
            {"courier_company_id": 24, "courier_name": "Xpressbees", "etd": "Jan 30, 2099"},
            {"courier_company_id": 10, "courier_name": "Delhivery", "etd": "Jan 20, 2099"}
        ]
    }});
    // Asked once: the second look at the same pincode is answered from what was kept.
    mock(
        &shiprocket,
        "GET",
        "/v1/external/courier/serviceability/",
        serviceability,
        1,
    )
    .await;
    let app = spawn_app_on_with(db, |settings| {
        settings.couriers.shiprocket = Some(shiprocket_at(&base));
    })
    .await;
    for _ in 0..2 {
        let answer = app.get("/delivery/281001", As::Anonymous).await;
        let estimate = answer.answers(StatusCode::OK).await["estimate"].clone();
        assert_eq!(estimate["source"], "courier");
        assert_eq!(estimate["to"], "2099-01-20");
    }
    shiprocket.verify().await;
}

/// Shiprocket's tracking webhook for a return's parcel (`is_return: 1`).
async fn return_tracking(app: &TestApp, awb: &str, status: &str, at: &str) -> Value {
    let body = json!({
        "awb": awb,
        "courier_name": "Delhivery Reverse",
        "current_status": status,
        "current_timestamp": at,
        "scans": [],
        "is_return": 1,
    });
    let sent = app
        .request(reqwest::Method::POST, "/shipment/webhook", As::Anonymous)
        .header("x-api-key", WEBHOOK_TOKEN)
        .json(&body)
        .send()
        .await
        .unwrap();
    sent.answers(StatusCode::OK).await
}

async fn approving_a_return_books_its_reverse_pickup_and_the_courier_s_webhook_moves_it_on(
    db: &TestDb,
) {
    let shiprocket = MockServer::start().await;
    let base = shiprocket.uri();
    mock(
        &shiprocket,
        "POST",
        "/v1/external/auth/login",
        json!({"token": "t"}),
        1,
    )
    .await;
    // Looked for before each create: none the first time, none after the failed create.
    mock(
        &shiprocket,
        "GET",
        "/v1/external/orders/processing/return",
        json!({"data": []}),
        2,
    )
    .await;
    let pickup = json!({"data": {"shipping_address": [{
        "pickup_location": "Primary", "name": "Paduka", "address": "4 Chandni Chowk",
        "city": "New Delhi", "state": "Delhi", "pin_code": "110006",
        "email": "shop@example.in", "phone": "9811111111"
    }]}});
    mock(
        &shiprocket,
        "GET",
        "/v1/external/settings/company/pickup",
        pickup,
        1,
    )
    .await;
    // The first approval finds Shiprocket failing; the second books.
    Mock::given(method("POST"))
        .and(path("/v1/external/orders/create/return"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&shiprocket)
        .await;
    mock(
        &shiprocket,
        "POST",
        "/v1/external/orders/create/return",
        json!({"order_id": 7701, "shipment_id": 8801, "status": "RETURN PENDING"}),
        1,
    )
    .await;
    let awb = json!({"awb_assign_status": 1, "response": {"data": {"awb_code": "SRR-44556677", "courier_name": "Delhivery Reverse"}}});
    mock(
        &shiprocket,
        "POST",
        "/v1/external/courier/assign/awb",
        awb,
        1,
    )
    .await;
    let app = spawn_app_on_with(db, |settings| {
        settings.couriers.shiprocket = Some(shiprocket_at(&base));
        settings.couriers.webhook_token = Some(WEBHOOK_TOKEN.to_owned().into());
    })
    .await;
    let product = app.shoe("Mojari", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 2), 1800, None).await;
    let order_id = order["_id"].as_str().unwrap().to_owned();
    app.set_status(&order_id, As::Admin, "Delivered")
        .await
        .answers(StatusCode::OK)
        .await;
    let asked = json!({
        "orderId": order_id,
        "lines": [{"line": 0, "quantity": 1, "reason": "Too small", "kind": "refund"}],
    });
    let asked = app.post_json("/return/request", As::Shopper, asked).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["pickup"], Value::Null, "nothing booked before approval");
    let approve = format!("/return/approve/{}", ret["_id"].as_str().unwrap());

    app.put_json(&approve, As::Admin, json!({}))
        .await
        .refuses(
            StatusCode::BAD_GATEWAY,
            "Courier is not answering, try again",
        )
        .await;
    let listed = app.get("/return/all", As::Admin).await;
    let listed = listed.answers(StatusCode::OK).await["returns"][0].clone();
    assert_eq!(listed["status"], "Approved", "the approval stands");
    assert_eq!(listed["pickup"], Value::Null);

    let expected = json!({
        "courier": "Delhivery Reverse",
        "awb": "SRR-44556677",
        "trackingUrl": "https://shiprocket.co/tracking/SRR-44556677",
        "arrivedAt": null,
    });
    for _ in 0..2 {
        // Approving again books what failed, then changes nothing.
        let approved = app.put_json(&approve, As::Admin, json!({})).await;
        let approved = approved.answers(StatusCode::OK).await["return"].clone();
        assert_eq!(approved["status"], "Approved");
        assert_eq!(approved["pickup"], expected);
    }
    let mine = app.get("/return/mine", As::Shopper).await;
    let mine = mine.answers(StatusCode::OK).await["returns"][0].clone();
    assert_eq!(
        mine["pickup"]["awb"], "SRR-44556677",
        "the shopper sees it too"
    );

    let unknown = return_tracking(&app, "SRR-00000000", "PICKED UP", "04 12 2026 10:00:00").await;
    assert_eq!(unknown["message"], "Unknown AWB");
    let before = return_tracking(
        &app,
        "SRR-44556677",
        "OUT FOR PICKUP",
        "04 12 2026 09:00:00",
    )
    .await;
    assert_eq!(before["message"], "Update recorded");
    let status = |ret: &Value| ret["status"].as_str().unwrap().to_owned();
    let read = || async {
        let all = app.get("/return/all", As::Admin).await;
        all.answers(StatusCode::OK).await["returns"][0].clone()
    };
    assert_eq!(status(&read().await), "Approved", "not collected yet");
    for _ in 0..2 {
        return_tracking(&app, "SRR-44556677", "PICKED UP", "04 12 2026 11:30:00").await;
        assert_eq!(status(&read().await), "Picked up");
    }
    for _ in 0..2 {
        return_tracking(&app, "SRR-44556677", "DELIVERED", "06 12 2026 16:45:00").await;
        let arrived = read().await;
        assert_eq!(
            status(&arrived),
            "Picked up",
            "QC is still the admin's receive"
        );
        assert_eq!(arrived["pickup"]["arrivedAt"], "2026-12-06T11:15:00.000Z");
        let notes: Vec<(Value, Value)> = array(&arrived["events"])
            .iter()
            .map(|event| (event["status"].clone(), event["note"].clone()))
            .collect();
        assert_eq!(
            notes,
            [
                (json!("Requested"), Value::Null),
                (json!("Approved"), Value::Null),
                (json!("Picked up"), Value::Null),
                (json!("Picked up"), json!("Arrived at the shop")),
            ],
            "picked up once, arrived once"
        );
    }
    // The order's own parcel is not the return's: as an order's update its AWB is unknown.
    let forward = json!({
        "awb": "SRR-44556677", "current_status": "DELIVERED",
        "current_timestamp": "06 12 2026 16:45:00", "is_return": 0,
    });
    let forward = app
        .request(reqwest::Method::POST, "/shipment/webhook", As::Anonymous)
        .header("x-api-key", WEBHOOK_TOKEN)
        .json(&forward)
        .send()
        .await
        .unwrap();
    assert_eq!(
        forward.answers(StatusCode::OK).await["message"],
        "Unknown AWB"
    );
    shiprocket.verify().await;
}
