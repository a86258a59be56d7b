//! Registration with a mailed code, password reset, rate limits, profiles and the users admin,
//! over HTTP on the assembled application. Codes are read from the outbox, as a local shop
//! owner would read them.

use chrono::Duration;
use paduka_application::accounts::RateLimits;
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

const VERIFY: &str = "Your Paduka verification code";
const RESET: &str = "Your Paduka password reset code";
const NEW_EMAIL: &str = "meera@shop.test";
const TOO_MANY: &str = "Too many attempts, please try again later";

fn registration(otp: Value) -> Value {
    json!({
        "name": "Meera",
        "email": NEW_EMAIL,
        "password": "meera's password",
        "phone": "+91 98450-12345",
        "address": "7 Lake Road, Bhopal",
        "otp": otp,
    })
}

async fn register(app: &TestApp, otp: Value) -> reqwest::Response {
    app.post_json("/auth/register", As::Anonymous, registration(otp))
        .await
}

/// Asks for a registration code for Meera and returns it, read from the outbox.
async fn code_for_meera(app: &TestApp) -> String {
    let body = expect(register(app, Value::Null).await, StatusCode::OK).await;
    assert_eq!(
        body,
        json!({"success": true, "message": "OTP sent to your email"})
    );
    app.take_code(NEW_EMAIL, VERIFY)
}

/// A code that is not `code`.
fn wrong(code: &str) -> String {
    let first = (code.as_bytes()[0] - b'0' + 1) % 10;
    format!("{first}{}", &code[1..])
}

async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post_json(
        "/auth/login",
        As::Anonymous,
        json!({"email": email, "password": password}),
    )
    .await
}

// --- registration ---------------------------------------------------------------------------

