//! Stock per size (decisions D7): the product form's `stock`, orders taking a size's
//! pairs and cancelling giving them back, the overview's low sizes and the low-stock mail.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    a_product_form_sets_stock_per_size,
    orders_take_stock_from_their_size_and_cancelling_gives_it_back,
    the_overview_lists_each_low_size,
    a_size_falling_to_the_threshold_mails_each_admin_once,
    the_low_stock_threshold_is_configurable,
);

/// Trail in UK 7, UK 8 and UK 9 at ₹1000 a pair, with `stock` (e.g. `2,1,0`) pairs per size;
/// returns the product the form answers with.
async fn trail(app: &TestApp, stock: &str) -> Value {
    let category = app.category("Trail shoes").await;
    let fields = [
        ("name", "Trail"),
        ("type", "UK 7,UK 8,UK 9"),
        ("price", "1000,1000,1000"),
        ("category", &category),
        ("stock", stock),
    ];
    app.product(&fields, None).await
}

fn id_of(value: &Value) -> String {
    value["_id"].as_str().unwrap().to_owned()
}

/// The product's stock per size and in all, as its page shows them.
async fn stock_of(app: &TestApp, product: &str) -> (Value, Value) {
    let body = app.get_product(product).await;
    let body = body.answers(StatusCode::OK).await;
    (
        body["product"]["stock"].clone(),
        body["product"]["quantity"].clone(),
    )
}

/// Buys `quantity` pairs of Trail's size `size` (₹1000 each) as the shopper; the order.
async fn buy_size(app: &TestApp, product: &str, size: u32, quantity: u32) -> Value {
    let lines = sized_cart(product, size, quantity);
    app.buy(&lines, 1000 * i64::from(quantity), None).await
}

/// `POST /payment/{amount}` for `quantity` pairs of Trail's size `size` as the shopper.
async fn ask_size(app: &TestApp, product: &str, size: u32, quantity: u32) -> Response {
    let lines = sized_cart(product, size, quantity);
    let amount = 1000 * i64::from(quantity);
    app.ask_payment_for(&lines, amount, None).await
}

/// The low-stock mails in the outbox so far.
fn low_stock_mails(app: &TestApp) -> usize {
    let outbox = app.outbox();
    outbox
        .iter()
        .filter(|mail| mail.contains("\r\nSubject: Low stock:"))
        .count()
}

