//! Returns over HTTP (decisions D24, spec section 16): who may ask and for what, the admin's
//! steps in order (the same step again changes nothing), the refund paid once however often
//! completion is called, and the lists.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::invoices::pdf_text;

crate::on_both_backends!(
    the_owner_of_a_delivered_order_asks_within_the_window_for_what_was_ordered,
    an_online_return_goes_through_its_steps_in_order_and_is_refunded_once,
    a_cash_on_delivery_return_is_paid_out_to_a_bank_with_its_reference,
    the_shopper_cancels_before_pickup_and_the_admin_rejects_with_a_note,
    a_cash_on_delivery_return_is_refunded_to_store_credit_once_with_its_credit_note,
    a_thirty_day_window_is_offered_and_granted_on_day_29_and_neither_on_day_31,
);

/// The shopper's cash-on-delivery order of two pairs of a new shoe (₹900 each, 5 in stock);
/// the order and the product's id.
async fn cod_order(app: &TestApp, name: &str) -> (Value, String) {
    let product = app.shoe(name, 5).await;
    let body = json!({"products": sized_cart(&product, 0, 2), "amount": 1800});
    (app.order_cod(body).await, product)
}

/// A request for `quantity` pairs of the order's first line, to be refunded.
fn asking(order: &Value, quantity: u32, reason: &str) -> Value {
    json!({
        "orderId": order["_id"],
        "lines": [{"line": 0, "quantity": quantity, "reason": reason, "kind": "refund"}],
    })
}

async fn request(app: &TestApp, who: As<'_>, body: Value) -> reqwest::Response {
    app.post_json("/return/request", who, body).await
}

/// `PUT /return/{step}/{id}` as `who` with `body`.
async fn step(
    app: &TestApp,
    step: &str,
    ret: &Value,
    who: As<'_>,
    body: Value,
) -> reqwest::Response {
    let id = ret["_id"].as_str().unwrap();
    app.put_json(&format!("/return/{step}/{id}"), who, body)
        .await
}

/// The return a step answered with `status`.
async fn stepped(response: reqwest::Response, status: &str) -> Value {
    let ret = response.answers(StatusCode::OK).await["return"].clone();
    assert_eq!(ret["status"], status);
    ret
}

async fn listed(app: &TestApp, path: &str, who: As<'_>) -> Vec<Value> {
    array(&app.get(path, who).await.answers(StatusCode::OK).await["returns"])
}

