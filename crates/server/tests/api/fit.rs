//! Fit advice from returns (decisions D38): `fit` and `sizeChart` on `GET
//! /product/get-product/{id}`, `Find my size`, the overview's products that run small or
//! large, and a product's own size chart (D49).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    five_fit_returns_mostly_too_small_make_a_product_run_small_for_180_days,
    find_my_size_needs_a_foot_length_and_a_chart,
    a_product_s_own_size_chart_is_set_on_its_form_kept_and_read_by_find_my_size,
);

const SIZES: [&str; 6] = ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"];

/// A product in sizes UK 6 to UK 11, 5 pairs each, and a delivered cash-on-delivery order of
/// one pair of each size; the product's id and the order's.
async fn delivered_sizes(app: &TestApp) -> (String, String) {
    let category = app.category("Trail shoes").await;
    let fields = [
        ("name", "Trail"),
        ("type", &SIZES.join(",")),
        ("price", "1000,1000,1000,1000,1000,1000"),
        ("category", &category),
        ("stock", "5,5,5,5,5,5"),
    ];
    let product = app.product(&fields, None).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let lines: Vec<Value> = (0..SIZES.len())
        .map(|i| json!({"_id": product, "productno": i, "quantity": 1, "name": "Trail"}))
        .collect();
    let order = app
        .order_cod(json!({"products": lines, "amount": 6000}))
        .await;
    app.deliver(&order).await;
    (product, order["_id"].as_str().unwrap().to_owned())
}

/// The shopper asks to return the order's `lines` (index, reason), each to be refunded.
async fn return_lines(app: &TestApp, order: &str, lines: &[(usize, &str)]) {
    let lines: Vec<Value> = lines
        .iter()
        .map(|(line, reason)| json!({"line": line, "quantity": 1, "reason": reason, "kind": "refund"}))
        .collect();
    app.post_json(
        "/return/request",
        As::Shopper,
        json!({"orderId": order, "lines": lines}),
    )
    .await
    .answers(StatusCode::CREATED)
    .await;
}

/// `Find my size` for `id` with `query` (`?footCm=...`), as anyone asks it.
async fn find(app: &TestApp, id: &str, query: &str) -> reqwest::Response {
    app.get(&format!("/product/find-size/{id}{query}"), As::Anonymous)
        .await
}

async fn product(app: &TestApp, id: &str) -> Value {
    app.get_product(id).await.answers(StatusCode::OK).await["product"].clone()
}

async fn five_fit_returns_mostly_too_small_make_a_product_run_small_for_180_days(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (trail, order) = delivered_sizes(&app).await;
    let other = app.shoe("Jutti", 5).await;
    assert_eq!(product(&app, &trail).await["fit"], Value::Null);

    // 4 fit reasons (a damaged pair says nothing of fit): not enough.
    let four = [
        (0, "Too small"),
        (1, "Too small"),
        (2, "Too big"),
        (3, "Damaged"),
        (4, "Too big"),
    ];
    return_lines(&app, &order, &four).await;
    assert_eq!(product(&app, &trail).await["fit"], Value::Null);

    // The fifth: 3 of 5 too small is 60 %.
    return_lines(&app, &order, &[(5, "Too small")]).await;
    let trail_now = product(&app, &trail).await;
    assert_eq!(trail_now["fit"], "small");
    assert_eq!(
        trail_now["name"], "Trail",
        "the product's own fields are all there"
    );
    assert_eq!(
        trail_now["sizeChart"][0],
        json!({"size": "UK 3", "footCm": 22.0})
    );
    assert_eq!(
        trail_now["sizeChart"][4],
        json!({"size": "UK 7", "footCm": 25.4})
    );
    assert_eq!(array(&trail_now["sizeChart"]).len(), 10, "UK 3 to UK 12");
    let jutti = product(&app, &other).await;
    assert_eq!(jutti["fit"], Value::Null, "another product");
    assert_eq!(jutti["sizeChart"], Value::Null, "sized on no chart");

    // 25.8 cm is between UK 7 and UK 8: UK 8, one up for a shoe that runs small.
    let found = app
        .get(
            &format!("/product/find-size/{trail}?footCm=25.8"),
            As::Anonymous,
        )
        .await;
    assert_eq!(
        found.answers(StatusCode::OK).await,
        json!({"success": true, "size": "UK 9", "fit": "small"})
    );

    let stats = app.get("/admin/stats", As::Admin).await;
    let stats = stats.answers(StatusCode::OK).await;
    assert_eq!(
        stats["fit"],
        json!([{"_id": trail, "name": "Trail", "fit": "small", "tooSmall": 3, "tooBig": 2}])
    );

    // 180 days after they were asked for, those returns no longer count.
    app.clock
        .advance(chrono::Duration::days(180) + chrono::Duration::minutes(1));
    assert_eq!(product(&app, &trail).await["fit"], Value::Null);
}

