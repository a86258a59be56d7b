//! Exact prices and MRP (decisions section 19, D36): each size sells at its `salePrice`, `price`
//! is its MRP and `discount` is derived; everything charged comes from the sale price.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    an_exact_sale_price_is_answered_kept_on_a_resave_and_recomputed_when_the_price_changes,
    a_sale_price_above_the_mrp_is_a_400_that_changes_nothing,
    checkout_charges_exactly_the_sale_price_and_the_order_line_says_so,
    sorting_the_price_ceiling_and_max_price_go_by_the_sale_price,
);

/// Court Classic in UK 7 and UK 8 at an MRP of ₹3,299 selling at exactly ₹1,299, 10 pairs.
async fn court_classic(app: &TestApp) -> Value {
    let category = app.category("Sneakers").await;
    app.product(
        &[
            ("name", "Court Classic"),
            ("type", "UK 7,UK 8"),
            ("price", "3299,3299"),
            ("salePrice", "1299,1299"),
            ("category", &category),
            ("quantity", "10"),
        ],
        None,
    )
    .await
}

fn id_of(value: &Value) -> &str {
    value["_id"].as_str().expect("an _id")
}

fn prices(product: &Value) -> (Value, Value, Value) {
    (
        product["price"].clone(),
        product["salePrice"].clone(),
        product["discount"].clone(),
    )
}

async fn an_exact_sale_price_is_answered_kept_on_a_resave_and_recomputed_when_the_price_changes(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let created = court_classic(&app).await;
    assert_eq!(
        prices(&created),
        (
            json!([3299.0, 3299.0]),
            json!([1299.0, 1299.0]),
            json!([60, 60])
        )
    );
    let id = id_of(&created).to_owned();
    let category = created["category"]["_id"].as_str().unwrap().to_owned();
    let form = |price: &'static str| {
        [
            ("name", "Court Classic"),
            ("type", "UK 7,UK 8"),
            ("price", price),
            ("discount", "60,60"),
            ("category", category.as_str()),
            ("quantity", "10"),
        ]
    };

    // Saved again as the spec's form sends it (price and the derived discount, no salePrice):
    // never repriced to 60 % off ₹3,299 (₹1,319.60).
    let resaved = app.update_product(&id, As::Admin, &form("3299,3299")).await;
    let resaved = resaved.answers(StatusCode::OK).await;
    assert_eq!(resaved["product"]["salePrice"], json!([1299.0, 1299.0]));

    // UK 8's MRP changes: it sells at its price less its discount; UK 7 keeps ₹1,299.
    let changed = app.update_product(&id, As::Admin, &form("3299,3499")).await;
    let changed = changed.answers(StatusCode::OK).await;
    assert_eq!(
        prices(&changed["product"]),
        (
            json!([3299.0, 3499.0]),
            json!([1299.0, 1399.6]),
            json!([60, 60])
        )
    );
    let read = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(read["product"]["salePrice"], json!([1299.0, 1399.6]));

    // A product made through the spec's calls sells at price less discount, as it always did.
    let spec = app
        .product(
            &[
                ("name", "Jutti"),
                ("price", "999.99,2499"),
                ("discount", "15,0"),
                ("category", &category),
            ],
            None,
        )
        .await;
    assert_eq!(
        prices(&spec),
        (
            json!([999.99, 2499.0]),
            json!([849.99, 2499.0]),
            json!([15, 0])
        )
    );
}

async fn a_sale_price_above_the_mrp_is_a_400_that_changes_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = court_classic(&app).await;
    let id = id_of(&created).to_owned();
    let category = created["category"]["_id"].as_str().unwrap().to_owned();
    let above = [
        ("name", "Court Classic"),
        ("type", "UK 7,UK 8"),
        ("price", "3299,3299"),
        ("salePrice", "1299,3299.01"),
        ("category", category.as_str()),
    ];
    let message = "Sale price ₹3,299.01 is above its MRP ₹3,299: nothing may sell above the MRP";
    // get-product answers more than create-product does (fit advice, the size chart).
    let before = app.get_product(&id).await.answers(StatusCode::OK).await;
    let updated = app.update_product(&id, As::Admin, &above).await;
    updated.refuses(StatusCode::BAD_REQUEST, message).await;
    let kept = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(kept, before, "a refused form changes nothing");

    let created_again = app.create_product(As::Admin, &above).await;
    created_again
        .refuses(StatusCode::BAD_REQUEST, message)
        .await;
    let short = [
        ("name", "Court Classic"),
        ("price", "3299,3299"),
        ("salePrice", "1299"),
        ("category", category.as_str()),
    ];
    let refused = app.create_product(As::Admin, &short).await;
    refused
        .refuses(
            StatusCode::BAD_REQUEST,
            "Give as many sale prices as prices (2), or none",
        )
        .await;
    assert_eq!(app.product_names("").await, ["Court Classic"]);
}

async fn checkout_charges_exactly_the_sale_price_and_the_order_line_says_so(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = court_classic(&app).await;
    let id = id_of(&product).to_owned();
    let cart = sized_cart(&id, 1, 1);
    // 60 % off ₹3,299 would be ₹1,319; the shop charges the exact ₹1,299 and nothing else.
    let wrong = app.ask_payment_for(&cart, 1319, None).await;
    wrong
        .refuses(StatusCode::CONFLICT, "Amount does not match your cart")
        .await;
    let order = app.buy(&cart, 1299, None).await;
    assert_eq!(order["amount"], json!(1299));
    let line = &order["products"][0];
    assert_eq!(
        (&line["price"], &line["salePrice"], &line["discount"]),
        (&json!(3299.0), &json!(1299.0), &json!(60))
    );
    // Repricing the product later never changes what the order says it charged.
    let category = product["category"]["_id"].as_str().unwrap().to_owned();
    let repriced = [
        ("name", "Court Classic"),
        ("type", "UK 7,UK 8"),
        ("price", "3299,3299"),
        ("salePrice", "1499,1499"),
        ("category", category.as_str()),
        ("quantity", "9"),
    ];
    let repriced = app.update_product(&id, As::Admin, &repriced).await;
    repriced.answers(StatusCode::OK).await;
    let read = app.get_order(id_of(&order), As::Shopper).await;
    let read = read.answers(StatusCode::OK).await;
    assert_eq!(read["order"]["products"][0]["salePrice"], json!(1299.0));
    assert_eq!(read["order"]["amount"], json!(1299));
}

async fn sorting_the_price_ceiling_and_max_price_go_by_the_sale_price(db: &TestDb) {
    let app = spawn_app_on(db).await;
    court_classic(&app).await;
    let category = app.category("Boots").await;
    // Dearer MRP than the Court Classic's sale price, cheaper than its MRP.
    app.product(
        &[
            ("name", "Chelsea"),
            ("price", "1500"),
            ("category", &category),
        ],
        None,
    )
    .await;
    assert_eq!(
        app.product_names("?sort=price-low").await,
        ["Court Classic", "Chelsea"]
    );
    assert_eq!(
        app.product_names("?sort=price-high").await,
        ["Chelsea", "Court Classic"]
    );
    assert_eq!(app.product_names("?maxPrice=1300").await, ["Court Classic"]);
    let list = app.get("/product/get-products", As::Anonymous).await;
    assert_eq!(
        list.answers(StatusCode::OK).await["priceCeiling"],
        json!(1500.0)
    );
}