async fn the_owner_of_a_delivered_order_asks_within_the_window_for_what_was_ordered(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| settings.shop.return_window_days = 1).await;
    let (order, product) = cod_order(&app, "Mojari").await;

    let anonymous = request(&app, As::Anonymous, asking(&order, 1, "Too small")).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let early = request(&app, As::Shopper, asking(&order, 1, "Too small")).await;
    expect_error(
        early,
        StatusCode::BAD_REQUEST,
        "Only delivered orders can be returned",
    )
    .await;

    app.deliver(&order).await;
    let bad_reason = request(&app, As::Shopper, asking(&order, 1, "Too tight")).await;
    expect_error(bad_reason, StatusCode::BAD_REQUEST, "Invalid reason").await;
    let ravi = app.add_shopper("Ravi").await;
    let stranger = request(&app, As::Account(&ravi), asking(&order, 1, "Too small")).await;
    assert_eq!(stranger.status(), StatusCode::FORBIDDEN);
    let too_many = request(&app, As::Shopper, asking(&order, 3, "Too small")).await;
    expect_error(too_many, StatusCode::BAD_REQUEST, "Nothing to return").await;
    let unknown = json!({
        "orderId": "0190a000-0000-7000-8000-000000000001",
        "lines": [{"line": 0, "quantity": 1, "reason": "Damaged", "kind": "refund"}],
    });
    let unknown = request(&app, As::Shopper, unknown).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    let asked = request(&app, As::Shopper, asking(&order, 1, "Too small")).await;
    let body = asked.answers(StatusCode::CREATED).await;
    assert_eq!(body["message"], "Return requested");
    let ret = &body["return"];
    assert_eq!(ret["number"], "RET-000001");
    assert_eq!(ret["orderId"], order["_id"]);
    assert_eq!(ret["status"], "Requested");
    assert_eq!(ret["refundAmount"], 900.0);
    assert_eq!(ret["refundTo"], Value::Null);
    let line = &ret["lines"][0];
    assert_eq!(
        (&line["productId"], &line["name"], &line["quantity"]),
        (&json!(product), &json!("Mojari"), &json!(1))
    );
    assert_eq!(
        (&line["reason"], &line["kind"], &line["amount"]),
        (&json!("Too small"), &json!("refund"), &json!(900.0))
    );
    assert_eq!(array(&ret["events"]).len(), 1);
    // One pair is left to ask for.
    let again = request(&app, As::Shopper, asking(&order, 2, "Too big")).await;
    expect_error(again, StatusCode::BAD_REQUEST, "Nothing to return").await;

    let mine = listed(&app, "/return/mine", As::Shopper).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["_id"], ret["_id"]);
    assert!(
        listed(&app, "/return/mine", As::Account(&ravi))
            .await
            .is_empty()
    );
    let shopper_list = app.get("/return/all", As::Shopper).await;
    assert_eq!(shopper_list.status(), StatusCode::FORBIDDEN);
    let requested = listed(&app, "/return/all?status=Requested", As::Admin).await;
    assert_eq!(requested.len(), 1);
    assert!(
        listed(&app, "/return/all?status=Completed", As::Admin)
            .await
            .is_empty()
    );
    assert_eq!(
        listed(&app, "/return/all?status=", As::Admin).await.len(),
        1
    );
    let bad_filter = app.get("/return/all?status=Lost", As::Admin).await;
    assert_eq!(bad_filter.status(), StatusCode::BAD_REQUEST);
    for name in ["approve", "picked-up", "complete"] {
        let refused = step(&app, name, ret, As::Shopper, json!({})).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{name}");
    }

    // A day after delivery (RETURN_WINDOW_DAYS=1) the window has closed.
    app.clock.advance(Duration::days(1) + Duration::minutes(1));
    let late = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    expect_error(late, StatusCode::BAD_REQUEST, "Return window has closed").await;
}

async fn an_online_return_goes_through_its_steps_in_order_and_is_refunded_once(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 2), 1800, None).await;
    app.deliver(&order).await;
    let asked = request(&app, As::Shopper, asking(&order, 1, "Damaged")).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(app.stock(&product).await, 3);

    let early = step(&app, "complete", &ret, As::Admin, json!({})).await;
    expect_error(early, StatusCode::CONFLICT, "Return is Requested").await;
    let approved = stepped(
        step(&app, "approve", &ret, As::Admin, json!({})).await,
        "Approved",
    )
    .await;
    // The same step again changes nothing.
    let again = stepped(
        step(&app, "approve", &ret, As::Admin, json!({})).await,
        "Approved",
    )
    .await;
    assert_eq!(again["events"], approved["events"]);
    let out_of_order = step(&app, "receive", &ret, As::Admin, json!({"qc": "passed"})).await;
    expect_error(out_of_order, StatusCode::CONFLICT, "Return is Approved").await;
    stepped(
        step(&app, "picked-up", &ret, As::Admin, json!({})).await,
        "Picked up",
    )
    .await;
    let too_late = step(&app, "cancel", &ret, As::Shopper, json!({})).await;
    expect_error(too_late, StatusCode::CONFLICT, "Return is Picked up").await;
    let received = step(&app, "receive", &ret, As::Admin, json!({"qc": "passed"})).await;
    stepped(received, "Received").await;
    stepped(
        step(&app, "receive", &ret, As::Admin, json!({"qc": "passed"})).await,
        "Received",
    )
    .await;
    // The returned pair is back on the shelf, once.
    assert_eq!(app.stock(&product).await, 4);

    let sandbox = app.services.sandbox.as_ref().unwrap();
    let before = sandbox.refunds().await.len();
    let done = stepped(
        step(&app, "complete", &ret, As::Admin, json!({})).await,
        "Completed",
    )
    .await;
    assert_eq!(done["refundTo"], "original");
    let twice = stepped(
        step(&app, "complete", &ret, As::Admin, json!({})).await,
        "Completed",
    )
    .await;
    assert_eq!(twice["events"], done["events"]);
    let refunds = sandbox.refunds().await;
    assert_eq!(refunds.len(), before + 1, "refunded once");
    let refund = refunds.last().unwrap();
    assert_eq!(refund.refund.amount.paise(), 90_000);
    assert_eq!(refund.payment_id, order["paymentId"].as_str().unwrap());
    let after = step(&app, "approve", &ret, As::Admin, json!({})).await;
    expect_error(after, StatusCode::CONFLICT, "Return is Completed").await;
    assert_eq!(app.stock(&product).await, 4);
    let completed = listed(&app, "/return/all?status=Completed", As::Admin).await;
    assert_eq!(completed.len(), 1);
}

