//! The administrators' overview, `GET /admin/stats`.

use reqwest::StatusCode;
use serde_json::json;

use crate::checkout::place;
use crate::helpers::*;

crate::on_both_backends!(
    the_overview_counts_a_placed_order_and_low_stock,
    the_overview_is_for_admins_only,
    the_overview_counts_returned_pairs_by_reason_and_by_size,
);

async fn the_overview_counts_a_placed_order_and_low_stock(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Kolhapuri", 4).await;
    let plenty = app.shoe("Mojari", 50).await;
    let order = place(&app, &product, 1).await;
    let amount = order["amount"].as_i64().expect("the order's amount");

    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(stats["success"], json!(true));
    assert_eq!(stats["today"], json!({"orders": 1, "revenue": amount}));
    assert_eq!(stats["last30Days"], json!({"orders": 1, "revenue": amount}));
    assert_eq!(stats["pendingOrders"], json!(1));

    let days = array(&stats["revenueByDay"]);
    assert_eq!(days.len(), 30);
    let today = days.last().unwrap();
    assert_eq!(today["orders"], json!(1));
    assert_eq!(today["revenue"], json!(amount));
    assert!(today["date"].as_str().unwrap().len() == 10);
    assert!(
        days[..29]
            .iter()
            .all(|day| day["orders"] == json!(0) && day["revenue"] == json!(0))
    );
    let dates: Vec<&str> = days.iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] < pair[1]), "{dates:?}");

    let low = array(&stats["lowStock"]);
    let ours = low
        .iter()
        .find(|p| p["_id"] == json!(product))
        .expect("the product is low on stock");
    assert_eq!(ours["name"], json!("Kolhapuri"));
    assert_eq!(ours["quantity"], json!(3));
    assert!(low.iter().all(|p| p["_id"] != json!(plenty)));
}

async fn the_overview_is_for_admins_only(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        app.get("/admin/stats", who).await.answers(status).await;
    }
}

async fn the_overview_counts_returned_pairs_by_reason_and_by_size(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let stats = app.get("/admin/stats", As::Admin).await;
    let empty = stats.answers(StatusCode::OK).await;
    let reasons = [
        "Too small",
        "Too big",
        "Damaged",
        "Not as described",
        "Changed my mind",
    ];
    let none: Vec<_> = reasons
        .iter()
        .map(|reason| json!({"reason": reason, "count": 0}))
        .collect();
    assert_eq!(
        empty["returns"],
        json!({"byReason": none, "bySize": []}),
        "every reason, even without returns"
    );

    // Two pairs of UK 10 and one of UK 6, cash on delivery; one UK 10 comes back too small.
    let category = app.category("Trail shoes").await;
    let fields = [
        ("name", "Trail"),
        ("type", "UK 6,UK 10,UK 12"),
        ("price", "1000,1000,1000"),
        ("category", &category),
        ("stock", "5,5,5"),
    ];
    let product = app.product(&fields, None).await["_id"].clone();
    let body = json!({
        "products": [
            {"_id": product, "productno": 1, "quantity": 2, "name": "Trail"},
            {"_id": product, "productno": 0, "quantity": 1, "name": "Trail"},
        ],
        "amount": 3000,
    });
    let order = app.order_cod(body).await;
    app.deliver(&order).await;
    let id = order["_id"].as_str().unwrap();
    let asked = json!({
        "orderId": id,
        "lines": [{"line": 0, "quantity": 1, "reason": "Too small", "kind": "refund"}],
    });
    app.post_json("/return/request", As::Shopper, asked)
        .await
        .answers(StatusCode::CREATED)
        .await;

    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    let counts: Vec<_> = reasons
        .iter()
        .map(|reason| json!({"reason": reason, "count": u32::from(*reason == "Too small")}))
        .collect();
    assert_eq!(stats["returns"]["byReason"], json!(counts));
    // In size order, UK 6 before UK 10; UK 12 was neither sold nor returned.
    assert_eq!(
        stats["returns"]["bySize"],
        json!([
            {"size": "UK 6", "returned": 0, "sold": 1, "rate": 0.0},
            {"size": "UK 10", "returned": 1, "sold": 2, "rate": 0.5},
        ])
    );
}
