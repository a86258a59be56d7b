//! Registration with a mailed code, password reset, rate limits, profiles and the users admin,
//! over HTTP on the assembled application. Codes are read from the outbox, as a local shop
//! owner would read them.

use chrono::Duration;
use paduka_application::accounts::RateLimits;
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    registering_mails_a_code_that_creates_the_account_and_the_new_shopper_signs_in,
    a_wrong_code_is_refused_and_the_right_one_still_works_even_as_a_number,
    five_wrong_tries_kill_the_code,
    a_code_expires_after_ten_minutes_and_a_new_one_can_be_asked_for,
    asking_again_within_30_seconds_is_429_and_later_a_new_code_replaces_the_old,
    an_already_registered_email_is_409_however_it_is_typed,
    registration_details_breaking_a_rule_are_400_with_the_rule,
    a_forgotten_password_is_reset_with_the_mailed_code_and_the_old_one_stops_working,
    a_reset_code_never_works_for_an_email_without_an_account,
    repeated_login_failures_are_limited_per_email_and_per_address_for_a_window,
    registration_and_forgot_password_requests_are_limited_per_email,
    requests_are_limited_per_client_address_whatever_x_forwarded_for_says,
    the_users_routes_need_a_token_and_listing_and_deleting_need_an_admin,
    the_admin_lists_every_user_without_a_password_hash,
    a_shopper_updates_their_own_profile_but_never_the_email_or_the_role,
    a_shopper_cannot_update_another_user_and_an_admin_is_told_of_unknown_ones,
    an_admin_updates_anyone_and_changes_roles_but_not_their_own,
    deleting_a_user_keeps_their_reviews_with_their_name_and_ends_their_session,
    an_admin_cannot_delete_themselves,
);

const VERIFY: &str = "Your Paduka verification code";
const RESET: &str = "Your Paduka password reset code";
const NEW_EMAIL: &str = "meera@shop.test";
const TOO_MANY: &str = "Too many attempts, please try again later";
const BAD_CODE: &str = "Invalid or expired OTP";
const BAD_LOGIN: &str = "Invalid email or password";

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

async fn register(app: &TestApp, otp: Value) -> Response {
    app.post_json("/auth/register", As::Anonymous, registration(otp))
        .await
}

