//! Coupons: the admin's calls, a shopper applying one to the cart, and a checkout with one
//! through the sandbox (decisions D7).

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::checkout::{cart, place};
use crate::helpers::*;

crate::on_both_backends!(
    an_admin_creates_lists_updates_and_deletes_coupons,
    a_coupon_code_is_unique_ignoring_case,
    blank_limits_are_no_limits,
    coupon_admin_calls_need_an_admin,
    bad_coupons_are_refused_with_a_reason_and_nothing_is_stored,
    applying_a_coupon_prices_the_cart,
    coupons_that_do_not_apply_are_refused_with_the_reason,
    a_coupon_discounts_a_sandbox_checkout_until_the_order_is_cancelled,
    an_order_without_a_coupon_has_no_discount,
    an_order_keeps_its_coupon_when_the_coupon_is_deleted,
);

/// WELCOME10 as the admin's form sends it: 10% off orders of ₹500 or more in March 2030,
/// 100 uses, one per shopper.
fn welcome10() -> Value {
    json!({
        "code": "welcome10",
        "kind": "percent",
        "value": 10,
        "minOrder": 500,
        "start": "2030-03-01T00:00:00Z",
        "end": "2030-03-31T18:30:00Z",
        "maxUses": 100,
        "maxUsesPerUser": 1,
    })
}

fn iso(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A coupon running from yesterday for a month, with no minimum and no limits.
fn running(code: &str, kind: &str, value: i64) -> Value {
    let now = Utc::now();
    json!({
        "code": code,
        "kind": kind,
        "value": value,
        "minOrder": 0,
        "start": iso(now - Duration::days(1)),
        "end": iso(now + Duration::days(30)),
        "maxUses": null,
        "maxUsesPerUser": null,
    })
}

/// `body` with the fields of `changes` replaced.
fn with(mut body: Value, changes: Value) -> Value {
    for (field, value) in changes.as_object().unwrap() {
        body[field] = value.clone();
    }
    body
}

/// Creates the coupon as the admin; returns it.
async fn create_coupon(app: &TestApp, body: Value) -> Value {
    let created = app.create(&COUPONS, As::Admin, body).await;
    created.answers(StatusCode::CREATED).await["coupon"].clone()
}

/// Every coupon, as the admin's Coupons screen lists them.
async fn coupons(app: &TestApp) -> Vec<Value> {
    let body = app.get("/coupon/all-coupons", As::Admin).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["success"], json!(true));
    array(&body["coupons"])
}

/// The coupon with `code`, as the admin's list shows it now.
async fn listed(app: &TestApp, code: &str) -> Value {
    let all = coupons(app).await;
    let found = all.into_iter().find(|c| c["code"] == json!(code));
    found.unwrap_or_else(|| panic!("{code} is listed"))
}

fn id_of(value: &Value) -> String {
    value["_id"].as_str().unwrap().to_owned()
}

/// A product at `rupees` a pair (no discount, 20 in stock) in a category of its own; its id.
async fn shoe_at(app: &TestApp, name: &str, rupees: &str) -> String {
    let category = app.category(&format!("{name} shoes")).await;
    let fields = [
        ("name", name),
        ("price", rupees),
        ("category", &category),
        ("quantity", "20"),
    ];
    id_of(&app.product(&fields, None).await)
}

/// `POST /coupon/apply` for `code` and the cart `lines`, as `who`.
async fn apply(app: &TestApp, who: As<'_>, code: &str, lines: &Value) -> Response {
    let body = json!({"code": code, "products": lines});
    app.post_json("/coupon/apply", who, body).await
}

