//! COD confirmation over HTTP (decisions D39): `codConfirmation` on every order, the
//! buyer's WhatsApp reply acted on once and only from the order's phone, the signed link of
//! the order's mail, and the clock (reminder, unanswered, `COD_AUTO_CANCEL`).

use std::time::Duration;

use chrono::{Duration as Span, SecondsFormat, Utc};
use paduka_domain::whatsapp::{MessageKind, MessageStatus};
use paduka_payment::signature;
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::MockServer;

use crate::helpers::*;
use crate::whatsapp::{
    APP_SECRET, ASHA, accept_all, asked, button_reply, deliver, messages, settled, with_whatsapp,
};

crate::on_both_backends!(
    a_cod_order_is_awaiting_and_an_online_one_has_none,
    a_confirm_reply_replayed_ten_times_and_in_parallel_confirms_once,
    a_reply_from_another_phone_or_after_shipping_changes_nothing,
    cancel_on_whatsapp_gives_stock_coupon_and_credit_back_once,
    the_mail_s_link_shows_the_order_and_only_its_buttons_act,
    a_forged_link_is_refused_and_a_cancelled_one_only_says_so,
    the_clock_reminds_once_at_12_hours_and_gives_up_at_24,
    with_auto_cancel_an_unanswered_order_is_cancelled,
);

async fn order(app: &TestApp, id: &str) -> Value {
    let shown = app.get_order(id, As::Admin).await;
    shown.answers(StatusCode::OK).await
}

async fn confirmation(app: &TestApp, id: &str) -> Value {
    order(app, id).await["order"]["codConfirmation"].clone()
}

async fn events(app: &TestApp, id: &str) -> Vec<Value> {
    array(&order(app, id).await["codEvents"])
        .iter()
        .map(|e| e["event"].clone())
        .collect()
}

async fn a_cod_order_is_awaiting_and_an_online_one_has_none(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Jutti", 5).await;
    let cod = app
        .order_cod(json!({"products": sized_cart(&product, 0, 1), "amount": 900}))
        .await;
    assert_eq!(cod["codConfirmation"], "awaiting");
    let online = app.buy(&sized_cart(&product, 0, 1), 900, None).await;
    assert_eq!(online["codConfirmation"], Value::Null);
    let listed = app.get("/order/get-all-orders", As::Admin).await;
    let listed = array(&listed.answers(StatusCode::OK).await["orders"]);
    assert_eq!(listed.len(), 2);
    for order in listed {
        let expected = if order["_id"] == cod["_id"] {
            json!("awaiting")
        } else {
            Value::Null
        };
        assert_eq!(order["codConfirmation"], expected);
    }
}

fn signed(reply: &str) -> String {
    format!(
        "sha256={}",
        signature::sign(APP_SECRET.as_bytes(), reply.as_bytes())
    )
}

