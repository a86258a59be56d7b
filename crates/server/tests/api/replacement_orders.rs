//! The replacement order of a size exchange over HTTP (decisions D24, spec section 16): made
//! once when the old pair is picked up, listed with the shopper's orders as `replaces` the
//! first one for ₹0, without an invoice, never cancelled, not counted among open cash on
//! delivery orders, and shipped with a slip that says what it exchanges.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;
use crate::invoices::pdf_text;

crate::on_both_backends!(
    a_picked_up_exchange_ships_as_a_replacement_order_for_nothing,
    a_return_of_refunds_only_makes_no_replacement_order,
);

/// Mojari in UK 7, UK 8 and UK 9 at ₹1000 a pair, two of each; its id.
async fn mojari(app: &TestApp) -> String {
    let category = app.category("Mojari shoes").await;
    let fields = [
        ("name", "Mojari"),
        ("type", "UK 7,UK 8,UK 9"),
        ("price", "1000,1000,1000"),
        ("category", &category),
        ("stock", "2,2,2"),
    ];
    app.product(&fields, None).await["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The shopper's cash-on-delivery order of `lines` for `amount`, delivered.
async fn delivered_cod(app: &TestApp, lines: Value, amount: i64) -> Value {
    let order = app
        .order_cod(json!({"products": lines, "amount": amount}))
        .await;
    app.deliver(&order).await;
    order
}

async fn step(app: &TestApp, name: &str, ret: &Value) -> Value {
    let id = ret["_id"].as_str().unwrap();
    let path = format!("/return/{name}/{id}");
    let response = app.put_json(&path, As::Admin, json!({})).await;
    response.answers(StatusCode::OK).await["return"].clone()
}

/// The product's stock per size, as its page shows it.
async fn sizes(app: &TestApp, product: &str) -> Value {
    let body = app.get_product(product).await.answers(StatusCode::OK).await;
    body["product"]["stock"].clone()
}

async fn a_picked_up_exchange_ships_as_a_replacement_order_for_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = mojari(&app).await;
    let order = delivered_cod(&app, sized_cart(&product, 0, 1), 1000).await;
    let original = order["_id"].as_str().unwrap();
    assert_eq!(order["replaces"], Value::Null);
    let body = json!({
        "orderId": original,
        "lines": [{"line": 0, "quantity": 1, "reason": "Too small", "kind": "exchange", "size": 1}],
    });
    let asked = app.post_json("/return/request", As::Shopper, body).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["replacementOrderId"], Value::Null);
    // The UK 8 was taken with the request.
    assert_eq!(sizes(&app, &product).await, json!([1, 1, 2]));
    let approved = step(&app, "approve", &ret).await;
    assert_eq!(approved["replacementOrderId"], Value::Null);

    let picked = step(&app, "picked-up", &ret).await;
    assert_eq!(picked["status"], "Picked up");
    let replacement = picked["replacementOrderId"]
        .as_str()
        .expect("the replacement order's id")
        .to_owned();
    // Asked again: the same return, no second order.
    let again = step(&app, "picked-up", &ret).await;
    assert_eq!(again["replacementOrderId"], json!(replacement));
    // It takes no stock: the request did.
    assert_eq!(sizes(&app, &product).await, json!([1, 1, 2]));
    // Nor is it a sale: the overview's UK 8 has none sold, only the UK 7 it returned.
    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(
        stats["returns"]["bySize"],
        json!([{"size": "UK 7", "returned": 1, "sold": 1, "rate": 1.0}])
    );

    let mine = app.my_orders(As::Shopper).await;
    assert_eq!(mine.len(), 2, "{mine:?}");
    let new = mine
        .iter()
        .find(|o| o["_id"] == json!(replacement))
        .expect("the replacement is among the shopper's orders");
    assert_eq!(new["replaces"], json!(original));
    assert_eq!(
        (&new["amount"], &new["subtotal"], &new["discount"]),
        (&json!(0), &json!(0), &json!(0))
    );
    assert_eq!(
        (&new["paymentMethod"], &new["paid"], &new["paymentId"]),
        (&json!("cod"), &json!(true), &Value::Null)
    );
    assert_eq!(new["invoiceNo"], Value::Null);
    assert_eq!(new["creditUsed"], 0);
    assert_eq!(new["status"], "Confirmed");
    assert_eq!(new["address"], ADDRESS);
    let line = &new["products"][0];
    assert_eq!(
        (
            &line["_id"],
            &line["type"],
            &line["quantity"],
            &line["price"]
        ),
        (&json!(product), &json!("UK 8"), &json!(1), &json!(1000.0))
    );

    let invoice = format!("/order/invoice/{replacement}");
    expect_error(
        app.get(&invoice, As::Shopper).await,
        StatusCode::NOT_FOUND,
        "No invoice for this order",
    )
    .await;
    for who in [As::Shopper, As::Admin] {
        expect_error(
            app.cancel_order(&replacement, who).await,
            StatusCode::CONFLICT,
            "Replacement orders cannot be cancelled",
        )
        .await;
    }

    // Paid, it is not an open cash-on-delivery order: three more may be placed, not four.
    let chappal = app.shoe("Chappal", 10).await;
    for _ in 0..3 {
        let body = json!({"products": sized_cart(&chappal, 0, 1), "address": ADDRESS, "pincode": PINCODE, "amount": 900});
        let placed = app.post_json("/order/cod", As::Shopper, body).await;
        placed.answers(StatusCode::CREATED).await;
    }
    let body = json!({"products": sized_cart(&chappal, 0, 1), "address": ADDRESS, "pincode": PINCODE, "amount": 900});
    expect_error(
        app.post_json("/order/cod", As::Shopper, body).await,
        StatusCode::CONFLICT,
        "Too many unpaid cash on delivery orders",
    )
    .await;

    // Shipped by hand like any order; its slip says what it exchanges, and nothing to collect.
    let ship = json!({"courier": "DTDC", "awb": "D1234-5678"});
    app.post_json(&format!("/shipment/create/{replacement}"), As::Admin, ship)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let label = app
        .get(&format!("/shipment/label/{replacement}"), As::Admin)
        .await;
    assert_eq!(label.status(), StatusCode::OK);
    let text = pdf_text(&label.bytes().await.unwrap());
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for wanted in [
        format!("Exchange for order {original}"),
        "Mojari (UK 8)".to_owned(),
        "Prepaid".to_owned(),
    ] {
        assert!(squeezed.contains(&wanted), "{wanted:?} not on:\n{text}");
    }
    assert!(!text.contains("Collect"), "{text}");
    // Still not cancellable once shipped, for the same reason.
    expect_error(
        app.cancel_order(&replacement, As::Shopper).await,
        StatusCode::CONFLICT,
        "Replacement orders cannot be cancelled",
    )
    .await;
}

async fn a_return_of_refunds_only_makes_no_replacement_order(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = mojari(&app).await;
    let order = delivered_cod(&app, sized_cart(&product, 0, 1), 1000).await;
    let body = json!({
        "orderId": order["_id"],
        "lines": [{"line": 0, "quantity": 1, "reason": "Damaged", "kind": "refund"}],
    });
    let asked = app.post_json("/return/request", As::Shopper, body).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    step(&app, "approve", &ret).await;
    let picked = step(&app, "picked-up", &ret).await;
    assert_eq!(picked["status"], "Picked up");
    assert_eq!(picked["replacementOrderId"], Value::Null);
    assert_eq!(app.my_orders(As::Shopper).await.len(), 1);
}
