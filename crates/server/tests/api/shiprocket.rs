//! Shipping through Shiprocket over HTTP (decisions D20): with its account set, `POST
//! /shipment/create/{id}` books through a Shiprocket-compatible mock (one order created, the
//! AWB's courier on the shipment) and `GET /shipment/label/{id}` answers Shiprocket's PDF;
//! Shiprocket not answering is a 502 and nothing is shipped.

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