/// Asks for a registration code for Meera and returns it, read from the outbox.
async fn code_for_meera(app: &TestApp) -> String {
    let body = register(app, Value::Null)
        .await
        .answers(StatusCode::OK)
        .await;
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

async fn forgot_password(app: &TestApp, email: &str) -> Response {
    let body = json!({"email": email});
    app.post_json("/auth/forgot-password", As::Anonymous, body)
        .await
}

async fn reset_password(app: &TestApp, email: &str, otp: Value, password: &str) -> Response {
    let body = json!({"email": email, "otp": otp, "password": password});
    app.post_json("/auth/reset-password", As::Anonymous, body)
        .await
}

/// The settings' rate limits, with a window of 15 minutes.
fn limits(per_email: u32, per_address: u32) -> impl FnOnce(&mut paduka_server::config::Settings) {
    move |settings| {
        settings.accounts.rate_limits = RateLimits {
            per_email,
            per_address,
            window: Duration::seconds(900),
        }
    }
}

// --- registration ---------------------------------------------------------------------------

async fn registering_mails_a_code_that_creates_the_account_and_the_new_shopper_signs_in(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let code = code_for_meera(&app).await;
    let mail = app.outbox().join("\n");
    assert!(mail.contains("It expires in 10 minutes."), "{mail}");
    assert!(
        !mail.contains("meera's password"),
        "the password is never mailed"
    );
    // Not an account yet.
    let login = app.login(NEW_EMAIL, "meera's password");
    login
        .await
        .refuses(StatusCode::UNAUTHORIZED, BAD_LOGIN)
        .await;

    let body = register(&app, json!(code)).await;
    assert_eq!(
        body.answers(StatusCode::CREATED).await,
        json!({"success": true, "message": "Email Verified Successfully"})
    );

    let body = app.login(NEW_EMAIL, "meera's password").await;
    let user = &body.answers(StatusCode::OK).await["user"];
    assert_eq!(user["name"], json!("Meera"));
    assert_eq!(user["email"], json!(NEW_EMAIL));
    assert_eq!(user["phone"], json!("9845012345"));
    assert_eq!(user["address"], json!("7 Lake Road, Bhopal"));
    assert_eq!(user["role"], json!(0));

    // The code is used up, and the e-mail is now taken.
    let again = register(&app, json!(code)).await;
    again.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    let taken = register(&app, Value::Null).await;
    taken
        .refuses(StatusCode::CONFLICT, "Already registered, please login")
        .await;
}

async fn a_wrong_code_is_refused_and_the_right_one_still_works_even_as_a_number(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let code = code_for_meera(&app).await;
    let wrong = register(&app, json!(wrong(&code))).await;
    wrong.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    // The frontend's number input may send the code as a number, losing leading zeros.
    let number: u32 = code.parse().unwrap();
    register(&app, json!(number))
        .await
        .answers(StatusCode::CREATED)
        .await;
}

async fn five_wrong_tries_kill_the_code(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let code = code_for_meera(&app).await;
    for _ in 0..5 {
        let wrong = register(&app, json!(wrong(&code))).await;
        wrong.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    }
    let right = register(&app, json!(code)).await;
    right.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    let login = app.login(NEW_EMAIL, "meera's password");
    login
        .await
        .refuses(StatusCode::UNAUTHORIZED, BAD_LOGIN)
        .await;
}

async fn a_code_expires_after_ten_minutes_and_a_new_one_can_be_asked_for(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let code = code_for_meera(&app).await;
    app.clock.advance(Duration::minutes(10));
    let expired = register(&app, json!(code)).await;
    expired.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;

    let fresh = code_for_meera(&app).await;
    register(&app, json!(fresh))
        .await
        .answers(StatusCode::CREATED)
        .await;
}

async fn asking_again_within_30_seconds_is_429_and_later_a_new_code_replaces_the_old(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let first = code_for_meera(&app).await;
    app.clock.advance(Duration::seconds(29));
    let again = register(&app, Value::Null).await;
    let again = again.answers(StatusCode::TOO_MANY_REQUESTS).await;
    assert_eq!(again["success"], json!(false));
    assert_eq!(app.outbox().len(), 1, "no second mail");

    app.clock.advance(Duration::seconds(1));
    let second = code_for_meera(&app).await;
    if second != first {
        let old = register(&app, json!(first)).await;
        old.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    }
    register(&app, json!(second))
        .await
        .answers(StatusCode::CREATED)
        .await;
}

async fn an_already_registered_email_is_409_however_it_is_typed(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let mut body = registration(Value::Null);
    body["email"] = json!(" ASHA@shop.test ");
    let taken = app.post_json("/auth/register", As::Anonymous, body).await;
    taken
        .refuses(StatusCode::CONFLICT, "Already registered, please login")
        .await;
    assert!(app.outbox().is_empty());
}

async fn registration_details_breaking_a_rule_are_400_with_the_rule(db: &TestDb) {
    let app = spawn_app_on(db).await;
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
        let refused = app.post_json("/auth/register", As::Anonymous, body).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    let not_an_object = json!([1, 2]);
    let refused = app.post_json("/auth/register", As::Anonymous, not_an_object);
    refused.await.answers(StatusCode::BAD_REQUEST).await;
    assert!(app.outbox().is_empty());
}

// --- password reset -------------------------------------------------------------------------

async fn a_forgotten_password_is_reset_with_the_mailed_code_and_the_old_one_stops_working(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let same_answer = json!({
        "success": true,
        "message": "If that email is registered, a code has been sent"
    });
    for email in [SHOPPER_EMAIL, "nobody@shop.test"] {
        let body = forgot_password(&app, email).await;
        assert_eq!(body.answers(StatusCode::OK).await, same_answer, "{email}");
        // Asking again at once is refused alike, account or not.
        let again = forgot_password(&app, email).await;
        again.answers(StatusCode::TOO_MANY_REQUESTS).await;
    }
    assert_eq!(
        app.outbox().len(),
        1,
        "only the registered e-mail gets mail"
    );
    let code = app.take_code(SHOPPER_EMAIL, RESET);

    let reset = |otp: &str, password: &'static str| {
        reset_password(&app, SHOPPER_EMAIL, json!(otp), password)
    };
    let wrong = reset(&wrong(&code), "a new password").await;
    wrong.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    let short = reset(&code, "short").await;
    short
        .refuses(
            StatusCode::BAD_REQUEST,
            "Password must be at least 8 characters",
        )
        .await;
    let body = reset(&code, "a new password").await;
    assert_eq!(
        body.answers(StatusCode::OK).await,
        json!({"success": true, "message": "Password reset successfully"})
    );

    let old = app.login(SHOPPER_EMAIL, PASSWORD).await;
    old.refuses(StatusCode::UNAUTHORIZED, BAD_LOGIN).await;
    let new = app.login(SHOPPER_EMAIL, "a new password").await;
    new.answers(StatusCode::OK).await;
    // A code resets once.
    let again = reset(&code, "yet another one").await;
    again.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
}

