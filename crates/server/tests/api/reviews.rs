//! Reviews: one per shopper per product, written by whoever the token names.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

crate::on_both_backends!(
    a_review_is_the_signed_in_users_and_a_second_one_replaces_the_first,
    reviewing_needs_a_login_a_known_product_and_a_rating_from_1_to_5,
);

async fn a_review_is_the_signed_in_users_and_a_second_one_replaces_the_first(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let id = app.boot("Chelsea").await;

    // A body naming another user is ignored: the token decides who wrote it.
    let review = json!({"comment": "Lovely", "rating": 4, "user": "someone-else"});
    let first = app.add_review(&id, As::Shopper, review).await;
    let first = first.answers(StatusCode::CREATED).await;
    assert_eq!(first["message"], json!("Review added successfully"));
    assert_eq!(first["review"]["user"]["_id"], json!(app.shopper_id));
    assert_eq!(first["review"]["user"]["name"], json!("Asha"));

    // Later, as a shopper would come back: two writes in one millisecond would tie.
    app.clock.advance(chrono::Duration::seconds(1));
    let better = json!({"comment": "Even better", "rating": "5"});
    let second = app.add_review(&id, As::Shopper, better).await;
    let second = second.answers(StatusCode::CREATED).await;
    assert_eq!(second["review"]["_id"], first["review"]["_id"]);
    assert!(second["review"]["updatedAt"].as_str() > first["review"]["updatedAt"].as_str());
    app.clock.advance(chrono::Duration::seconds(1));
    let admins = json!({"comment": "Fine", "rating": 2});
    let admins = app.add_review(&id, As::Admin, admins).await;
    admins.answers(StatusCode::CREATED).await;

    let reviews = app.reviews(&id).await;
    assert_eq!(reviews.len(), 2, "one per user");
    assert_eq!(reviews[0]["comment"], json!("Fine"), "newest first");
    assert_eq!(reviews[1]["rating"], json!(5));

    let product = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(product["product"]["numReviews"], json!(2));
    assert_eq!(product["product"]["rating"], json!(3.5));
}

async fn reviewing_needs_a_login_a_known_product_and_a_rating_from_1_to_5(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let id = app.boot("Chelsea").await;
    let fine = json!({"comment": "x", "rating": 5});
    let anonymous = app.add_review(&id, As::Anonymous, fine.clone()).await;
    anonymous.answers(StatusCode::UNAUTHORIZED).await;
    for bad in [
        json!({"comment": "x", "rating": 6}),
        json!({"comment": "x", "rating": 0}),
        json!({"comment": "x"}),
        json!({"comment": "x".repeat(2001), "rating": 3}),
        json!({"rating": "five"}),
    ] {
        let refused = app.add_review(&id, As::Shopper, bad).await;
        refused.answers(StatusCode::BAD_REQUEST).await;
    }
    let unknown = app.add_review("nope", As::Shopper, fine).await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
    assert!(app.reviews(&id).await.is_empty());
}