async fn a_product_form_sets_stock_per_size(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = trail(&app, "2,1,0").await;
    assert_eq!(created["type"], json!(["UK 7", "UK 8", "UK 9"]));
    assert_eq!(created["stock"], json!([2, 1, 0]));
    assert_eq!(created["quantity"], json!(3), "the sizes' total");
    let id = id_of(&created);
    let shown = app.get_product(&id).await.answers(StatusCode::OK).await;
    // Its page also reads its fit advice and size chart (decisions D38).
    let mut shown = shown["product"].clone();
    let fields = shown.as_object_mut().unwrap();
    assert!(fields.remove("fit").is_some() && fields.remove("sizeChart").is_some());
    assert_eq!(shown, created);

    // Without `stock`, one pool as before.
    let pooled = app.shoe("Runner", 5).await;
    assert_eq!(stock_of(&app, &pooled).await, (Value::Null, json!(5)));

    let category = app.category("Court shoes").await;
    for (stock, message) in [
        ("2,1", "Give as many stock numbers as prices (3), or none"),
        (
            "2,1,0,4",
            "Give as many stock numbers as prices (3), or none",
        ),
        ("2,x,0", "Stock must be a whole number of at least 0"),
        ("2,-1,0", "Stock must be a whole number of at least 0"),
    ] {
        let fields = [
            ("name", "Court"),
            ("type", "UK 7,UK 8,UK 9"),
            ("price", "1000,1000,1000"),
            ("category", category.as_str()),
            ("stock", stock),
        ];
        let refused = app.create_product(As::Admin, &fields).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    assert_eq!(app.product_names("").await, ["Runner", "Trail"]);
}

async fn orders_take_stock_from_their_size_and_cancelling_gives_it_back(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = id_of(&trail(&app, "2,1,0").await);

    let two = ask_size(&app, &product, 1, 2).await;
    let message = "Only 1 left of Trail (UK 8)";
    two.refuses(StatusCode::CONFLICT, message).await;
    let sold_out = ask_size(&app, &product, 2, 1).await;
    let message = "Only 0 left of Trail (UK 9)";
    sold_out.refuses(StatusCode::CONFLICT, message).await;

    let order = buy_size(&app, &product, 1, 1).await;
    assert_eq!(order["products"][0]["type"], json!("UK 8"));
    // The last UK 8 is gone; UK 7 is untouched.
    assert_eq!(stock_of(&app, &product).await, (json!([2, 0, 0]), json!(2)));
    let again = ask_size(&app, &product, 1, 1).await;
    let message = "Only 0 left of Trail (UK 8)";
    again.refuses(StatusCode::CONFLICT, message).await;

    let cancelled = app.cancel_order(&id_of(&order), As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    assert_eq!(stock_of(&app, &product).await, (json!([2, 1, 0]), json!(3)));
}

async fn the_overview_lists_each_low_size(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = id_of(&trail(&app, "9,1,0").await);
    let pooled = app.shoe("Runner", 3).await;

    let stats = app.get("/admin/stats", As::Admin).await;
    let low = array(&stats.answers(StatusCode::OK).await["lowStock"]);
    let sizes: Vec<&Value> = low.iter().filter(|l| l["_id"] == json!(product)).collect();
    assert_eq!(
        sizes,
        [
            &json!({"_id": product, "name": "Trail", "size": "UK 9", "quantity": 0}),
            &json!({"_id": product, "name": "Trail", "size": "UK 8", "quantity": 1}),
        ],
        "the low sizes, fewest first; UK 7's nine pairs are not low"
    );
    let runner = low.iter().find(|l| l["_id"] == json!(pooled));
    assert_eq!(
        runner,
        Some(&json!({"_id": pooled, "name": "Runner", "size": null, "quantity": 3}))
    );
}

async fn a_size_falling_to_the_threshold_mails_each_admin_once(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let second = "second@shop.test";
    let auth = &app.services.api.auth;
    let added = auth.create_admin(
        second,
        "Second Admin",
        PASSWORD,
        "9876543211",
        "2 Shop Street",
    );
    added.await.expect("a second admin");
    let product = id_of(&trail(&app, "7,20,0").await);

    // 7 -> 5 pairs of UK 7: down to the threshold (5), so each admin hears of it.
    let first = buy_size(&app, &product, 0, 2).await;
    for admin in [ADMIN_EMAIL, second] {
        let mail = app.take_mail(admin, "Low stock: Trail (UK 7)");
        let text = mail_text(&mail);
        assert!(text.contains("5 pairs left of Trail (UK 7)"), "{text}");
        assert!(text.contains(&product), "the product's id: {text}");
    }
    assert_eq!(low_stock_mails(&app), 2, "no one else, nothing twice");

    // Further down, and another size still above it: no new mail.
    let second_order = buy_size(&app, &product, 0, 1).await;
    buy_size(&app, &product, 1, 1).await;
    assert_eq!(low_stock_mails(&app), 2);

    // Back above the threshold by cancelling, then down again: a new crossing.
    for order in [&first, &second_order] {
        let cancelled = app.cancel_order(&id_of(order), As::Shopper).await;
        cancelled.answers(StatusCode::OK).await;
    }
    buy_size(&app, &product, 0, 3).await;
    for admin in [ADMIN_EMAIL, second] {
        let mail = mail_text(&app.take_mail(admin, "Low stock: Trail (UK 7)"));
        assert!(mail.contains("4 pairs left of Trail (UK 7)"), "{mail}");
    }
    assert_eq!(low_stock_mails(&app), 4);
}

async fn the_low_stock_threshold_is_configurable(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| settings.shop.low_stock_threshold = 1).await;
    let product = id_of(&trail(&app, "3,0,0").await);
    buy_size(&app, &product, 0, 1).await;
    assert_eq!(low_stock_mails(&app), 0, "two pairs are not low");
    buy_size(&app, &product, 0, 1).await;
    let mail = mail_text(&app.take_mail(ADMIN_EMAIL, "Low stock: Trail (UK 7)"));
    assert!(mail.contains("1 pair left of Trail (UK 7)"), "{mail}");
}