async fn a_cash_on_delivery_return_is_paid_out_to_a_bank_with_its_reference(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (order, _) = cod_order(&app, "Chappal").await;
    app.deliver(&order).await;
    let asked = request(&app, As::Shopper, asking(&order, 2, "Changed my mind")).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["refundAmount"], 1800.0);
    stepped(
        step(&app, "approve", &ret, As::Admin, json!({})).await,
        "Approved",
    )
    .await;
    stepped(
        step(&app, "picked-up", &ret, As::Admin, json!({})).await,
        "Picked up",
    )
    .await;
    let received = step(
        &app,
        "receive",
        &ret,
        As::Admin,
        json!({"qc": "passed", "note": "As new"}),
    );
    stepped(received.await, "Received").await;

    let original = step(
        &app,
        "complete",
        &ret,
        As::Admin,
        json!({"refundTo": "original"}),
    )
    .await;
    expect_error(
        original,
        StatusCode::BAD_REQUEST,
        "Cash on delivery orders are refunded to credit or bank",
    )
    .await;
    let no_reference = step(
        &app,
        "complete",
        &ret,
        As::Admin,
        json!({"refundTo": "bank"}),
    )
    .await;
    expect_error(
        no_reference,
        StatusCode::BAD_REQUEST,
        "A bank or UPI refund needs its reference",
    )
    .await;
    let paid = step(
        &app,
        "complete",
        &ret,
        As::Admin,
        json!({"refundTo": "bank", "reference": "UTR123456"}),
    );
    let done = stepped(paid.await, "Completed").await;
    assert_eq!(done["refundTo"], "bank");
}

async fn the_shopper_cancels_before_pickup_and_the_admin_rejects_with_a_note(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (order, _) = cod_order(&app, "Sandal").await;
    app.deliver(&order).await;
    let first = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    let first = first.answers(StatusCode::CREATED).await["return"].clone();
    let second = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    let second = second.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(second["number"], "RET-000002");
    // Both pairs are held: none is offered.
    assert_eq!(actions_of(&app, &order).await["returnable"], json!([0]));

    let ravi = app.add_shopper("Ravi").await;
    let stranger = step(&app, "cancel", &first, As::Account(&ravi), json!({})).await;
    assert_eq!(stranger.status(), StatusCode::FORBIDDEN);
    stepped(
        step(&app, "cancel", &first, As::Shopper, json!({})).await,
        "Cancelled",
    )
    .await;
    stepped(
        step(&app, "cancel", &first, As::Shopper, json!({})).await,
        "Cancelled",
    )
    .await;
    // A cancelled return holds its pair no longer.
    assert_eq!(actions_of(&app, &order).await["returnable"], json!([1]));

    let no_note = step(&app, "reject", &second, As::Admin, json!({"note": "  "})).await;
    expect_error(no_note, StatusCode::BAD_REQUEST, "A rejection needs a note").await;
    let rejected = step(
        &app,
        "reject",
        &second,
        As::Admin,
        json!({"note": "Worn outdoors"}),
    )
    .await;
    let rejected = stepped(rejected, "Rejected").await;
    // Nor does a rejected one.
    assert_eq!(actions_of(&app, &order).await["returnable"], json!([2]));
    assert_eq!(
        array(&rejected["events"]).last().unwrap()["note"],
        "Worn outdoors"
    );
    let unknown = app
        .put_json(
            "/return/approve/0190a000-0000-7000-8000-000000000001",
            As::Admin,
            json!({}),
        )
        .await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    // A cancelled return's pair may be asked for again.
    let again = request(&app, As::Shopper, asking(&order, 1, "Too small")).await;
    assert_eq!(again.status(), StatusCode::CREATED);
}