async fn a_confirm_reply_replayed_ten_times_and_in_parallel_confirms_once(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let reply = button_reply("wamid.in-1", ASHA, &format!("COD_CONFIRM:{order}"));
    let at_once: Vec<_> = (0..10)
        .map(|_| {
            let request = app
                .client
                .post(app.url("/whatsapp/webhook"))
                .header("X-Hub-Signature-256", signed(&reply))
                .body(reply.clone());
            tokio::spawn(async move { request.send().await.unwrap() })
        })
        .collect();
    for request in at_once {
        request.await.unwrap().answers(StatusCode::OK).await;
    }
    for _ in 0..10 {
        deliver(&app, &reply, Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
    }
    // Acted on before the webhook answered: no waiting here.
    assert_eq!(confirmation(&app, &order).await, "confirmed");
    assert_eq!(events(&app, &order).await, [json!("Confirmed on WhatsApp")]);
    // Another tap of Confirm (a new incoming id) adds nothing either.
    let again = button_reply("wamid.in-2", ASHA, &format!("COD_CONFIRM:{order}"));
    deliver(&app, &again, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(events(&app, &order).await, [json!("Confirmed on WhatsApp")]);
}

async fn a_reply_from_another_phone_or_after_shipping_changes_nothing(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let cancel = format!("COD_CANCEL:{order}");
    let stranger = button_reply("wamid.in-1", "919999999999", &cancel);
    deliver(&app, &stranger, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    let shown = order_status(&app, &order).await;
    assert_eq!(shown, ("Pending".to_owned(), json!("awaiting")));

    let ship = json!({"courier": "DTDC", "awb": "D1234-5678"});
    app.post_json(&format!("/shipment/create/{order}"), As::Admin, ship)
        .await
        .answers(StatusCode::CREATED)
        .await;
    for (id, payload) in [
        ("wamid.in-2", cancel.clone()),
        ("wamid.in-3", format!("COD_CONFIRM:{order}")),
    ] {
        let reply = button_reply(id, ASHA, &payload);
        deliver(&app, &reply, Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
    }
    assert_eq!(
        order_status(&app, &order).await,
        ("Shipped".to_owned(), json!("awaiting"))
    );
    assert!(events(&app, &order).await.is_empty());
}

async fn order_status(app: &TestApp, id: &str) -> (String, Value) {
    let shown = order(app, id).await;
    let status = shown["order"]["status"].as_str().unwrap().to_owned();
    (status, shown["order"]["codConfirmation"].clone())
}

/// The coupon's uses as the admin's list counts them.
async fn coupon_uses(app: &TestApp) -> Value {
    let all = app.get("/coupon/all-coupons", As::Admin).await;
    let all = all.answers(StatusCode::OK).await;
    array(&all["coupons"])[0]["used"].clone()
}

async fn balance(app: &TestApp) -> i64 {
    let credit = app.get("/user/credit", As::Shopper).await;
    credit.answers(StatusCode::OK).await["balance"]
        .as_i64()
        .unwrap()
}

async fn cancel_on_whatsapp_gives_stock_coupon_and_credit_back_once(db: &TestDb) {
    let server = MockServer::start().await;
    accept_all(&server).await;
    let app = spawn_app_on_with(db, with_whatsapp(&server, Duration::from_secs(2))).await;
    crate::store_credit::credited(&app).await;
    assert_eq!(balance(&app).await, 900);
    let now = Utc::now();
    let at = |t: chrono::DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let coupon = json!({
        "code": "CODSAVE", "kind": "amount", "value": 100, "minOrder": 0,
        "start": at(now - Span::days(1)), "end": at(now + Span::days(30)),
        "maxUses": null, "maxUsesPerUser": null,
    });
    app.create(&COUPONS, As::Admin, coupon)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let product = app.shoe("Kolhapuri", 5).await;
    let body = json!({
        "products": sized_cart(&product, 0, 2), "amount": 1700, "coupon": "CODSAVE",
        "useCredit": true, "whatsapp": true,
    });
    let placed = app.order_cod(body).await;
    let id = placed["_id"].as_str().unwrap().to_owned();
    assert_eq!((app.stock(&product).await, balance(&app).await), (3, 0));
    assert_eq!(coupon_uses(&app).await, 1);
    settled(&app, &id, MessageKind::CodConfirm, MessageStatus::Sent).await;

    for n in 0..3 {
        let reply = button_reply(&format!("wamid.in-{n}"), ASHA, &format!("COD_CANCEL:{id}"));
        deliver(&app, &reply, Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
    }
    assert_eq!(order_status(&app, &id).await.0, "Cancelled");
    assert_eq!((app.stock(&product).await, balance(&app).await), (5, 900));
    assert_eq!(coupon_uses(&app).await, 0);
    assert_eq!(events(&app, &id).await, [json!("Cancelled on WhatsApp")]);
    // The link's Cancel after it: nothing more comes back.
    let link = cod_link(&app, &id);
    app.client
        .post(format!("{link}/cancel"))
        .send()
        .await
        .unwrap()
        .refuses(StatusCode::CONFLICT, "This order was cancelled")
        .await;
    assert_eq!((app.stock(&product).await, balance(&app).await), (5, 900));
    assert_eq!(coupon_uses(&app).await, 0);
}

/// The API address of the link in the mail of the shopper's order `id`.
fn cod_link(app: &TestApp, id: &str) -> String {
    let subject = format!("Your Paduka order {id} is placed");
    let mail = mail_text(&app.take_mail(SHOPPER_EMAIL, &subject));
    let at = mail.find("/cod/").expect("the mail carries the link");
    let token: String = mail[at + 5..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
        .collect();
    app.url(&format!("/cod/{token}"))
}

async fn the_mail_s_link_shows_the_order_and_only_its_buttons_act(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Mojari", 5).await;
    let placed = app
        .order_cod(json!({"products": sized_cart(&product, 0, 1), "amount": 900}))
        .await;
    let id = placed["_id"].as_str().unwrap();
    let link = cod_link(&app, id);
    for _ in 0..3 {
        let opened = app.client.get(&link).send().await.unwrap();
        assert_eq!(opened.headers()["referrer-policy"], "no-referrer");
        let page = opened.answers(StatusCode::OK).await;
        assert_eq!(page["order"]["_id"], id);
        assert_eq!(page["order"]["amount"], 900);
        assert_eq!(page["order"]["products"][0]["quantity"], 1);
        assert_eq!(page["answerable"], true);
        assert!(
            page["order"].get("address").is_none(),
            "no address on the page"
        );
    }
    assert_eq!(
        confirmation(&app, id).await,
        "awaiting",
        "opening never acts"
    );
    // The page itself (the frontend's route) is served without a referrer too.
    let page_path = link.replace("/api/v1/cod/", "/cod/");
    let page = app.client.get(&page_path).send().await.unwrap();
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");

    let confirmed = app
        .client
        .post(format!("{link}/confirm"))
        .send()
        .await
        .unwrap();
    let confirmed = confirmed.answers(StatusCode::OK).await;
    assert_eq!(confirmed["order"]["codConfirmation"], "confirmed");
    assert_eq!(confirmation(&app, id).await, "confirmed");
    assert_eq!(events(&app, id).await, [json!("Confirmed by link")]);
    app.client
        .post(format!("{link}/confirm"))
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    assert_eq!(events(&app, id).await, [json!("Confirmed by link")]);

    // Once shipped, the page says why nothing can change, and the buttons change nothing.
    let ship = json!({"courier": "DTDC", "awb": "D1234-5678"});
    app.post_json(&format!("/shipment/create/{id}"), As::Admin, ship)
        .await
        .answers(StatusCode::CREATED)
        .await;
    let page = app
        .client
        .get(&link)
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    assert_eq!(page["answerable"], false);
    let shipped = "This order has shipped, so it can no longer be changed here";
    assert_eq!(page["message"], shipped);
    app.client
        .post(format!("{link}/cancel"))
        .send()
        .await
        .unwrap()
        .refuses(StatusCode::CONFLICT, shipped)
        .await;
    assert_eq!(order_status(&app, id).await.0, "Shipped");
}

async fn a_forged_link_is_refused_and_a_cancelled_one_only_says_so(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = app.shoe("Chappal", 5).await;
    let placed = app
        .order_cod(json!({"products": sized_cart(&product, 0, 1), "amount": 900}))
        .await;
    let id = placed["_id"].as_str().unwrap();
    let link = cod_link(&app, id);
    let (_, signature) = link.rsplit_once('.').unwrap();
    let forged = app.url(&format!("/cod/{id}.{}", "0".repeat(signature.len())));
    for url in [
        forged.clone(),
        app.url(&format!("/cod/{id}")),
        app.url("/cod/x"),
    ] {
        let opened = app.client.get(&url).send().await.unwrap();
        opened
            .refuses(StatusCode::NOT_FOUND, "This link is not valid")
            .await;
        let cancel = app
            .client
            .post(format!("{url}/cancel"))
            .send()
            .await
            .unwrap();
        cancel
            .refuses(StatusCode::NOT_FOUND, "This link is not valid")
            .await;
    }
    assert_eq!(order_status(&app, id).await.0, "Pending");

    let cancelled = app
        .client
        .post(format!("{link}/cancel"))
        .send()
        .await
        .unwrap();
    let cancelled = cancelled.answers(StatusCode::OK).await;
    assert_eq!(cancelled["order"]["status"], "Cancelled");
    assert_eq!(app.stock(&product).await, 5);
    let page = app
        .client
        .get(&link)
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    assert_eq!(page["answerable"], false);
    assert_eq!(page["message"], "This order was cancelled");
    assert_eq!(events(&app, id).await, [json!("Cancelled by link")]);
}

async fn tick(app: &TestApp) -> usize {
    app.services.api.cod.tick().await.unwrap()
}

async fn the_clock_reminds_once_at_12_hours_and_gives_up_at_24(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let other = crate::whatsapp::cod_order(&app, Some(false)).await;
    app.clock.advance(Span::hours(12) - Span::minutes(1));
    assert_eq!(tick(&app).await, 0);
    app.clock.advance(Span::minutes(2));
    // Both are reminded as a step; only the consented one gets a message.
    assert_eq!(tick(&app).await, 2);
    assert_eq!(tick(&app).await, 0, "once");
    settled(&app, &order, MessageKind::CodReminder, MessageStatus::Sent).await;
    assert!(messages(&app, &other).await.is_empty());
    app.clock.advance(Span::hours(11));
    assert_eq!(tick(&app).await, 0);
    let reminders = messages(&app, &order).await;
    let reminders = reminders
        .iter()
        .filter(|m| m.kind() == MessageKind::CodReminder);
    assert_eq!(reminders.count(), 1);
    app.clock.advance(Span::hours(1));
    assert_eq!(tick(&app).await, 2);
    assert_eq!(
        order_status(&app, &order).await,
        ("Pending".to_owned(), json!("unanswered"))
    );
    assert_eq!(
        order_status(&app, &other).await,
        ("Pending".to_owned(), json!("unanswered"))
    );
    // A late Confirm still counts.
    let reply = button_reply("wamid.in-late", ASHA, &format!("COD_CONFIRM:{order}"));
    deliver(&app, &reply, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(confirmation(&app, &order).await, "confirmed");
}

async fn with_auto_cancel_an_unanswered_order_is_cancelled(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| {
        settings.shop.cod_clock.auto_cancel = true;
    })
    .await;
    let product = app.shoe("Paduka", 5).await;
    let placed = app
        .order_cod(json!({"products": sized_cart(&product, 0, 2), "amount": 1800}))
        .await;
    let id = placed["_id"].as_str().unwrap();
    assert_eq!(app.stock(&product).await, 3);
    app.clock.advance(Span::hours(24));
    assert_eq!(tick(&app).await, 1);
    assert_eq!(
        order_status(&app, id).await,
        ("Cancelled".to_owned(), json!("unanswered"))
    );
    assert_eq!(app.stock(&product).await, 5);
    assert_eq!(
        events(&app, id).await,
        [json!("Cancelled: not confirmed in time")]
    );
    assert_eq!(tick(&app).await, 0);
    assert_eq!(app.stock(&product).await, 5);
}