async fn an_admin_creates_lists_updates_and_deletes_coupons(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = app.create(&COUPONS, As::Admin, welcome10()).await;
    let created = created.answers(StatusCode::CREATED).await;
    assert_eq!(created["success"], json!(true));
    assert_eq!(created["message"], json!("Coupon created Successfully"));
    let coupon = created["coupon"].clone();
    let id = id_of(&coupon);
    let created_at = coupon["createdAt"].as_str().unwrap().to_owned();
    assert!(created_at.ends_with('Z'), "{created_at}");
    assert_eq!(
        coupon,
        json!({
            "_id": id,
            "code": "WELCOME10",
            "kind": "percent",
            "value": 10,
            "minOrder": 500,
            "start": "2030-03-01T00:00:00Z",
            "end": "2030-03-31T18:30:00Z",
            "maxUses": 100,
            "maxUsesPerUser": 1,
            "used": 0,
            "createdAt": created_at,
        })
    );

    // A minute later, a second one: listed first.
    app.clock.advance(Duration::minutes(1));
    let flat = json!({"code": "FLAT200", "kind": "amount", "value": "200", "start": "2030-04-01T10:00", "end": "2030-04-02T10:00"});
    let flat = create_coupon(&app, flat).await;
    assert_eq!(flat["minOrder"], json!(0), "no minimum when left out");
    assert_eq!(flat["maxUses"], Value::Null);
    assert_eq!(flat["maxUsesPerUser"], Value::Null);
    // A time with no offset is India time: 10:00 IST is 04:30 UTC.
    assert_eq!(flat["start"], json!("2030-04-01T04:30:00Z"));
    assert_eq!(coupons(&app).await, [flat.clone(), coupon.clone()]);

    let changed = with(
        welcome10(),
        json!({"code": "Welcome15", "value": 15, "maxUses": null}),
    );
    let updated = app.update(&COUPONS, &id, As::Admin, changed).await;
    let updated = updated.answers(StatusCode::OK).await;
    assert_eq!(updated["success"], json!(true));
    assert_eq!(updated["message"], json!("Coupon updated Successfully"));
    let expected = with(
        coupon.clone(),
        json!({"code": "WELCOME15", "value": 15, "maxUses": null}),
    );
    assert_eq!(
        updated["coupon"], expected,
        "the same id, uses and createdAt"
    );
    assert_eq!(coupons(&app).await, [flat.clone(), expected]);

    let deleted = app.remove(&COUPONS, &id, As::Admin).await;
    assert_eq!(
        deleted.answers(StatusCode::OK).await,
        json!({"success": true, "message": "Coupon deleted Successfully"})
    );
    assert_eq!(coupons(&app).await, [flat]);
    let again = app.remove(&COUPONS, &id, As::Admin).await;
    again
        .refuses(StatusCode::NOT_FOUND, "Coupon not found")
        .await;
    let gone = app.update(&COUPONS, &id, As::Admin, welcome10()).await;
    gone.refuses(StatusCode::NOT_FOUND, "Coupon not found")
        .await;
}

async fn a_coupon_code_is_unique_ignoring_case(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let welcome = create_coupon(&app, welcome10()).await;
    let message = "Coupon code already exists";
    for code in ["WELCOME10", "Welcome10", " welcome10 "] {
        let twin = with(welcome10(), json!({"code": code}));
        let refused = app.create(&COUPONS, As::Admin, twin).await;
        refused.refuses(StatusCode::CONFLICT, message).await;
    }
    let flat = create_coupon(&app, with(welcome10(), json!({"code": "FLAT200"}))).await;
    let renamed = with(welcome10(), json!({"code": "wElCoMe10"}));
    let refused = app
        .update(&COUPONS, &id_of(&flat), As::Admin, renamed)
        .await;
    refused.refuses(StatusCode::CONFLICT, message).await;
    // A coupon keeps its own code when updated.
    let same = with(welcome10(), json!({"value": 12}));
    let kept = app
        .update(&COUPONS, &id_of(&welcome), As::Admin, same)
        .await;
    kept.answers(StatusCode::OK).await;

    let codes: Vec<Value> = coupons(&app)
        .await
        .iter()
        .map(|c| c["code"].clone())
        .collect();
    assert_eq!(codes, [json!("FLAT200"), json!("WELCOME10")]);
}

