use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn login_returns_the_user_and_a_token_the_user_check_accepts() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/auth/login",
            As::Anonymous,
            json!({"email": "ASHA@shop.test", "password": PASSWORD}),
        )
        .await;
    let body = expect(response, StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Login successfully"));
    assert_eq!(body["user"]["email"], json!(SHOPPER_EMAIL));
    assert_eq!(body["user"]["name"], json!("Asha"));
    assert_eq!(body["user"]["role"], json!(0));
    assert_eq!(body["_id"], body["user"]["_id"]);
    assert!(body["user"].get("password").is_none() && body["user"].get("password_hash").is_none());

    let token = body["token"].as_str().unwrap();
    let check = app
        .client
        .get(app.url("/auth/user-auth"))
        .header("Authorization", token)
        .send()
        .await
        .unwrap();
    assert_eq!(expect(check, StatusCode::OK).await, json!({"ok": true}));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    for (email, password) in [
        (SHOPPER_EMAIL, "wrong password"),
        ("nobody@shop.test", PASSWORD),
        ("not-an-email", PASSWORD),
    ] {
        let response = app
            .post_json(
                "/auth/login",
                As::Anonymous,
                json!({"email": email, "password": password}),
            )
            .await;
        expect_error(
            response,
            StatusCode::UNAUTHORIZED,
            "Invalid email or password",
        )
        .await;
    }
}

#[tokio::test]
async fn login_without_its_fields_or_with_broken_json_is_a_bad_request() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/auth/login",
            As::Anonymous,
            json!({"email": SHOPPER_EMAIL}),
        )
        .await;
    expect(response, StatusCode::BAD_REQUEST).await;
    let response = app
        .client
        .post(app.url("/auth/login"))
        .header("Content-Type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    expect(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn the_user_check_refuses_a_missing_or_forged_token() {
    let app = spawn_app().await;
    for header in [
        None,
        Some("garbage"),
        Some("Bearer "),
        Some("Bearer eyJhbGciOiJIUzI1NiJ9.e30.x"),
    ] {
        let mut request = app.client.get(app.url("/auth/user-auth"));
        if let Some(value) = header {
            request = request.header("Authorization", value);
        }
        let body = expect(request.send().await.unwrap(), StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["ok"], json!(false), "{header:?}");
    }
}

#[tokio::test]
async fn a_bearer_token_works_like_the_raw_token() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/auth/user-auth"))
        .header("Authorization", format!("Bearer {}", app.shopper_token))
        .send()
        .await
        .unwrap();
    expect(response, StatusCode::OK).await;
}

#[tokio::test]
async fn the_admin_check_knows_anonymous_shoppers_and_admins_apart() {
    let app = spawn_app().await;
    let body = expect(
        app.get("/auth/admin-auth", As::Anonymous).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(body["ok"], json!(false));
    let body = expect(
        app.get("/auth/admin-auth", As::Shopper).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_eq!(body["ok"], json!(false));
    let body = expect(app.get("/auth/admin-auth", As::Admin).await, StatusCode::OK).await;
    assert_eq!(body["ok"], json!(true));
}

#[tokio::test]
async fn a_promoted_user_is_an_admin_on_the_next_request() {
    let app = spawn_app().await;
    expect(
        app.get("/auth/admin-auth", As::Shopper).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    app.services
        .api
        .auth
        .create_admin(SHOPPER_EMAIL, "Asha", PASSWORD, "9123456780", "x")
        .await
        .unwrap();
    expect(
        app.get("/auth/admin-auth", As::Shopper).await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn sellers_are_the_admins_and_only_admins_may_list_them() {
    let app = spawn_app().await;
    expect(
        app.get("/user/get-sellers", As::Anonymous).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect(
        app.get("/user/get-sellers", As::Shopper).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let body = expect(
        app.get("/user/get-sellers", As::Admin).await,
        StatusCode::OK,
    )
    .await;
    let sellers = body["sellers"].as_array().unwrap();
    assert_eq!(sellers.len(), 1);
    assert_eq!(sellers[0]["name"], json!("Shop Owner"));
    assert!(sellers[0]["_id"].is_string());
}
