//! The development outbox (decisions D45): with `DEV_OUTBOX` an admin reads the kept mails and
//! WhatsApp messages, and a tap on a message's button is the buyer's own reply; without it the
//! operations are not there.

use paduka_domain::whatsapp::{MessageKind, MessageStatus};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::whatsapp::{cod_order, settled};

crate::on_both_backends!(
    without_dev_outbox_there_is_no_outbox,
    an_admin_reads_the_mails_and_the_messages_as_the_buyer_would,
    confirm_tapped_in_the_outbox_confirms_the_order_once,
    cancel_tapped_in_the_outbox_cancels_the_order_and_gives_the_pair_back,
);

async fn outbox_app(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |settings| settings.server.dev_outbox = true).await
}

async fn outbox(app: &TestApp) -> Value {
    let shown = app.get("/dev/outbox", As::Admin).await;
    shown.answers(StatusCode::OK).await
}

/// The kept `cod_confirm` of `order`, as the outbox shows it.
async fn question(app: &TestApp, order: &str) -> Value {
    settled(app, order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    let messages = array(&outbox(app).await["messages"]);
    messages
        .into_iter()
        .find(|m| m["orderId"] == order && m["kind"] == "cod_confirm")
        .expect("the order's question is in the outbox")
}

async fn tap(app: &TestApp, message: &Value, title: &str) -> reqwest::Response {
    let button = array(&message["buttons"])
        .into_iter()
        .find(|b| b["title"] == title)
        .expect("the button");
    let path = format!(
        "/dev/outbox/whatsapp/{}/reply",
        message["id"].as_str().unwrap()
    );
    app.post_json(&path, As::Admin, json!({"payload": button["payload"]}))
        .await
}

async fn order_of(app: &TestApp, id: &str) -> Value {
    let shown = app.get_order(id, As::Admin).await;
    shown.answers(StatusCode::OK).await
}

async fn without_dev_outbox_there_is_no_outbox(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let order = cod_order(&app, Some(true)).await;
    settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    let read = app.get("/dev/outbox", As::Admin).await;
    read.refuses(StatusCode::NOT_FOUND, "Not found").await;
    let reply = json!({"payload": format!("COD_CONFIRM:{order}")});
    let tapped = app
        .post_json("/dev/outbox/whatsapp/any/reply", As::Admin, reply)
        .await;
    tapped.refuses(StatusCode::NOT_FOUND, "Not found").await;
    assert_eq!(
        order_of(&app, &order).await["order"]["codConfirmation"],
        "awaiting"
    );
}

async fn an_admin_reads_the_mails_and_the_messages_as_the_buyer_would(db: &TestDb) {
    let app = outbox_app(db).await;
    let order = cod_order(&app, Some(true)).await;
    let message = question(&app, &order).await;

    assert_eq!(message["to"], "919876543210");
    assert_eq!(message["status"], "sent");
    let short = order[order.len() - 8..].to_uppercase();
    let text = message["text"].as_str().unwrap();
    assert!(
        text.starts_with("Hi ")
            && text.contains(&format!("cash on delivery order {short} for ₹900")),
        "{text}"
    );
    let titles: Vec<_> = array(&message["buttons"])
        .iter()
        .map(|b| b["title"].clone())
        .collect();
    assert_eq!(titles, [json!("Confirm"), json!("Cancel")]);
    assert_eq!(
        message["buttons"][0]["payload"],
        format!("COD_CONFIRM:{order}")
    );

    let mails = array(&outbox(&app).await["mails"]);
    let placed = mails
        .iter()
        .find(|m| m["subject"] == format!("Your Paduka order {order} is placed"))
        .expect("the order's mail is in the outbox");
    assert_eq!(placed["to"], SHOPPER_EMAIL);
    assert!(
        placed["text"].as_str().unwrap().contains("/cod/"),
        "decoded text with the link"
    );
    assert!(
        array(&placed["attachments"])
            .iter()
            .any(|a| a.as_str().unwrap().ends_with(".pdf"))
    );

    // Only admins: the mails hold sign-up codes.
    let shopper = app.get("/dev/outbox", As::Shopper).await;
    shopper.answers(StatusCode::FORBIDDEN).await;
    let visitor = app.get("/dev/outbox", As::Anonymous).await;
    visitor.answers(StatusCode::UNAUTHORIZED).await;
}

async fn confirm_tapped_in_the_outbox_confirms_the_order_once(db: &TestDb) {
    let app = outbox_app(db).await;
    let order = cod_order(&app, Some(true)).await;
    let other = cod_order(&app, Some(true)).await;
    let message = question(&app, &order).await;

    // Another order's payload is not this message's button; an unknown message is 404.
    let path = format!(
        "/dev/outbox/whatsapp/{}/reply",
        message["id"].as_str().unwrap()
    );
    let foreign = json!({"payload": format!("COD_CONFIRM:{other}")});
    let refused = app.post_json(&path, As::Admin, foreign).await;
    refused
        .refuses(
            StatusCode::BAD_REQUEST,
            "That is not one of this message's buttons",
        )
        .await;
    let nowhere = json!({"payload": format!("COD_CONFIRM:{order}")});
    let unknown = app
        .post_json(
            "/dev/outbox/whatsapp/no-such-message/reply",
            As::Admin,
            nowhere,
        )
        .await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "No such message")
        .await;
    let shopper = app
        .post_json(
            &path,
            As::Shopper,
            json!({"payload": format!("COD_CONFIRM:{order}")}),
        )
        .await;
    shopper.answers(StatusCode::FORBIDDEN).await;
    assert_eq!(
        order_of(&app, &order).await["order"]["codConfirmation"],
        "awaiting"
    );

    for _ in 0..3 {
        tap(&app, &message, "Confirm")
            .await
            .answers(StatusCode::OK)
            .await;
    }
    let shown = order_of(&app, &order).await;
    assert_eq!(shown["order"]["codConfirmation"], "confirmed");
    let events: Vec<_> = array(&shown["codEvents"])
        .iter()
        .map(|e| e["event"].clone())
        .collect();
    assert_eq!(events, [json!("Confirmed on WhatsApp")]);
    assert_eq!(
        order_of(&app, &other).await["order"]["codConfirmation"],
        "awaiting"
    );
}

async fn cancel_tapped_in_the_outbox_cancels_the_order_and_gives_the_pair_back(db: &TestDb) {
    let app = outbox_app(db).await;
    let order = cod_order(&app, Some(true)).await;
    let message = question(&app, &order).await;
    let line = order_of(&app, &order).await["order"]["products"][0].clone();
    let product = line["_id"].as_str().expect("the line names its product");
    assert_eq!(app.stock(product).await, 4);

    tap(&app, &message, "Cancel")
        .await
        .answers(StatusCode::OK)
        .await;

    let shown = order_of(&app, &order).await;
    assert_eq!(shown["order"]["status"], "Cancelled");
    assert_eq!(app.stock(product).await, 5, "the pair is back in stock");
    // A second tap finds the order cancelled: nothing more changes.
    tap(&app, &message, "Cancel")
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(app.stock(product).await, 5);
}
