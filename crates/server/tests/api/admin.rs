//! The administrators' overview, `GET /admin/stats`.

use reqwest::StatusCode;
use serde_json::json;

use crate::checkout::place;
use crate::helpers::*;

crate::on_both_backends!(
    the_overview_counts_a_placed_order_and_low_stock,
    the_overview_is_for_admins_only,
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
