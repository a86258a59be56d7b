//! Colours (decisions section 19, D44): a product's colours and each variant's, their limits,
//! stock per colour and size through orders, the documents naming the colour, exchanges to
//! another colour and returns restocking the variant they came from.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;
use crate::invoices::pdf_text;

crate::on_both_backends!(
    a_product_takes_colours_in_order_and_answers_them,
    colour_limits_are_400s_that_change_nothing,
    two_colours_of_one_shoe_in_one_order_take_stock_per_variant_and_are_named_everywhere,
    concurrent_checkouts_never_take_a_variant_below_zero,
    an_exchange_may_pick_another_colour_and_a_return_restocks_its_own_variant,
);

const TAN_AND_BLACK: &str = r##"[{"name": "Tan", "hex": "#A0522D", "photos": ["/api/v1/media/tan-1", "/api/v1/media/tan-2"]}, {"name": "Black", "hex": null, "photos": []}]"##;

/// The Monsoon Knit Slip-On in Tan and Black, each in UK 7 and UK 8 at ₹1000 a pair, with
/// `stock` per variant (Tan UK 7, Tan UK 8, Black UK 7, Black UK 8); the product.
async fn monsoon(app: &TestApp, stock: &str) -> Value {
    let category = app.category("Slip-ons").await;
    app.product(
        &[
            ("name", "Monsoon Knit Slip-On"),
            ("colors", TAN_AND_BLACK),
            ("color", "Tan,Tan,Black,Black"),
            ("type", "UK 7,UK 8,UK 7,UK 8"),
            ("price", "1000,1000,1000,1000"),
            ("category", &category),
            ("stock", stock),
        ],
        None,
    )
    .await
}

fn id_of(value: &Value) -> String {
    value["_id"].as_str().expect("an _id").to_owned()
}

async fn stock_of(app: &TestApp, product: &str) -> Value {
    let body = app.get_product(product).await.answers(StatusCode::OK).await;
    body["product"]["stock"].clone()
}

/// A cart of one pair of each variant in `variants`.
fn cart(product: &str, variants: &[u32]) -> Value {
    Value::Array(
        variants
            .iter()
            .map(|v| json!({"_id": product, "productno": v, "quantity": 1, "name": "ignored"}))
            .collect(),
    )
}

async fn a_product_takes_colours_in_order_and_answers_them(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = monsoon(&app, "2,2,2,2").await;
    assert_eq!(
        created["colors"],
        json!([
            {"name": "Tan", "hex": "#A0522D", "photos": ["/api/v1/media/tan-1", "/api/v1/media/tan-2"]},
            {"name": "Black", "hex": null, "photos": []},
        ])
    );
    assert_eq!(created["color"], json!(["Tan", "Tan", "Black", "Black"]));
    assert_eq!(created["type"], json!(["UK 7", "UK 8", "UK 7", "UK 8"]));
    let id = id_of(&created);
    let read = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(read["product"]["colors"], created["colors"]);
    assert_eq!(read["product"]["color"], created["color"]);

    // A product without colours answers none, and an empty colour per variant.
    let plain = app.shoe("Runner", 5).await;
    let plain = app.get_product(&plain).await.answers(StatusCode::OK).await;
    assert_eq!(plain["product"]["colors"], json!([]));
    assert_eq!(plain["product"]["color"], json!([""]));

    // Saved again by a form that does not send colours: the colours are kept.
    let category = created["category"]["_id"].as_str().unwrap().to_owned();
    let resave = [
        ("name", "Monsoon Knit Slip-On"),
        ("price", "1000,1000,1000,1000"),
        ("type", "UK 7,UK 8,UK 7,UK 8"),
        ("category", category.as_str()),
        ("stock", "2,2,2,2"),
    ];
    let resaved = app.update_product(&id, As::Admin, &resave).await;
    let resaved = resaved.answers(StatusCode::OK).await;
    assert_eq!(resaved["product"]["colors"], created["colors"]);
    assert_eq!(resaved["product"]["color"], created["color"]);
    // Colours sent as none: the product has none (its sizes now told apart).
    let plainer = [
        ("name", "Monsoon Knit Slip-On"),
        ("colors", "[]"),
        ("price", "1000,1000"),
        ("type", "UK 7,UK 8"),
        ("category", category.as_str()),
    ];
    let plainer = app.update_product(&id, As::Admin, &plainer).await;
    let plainer = plainer.answers(StatusCode::OK).await;
    assert_eq!(plainer["product"]["colors"], json!([]));
    assert_eq!(plainer["product"]["color"], json!(["", ""]));
}