/// The admin's form sends a field left blank as text: blank limits are no limits and a blank
/// minimum is none, as the OpenAPI document says (the fuzzer sends `""` and white space).
async fn blank_limits_are_no_limits(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let blank = with(
        welcome10(),
        json!({"minOrder": "", "maxUses": " ", "maxUsesPerUser": "\u{2004}\t"}),
    );
    let coupon = create_coupon(&app, blank).await;
    assert_eq!(coupon["minOrder"], json!(0));
    assert_eq!(coupon["maxUses"], json!(null));
    assert_eq!(coupon["maxUsesPerUser"], json!(null));
    // Text that is not blank and not a whole number is still refused, and changes nothing.
    let wrong = with(welcome10(), json!({"maxUsesPerUser": "one"}));
    let refused = app
        .update(&COUPONS, &id_of(&coupon), As::Admin, wrong)
        .await;
    refused
        .refuses(
            StatusCode::BAD_REQUEST,
            "Uses per shopper must be a whole number of at least 1, or empty for no limit",
        )
        .await;
    assert_eq!(
        listed(&app, "WELCOME10").await["maxUsesPerUser"],
        json!(null)
    );
}

async fn coupon_admin_calls_need_an_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let coupon = create_coupon(&app, welcome10()).await;
    let id = id_of(&coupon);
    let changed = with(welcome10(), json!({"value": 50}));
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        let other = with(welcome10(), json!({"code": "OTHER"}));
        for response in [
            app.create(&COUPONS, who, other).await,
            app.get("/coupon/all-coupons", who).await,
            app.update(&COUPONS, &id, who, changed.clone()).await,
            app.remove(&COUPONS, &id, who).await,
        ] {
            response.answers(status).await;
        }
    }
    assert_eq!(coupons(&app).await, [coupon]);
}

async fn bad_coupons_are_refused_with_a_reason_and_nothing_is_stored(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let kept = create_coupon(&app, with(welcome10(), json!({"code": "KEPT"}))).await;
    let code = "Coupon code must be 3 to 20 letters or digits";
    let percent = "A percent coupon's value must be a whole number from 1 to 90";
    let min_order = "Minimum order must be whole rupees, at least 0";
    let order = "Coupon end must be after its start";
    let cases = [
        (json!({"code": "AB"}), code),
        (json!({"code": "A".repeat(21)}), code),
        (json!({"code": "DIWALI-10"}), code),
        (
            json!({"kind": "gift"}),
            "Coupon kind must be percent or amount",
        ),
        (json!({"kind": "percent", "value": 0}), percent),
        (json!({"kind": "percent", "value": 91}), percent),
        (
            json!({"kind": "percent", "value": 10.5}),
            "Value must be a whole number",
        ),
        (
            json!({"kind": "amount", "value": 0}),
            "An amount coupon's value must be whole rupees, at least 1",
        ),
        (json!({"minOrder": -1}), min_order),
        (json!({"minOrder": 10.5}), min_order),
        (json!({"minOrder": "ten"}), min_order),
        (json!({"end": "2030-02-28T00:00:00Z"}), order),
        (json!({"end": "2030-03-01T00:00:00Z"}), order),
        (
            json!({"start": "tomorrow"}),
            "\"tomorrow\" is not a date and time like 2025-01-31T18:30",
        ),
        (
            json!({"maxUses": 0}),
            "Uses must be a whole number of at least 1, or empty for no limit",
        ),
        (
            json!({"maxUsesPerUser": -1}),
            "Uses per shopper must be a whole number of at least 1, or empty for no limit",
        ),
    ];
    for (change, message) in &cases {
        let bad = with(welcome10(), change.clone());
        let refused = app.create(&COUPONS, As::Admin, bad.clone()).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
        // The same terms as an update leave the stored coupon as it was.
        let refused = app.update(&COUPONS, &id_of(&kept), As::Admin, bad).await;
        refused.refuses(StatusCode::BAD_REQUEST, message).await;
    }
    for missing in ["code", "kind", "value", "start", "end"] {
        let mut bad = welcome10();
        bad.as_object_mut().unwrap().remove(missing);
        let refused = app.create(&COUPONS, As::Admin, bad).await;
        refused
            .refuses(StatusCode::BAD_REQUEST, "Fill all details")
            .await;
    }
    assert_eq!(coupons(&app).await, [kept]);
}

