//! Signing in, and the two checks the frontend's guards call.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

crate::on_both_backends!(
    login_returns_the_user_and_a_token_the_user_check_accepts,
    a_wrong_password_and_an_unknown_email_get_the_same_answer,
    login_without_its_fields_or_with_broken_json_is_a_bad_request,
    the_user_check_refuses_a_missing_or_forged_token,
    a_bearer_token_works_like_the_raw_token,
    the_admin_check_knows_anonymous_shoppers_and_admins_apart,
    a_promoted_user_is_an_admin_on_the_next_request,
    sellers_are_the_admins_and_only_admins_may_list_them,
);

/// `GET /auth/user-auth` with `authorization` as the header, if any.
async fn user_check(app: &TestApp, authorization: Option<&str>) -> reqwest::Response {
    let mut request = app.request(reqwest::Method::GET, "/auth/user-auth", As::Anonymous);
    if let Some(value) = authorization {
        request = request.header("Authorization", value);
    }
    request.send().await.unwrap()
}

async fn login_returns_the_user_and_a_token_the_user_check_accepts(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let body = app.login("ASHA@shop.test", PASSWORD).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Login successfully"));
    assert_eq!(body["user"]["email"], json!(SHOPPER_EMAIL));
    assert_eq!(body["user"]["name"], json!("Asha"));
    assert_eq!(body["user"]["role"], json!(0));
    assert_eq!(body["_id"], body["user"]["_id"]);
    assert!(body["user"].get("password").is_none() && body["user"].get("password_hash").is_none());

    let check = user_check(&app, body["token"].as_str()).await;
    assert_eq!(check.answers(StatusCode::OK).await, json!({"ok": true}));
}

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for (email, password) in [
        (SHOPPER_EMAIL, "wrong password"),
        ("nobody@shop.test", PASSWORD),
        ("not-an-email", PASSWORD),
    ] {
        let refused = app.login(email, password).await;
        let message = "Invalid email or password";
        refused.refuses(StatusCode::UNAUTHORIZED, message).await;
    }
}

async fn login_without_its_fields_or_with_broken_json_is_a_bad_request(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let no_password = json!({"email": SHOPPER_EMAIL});
    let refused = app.post_json("/auth/login", As::Anonymous, no_password);
    refused.await.answers(StatusCode::BAD_REQUEST).await;
    let broken = (app.request(reqwest::Method::POST, "/auth/login", As::Anonymous))
        .header("Content-Type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    broken.answers(StatusCode::BAD_REQUEST).await;
}

async fn the_user_check_refuses_a_missing_or_forged_token(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for header in [
        None,
        Some("garbage"),
        Some("Bearer "),
        Some("Bearer eyJhbGciOiJIUzI1NiJ9.e30.x"),
    ] {
        let body = user_check(&app, header).await;
        let body = body.answers(StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["ok"], json!(false), "{header:?}");
    }
}

async fn a_bearer_token_works_like_the_raw_token(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let bearer = format!("Bearer {}", app.shopper_token);
    let check = user_check(&app, Some(&bearer)).await;
    check.answers(StatusCode::OK).await;
}

async fn the_admin_check_knows_anonymous_shoppers_and_admins_apart(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for (who, status, ok) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED, false),
        (As::Shopper, StatusCode::FORBIDDEN, false),
        (As::Admin, StatusCode::OK, true),
    ] {
        let body = app.get("/auth/admin-auth", who).await;
        assert_eq!(body.answers(status).await["ok"], json!(ok));
    }
}

async fn a_promoted_user_is_an_admin_on_the_next_request(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let check = app.get("/auth/admin-auth", As::Shopper).await;
    check.answers(StatusCode::FORBIDDEN).await;
    app.services
        .api
        .auth
        .create_admin(SHOPPER_EMAIL, "Asha", PASSWORD, "9123456780", "x")
        .await
        .unwrap();
    let check = app.get("/auth/admin-auth", As::Shopper).await;
    check.answers(StatusCode::OK).await;
}

async fn sellers_are_the_admins_and_only_admins_may_list_them(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        app.get("/user/get-sellers", who)
            .await
            .answers(status)
            .await;
    }
    let body = app.get("/user/get-sellers", As::Admin).await;
    let sellers = array(&body.answers(StatusCode::OK).await["sellers"]);
    assert_eq!(sellers.len(), 1);
    assert_eq!(sellers[0]["name"], json!("Shop Owner"));
    assert!(sellers[0]["_id"].is_string());
}
