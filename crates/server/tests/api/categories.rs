use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn an_admin_creates_lists_renames_and_deletes_categories() {
    let app = spawn_app().await;
    let boots = app.category("Boots").await;
    app.category("Anklets").await;

    let body = expect(
        app.get("/category/all-categories", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    let names: Vec<_> = body["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].clone())
        .collect();
    assert_eq!(
        names,
        vec![json!("Anklets"), json!("Boots")],
        "sorted by name"
    );

    let response = app
        .put_json(
            &format!("/category/update-category/{boots}"),
            As::Admin,
            json!({"name": "Winter Boots", "image": "https://img.example/b.png"}),
        )
        .await;
    let body = expect(response, StatusCode::OK).await;
    assert_eq!(body["category"]["name"], json!("Winter Boots"));

    let body = expect(
        app.get(&format!("/category/delete-category/{boots}"), As::Admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["success"], json!(true));
    let body = expect(
        app.get("/category/all-categories", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["categories"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn category_names_are_unique_ignoring_case() {
    let app = spawn_app().await;
    app.category("Sneakers").await;
    let response = app
        .post_json(
            "/category/create-category",
            As::Admin,
            json!({"name": "SNEAKERS", "image": ""}),
        )
        .await;
    expect(response, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn a_category_in_use_cannot_be_deleted() {
    let app = spawn_app().await;
    let category = app.category("Sandals").await;
    app.product(
        &[("name", "Slide"), ("price", "499"), ("category", &category)],
        None,
    )
    .await;
    let response = app
        .get(&format!("/category/delete-category/{category}"), As::Admin)
        .await;
    let body = expect(response, StatusCode::CONFLICT).await;
    assert!(body["message"].as_str().unwrap().contains("Sandals"));
    let body = expect(
        app.get("/category/all-categories", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        body["categories"].as_array().unwrap().len(),
        1,
        "nothing was deleted"
    );
}

#[tokio::test]
async fn bad_categories_are_refused_with_a_reason() {
    let app = spawn_app().await;
    for body in [
        json!({"image": "/x.png"}),
        json!({"name": "  "}),
        json!({"name": "Boots", "image": "javascript:alert(1)"}),
        json!({"name": 5}),
    ] {
        let response = app
            .post_json("/category/create-category", As::Admin, body.clone())
            .await;
        expect(response, StatusCode::BAD_REQUEST).await;
    }
    let missing = app
        .put_json(
            "/category/update-category/nope",
            As::Admin,
            json!({"name": "X"}),
        )
        .await;
    expect(missing, StatusCode::NOT_FOUND).await;
    expect(
        app.get("/category/delete-category/nope", As::Admin).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn category_writes_need_an_admin() {
    let app = spawn_app().await;
    let id = app.category("Formal").await;
    for who in [As::Anonymous, As::Shopper] {
        let status = match who {
            As::Anonymous => StatusCode::UNAUTHORIZED,
            _ => StatusCode::FORBIDDEN,
        };
        expect(
            app.post_json("/category/create-category", who, json!({"name": "Hacked"}))
                .await,
            status,
        )
        .await;
        expect(
            app.put_json(
                &format!("/category/update-category/{id}"),
                who,
                json!({"name": "Hacked"}),
            )
            .await,
            status,
        )
        .await;
        expect(
            app.get(&format!("/category/delete-category/{id}"), who)
                .await,
            status,
        )
        .await;
    }
    let body = expect(
        app.get("/category/all-categories", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["categories"][0]["name"], json!("Formal"));
}

#[tokio::test]
async fn the_category_page_lists_only_its_products() {
    let app = spawn_app().await;
    let boots = app.category("Boots").await;
    let sandals = app.category("Sandals").await;
    app.product(
        &[("name", "Chelsea"), ("price", "2999"), ("category", &boots)],
        None,
    )
    .await;
    app.product(
        &[("name", "Slide"), ("price", "499"), ("category", &sandals)],
        None,
    )
    .await;

    let body = expect(
        app.get(&format!("/product/category/{boots}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["category"]["name"], json!("Boots"));
    assert_eq!(body["count"], json!(1));
    assert_eq!(body["products"][0]["name"], json!("Chelsea"));
    expect_error(
        app.get("/product/category/nope", As::Anonymous).await,
        StatusCode::NOT_FOUND,
        "Category not found",
    )
    .await;
}