async fn find_my_size_needs_a_foot_length_and_a_chart(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (trail, _) = delivered_sizes(&app).await;
    let found = find(&app, &trail, "?footCm=25.8").await;
    assert_eq!(
        found.answers(StatusCode::OK).await,
        json!({"success": true, "size": "UK 8", "fit": null})
    );
    let none = find(&app, &trail, "?footCm=31").await;
    assert_eq!(
        none.answers(StatusCode::OK).await,
        json!({"success": true, "size": null, "fit": null}),
        "longer than UK 12's foot"
    );
    for query in ["", "?footCm=", "?footCm=abc", "?footCm=9.9", "?footCm=41"] {
        find(&app, &trail, query)
            .await
            .refuses(
                StatusCode::BAD_REQUEST,
                "Enter your foot length in cm, from 10 to 40",
            )
            .await;
    }
    let jutti = app.shoe("Jutti", 5).await;
    find(&app, &jutti, "?footCm=25")
        .await
        .refuses(StatusCode::NOT_FOUND, "This product has no size chart")
        .await;
    find(&app, "0190a000-0000-7000-8000-000000000001", "?footCm=25")
        .await
        .refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
}

async fn a_product_s_own_size_chart_is_set_on_its_form_kept_and_read_by_find_my_size(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Espadrilles").await;
    let chart = r#"[{"size": "EU 40", "footCm": 25}, {"size": "EU 41", "footCm": "25.7"},
        {"size": "EU 42", "footCm": 26.3}]"#;
    let created = app
        .product(
            &[
                ("name", "Espadrille"),
                ("type", "EU 40,EU 41,EU 42"),
                ("price", "1500,1500,1500"),
                ("category", &category),
                ("sizeChart", chart),
            ],
            None,
        )
        .await;
    let id = created["_id"].as_str().unwrap().to_owned();
    let rows = json!([
        {"size": "EU 40", "footCm": 25.0},
        {"size": "EU 41", "footCm": 25.7},
        {"size": "EU 42", "footCm": 26.3},
    ]);
    assert_eq!(created["ownSizeChart"], rows);
    let shown = product(&app, &id).await;
    assert_eq!(
        shown["sizeChart"], rows,
        "its own chart, though the shop's names no EU size"
    );
    assert_eq!(shown["ownSizeChart"], rows);
    let found = find(&app, &id, "?footCm=25.5").await;
    assert_eq!(
        found.answers(StatusCode::OK).await,
        json!({"success": true, "size": "EU 41", "fit": null})
    );

    // The edit form with `name`, and `sizeChart` when given.
    let save = |name: &'static str, chart: Option<&'static str>| {
        let mut fields = vec![
            ("name", name),
            ("type", "EU 40,EU 41,EU 42"),
            ("price", "1500,1500,1500"),
            ("category", category.as_str()),
        ];
        fields.extend(chart.map(|chart| ("sizeChart", chart)));
        let (app, id) = (&app, &id);
        async move { app.update_product(id, As::Admin, &fields).await }
    };

    // A form without the field (an older client, or one that only renames) keeps it.
    save("Espadrille Classic", None)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(product(&app, &id).await["ownSizeChart"], rows);

    // A wrong chart is refused whole and changes nothing.
    for (bad, message) in [
        (
            r#"[{"size": "EU 41", "footCm": 26}, {"size": "EU 40", "footCm": 25}]"#,
            "A size chart's foot lengths grow with each size",
        ),
        (
            r#"[{"size": "EU 40", "footCm": 45}]"#,
            "A size chart's foot lengths are from 10 to 40 cm",
        ),
        (
            r#"[{"size": "EU 40", "footCm": 25}, {"size": "EU 40", "footCm": 26}]"#,
            "Each size of a size chart needs its own label",
        ),
        (
            r#"{"EU 40": 25}"#,
            r#"sizeChart must be a JSON list of sizes, each {"size", "footCm"}"#,
        ),
    ] {
        save("Renamed", Some(bad))
            .await
            .refuses(StatusCode::BAD_REQUEST, message)
            .await;
    }
    let unchanged = product(&app, &id).await;
    assert_eq!(unchanged["name"], "Espadrille Classic");
    assert_eq!(unchanged["ownSizeChart"], rows);

    // `[]` leaves it with none of its own: the shop's chart names no EU size.
    save("Espadrille Classic", Some("[]"))
        .await
        .answers(StatusCode::OK)
        .await;
    let plain = product(&app, &id).await;
    assert_eq!(plain["ownSizeChart"], Value::Null);
    assert_eq!(plain["sizeChart"], Value::Null);
    find(&app, &id, "?footCm=25")
        .await
        .refuses(StatusCode::NOT_FOUND, "This product has no size chart")
        .await;
}