#[tokio::test]
async fn registering_mails_a_code_that_creates_the_account_and_the_new_shopper_signs_in() {
    let app = spawn_app().await;
    let code = code_for_meera(&app).await;
    let mail = app.outbox().join("\n");
    assert!(mail.contains("It expires in 10 minutes."), "{mail}");
    assert!(
        !mail.contains("meera's password"),
        "the password is never mailed"
    );
    // Not an account yet.
    expect_error(
        login(&app, NEW_EMAIL, "meera's password").await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;

    let body = expect(register(&app, json!(code)).await, StatusCode::CREATED).await;
    assert_eq!(
        body,
        json!({"success": true, "message": "Email Verified Successfully"})
    );

    let body = expect(
        login(&app, NEW_EMAIL, "meera's password").await,
        StatusCode::OK,
    )
    .await;
    let user = &body["user"];
    assert_eq!(user["name"], json!("Meera"));
    assert_eq!(user["email"], json!(NEW_EMAIL));
    assert_eq!(user["phone"], json!("9845012345"));
    assert_eq!(user["address"], json!("7 Lake Road, Bhopal"));
    assert_eq!(user["role"], json!(0));

    // The code is used up, and the e-mail is now taken.
    expect_error(
        register(&app, json!(code)).await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
    expect_error(
        register(&app, Value::Null).await,
        StatusCode::CONFLICT,
        "Already registered, please login",
    )
    .await;
}

#[tokio::test]
async fn a_wrong_code_is_refused_and_the_right_one_still_works_even_as_a_number() {
    let app = spawn_app().await;
    let code = code_for_meera(&app).await;
    expect_error(
        register(&app, json!(wrong(&code))).await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
    // The frontend's number input may send the code as a number, losing leading zeros.
    let number: u32 = code.parse().unwrap();
    expect(register(&app, json!(number)).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn five_wrong_tries_kill_the_code() {
    let app = spawn_app().await;
    let code = code_for_meera(&app).await;
    for _ in 0..5 {
        expect_error(
            register(&app, json!(wrong(&code))).await,
            StatusCode::BAD_REQUEST,
            "Invalid or expired OTP",
        )
        .await;
    }
    expect_error(
        register(&app, json!(code)).await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
    expect_error(
        login(&app, NEW_EMAIL, "meera's password").await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
}

#[tokio::test]
async fn a_code_expires_after_ten_minutes_and_a_new_one_can_be_asked_for() {
    let app = spawn_app().await;
    let code = code_for_meera(&app).await;
    app.clock.advance(Duration::minutes(10));
    expect_error(
        register(&app, json!(code)).await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;

    let fresh = code_for_meera(&app).await;
    expect(register(&app, json!(fresh)).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn asking_again_within_30_seconds_is_429_and_later_a_new_code_replaces_the_old() {
    let app = spawn_app().await;
    let first = code_for_meera(&app).await;
    app.clock.advance(Duration::seconds(29));
    let again = expect(
        register(&app, Value::Null).await,
        StatusCode::TOO_MANY_REQUESTS,
    )
    .await;
    assert_eq!(again["success"], json!(false));
    assert_eq!(app.outbox().len(), 1, "no second mail");

    app.clock.advance(Duration::seconds(1));
    let second = code_for_meera(&app).await;
    if second != first {
        expect_error(
            register(&app, json!(first)).await,
            StatusCode::BAD_REQUEST,
            "Invalid or expired OTP",
        )
        .await;
    }
    expect(register(&app, json!(second)).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn an_already_registered_email_is_409_however_it_is_typed() {
    let app = spawn_app().await;
    let mut body = registration(Value::Null);
    body["email"] = json!(" ASHA@shop.test ");
    expect_error(
        app.post_json("/auth/register", As::Anonymous, body).await,
        StatusCode::CONFLICT,
        "Already registered, please login",
    )
    .await;
    assert!(app.outbox().is_empty());
}

#[tokio::test]
async fn registration_details_breaking_a_rule_are_400_with_the_rule() {
    let app = spawn_app().await;
    let cases = [
        (
            "email",
            json!("meera-at-shop"),
            "Enter a valid email address",
        ),
        (
            "password",
            json!("short"),
            "Password must be at least 8 characters",
        ),
        ("name", json!(" "), "Name is required"),
        ("phone", json!("12345"), "Phone must be 10 digits"),
        ("phone", json!("+1 9845012345"), "Phone must be 10 digits"),
        ("address", Value::Null, "Address is required"),
    ];
    for (field, value, message) in cases {
        let mut body = registration(Value::Null);
        body[field] = value;
        expect_error(
            app.post_json("/auth/register", As::Anonymous, body).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    expect(
        app.post_json("/auth/register", As::Anonymous, json!([1, 2]))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(app.outbox().is_empty());
}

// --- password reset -------------------------------------------------------------------------

#[tokio::test]
async fn a_forgotten_password_is_reset_with_the_mailed_code_and_the_old_one_stops_working() {
    let app = spawn_app().await;
    let same_answer = json!({
        "success": true,
        "message": "If that email is registered, a code has been sent"
    });
    for email in [SHOPPER_EMAIL, "nobody@shop.test"] {
        let body = expect(
            app.post_json(
                "/auth/forgot-password",
                As::Anonymous,
                json!({"email": email}),
            )
            .await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(body, same_answer, "{email}");
        // Asking again at once is refused alike, account or not.
        expect(
            app.post_json(
                "/auth/forgot-password",
                As::Anonymous,
                json!({"email": email}),
            )
            .await,
            StatusCode::TOO_MANY_REQUESTS,
        )
        .await;
    }
    assert_eq!(
        app.outbox().len(),
        1,
        "only the registered e-mail gets mail"
    );
    let code = app.take_code(SHOPPER_EMAIL, RESET);

    let reset = |otp: Value, password: &str| json!({"email": SHOPPER_EMAIL, "otp": otp, "password": password});
    expect_error(
        app.post_json(
            "/auth/reset-password",
            As::Anonymous,
            reset(json!(wrong(&code)), "a new password"),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
    expect_error(
        app.post_json(
            "/auth/reset-password",
            As::Anonymous,
            reset(json!(code), "short"),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Password must be at least 8 characters",
    )
    .await;
    let body = expect(
        app.post_json(
            "/auth/reset-password",
            As::Anonymous,
            reset(json!(code), "a new password"),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        body,
        json!({"success": true, "message": "Password reset successfully"})
    );

    expect_error(
        login(&app, SHOPPER_EMAIL, PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    expect(
        login(&app, SHOPPER_EMAIL, "a new password").await,
        StatusCode::OK,
    )
    .await;
    // A code resets once.
    expect_error(
        app.post_json(
            "/auth/reset-password",
            As::Anonymous,
            reset(json!(code), "yet another one"),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
}

#[tokio::test]
async fn a_reset_code_never_works_for_an_email_without_an_account() {
    let app = spawn_app().await;
    expect(
        app.post_json(
            "/auth/forgot-password",
            As::Anonymous,
            json!({"email": "nobody@shop.test"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    for otp in ["000000", "123456"] {
        expect_error(
            app.post_json(
                "/auth/reset-password",
                As::Anonymous,
                json!({"email": "nobody@shop.test", "otp": otp, "password": "a new password"}),
            )
            .await,
            StatusCode::BAD_REQUEST,
            "Invalid or expired OTP",
        )
        .await;
    }
}

// --- rate limits ----------------------------------------------------------------------------

#[tokio::test]
async fn repeated_login_failures_are_limited_per_email_and_per_address_for_a_window() {
    let app = spawn_app_with(|settings| {
        settings.rate_limits = RateLimits {
            per_email: 3,
            per_address: 5,
            window: Duration::seconds(900),
        };
    })
    .await;
    for _ in 0..3 {
        expect_error(
            login(&app, SHOPPER_EMAIL, "wrong password").await,
            StatusCode::UNAUTHORIZED,
            "Invalid email or password",
        )
        .await;
    }
    // Even the right password is refused now, for this e-mail however it is typed.
    expect_error(
        login(&app, "Asha@Shop.test", PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS,
        TOO_MANY,
    )
    .await;
    // Other e-mails from this address still get in, until the address has failed 5 times.
    expect(login(&app, ADMIN_EMAIL, PASSWORD).await, StatusCode::OK).await;
    for email in ["nobody1@shop.test", "nobody2@shop.test"] {
        expect(
            login(&app, email, "wrong password").await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
    }
    expect_error(
        login(&app, ADMIN_EMAIL, PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS,
        TOO_MANY,
    )
    .await;

    app.clock.advance(Duration::seconds(900));
    expect(login(&app, SHOPPER_EMAIL, PASSWORD).await, StatusCode::OK).await;
    expect(login(&app, ADMIN_EMAIL, PASSWORD).await, StatusCode::OK).await;
}

#[tokio::test]
async fn registration_and_forgot_password_requests_are_limited_per_email() {
    let app = spawn_app_with(|settings| {
        settings.rate_limits = RateLimits {
            per_email: 2,
            per_address: 50,
            window: Duration::seconds(900),
        };
    })
    .await;
    for _ in 0..2 {
        expect(
            app.post_json(
                "/auth/forgot-password",
                As::Anonymous,
                json!({"email": "nobody@shop.test"}),
            )
            .await,
            StatusCode::OK,
        )
        .await;
        app.clock.advance(Duration::seconds(31));
    }
    expect_error(
        app.post_json(
            "/auth/forgot-password",
            As::Anonymous,
            json!({"email": "NOBODY@shop.test"}),
        )
        .await,
        StatusCode::TOO_MANY_REQUESTS,
        TOO_MANY,
    )
    .await;

    let code = code_for_meera(&app).await;
    expect_error(
        register(&app, json!(wrong(&code))).await,
        StatusCode::BAD_REQUEST,
        "Invalid or expired OTP",
    )
    .await;
    expect_error(
        register(&app, json!(code)).await,
        StatusCode::TOO_MANY_REQUESTS,
        TOO_MANY,
    )
    .await;
}

#[tokio::test]
async fn requests_are_limited_per_client_address_whatever_x_forwarded_for_says() {
    let app = spawn_app_with(|settings| {
        settings.rate_limits = RateLimits {
            per_email: 10,
            per_address: 3,
            window: Duration::seconds(900),
        };
    })
    .await;
    for i in 0..3 {
        let response = app
            .request(
                reqwest::Method::POST,
                "/auth/forgot-password",
                As::Anonymous,
            )
            .header("X-Forwarded-For", format!("198.51.100.{i}"))
            .json(&json!({"email": format!("person{i}@shop.test")}))
            .send()
            .await
            .unwrap();
        expect(response, StatusCode::OK).await;
    }
    let response = app
        .request(
            reqwest::Method::POST,
            "/auth/forgot-password",
            As::Anonymous,
        )
        .header("X-Forwarded-For", "198.51.100.99")
        .json(&json!({"email": "person9@shop.test"}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, TOO_MANY).await;
}

// --- users ----------------------------------------------------------------------------------

/// Another shopper, Ravi; returns his id.
async fn ravi(app: &TestApp) -> String {
    let now = chrono::Utc::now();
    let user = app
        .services
        .api
        .auth
        .create_user_directly(
            User {
                id: UserId::new(uuid::Uuid::now_v7().to_string()),
                name: "Ravi".into(),
                email: Email::parse("ravi@shop.test").unwrap(),
                phone: "9000000001".into(),
                address: "3 Hill Road".into(),
                role: Role::Shopper,
                password_hash: String::new(),
                created_at: now,
                updated_at: now,
            },
            PASSWORD,
        )
        .await
        .unwrap();
    user.id.to_string()
}

async fn admin_id(app: &TestApp) -> String {
    let body = expect(login(app, ADMIN_EMAIL, PASSWORD).await, StatusCode::OK).await;
    body["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_users_routes_need_a_token_and_listing_and_deleting_need_an_admin() {
    let app = spawn_app().await;
    let shopper = app.shopper_id.clone();
    let update = format!("/user/update-user/{shopper}");
    let delete = format!("/user/delete-user/{shopper}");
    for response in [
        app.get("/user/get-users", As::Anonymous).await,
        app.get(&delete, As::Anonymous).await,
        app.put_json(&update, As::Anonymous, json!({"newname": "X"}))
            .await,
    ] {
        expect_error(
            response,
            StatusCode::UNAUTHORIZED,
            "Please login to continue",
        )
        .await;
    }
    for path in ["/user/get-users", delete.as_str()] {
        expect_error(
            app.get(path, As::Shopper).await,
            StatusCode::FORBIDDEN,
            "Admin access required",
        )
        .await;
    }
}

#[tokio::test]
async fn the_admin_lists_every_user_without_a_password_hash() {
    let app = spawn_app().await;
    let body = expect(app.get("/user/get-users", As::Admin).await, StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    let users = body["users"].as_array().unwrap();
    assert_eq!(users.len(), 2);
    let asha = users
        .iter()
        .find(|u| u["email"] == json!(SHOPPER_EMAIL))
        .unwrap();
    let mut keys: Vec<&str> = asha
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "_id",
            "address",
            "createdAt",
            "email",
            "name",
            "phone",
            "role"
        ]
    );
    assert_eq!(asha["_id"], json!(app.shopper_id));
    assert_eq!(asha["role"], json!(0));
    assert!(asha["createdAt"].as_str().unwrap().ends_with('Z'));
    let text = body.to_string();
    assert!(
        !text.contains("$2b$") && !text.contains("password"),
        "{text}"
    );
}

#[tokio::test]
async fn a_shopper_updates_their_own_profile_but_never_the_email_or_the_role() {
    let app = spawn_app().await;
    let path = format!("/user/update-user/{}", app.shopper_id);
    let body = expect(
        app.put_json(
            &path,
            As::Shopper,
            json!({
                "newname": "Asha Verma",
                "newphone": "+91 91234 56789",
                "newaddress": "9 New Street",
                "email": "elsewhere@shop.test",
                "newemail": "elsewhere@shop.test",
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Profile Updated Successfully"));
    let user = &body["user"];
    assert_eq!(user["_id"], json!(app.shopper_id));
    assert_eq!(user["name"], json!("Asha Verma"));
    assert_eq!(user["phone"], json!("9123456789"));
    assert_eq!(user["address"], json!("9 New Street"));
    assert_eq!(user["email"], json!(SHOPPER_EMAIL));
    assert_eq!(user["role"], json!(0));
    assert!(user.get("password_hash").is_none() && user.get("password").is_none());
    expect(login(&app, SHOPPER_EMAIL, PASSWORD).await, StatusCode::OK).await;

    expect_error(
        app.put_json(&path, As::Shopper, json!({"newrole": 1}))
            .await,
        StatusCode::FORBIDDEN,
        "Only an admin can change roles",
    )
    .await;
    expect_error(
        app.put_json(&path, As::Shopper, json!({"newphone": "12345"}))
            .await,
        StatusCode::BAD_REQUEST,
        "Phone must be 10 digits",
    )
    .await;
    expect_error(
        app.put_json(&path, As::Shopper, json!({"newname": ""}))
            .await,
        StatusCode::BAD_REQUEST,
        "Name is required",
    )
    .await;
}

#[tokio::test]
async fn a_shopper_cannot_update_another_user_and_an_admin_is_told_of_unknown_ones() {
    let app = spawn_app().await;
    let ravi = ravi(&app).await;
    let admin = admin_id(&app).await;
    let profile = json!({"newname": "Taken", "newphone": "9876543210", "newaddress": "X"});
    for id in [ravi.as_str(), admin.as_str(), "no-such-user"] {
        expect_error(
            app.put_json(
                &format!("/user/update-user/{id}"),
                As::Shopper,
                profile.clone(),
            )
            .await,
            StatusCode::FORBIDDEN,
            "You can only update your own profile",
        )
        .await;
    }
    expect_error(
        app.put_json("/user/update-user/no-such-user", As::Admin, profile)
            .await,
        StatusCode::NOT_FOUND,
        "User not found",
    )
    .await;
}

#[tokio::test]
async fn an_admin_updates_anyone_and_changes_roles_but_not_their_own() {
    let app = spawn_app().await;
    let ravi = ravi(&app).await;
    let body = expect(
        app.put_json(
            &format!("/user/update-user/{ravi}"),
            As::Admin,
            json!({"newname": "Ravi Kumar", "newrole": "1"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["user"]["name"], json!("Ravi Kumar"));
    assert_eq!(body["user"]["role"], json!(1));
    assert_eq!(body["user"]["phone"], json!("9000000001"), "kept");
    let token = app.login_token("ravi@shop.test", PASSWORD).await;
    let check = app
        .client
        .get(app.url("/auth/admin-auth"))
        .header("Authorization", token)
        .send()
        .await
        .unwrap();
    assert_eq!(expect(check, StatusCode::OK).await, json!({"ok": true}));

    expect_error(
        app.put_json(
            &format!("/user/update-user/{ravi}"),
            As::Admin,
            json!({"newrole": 2}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Role must be 0 (shopper) or 1 (admin)",
    )
    .await;
    let admin = admin_id(&app).await;
    expect_error(
        app.put_json(
            &format!("/user/update-user/{admin}"),
            As::Admin,
            json!({"newrole": 0}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "You cannot change your own role",
    )
    .await;
    // Their own profile otherwise is fine.
    expect(
        app.put_json(
            &format!("/user/update-user/{admin}"),
            As::Admin,
            json!({"newaddress": "2 Shop Street", "newrole": 1}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn deleting_a_user_keeps_their_reviews_with_their_name_and_ends_their_session() {
    let app = spawn_app().await;
    let category = app.category("Sandals").await;
    let product = app
        .product(
            &[
                ("name", "Kolhapuri"),
                ("price", "899"),
                ("category", &category),
            ],
            None,
        )
        .await;
    let product_id = product["_id"].as_str().unwrap();
    expect(
        app.post_json(
            &format!("/review/add-review/{product_id}"),
            As::Shopper,
            json!({"comment": "Lovely", "rating": 5}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;

    let body = expect(
        app.get(&format!("/user/delete-user/{}", app.shopper_id), As::Admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        body,
        json!({"success": true, "message": "User deleted successfully"})
    );

    let reviews = expect(
        app.get(&format!("/product/reviews/{product_id}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    let review = &reviews["reviews"][0];
    assert_eq!(review["user"], json!({"_id": null, "name": "Asha"}));
    assert_eq!(review["comment"], json!("Lovely"));
    let product = expect(
        app.get(&format!("/product/get-product/{product_id}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(product["product"]["numReviews"], json!(1));

    expect(
        app.get("/auth/user-auth", As::Shopper).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect_error(
        app.get(&format!("/user/delete-user/{}", app.shopper_id), As::Admin)
            .await,
        StatusCode::NOT_FOUND,
        "User not found",
    )
    .await;
    let users = expect(app.get("/user/get-users", As::Admin).await, StatusCode::OK).await;
    assert_eq!(users["users"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn an_admin_cannot_delete_themselves() {
    let app = spawn_app().await;
    let admin = admin_id(&app).await;
    expect_error(
        app.get(&format!("/user/delete-user/{admin}"), As::Admin)
            .await,
        StatusCode::BAD_REQUEST,
        "You cannot delete yourself",
    )
    .await;
    expect(app.get("/auth/admin-auth", As::Admin).await, StatusCode::OK).await;
}