async fn a_reset_code_never_works_for_an_email_without_an_account(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let nobody = "nobody@shop.test";
    let asked = forgot_password(&app, nobody).await;
    asked.answers(StatusCode::OK).await;
    for otp in ["000000", "123456"] {
        let reset = reset_password(&app, nobody, json!(otp), "a new password").await;
        reset.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    }
}

// --- rate limits ----------------------------------------------------------------------------

async fn repeated_login_failures_are_limited_per_email_and_per_address_for_a_window(db: &TestDb) {
    let app = spawn_app_on_with(db, limits(3, 5)).await;
    for _ in 0..3 {
        let failed = app.login(SHOPPER_EMAIL, "wrong password").await;
        failed.refuses(StatusCode::UNAUTHORIZED, BAD_LOGIN).await;
    }
    // Even the right password is refused now, for this e-mail however it is typed.
    let limited = app.login("Asha@Shop.test", PASSWORD).await;
    limited
        .refuses(StatusCode::TOO_MANY_REQUESTS, TOO_MANY)
        .await;
    // Other e-mails from this address still get in, until the address has failed 5 times.
    let admin = app.login(ADMIN_EMAIL, PASSWORD).await;
    admin.answers(StatusCode::OK).await;
    for email in ["nobody1@shop.test", "nobody2@shop.test"] {
        let failed = app.login(email, "wrong password").await;
        failed.answers(StatusCode::UNAUTHORIZED).await;
    }
    let limited = app.login(ADMIN_EMAIL, PASSWORD).await;
    limited
        .refuses(StatusCode::TOO_MANY_REQUESTS, TOO_MANY)
        .await;

    app.clock.advance(Duration::seconds(900));
    let shopper = app.login(SHOPPER_EMAIL, PASSWORD).await;
    shopper.answers(StatusCode::OK).await;
    let admin = app.login(ADMIN_EMAIL, PASSWORD).await;
    admin.answers(StatusCode::OK).await;
}

async fn registration_and_forgot_password_requests_are_limited_per_email(db: &TestDb) {
    let app = spawn_app_on_with(db, limits(2, 50)).await;
    for _ in 0..2 {
        let asked = forgot_password(&app, "nobody@shop.test").await;
        asked.answers(StatusCode::OK).await;
        app.clock.advance(Duration::seconds(31));
    }
    let limited = forgot_password(&app, "NOBODY@shop.test").await;
    limited
        .refuses(StatusCode::TOO_MANY_REQUESTS, TOO_MANY)
        .await;

    let code = code_for_meera(&app).await;
    let wrong = register(&app, json!(wrong(&code))).await;
    wrong.refuses(StatusCode::BAD_REQUEST, BAD_CODE).await;
    let limited = register(&app, json!(code)).await;
    limited
        .refuses(StatusCode::TOO_MANY_REQUESTS, TOO_MANY)
        .await;
}