async fn applying_a_coupon_prices_the_cart(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = shoe_at(&app, "Runner", "999").await;
    create_coupon(&app, running("SAVE15", "percent", 15)).await;
    create_coupon(&app, running("FLAT5000", "amount", 5000)).await;
    create_coupon(&app, running("FLAT200", "amount", 200)).await;

    // 2 x ₹999 = ₹1998; 15% of it is ₹299.70, rounded down.
    let two = sized_cart(&product, 0, 2);
    let applied = apply(&app, As::Shopper, "SAVE15", &two).await;
    assert_eq!(
        applied.answers(StatusCode::OK).await,
        json!({"success": true, "code": "SAVE15", "subtotal": 1998, "discount": 299, "amount": 1699})
    );
    // In lower case too: the reply names the code as stored.
    let lower = apply(&app, As::Shopper, "save15", &two).await;
    assert_eq!(lower.answers(StatusCode::OK).await["code"], json!("SAVE15"));

    let flat = apply(&app, As::Shopper, "FLAT200", &two).await;
    let flat = flat.answers(StatusCode::OK).await;
    assert_eq!(
        (&flat["subtotal"], &flat["discount"], &flat["amount"]),
        (&json!(1998), &json!(200), &json!(1798))
    );
    // ₹5000 off a ₹999 cart still leaves ₹1 to pay.
    let one = sized_cart(&product, 0, 1);
    let most = apply(&app, As::Shopper, "FLAT5000", &one).await;
    assert_eq!(
        most.answers(StatusCode::OK).await,
        json!({"success": true, "code": "FLAT5000", "subtotal": 999, "discount": 998, "amount": 1})
    );

    let anonymous = apply(&app, As::Anonymous, "SAVE15", &two).await;
    anonymous.answers(StatusCode::UNAUTHORIZED).await;
    // Applying takes no use.
    assert_eq!(listed(&app, "SAVE15").await["used"], json!(0));
}

async fn coupons_that_do_not_apply_are_refused_with_the_reason(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = shoe_at(&app, "Runner", "999").await;
    let now = Utc::now();
    let soon = json!({"start": iso(now + Duration::days(1)), "end": iso(now + Duration::days(9))});
    let over = json!({"start": iso(now - Duration::days(9)), "end": iso(now - Duration::days(1))});
    create_coupon(&app, with(running("SOON", "percent", 10), soon)).await;
    create_coupon(&app, with(running("OVER", "percent", 10), over)).await;
    let big = with(running("BIG", "amount", 100), json!({"minOrder": 2000}));
    create_coupon(&app, big).await;
    let once = with(running("ONCE", "percent", 10), json!({"maxUsesPerUser": 1}));
    create_coupon(&app, once).await;

    let two = sized_cart(&product, 0, 2);
    let expired = "Invalid or expired coupon";
    for code in ["NOSUCH", "SOON", "OVER", "no-such-code"] {
        let refused = apply(&app, As::Shopper, code, &two).await;
        refused.refuses(StatusCode::BAD_REQUEST, expired).await;
    }
    // ₹1998 is under BIG's ₹2000; three pairs are not.
    let under = apply(&app, As::Shopper, "BIG", &two).await;
    let message = "Minimum order for this coupon is ₹2000";
    under.refuses(StatusCode::BAD_REQUEST, message).await;
    let three = sized_cart(&product, 0, 3);
    let enough = apply(&app, As::Shopper, "BIG", &three).await;
    assert_eq!(enough.answers(StatusCode::OK).await["amount"], json!(2897));

    // Asha uses ONCE in an order; it is then used up for her, not for Ravi.
    let first = apply(&app, As::Shopper, "ONCE", &two).await;
    first.answers(StatusCode::OK).await;
    app.buy(&two, 1799, Some("ONCE")).await;
    let again = apply(&app, As::Shopper, "once", &two).await;
    let limit = "Coupon usage limit reached";
    again.refuses(StatusCode::BAD_REQUEST, limit).await;
    let paying = app.ask_payment_for(&two, 1799, Some("ONCE")).await;
    paying.refuses(StatusCode::BAD_REQUEST, limit).await;
    let ravi = app.add_shopper("Ravi").await;
    let his = apply(&app, As::Account(&ravi), "ONCE", &two).await;
    his.answers(StatusCode::OK).await;
}