async fn a_cash_on_delivery_return_is_refunded_to_store_credit_once_with_its_credit_note(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let (order, _) = cod_order(&app, "Mojari").await;
    app.deliver(&order).await;
    let asked = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    assert_eq!(ret["refundAmount"], 900.0);
    for (name, body, status) in [
        ("approve", json!({}), "Approved"),
        ("picked-up", json!({}), "Picked up"),
        ("receive", json!({"qc": "passed"}), "Received"),
    ] {
        stepped(step(&app, name, &ret, As::Admin, body).await, status).await;
    }
    let before = app
        .get("/user/credit", As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(before["balance"], 0);

    // Cash on delivery goes to store credit by default; completing again pays nothing more.
    let done = stepped(
        step(&app, "complete", &ret, As::Admin, json!({})).await,
        "Completed",
    )
    .await;
    stepped(
        step(&app, "complete", &ret, As::Admin, json!({})).await,
        "Completed",
    )
    .await;

    assert_eq!(done["refundTo"], "credit");
    let note = done["creditNoteNo"].as_str().expect("a credit note number");
    assert!(
        note.starts_with("CN/") && note.ends_with("/000001"),
        "{note}"
    );
    let credit = app
        .get("/user/credit", As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(credit["balance"], 900);
    let entries = array(&credit["entries"]);
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["amount"], 900);
    assert_eq!(entries[0]["returnId"], ret["_id"]);
    assert_eq!(entries[0]["orderId"], order["_id"]);

    // Its credit note, for the order's owner: the original invoice named, the refund reversed.
    let id = ret["_id"].as_str().unwrap();
    let path = format!("/return/credit-note/{id}");
    let response = app.get(&path, As::Shopper).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let text = pdf_text(&response.bytes().await.unwrap());
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let invoice = order["invoiceNo"].as_str().expect("the order was invoiced");
    for wanted in ["Credit Note", note, invoice, "900.00"] {
        assert!(squeezed.contains(wanted), "{wanted:?} not on:\n{text}");
    }
    let ravi = app.add_shopper("Ravi").await;
    let stranger = app.get(&path, As::Account(&ravi)).await;
    assert_eq!(stranger.status(), StatusCode::FORBIDDEN);
    let unknown = app
        .get(
            "/return/credit-note/019a0000-0000-7000-8000-000000000000",
            As::Shopper,
        )
        .await;
    expect_error(
        unknown,
        StatusCode::NOT_FOUND,
        "No credit note for this order",
    )
    .await;
}

/// The order's `actions` as the shopper's list and the admin's list show them: the same.
async fn actions_of(app: &TestApp, order: &Value) -> Value {
    let id = order["_id"].as_str().unwrap();
    let mine = app.my_orders(As::Shopper).await;
    let mine = mine
        .iter()
        .find(|o| o["_id"] == id)
        .expect("the shopper's order");
    let all = app.get("/order/get-all-orders", As::Admin).await;
    let all = array(&all.answers(StatusCode::OK).await["orders"]);
    let listed = all
        .iter()
        .find(|o| o["_id"] == id)
        .expect("the order listed");
    assert_eq!(listed["actions"], mine["actions"]);
    let detail = app.get_order(id, As::Shopper).await;
    let detail = detail.answers(StatusCode::OK).await;
    assert_eq!(detail["order"]["actions"], mine["actions"]);
    mine["actions"].clone()
}

async fn a_thirty_day_window_is_offered_and_granted_on_day_29_and_neither_on_day_31(db: &TestDb) {
    let mut app = spawn_app_on_with(db, |settings| settings.shop.return_window_days = 30).await;
    let (order, _) = cod_order(&app, "Kolhapuri").await;
    let id = order["_id"].as_str().unwrap();
    assert_eq!(
        order["actions"],
        json!({
            "cancel": {"allowed": true, "reason": null},
            "ship": {"allowed": true, "reason": null},
            "markPaid": {"allowed": true, "reason": null},
            "returnUntil": null,
            "returnable": [0],
            "events": [],
            "statuses": ["Pending", "Confirmed", "Delivered"],
        })
    );

    let shipped = app
        .post_json(
            &format!("/shipment/create/{id}"),
            As::Admin,
            json!({"courier": "DTDC", "awb": "D1234-5678"}),
        )
        .await;
    let shipped = shipped.answers(StatusCode::CREATED).await["order"].clone();
    assert_eq!(
        shipped["actions"],
        json!({
            "cancel": {"allowed": false, "reason": "Order has shipped"},
            "ship": {"allowed": false, "reason": "Order has shipped"},
            "markPaid": {"allowed": true, "reason": null},
            "returnUntil": null,
            "returnable": [0],
            "events": ["Out for delivery", "Delivered", "Delivery failed", "Returned to origin"],
            "statuses": ["Delivered"],
        })
    );
    // What the reply refuses, the call refuses with the same words.
    let cancel = app.cancel_order(id, As::Shopper).await;
    expect_error(cancel, StatusCode::CONFLICT, "Order has shipped").await;

    let delivered = app
        .post_json(
            &format!("/shipment/event/{id}"),
            As::Admin,
            json!({"status": "Delivered"}),
        )
        .await;
    let delivered = delivered.answers(StatusCode::OK).await["order"].clone();
    let delivered_at = delivered["shipment"]["deliveredAt"].as_str().unwrap();
    let delivered_at = chrono::DateTime::parse_from_rfc3339(delivered_at).unwrap();
    let until = (delivered_at + Duration::days(30))
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let expected = json!({
        "cancel": {"allowed": false, "reason": "Order Delivered"},
        "ship": {"allowed": false, "reason": "Order has shipped"},
        "markPaid": {"allowed": true, "reason": null},
        "returnUntil": until,
        "returnable": [2],
        "events": [],
        "statuses": [],
    });
    assert_eq!(delivered["actions"], expected);
    assert_eq!(actions_of(&app, &order).await, expected);

    // Day 29: still offered, and granted.
    app.clock.advance(Duration::days(29));
    app.sign_in_again().await;
    assert_eq!(actions_of(&app, &order).await["returnUntil"], json!(until));
    let asked = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    // The pair asked for is no longer offered, and asking for more than is offered is refused.
    assert_eq!(actions_of(&app, &order).await["returnable"], json!([1]));
    let more = request(&app, As::Shopper, asking(&order, 2, "Too big")).await;
    expect_error(more, StatusCode::BAD_REQUEST, "Nothing to return").await;
    assert_eq!(
        ret["actions"],
        json!({"next": ["approve", "reject", "cancel"]})
    );
    let approved = stepped(
        step(&app, "approve", &ret, As::Admin, json!({})).await,
        "Approved",
    )
    .await;
    assert_eq!(
        approved["actions"],
        json!({"next": ["reject", "picked-up", "cancel"]})
    );

    // Day 31: neither offered nor granted.
    app.clock.advance(Duration::days(2));
    app.sign_in_again().await;
    let closed = actions_of(&app, &order).await;
    assert_eq!(closed["returnUntil"], Value::Null);
    assert_eq!(closed["returnable"], json!([0]));
    let late = request(&app, As::Shopper, asking(&order, 1, "Too big")).await;
    expect_error(late, StatusCode::BAD_REQUEST, "Return window has closed").await;
    let mine = listed(&app, "/return/mine", As::Shopper).await;
    assert_eq!(
        mine[0]["actions"],
        json!({"next": ["reject", "picked-up", "cancel"]})
    );
}