async fn requests_are_limited_per_client_address_whatever_x_forwarded_for_says(db: &TestDb) {
    let app = spawn_app_on_with(db, limits(10, 3)).await;
    let ask = |i: u32| {
        app.request(Method::POST, "/auth/forgot-password", As::Anonymous)
            .header("X-Forwarded-For", format!("198.51.100.{i}"))
            .json(&json!({"email": format!("person{i}@shop.test")}))
            .send()
    };
    for i in 0..3 {
        ask(i).await.unwrap().answers(StatusCode::OK).await;
    }
    let limited = ask(99).await.unwrap();
    limited
        .refuses(StatusCode::TOO_MANY_REQUESTS, TOO_MANY)
        .await;
}

// --- users ----------------------------------------------------------------------------------

async fn admin_id(app: &TestApp) -> String {
    let body = app.login(ADMIN_EMAIL, PASSWORD).await;
    body.answers(StatusCode::OK).await["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn update_user(app: &TestApp, id: &str, who: As<'_>, body: Value) -> Response {
    app.put_json(&format!("/user/update-user/{id}"), who, body)
        .await
}

async fn delete_user(app: &TestApp, id: &str, who: As<'_>) -> Response {
    app.get(&format!("/user/delete-user/{id}"), who).await
}

async fn users(app: &TestApp) -> Vec<Value> {
    let body = app.get("/user/get-users", As::Admin).await;
    array(&body.answers(StatusCode::OK).await["users"])
}

async fn the_users_routes_need_a_token_and_listing_and_deleting_need_an_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let shopper = app.shopper_id.clone();
    for response in [
        app.get("/user/get-users", As::Anonymous).await,
        delete_user(&app, &shopper, As::Anonymous).await,
        update_user(&app, &shopper, As::Anonymous, json!({"newname": "X"})).await,
    ] {
        let message = "Please login to continue";
        response.refuses(StatusCode::UNAUTHORIZED, message).await;
    }
    for response in [
        app.get("/user/get-users", As::Shopper).await,
        delete_user(&app, &shopper, As::Shopper).await,
    ] {
        let message = "Admin access required";
        response.refuses(StatusCode::FORBIDDEN, message).await;
    }
}

async fn the_admin_lists_every_user_without_a_password_hash(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let body = app.get("/user/get-users", As::Admin).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    let users = array(&body["users"]);
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

async fn a_shopper_updates_their_own_profile_but_never_the_email_or_the_role(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let asha = app.shopper_id.clone();
    let profile = json!({
        "newname": "Asha Verma",
        "newphone": "+91 91234 56789",
        "newaddress": "9 New Street",
        "email": "elsewhere@shop.test",
        "newemail": "elsewhere@shop.test",
    });
    let body = update_user(&app, &asha, As::Shopper, profile).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Profile Updated Successfully"));
    let user = &body["user"];
    assert_eq!(user["_id"], json!(asha));
    assert_eq!(user["name"], json!("Asha Verma"));
    assert_eq!(user["phone"], json!("9123456789"));
    assert_eq!(user["address"], json!("9 New Street"));
    assert_eq!(user["email"], json!(SHOPPER_EMAIL));
    assert_eq!(user["role"], json!(0));
    assert!(user.get("password_hash").is_none() && user.get("password").is_none());
    let login = app.login(SHOPPER_EMAIL, PASSWORD).await;
    login.answers(StatusCode::OK).await;

    for (change, status, message) in [
        (
            json!({"newrole": 1}),
            StatusCode::FORBIDDEN,
            "Only an admin can change roles",
        ),
        (
            json!({"newphone": "12345"}),
            StatusCode::BAD_REQUEST,
            "Phone must be 10 digits",
        ),
        (
            json!({"newname": ""}),
            StatusCode::BAD_REQUEST,
            "Name is required",
        ),
    ] {
        let refused = update_user(&app, &asha, As::Shopper, change).await;
        refused.refuses(status, message).await;
    }
}

async fn a_shopper_cannot_update_another_user_and_an_admin_is_told_of_unknown_ones(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let ravi = app.add_shopper("Ravi").await;
    let admin = admin_id(&app).await;
    let profile = json!({"newname": "Taken", "newphone": "9876543210", "newaddress": "X"});
    for id in [ravi.id.as_str(), admin.as_str(), "no-such-user"] {
        let refused = update_user(&app, id, As::Shopper, profile.clone()).await;
        let message = "You can only update your own profile";
        refused.refuses(StatusCode::FORBIDDEN, message).await;
    }
    let unknown = update_user(&app, "no-such-user", As::Admin, profile).await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "User not found")
        .await;
}