async fn a_coupon_discounts_a_sandbox_checkout_until_the_order_is_cancelled(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = shoe_at(&app, "Runner", "999").await;
    let save = create_coupon(&app, running("save15", "percent", 15)).await;
    let two = sized_cart(&product, 0, 2);

    // With the coupon, the cart's full price is no longer what it costs.
    let full = app.ask_payment_for(&two, 1998, Some("SAVE15")).await;
    let message = "Amount does not match your cart";
    full.refuses(StatusCode::CONFLICT, message).await;

    let order = app.buy(&two, 1699, Some("save15")).await;
    assert_eq!(order["subtotal"], json!(1998));
    assert_eq!(order["discount"], json!(299));
    assert_eq!(order["coupon"], json!("SAVE15"));
    assert_eq!(order["amount"], json!(1699));
    let id = id_of(&order);
    let mine = app.my_orders(As::Shopper).await;
    assert_eq!(mine.len(), 1);
    let one = app.get_order(&id, As::Shopper).await;
    let one = one.answers(StatusCode::OK).await;
    for shown in [&mine[0], &one["order"]] {
        for field in ["_id", "subtotal", "discount", "coupon", "amount"] {
            assert_eq!(shown[field], order[field], "{field}");
        }
    }

    let mail = app.take_mail(SHOPPER_EMAIL, &format!("Your Paduka order {id} is placed"));
    let mail = mail_text(&mail);
    assert!(mail.contains("Subtotal: ₹1998"), "the subtotal: {mail}");
    assert!(mail.contains("Coupon SAVE15: −₹299"), "the coupon: {mail}");
    assert!(mail.contains("Total: ₹1699"), "the total: {mail}");

    assert_eq!(listed(&app, "SAVE15").await["used"], json!(1));
    // Changing its terms keeps its uses.
    let changed = running("SAVE15", "percent", 20);
    let updated = app
        .update(&COUPONS, &id_of(&save), As::Admin, changed)
        .await;
    assert_eq!(
        updated.answers(StatusCode::OK).await["coupon"]["used"],
        json!(1)
    );

    let cancelled = app.cancel_order(&id, As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    assert_eq!(listed(&app, "SAVE15").await["used"], json!(0));
}

async fn an_order_without_a_coupon_has_no_discount(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Runner", 10).await;
    let order = place(&app, &product, 2).await;
    assert_eq!(order["amount"], json!(1800));
    assert_eq!(order["subtotal"], json!(1800));
    assert_eq!(order["discount"], json!(0));
    assert_eq!(order["coupon"], Value::Null);
    // A blank coupon is no coupon.
    let blank = app.buy(&cart(&product, 1), 900, Some("  ")).await;
    assert_eq!(blank["coupon"], Value::Null);
    assert_eq!(blank["discount"], json!(0));
    assert_eq!(blank["subtotal"], json!(900));
}

async fn an_order_keeps_its_coupon_when_the_coupon_is_deleted(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = shoe_at(&app, "Runner", "999").await;
    let flat = create_coupon(&app, running("FLAT200", "amount", 200)).await;
    let order = app
        .buy(&sized_cart(&product, 0, 1), 799, Some("FLAT200"))
        .await;
    let id = id_of(&order);
    let deleted = app.remove(&COUPONS, &id_of(&flat), As::Admin).await;
    deleted.answers(StatusCode::OK).await;

    let kept = app.get_order(&id, As::Shopper).await;
    let kept = kept.answers(StatusCode::OK).await;
    for (field, value) in [
        ("subtotal", json!(999)),
        ("discount", json!(200)),
        ("coupon", json!("FLAT200")),
        ("amount", json!(799)),
    ] {
        assert_eq!(kept["order"][field], value, "{field}");
    }
    let cancelled = app.cancel_order(&id, As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    let again = apply(&app, As::Shopper, "FLAT200", &sized_cart(&product, 0, 1)).await;
    let message = "Invalid or expired coupon";
    again.refuses(StatusCode::BAD_REQUEST, message).await;
}
