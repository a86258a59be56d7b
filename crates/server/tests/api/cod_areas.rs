//! Cash on delivery off where it keeps coming back (decisions D38): `COD_RTO_LIMIT` over the
//! ended cash-on-delivery shipments of a pincode area (its first 3 digits) in the last 90
//! days, as `GET /delivery/{pincode}`, `POST /order/cod` and the overview show it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::ADDRESS;
use crate::helpers::*;

crate::on_both_backends!(
    an_area_at_the_limit_with_enough_shipments_gets_no_cod_and_another_keeps_it,
    without_a_limit_cod_stays_on_however_many_come_back,
);

/// The shopper's cash-on-delivery order of one pair (₹900) of `product` to `pincode`.
async fn cod_to(app: &TestApp, product: &str, pincode: &str) -> reqwest::Response {
    let body = json!({
        "products": sized_cart(product, 0, 1),
        "address": ADDRESS,
        "pincode": pincode,
        "amount": 900,
    });
    app.post_json("/order/cod", As::Shopper, body).await
}

/// Ships `order` by hand, then the courier reports its `end`: `Delivered` or `Returned to
/// origin`.
async fn ship_and_end(app: &TestApp, order: &Value, end: &str) {
    let id = order["_id"].as_str().expect("the order's id");
    let by_hand = json!({"courier": "DTDC", "awb": format!("D-{id}")});
    app.post_json(&format!("/shipment/create/{id}"), As::Admin, by_hand)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let report = json!({"status": end, "note": "by phone"});
    let ended = app
        .post_json(&format!("/shipment/event/{id}"), As::Admin, report)
        .await;
    assert_eq!(ended.answers(StatusCode::OK).await["order"]["status"], end);
}

/// Places a cash-on-delivery order to `pincode` and ends its shipment with `end`.
async fn cod_parcel(app: &TestApp, product: &str, pincode: &str, end: &str) {
    let placed = cod_to(app, product, pincode).await;
    let order = placed.answers(StatusCode::CREATED).await["order"].clone();
    ship_and_end(app, &order, end).await;
}

/// `cod` of the pincode check, as anyone asks it.
async fn cod_offered(app: &TestApp, pincode: &str) -> bool {
    let check = app
        .get(&format!("/delivery/{pincode}"), As::Anonymous)
        .await;
    let check = check.answers(StatusCode::OK).await;
    assert_eq!(check["deliverable"], true, "{pincode} is delivered to");
    check["cod"].as_bool().expect("cod is a boolean")
}

async fn cod_off_in_overview(app: &TestApp) -> Value {
    let stats = app.get("/admin/stats", As::Admin).await;
    stats.answers(StatusCode::OK).await["codOff"].clone()
}

const BACK: &str = "Returned to origin";

async fn an_area_at_the_limit_with_enough_shipments_gets_no_cod_and_another_keeps_it(db: &TestDb) {
    let mut app = spawn_app_on_with(db, |settings| {
        settings.shop.cod_rto_limit = paduka_domain::order::CodRtoLimit::new(50, 4);
    })
    .await;
    let product = app.shoe("Jutti", 20).await;
    // Mathura's area (281001 and 281204): 3 cash-on-delivery parcels ended, 2 came back.
    cod_parcel(&app, &product, "281001", BACK).await;
    cod_parcel(&app, &product, "281204", BACK).await;
    cod_parcel(&app, &product, "281001", "Delivered").await;
    // A parcel paid online that came back is not cash on delivery's.
    let online = app.buy(&sized_cart(&product, 0, 1), 900, None).await;
    ship_and_end(&app, &online, BACK).await;
    assert!(
        cod_offered(&app, "281001").await,
        "3 shipments are under the minimum of 4"
    );
    assert_eq!(cod_off_in_overview(&app).await, json!([]));

    // The fourth, still taken, is delivered: 2 of 4 back is the 50 % limit.
    cod_parcel(&app, &product, "281204", "Delivered").await;
    assert!(!cod_offered(&app, "281001").await);
    assert!(!cod_offered(&app, "281204").await, "the whole area");
    assert!(
        cod_offered(&app, "492010").await,
        "Raipur's area is another"
    );

    let orders = app.my_orders(As::Shopper).await.len();
    let stock = app.stock(&product).await;
    cod_to(&app, &product, "281001")
        .await
        .refuses(
            StatusCode::BAD_REQUEST,
            "Cash on delivery is not available for this pincode",
        )
        .await;
    assert_eq!(app.my_orders(As::Shopper).await.len(), orders, "no order");
    assert_eq!(app.stock(&product).await, stock, "no pair taken");
    cod_to(&app, &product, "492010")
        .await
        .answers(StatusCode::CREATED)
        .await;
    assert_eq!(
        cod_off_in_overview(&app).await,
        json!([{"prefix": "281", "rate": 0.5, "shipments": 4}])
    );

    // 90 days after they were shipped, those parcels no longer count.
    app.clock
        .advance(chrono::Duration::days(90) + chrono::Duration::minutes(1));
    app.sign_in_again().await;
    assert!(cod_offered(&app, "281001").await);
    assert_eq!(cod_off_in_overview(&app).await, json!([]));
}

async fn without_a_limit_cod_stays_on_however_many_come_back(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 20).await;
    for _ in 0..2 {
        cod_parcel(&app, &product, "281001", BACK).await;
    }
    assert!(cod_offered(&app, "281001").await);
    cod_to(&app, &product, "281001")
        .await
        .answers(StatusCode::CREATED)
        .await;
    assert_eq!(cod_off_in_overview(&app).await, json!([]));
}
