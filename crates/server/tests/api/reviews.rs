use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_review_is_the_signed_in_users_and_a_second_one_replaces_the_first() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let product = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            None,
        )
        .await;
    let id = product["_id"].as_str().unwrap();
    let path = format!("/review/add-review/{id}");

    // A body naming another user is ignored: the token decides who wrote it.
    let body = json!({"comment": "Lovely", "rating": 4, "user": "someone-else"});
    let first = expect(
        app.post_json(&path, As::Shopper, body).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(first["message"], json!("Review added successfully"));
    assert_eq!(first["review"]["user"]["_id"], json!(app.shopper_id));
    assert_eq!(first["review"]["user"]["name"], json!("Asha"));

    let second = expect(
        app.post_json(
            &path,
            As::Shopper,
            json!({"comment": "Even better", "rating": "5"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(second["review"]["_id"], first["review"]["_id"]);
    assert!(second["review"]["updatedAt"].as_str() > first["review"]["updatedAt"].as_str());
    expect(
        app.post_json(&path, As::Admin, json!({"comment": "Fine", "rating": 2}))
            .await,
        StatusCode::CREATED,
    )
    .await;

    let reviews = expect(
        app.get(&format!("/product/reviews/{id}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    let reviews = reviews["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), 2, "one per user");
    assert_eq!(reviews[0]["comment"], json!("Fine"), "newest first");
    assert_eq!(reviews[1]["rating"], json!(5));

    let product = expect(
        app.get(&format!("/product/get-product/{id}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(product["product"]["numReviews"], json!(2));
    assert_eq!(product["product"]["rating"], json!(3.5));
}

#[tokio::test]
async fn reviewing_needs_a_login_a_known_product_and_a_rating_from_1_to_5() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let product = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            None,
        )
        .await;
    let path = format!("/review/add-review/{}", product["_id"].as_str().unwrap());
    expect(
        app.post_json(&path, As::Anonymous, json!({"comment": "x", "rating": 5}))
            .await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    for bad in [
        json!({"comment": "x", "rating": 6}),
        json!({"comment": "x", "rating": 0}),
        json!({"comment": "x"}),
        json!({"comment": "x".repeat(2001), "rating": 3}),
        json!({"rating": "five"}),
    ] {
        expect(
            app.post_json(&path, As::Shopper, bad).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    expect_error(
        app.post_json(
            "/review/add-review/nope",
            As::Shopper,
            json!({"comment": "x", "rating": 5}),
        )
        .await,
        StatusCode::NOT_FOUND,
        "Product not found",
    )
    .await;
    let reviews = expect(
        app.get(
            &path.replace("/review/add-review/", "/product/reviews/"),
            As::Anonymous,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(reviews["reviews"], json!([]));
}
