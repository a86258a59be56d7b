//! Categories: the admin's writes and the storefront's lists.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    an_admin_creates_lists_renames_and_deletes_categories,
    category_names_are_unique_ignoring_case,
    a_category_in_use_cannot_be_deleted,
    bad_categories_are_refused_with_a_reason,
    category_writes_need_an_admin,
    the_category_page_lists_only_its_products,
);

async fn an_admin_creates_lists_renames_and_deletes_categories(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let boots = app.category("Boots").await;
    app.category("Anklets").await;

    let names: Vec<Value> = (app.categories().await.iter())
        .map(|c| c["name"].clone())
        .collect();
    assert_eq!(
        names,
        vec![json!("Anklets"), json!("Boots")],
        "sorted by name"
    );

    let renamed = json!({"name": "Winter Boots", "image": "https://img.example/b.png"});
    let body = app.update(&CATEGORIES, &boots, As::Admin, renamed).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["category"]["name"], json!("Winter Boots"));

    let body = app.remove(&CATEGORIES, &boots, As::Admin).await;
    assert_eq!(body.answers(StatusCode::OK).await["success"], json!(true));
    assert_eq!(app.categories().await.len(), 1);
}

async fn category_names_are_unique_ignoring_case(db: &TestDb) {
    let app = spawn_app_on(db).await;
    app.category("Sneakers").await;
    let taken = json!({"name": "SNEAKERS", "image": ""});
    let refused = app.create(&CATEGORIES, As::Admin, taken).await;
    refused.answers(StatusCode::CONFLICT).await;
}

async fn a_category_in_use_cannot_be_deleted(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sandals").await;
    let fields = [("name", "Slide"), ("price", "499"), ("category", &category)];
    app.product(&fields, None).await;
    let refused = app.remove(&CATEGORIES, &category, As::Admin).await;
    let body = refused.answers(StatusCode::CONFLICT).await;
    assert!(body["message"].as_str().unwrap().contains("Sandals"));
    assert_eq!(app.categories().await.len(), 1, "nothing was deleted");
}

async fn bad_categories_are_refused_with_a_reason(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for body in [
        json!({"image": "/x.png"}),
        json!({"name": "  "}),
        json!({"name": "Boots", "image": "javascript:alert(1)"}),
        json!({"name": 5}),
        // Longer than the document's `maxLength` as sent, though nothing is left once trimmed.
        json!({"name": "Boots", "image": " ".repeat(2001)}),
        json!({"name": format!("{} ", "B".repeat(60))}),
    ] {
        let refused = app.create(&CATEGORIES, As::Admin, body).await;
        refused.answers(StatusCode::BAD_REQUEST).await;
    }
    assert!(app.categories().await.is_empty(), "nothing was created");
    let missing = app
        .update(&CATEGORIES, "nope", As::Admin, json!({"name": "X"}))
        .await;
    missing.answers(StatusCode::NOT_FOUND).await;
    let missing = app.remove(&CATEGORIES, "nope", As::Admin).await;
    missing.answers(StatusCode::NOT_FOUND).await;
}

async fn category_writes_need_an_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let id = app.category("Formal").await;
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        let hacked = json!({"name": "Hacked"});
        for response in [
            app.create(&CATEGORIES, who, hacked.clone()).await,
            app.update(&CATEGORIES, &id, who, hacked).await,
            app.remove(&CATEGORIES, &id, who).await,
        ] {
            response.answers(status).await;
        }
    }
    assert_eq!(app.categories().await[0]["name"], json!("Formal"));
}

async fn the_category_page_lists_only_its_products(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let boots = app.category("Boots").await;
    let sandals = app.category("Sandals").await;
    for (name, price, category) in [("Chelsea", "2999", &boots), ("Slide", "499", &sandals)] {
        let fields = [("name", name), ("price", price), ("category", category)];
        app.product(&fields, None).await;
    }

    let page = format!("/product/category/{boots}");
    let body = app
        .get(&page, As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(body["category"]["name"], json!("Boots"));
    assert_eq!(body["count"], json!(1));
    assert_eq!(body["products"][0]["name"], json!("Chelsea"));
    let unknown = app.get("/product/category/nope", As::Anonymous).await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "Category not found")
        .await;
}