async fn colour_limits_are_400s_that_change_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = monsoon(&app, "2,2,2,2").await;
    let id = id_of(&created);
    let category = created["category"]["_id"].as_str().unwrap().to_owned();
    let before = app.get_product(&id).await.answers(StatusCode::OK).await;

    let twenty_one = Value::Array(
        (1..=21)
            .map(|i| json!({"name": format!("Colour {i}"), "hex": null, "photos": []}))
            .collect(),
    )
    .to_string();
    let one_each = (1..=21)
        .map(|i| format!("Colour {i}"))
        .collect::<Vec<_>>()
        .join(",");
    let prices = vec!["1000"; 21].join(",");
    let sizes = vec!["UK 8"; 21].join(",");
    let many_variants = vec!["1000"; 251].join(",");
    let long_name = format!(r#"[{{"name": "{}"}}]"#, "x".repeat(41));
    let cases: Vec<(Vec<(&str, &str)>, String)> = vec![
        (
            vec![
                ("colors", twenty_one.as_str()),
                ("color", one_each.as_str()),
                ("price", prices.as_str()),
                ("type", sizes.as_str()),
            ],
            "A product can have at most 20 colours".into(),
        ),
        (
            vec![
                ("colors", TAN_AND_BLACK),
                ("color", "Tan,Tan,Black"),
                ("price", "1000,1000,1000"),
                ("type", "UK 8,UK 8,UK 8"),
            ],
            "Two variants are Tan, UK 8: each colour and size once".into(),
        ),
        (
            vec![("price", many_variants.as_str())],
            "A product can have at most 250 variants".into(),
        ),
        (
            vec![
                ("colors", r#"[{"name": "Tan", "hex": "brown"}]"#),
                ("color", "Tan"),
                ("price", "1000"),
            ],
            "Colour Tan's hex \"brown\" must be # and six hex digits, as #A0522D".into(),
        ),
        (
            vec![
                ("colors", TAN_AND_BLACK),
                ("color", "Tan,Brown"),
                ("price", "1000,1000"),
            ],
            "Variant colour \"Brown\" is not one of the product's colours".into(),
        ),
        (
            vec![("colors", "Tan"), ("price", "1000")],
            "colors must be a JSON list of colours, each {\"name\", \"hex\", \"photos\"}".into(),
        ),
        (
            vec![("colors", long_name.as_str()), ("price", "1000")],
            "Colour name must be at most 40 characters".into(),
        ),
    ];
    for (fields, message) in &cases {
        let mut form = vec![
            ("name", "Monsoon Knit Slip-On"),
            ("category", category.as_str()),
        ];
        form.extend(fields.iter().copied());
        let updated = app.update_product(&id, As::Admin, &form).await;
        updated.refuses(StatusCode::BAD_REQUEST, message).await;
        let created = app.create_product(As::Admin, &form).await;
        created.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    let after = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(after, before, "a refused form changes nothing");
    assert_eq!(app.product_names("").await, ["Monsoon Knit Slip-On"]);
}

async fn two_colours_of_one_shoe_in_one_order_take_stock_per_variant_and_are_named_everywhere(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let product = id_of(&monsoon(&app, "2,3,2,1").await);
    // Tan UK 8 and Black UK 8: one size, two colours, two lines.
    let order = app.buy(&cart(&product, &[1, 3]), 2000, None).await;
    let lines = array(&order["products"]);
    let named: Vec<(Value, Value)> = lines
        .iter()
        .map(|l| (l["color"].clone(), l["type"].clone()))
        .collect();
    assert_eq!(
        named,
        [
            (json!("Tan"), json!("UK 8")),
            (json!("Black"), json!("UK 8"))
        ]
    );
    assert_eq!(stock_of(&app, &product).await, json!([2, 2, 2, 0]));
    // Black UK 8 is sold out; Tan UK 8 is not.
    let more = app.ask_payment_for(&cart(&product, &[3]), 1000, None).await;
    more.refuses(
        StatusCode::CONFLICT,
        "Only 0 left of Monsoon Knit Slip-On (Black, UK 8)",
    )
    .await;

    // Another order of Tan UK 7 and Black UK 7, cancelled: each pair goes back to its own
    // variant.
    let other = app.buy(&cart(&product, &[0, 2]), 2000, None).await;
    assert_eq!(stock_of(&app, &product).await, json!([1, 2, 1, 0]));
    let cancelled = app.cancel_order(&id_of(&other), As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    assert_eq!(stock_of(&app, &product).await, json!([2, 2, 2, 0]));

    let id = id_of(&order);
    let invoice = app.get(&format!("/order/invoice/{id}"), As::Shopper).await;
    assert_eq!(invoice.status(), StatusCode::OK);
    let text = pdf_text(&invoice.bytes().await.unwrap());
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // The colour and size are one bracket, never broken, after the name (which may wrap).
    for wanted in ["Monsoon", "(Tan, UK 8)", "(Black, UK 8)"] {
        assert!(squeezed.contains(wanted), "{wanted:?} is not on:\n{text}");
    }
    assert!(!squeezed.contains("Size:"), "{text}");
    let placed_mail = app
        .outbox()
        .iter()
        .map(|mail| mail_text(mail))
        .find(|text| text.contains("Monsoon Knit Slip-On (Tan, UK 8)"))
        .expect("the order mail");
    assert!(
        placed_mail.contains("1 x Monsoon Knit Slip-On (Tan, UK 8)"),
        "{placed_mail}"
    );
    assert!(
        placed_mail.contains("1 x Monsoon Knit Slip-On (Black, UK 8)"),
        "{placed_mail}"
    );

    // The packing slip names both too.
    let ship = json!({"courier": "DTDC", "awb": "D1234-5678"});
    app.post_json(&format!("/shipment/create/{id}"), As::Admin, ship)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let label = app.get(&format!("/shipment/label/{id}"), As::Admin).await;
    assert_eq!(label.status(), StatusCode::OK);
    let text = pdf_text(&label.bytes().await.unwrap());
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for wanted in ["1 x Monsoon", "(Tan, UK 8)", "(Black, UK 8)"] {
        assert!(squeezed.contains(wanted), "{wanted:?} is not on:\n{text}");
    }
}

async fn concurrent_checkouts_never_take_a_variant_below_zero(db: &TestDb) {
    let app = spawn_app_on(db).await;
    // Black UK 7 has 3 pairs; Tan UK 7 (the same size in the other colour) has 5.
    let product = id_of(&monsoon(&app, "5,0,3,0").await);
    let mut shoppers = Vec::new();
    for i in 0..6 {
        shoppers.push(app.add_shopper(&format!("Buyer{i}")).await);
    }
    let at_once: Vec<_> = shoppers
        .iter()
        .map(|shopper| {
            let body = json!({
                "products": cart(&product, &[2]),
                "address": ADDRESS,
                "pincode": PINCODE,
                "amount": 1000,
            });
            let request = app
                .request(Method::POST, "/order/cod", As::Account(shopper))
                .json(&body);
            tokio::spawn(async move { request.send().await.unwrap() })
        })
        .collect();
    let mut placed = 0;
    for request in at_once {
        let response = request.await.unwrap();
        match response.status() {
            StatusCode::CREATED => placed += 1,
            StatusCode::CONFLICT => {
                response
                    .refuses(
                        StatusCode::CONFLICT,
                        "Only 0 left of Monsoon Knit Slip-On (Black, UK 7)",
                    )
                    .await;
            }
            other => panic!("an order answered {other}"),
        }
    }
    assert_eq!(placed, 3, "exactly the three pairs there were");
    assert_eq!(stock_of(&app, &product).await, json!([5, 0, 0, 0]));
}

/// The shopper's cash-on-delivery order of one pair of each of `variants`, delivered.
async fn delivered(app: &TestApp, product: &str, variants: &[u32]) -> Value {
    let amount = 1000 * variants.len() as i64;
    let order = app
        .order_cod(json!({"products": cart(product, variants), "amount": amount}))
        .await;
    app.deliver(&order).await;
    order
}

async fn an_exchange_may_pick_another_colour_and_a_return_restocks_its_own_variant(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = id_of(&monsoon(&app, "2,2,2,2").await);
    // Tan UK 8, exchanged for Black UK 8 (same price, another colour).
    let order = delivered(&app, &product, &[1]).await;
    assert_eq!(stock_of(&app, &product).await, json!([2, 1, 2, 2]));
    let body = json!({
        "orderId": order["_id"],
        "lines": [{"line": 0, "quantity": 1, "reason": "Too small", "kind": "exchange", "size": 3}],
    });
    let asked = app.post_json("/return/request", As::Shopper, body).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    let line = &ret["lines"][0];
    assert_eq!(
        (
            &line["color"],
            &line["size"],
            &line["newColor"],
            &line["newSize"]
        ),
        (
            &json!("Tan"),
            &json!("UK 8"),
            &json!("Black"),
            &json!("UK 8")
        )
    );
    // The Black UK 8 was taken with the request.
    assert_eq!(stock_of(&app, &product).await, json!([2, 1, 2, 1]));
    let ret_id = id_of(&ret);
    app.complete_return(&ret_id).await;
    // The Tan UK 8 that came back is Tan UK 8's again.
    assert_eq!(stock_of(&app, &product).await, json!([2, 2, 2, 1]));
    let mine = app.my_orders(As::Shopper).await;
    let replacement = mine
        .iter()
        .find(|o| o["replaces"] == order["_id"])
        .expect("the replacement order");
    let sent = &replacement["products"][0];
    assert_eq!(
        (&sent["color"], &sent["type"]),
        (&json!("Black"), &json!("UK 8"))
    );

    // A refund of a Black UK 7 restocks Black UK 7 only.
    let other = delivered(&app, &product, &[2]).await;
    assert_eq!(stock_of(&app, &product).await, json!([2, 2, 1, 1]));
    let body = json!({
        "orderId": other["_id"],
        "lines": [{"line": 0, "quantity": 1, "reason": "Too small", "kind": "refund"}],
    });
    let asked = app.post_json("/return/request", As::Shopper, body).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["lines"][0]["color"], json!("Black"));
    assert_eq!(ret["lines"][0]["newColor"], json!(""));
    app.complete_return(&id_of(&ret)).await;
    assert_eq!(stock_of(&app, &product).await, json!([2, 2, 2, 1]));
}