async fn an_admin_updates_anyone_and_changes_roles_but_not_their_own(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let ravi = app.add_shopper("Ravi").await;
    let promotion = json!({"newname": "Ravi Kumar", "newrole": "1"});
    let body = update_user(&app, &ravi.id, As::Admin, promotion).await;
    let user = &body.answers(StatusCode::OK).await["user"];
    assert_eq!(user["name"], json!("Ravi Kumar"));
    assert_eq!(user["role"], json!(1));
    assert_eq!(user["phone"], json!("9876543210"), "kept");
    let check = app.get("/auth/admin-auth", As::Account(&ravi)).await;
    assert_eq!(check.answers(StatusCode::OK).await, json!({"ok": true}));

    let no_such_role = update_user(&app, &ravi.id, As::Admin, json!({"newrole": 2})).await;
    let message = "Role must be 0 (shopper) or 1 (admin)";
    no_such_role.refuses(StatusCode::BAD_REQUEST, message).await;
    let admin = admin_id(&app).await;
    let own_role = update_user(&app, &admin, As::Admin, json!({"newrole": 0})).await;
    let message = "You cannot change your own role";
    own_role.refuses(StatusCode::BAD_REQUEST, message).await;
    // Their own profile otherwise is fine.
    let own = json!({"newaddress": "2 Shop Street", "newrole": 1});
    let own = update_user(&app, &admin, As::Admin, own).await;
    own.answers(StatusCode::OK).await;
}

async fn deleting_a_user_keeps_their_reviews_with_their_name_and_ends_their_session(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.boot("Kolhapuri").await;
    let review = json!({"comment": "Lovely", "rating": 5});
    let added = app.add_review(&product, As::Shopper, review).await;
    added.answers(StatusCode::CREATED).await;

    let deleted = delete_user(&app, &app.shopper_id, As::Admin).await;
    assert_eq!(
        deleted.answers(StatusCode::OK).await,
        json!({"success": true, "message": "User deleted successfully"})
    );

    let reviews = app.reviews(&product).await;
    assert_eq!(reviews[0]["user"], json!({"_id": null, "name": "Asha"}));
    assert_eq!(reviews[0]["comment"], json!("Lovely"));
    let body = app
        .get_product(&product)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(body["product"]["numReviews"], json!(1));

    let session = app.get("/auth/user-auth", As::Shopper).await;
    session.answers(StatusCode::UNAUTHORIZED).await;
    let again = delete_user(&app, &app.shopper_id, As::Admin).await;
    again.refuses(StatusCode::NOT_FOUND, "User not found").await;
    assert_eq!(users(&app).await.len(), 1);
}

async fn an_admin_cannot_delete_themselves(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let admin = admin_id(&app).await;
    let refused = delete_user(&app, &admin, As::Admin).await;
    let message = "You cannot delete yourself";
    refused.refuses(StatusCode::BAD_REQUEST, message).await;
    let check = app.get("/auth/admin-auth", As::Admin).await;
    check.answers(StatusCode::OK).await;
}
