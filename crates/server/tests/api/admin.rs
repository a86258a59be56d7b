//! The administrators' overview, `GET /admin/stats`.

use reqwest::StatusCode;
use serde_json::json;

use crate::checkout::{place, shoe};
use crate::helpers::{As, expect, spawn_app};

#[tokio::test]
async fn the_overview_counts_a_placed_order_and_low_stock() {
    let app = spawn_app().await;
    let product = shoe(&app, "Kolhapuri", 4).await;
    let plenty = shoe(&app, "Mojari", 50).await;
    let order = place(&app, &product, 1).await;
    let amount = order["amount"].as_i64().expect("the order's amount");

    let stats = expect(app.get("/admin/stats", As::Admin).await, StatusCode::OK).await;
    assert_eq!(stats["success"], json!(true));
    assert_eq!(stats["today"], json!({"orders": 1, "revenue": amount}));
    assert_eq!(stats["last30Days"], json!({"orders": 1, "revenue": amount}));
    assert_eq!(stats["pendingOrders"], json!(1));

    let days = stats["revenueByDay"].as_array().unwrap();
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

    let low = stats["lowStock"].as_array().unwrap();
    let ours = low
        .iter()
        .find(|p| p["_id"] == json!(product))
        .expect("the product is low on stock");
    assert_eq!(ours["name"], json!("Kolhapuri"));
    assert_eq!(ours["quantity"], json!(3));
    assert!(low.iter().all(|p| p["_id"] != json!(plenty)));
}

#[tokio::test]
async fn the_overview_is_for_admins_only() {
    let app = spawn_app().await;
    expect(
        app.get("/admin/stats", As::Anonymous).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect(
        app.get("/admin/stats", As::Shopper).await,
        StatusCode::FORBIDDEN,
    )
    .await;
}
