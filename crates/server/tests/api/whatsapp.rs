//! WhatsApp over HTTP (decisions D37): consent at checkout, the worker sending to a
//! WhatsApp-compatible fake (wiremock) with retries that survive a restart, and the webhook:
//! handshake, signature, statuses forward only, button replies once and only from the
//! order's own phone.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use paduka_application::whatsapp::{CLAIM_LEASE, KeptMessage, WhatsAppMessages};
use paduka_domain::OrderId;
use paduka_domain::whatsapp::{MessageKind, MessageStatus};
use paduka_payment::signature;
use paduka_persistence::DieselWhatsAppMessages;
use paduka_server::config::Settings;
use paduka_whatsapp::CloudApiConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use crate::helpers::*;

crate::on_both_backends!(
    a_cod_order_with_consent_gets_cod_confirm_within_seconds_and_one_without_gets_nothing,
    a_rate_limited_message_is_retried_until_it_goes,
    a_number_not_on_whatsapp_ends_failed_and_is_not_tried_again,
    a_worker_killed_after_the_send_leaves_at_most_one_more_after_the_restart,
    shipped_and_delivered_go_with_the_mails,
    a_wrong_or_missing_signature_is_401_and_changes_nothing,
    a_button_reply_replayed_ten_times_and_in_parallel_is_recorded_once,
    delivered_after_read_leaves_read,
    a_reply_from_another_phone_changes_nothing,
    the_handshake_answers_the_challenge_and_a_wrong_token_is_403,
);

pub(crate) const APP_SECRET: &str = "app-secret";
/// The shopper Asha's phone as WhatsApp writes it.
pub(crate) const ASHA: &str = "919876543210";
const MESSAGES_PATH: &str = "/v21.0/1234567890/messages";
/// Names each test's shoes apart (a category per shoe, and names are unique).
static SHOES: AtomicUsize = AtomicUsize::new(0);

/// The Cloud API's settings for the fake at `server`, a send given up after `timeout`.
fn cloud_api(server: &MockServer, timeout: Duration) -> CloudApiConfig {
    CloudApiConfig {
        api_base: format!("{}/v21.0", server.uri()),
        token: "wa-token".to_owned().into(),
        phone_number_id: "1234567890".into(),
        app_secret: APP_SECRET.to_owned().into(),
        verify_token: "verify-me".to_owned().into(),
        language: "en".into(),
        timeout,
    }
}

pub(crate) fn with_whatsapp(server: &MockServer, timeout: Duration) -> impl FnOnce(&mut Settings) {
    let config = cloud_api(server, timeout);
    move |settings: &mut Settings| settings.whatsapp = Some(config)
}

pub(crate) async fn whatsapp_app(db: &TestDb, server: &MockServer) -> TestApp {
    spawn_app_on_with(db, with_whatsapp(server, Duration::from_secs(2))).await
}

/// Accepts every message, as Meta does, with ids `wamid.1`, `wamid.2`, …
struct Accepts(AtomicUsize);

impl Respond for Accepts {
    fn respond(&self, _: &Request) -> ResponseTemplate {
        let n = self.0.fetch_add(1, Ordering::SeqCst) + 1;
        ResponseTemplate::new(200).set_body_json(json!({
            "messaging_product": "whatsapp",
            "contacts": [{"input": ASHA, "wa_id": ASHA}],
            "messages": [{"id": format!("wamid.{n}")}],
        }))
    }
}

/// The send endpoint, for the shop's token only.
fn send_endpoint() -> wiremock::MockBuilder {
    Mock::given(method("POST"))
        .and(path(MESSAGES_PATH))
        .and(header("Authorization", "Bearer wa-token"))
}

pub(crate) async fn accept_all(server: &MockServer) {
    send_endpoint()
        .respond_with(Accepts(AtomicUsize::new(0)))
        .mount(server)
        .await;
}

fn meta_error(code: i64, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(400).set_body_json(json!({
        "error": {"message": message, "type": "OAuthException", "code": code}
    }))
}

/// The template sends the fake received for `order`, in order.
async fn sends(server: &MockServer, order: &str) -> Vec<Value> {
    let requests = server.received_requests().await.unwrap_or_default();
    requests
        .iter()
        .filter(|request| request.url.path() == MESSAGES_PATH)
        .filter_map(|request| serde_json::from_slice::<Value>(&request.body).ok())
        .filter(|body| body.to_string().contains(order))
        .collect()
}

/// How many sends of `kind` the fake received for `order`.
async fn sent(server: &MockServer, order: &str, kind: MessageKind) -> usize {
    let sends = sends(server, order).await;
    sends
        .iter()
        .filter(|body| body["template"]["name"] == kind.as_str())
        .count()
}

pub(crate) async fn messages(app: &TestApp, order: &str) -> Vec<KeptMessage> {
    app.services
        .api
        .whatsapp
        .messages(&OrderId::new(order))
        .await
        .expect("the order's messages")
}

/// Waits (up to 30 s: a loaded CI runs the fuzzer and the browsers beside it) until `$holds` (an expression that may `.await`) is true; panics
/// saying `$what` when it never is.
macro_rules! eventually {
    ($what:expr, $holds:expr) => {{
        let mut tries = 0;
        while !($holds) {
            tries += 1;
            assert!(tries < 600, "never: {}", $what);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }};
}

/// Waits until the order's `kind` message is `status`, and returns it.
pub(crate) async fn settled(
    app: &TestApp,
    order: &str,
    kind: MessageKind,
    status: MessageStatus,
) -> KeptMessage {
    let what = format!("{} {}", kind.as_str(), status.as_str());
    eventually!(
        what,
        messages(app, order)
            .await
            .iter()
            .any(|m| m.kind() == kind && m.status == status)
    );
    let found = messages(app, order).await;
    found
        .into_iter()
        .find(|m| m.kind() == kind && m.status == status)
        .unwrap()
}

/// A cash-on-delivery order of one ₹900 pair of a new shoe, with the `whatsapp` box as given.
pub(crate) async fn cod_order(app: &TestApp, whatsapp: Option<bool>) -> String {
    let shoes = SHOES.fetch_add(1, Ordering::SeqCst);
    let product = app.shoe(&format!("Kolhapuri {shoes}"), 5).await;
    let mut body = json!({"products": sized_cart(&product, 0, 1), "amount": 900});
    if let Some(whatsapp) = whatsapp {
        body["whatsapp"] = json!(whatsapp);
    }
    let order = app.order_cod(body).await;
    assert_eq!(order["whatsapp"], json!(whatsapp == Some(true)));
    order["_id"].as_str().unwrap().to_owned()
}

/// POSTs `body` to the webhook as WhatsApp does, signed with `secret` (none: unsigned).
pub(crate) async fn deliver(app: &TestApp, body: &str, secret: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/whatsapp/webhook"))
        .header("Content-Type", "application/json")
        .body(body.to_owned());
    if let Some(secret) = secret {
        let signed = signature::sign(secret.as_bytes(), body.as_bytes());
        request = request.header("X-Hub-Signature-256", format!("sha256={signed}"));
    }
    request.send().await.unwrap()
}

fn notification(value: Value) -> String {
    json!({
        "object": "whatsapp_business_account",
        "entry": [{"id": "WABA-1", "changes": [{"field": "messages", "value": value}]}],
    })
    .to_string()
}

fn status_event(wa_id: &str, status: &str) -> String {
    notification(json!({
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550001111", "phone_number_id": "1234567890"},
        "statuses": [{"id": wa_id, "status": status, "timestamp": "1764380000", "recipient_id": ASHA}],
    }))
}

pub(crate) fn button_reply(incoming_id: &str, from: &str, payload: &str) -> String {
    notification(json!({
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550001111", "phone_number_id": "1234567890"},
        "contacts": [{"profile": {"name": "Asha"}, "wa_id": from}],
        "messages": [{
            "from": from, "id": incoming_id, "timestamp": "1764380000", "type": "button",
            "context": {"from": "15550001111", "id": "wamid.1"},
            "button": {"payload": payload, "text": "Confirm"},
        }],
    }))
}

/// A consented COD order whose `cod_confirm` the fake accepted as `wamid.1`.
pub(crate) async fn asked(db: &TestDb) -> (TestApp, MockServer, String) {
    let server = MockServer::start().await;
    accept_all(&server).await;
    let app = whatsapp_app(db, &server).await;
    let order = cod_order(&app, Some(true)).await;
    let message = settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    assert_eq!(message.wa_message_id.as_deref(), Some("wamid.1"));
    (app, server, order)
}

async fn a_cod_order_with_consent_gets_cod_confirm_within_seconds_and_one_without_gets_nothing(
    db: &TestDb,
) {
    let server = MockServer::start().await;
    accept_all(&server).await;
    let app = whatsapp_app(db, &server).await;
    let started = std::time::Instant::now();
    let order = cod_order(&app, Some(true)).await;
    let message = settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(message.to.as_str(), ASHA);
    let asked = sends(&server, &order).await;
    assert_eq!(asked.len(), 1);
    let template = &asked[0]["template"];
    assert_eq!(asked[0]["to"], ASHA);
    assert_eq!(template["name"], "cod_confirm");
    assert_eq!(template["components"][0]["parameters"][0]["text"], "Asha");
    assert_eq!(template["components"][0]["parameters"][2]["text"], "₹900");
    assert_eq!(
        template["components"][1]["parameters"][0]["payload"],
        format!("COD_CONFIRM:{order}")
    );
    assert_eq!(
        template["components"][2]["parameters"][0]["payload"],
        format!("COD_CANCEL:{order}")
    );
    let fetched = app.get_order(&order, As::Shopper).await;
    assert_eq!(
        fetched.answers(StatusCode::OK).await["order"]["whatsapp"],
        true
    );

    // Left out, or false: nothing is kept, nothing is sent.
    let silent = cod_order(&app, None).await;
    let refused = cod_order(&app, Some(false)).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for order in [silent, refused] {
        assert!(messages(&app, &order).await.is_empty());
        assert!(sends(&server, &order).await.is_empty());
    }
    let product = app.shoe("Juttis", 5).await;
    let body = json!({"products": sized_cart(&product, 0, 1), "amount": 900, "whatsapp": "yes"});
    app.post_json("/order/cod", As::Shopper, body)
        .await
        .answers(StatusCode::BAD_REQUEST)
        .await;
}

async fn a_rate_limited_message_is_retried_until_it_goes(db: &TestDb) {
    let server = MockServer::start().await;
    send_endpoint()
        .respond_with(meta_error(130_429, "(#130429) Rate limit hit"))
        .up_to_n_times(2)
        .with_priority(1)
        .mount(&server)
        .await;
    accept_all(&server).await;
    let app = whatsapp_app(db, &server).await;
    let order = cod_order(&app, Some(true)).await;
    eventually!(
        "the first try",
        sent(&server, &order, MessageKind::CodConfirm).await == 1
    );
    eventually!(
        "the first try recorded",
        messages(&app, &order).await[0].error.is_some()
    );
    let waiting = messages(&app, &order).await.pop().unwrap();
    assert_eq!(waiting.status, MessageStatus::Queued);
    assert_eq!(
        waiting.error.as_deref(),
        Some("130429: (#130429) Rate limit hit")
    );
    // Not before its backoff.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(sent(&server, &order, MessageKind::CodConfirm).await, 1);

    app.clock.advance(chrono::Duration::seconds(11));
    eventually!(
        "the second try",
        sent(&server, &order, MessageKind::CodConfirm).await == 2
    );
    app.clock.advance(chrono::Duration::seconds(21));
    let gone = settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    assert_eq!(sent(&server, &order, MessageKind::CodConfirm).await, 3);
    assert_eq!(gone.attempts, 3);
    assert_eq!(gone.wa_message_id.as_deref(), Some("wamid.1"));
    assert_eq!(
        messages(&app, &order).await.len(),
        1,
        "one message, tried three times"
    );
}

async fn a_number_not_on_whatsapp_ends_failed_and_is_not_tried_again(db: &TestDb) {
    let server = MockServer::start().await;
    send_endpoint()
        .respond_with(meta_error(131_026, "Message undeliverable"))
        .mount(&server)
        .await;
    let app = whatsapp_app(db, &server).await;
    let order = cod_order(&app, Some(true)).await;
    let failed = settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Failed).await;
    assert_eq!(
        failed.error.as_deref(),
        Some("131026: Message undeliverable")
    );
    app.clock.advance(chrono::Duration::hours(2));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(sent(&server, &order, MessageKind::CodConfirm).await, 1);
}

async fn a_worker_killed_after_the_send_leaves_at_most_one_more_after_the_restart(db: &TestDb) {
    let server = MockServer::start().await;
    // The first send reaches WhatsApp, and the worker never hears back: as if its process
    // were killed after the send and before it saved it (its send waits 30 s, longer than
    // the test).
    send_endpoint()
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"messages": [{"id": "wamid.lost"}]}))
                .set_delay(Duration::from_secs(600)),
        )
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    accept_all(&server).await;
    let app = spawn_app_on_with(db, with_whatsapp(&server, Duration::from_secs(30))).await;
    let order = cod_order(&app, Some(true)).await;
    eventually!(
        "the send that is never saved",
        sent(&server, &order, MessageKind::CodConfirm).await == 1
    );
    let held = messages(&app, &order).await.pop().unwrap();
    assert_eq!(held.status, MessageStatus::Queued);
    assert_eq!(held.attempts, 1);

    // The restart: another process on the same database. While the lease holds it waits.
    spawn_instance_with(
        db,
        app.clock.clone(),
        with_whatsapp(&server, Duration::from_secs(2)),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(sent(&server, &order, MessageKind::CodConfirm).await, 1);
    app.clock
        .advance(CLAIM_LEASE + chrono::Duration::seconds(1));
    let sent_now = settled(&app, &order, MessageKind::CodConfirm, MessageStatus::Sent).await;
    assert_eq!(sent_now.attempts, 2);
    assert_eq!(
        sent(&server, &order, MessageKind::CodConfirm).await,
        2,
        "one more at most"
    );

    // Nothing else follows, however long we wait.
    app.clock.advance(chrono::Duration::hours(1));
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(sent(&server, &order, MessageKind::CodConfirm).await, 2);

    // Claims are the database's: a worker that lost its claim cannot record over the winner.
    let repository = DieselWhatsAppMessages::new(app.services.database.clone());
    let late = repository
        .record_sent(
            &held.id,
            "the-killed-worker",
            "wamid.lost",
            chrono::Utc::now(),
        )
        .await;
    assert!(late.is_err(), "a lost claim records nothing");
    let kept = messages(&app, &order).await.pop().unwrap();
    assert_eq!(kept.wa_message_id.as_deref(), Some("wamid.1"));
}

async fn shipped_and_delivered_go_with_the_mails(db: &TestDb) {
    let (app, server, order) = asked(db).await;
    let body = json!({"courier": "DTDC", "awb": "D1234-5678", "trackingUrl": "https://track.example/D1234-5678"});
    app.post_json(&format!("/shipment/create/{order}"), As::Admin, body)
        .await
        .answers(StatusCode::CREATED)
        .await;
    settled(&app, &order, MessageKind::OrderShipped, MessageStatus::Sent).await;
    let all = sends(&server, &order).await;
    let shipped = all
        .iter()
        .find(|body| body["template"]["name"] == "order_shipped")
        .unwrap();
    let components = &shipped["template"]["components"];
    assert_eq!(components[0]["parameters"][2]["text"], "DTDC");
    assert_eq!(components[0]["parameters"][3]["text"], "D1234-5678");
    assert_eq!(components[1]["sub_type"], "url");
    assert_eq!(
        components[1]["parameters"][0]["text"],
        format!("user/orders?order={order}")
    );
    let body = json!({"status": "Delivered", "note": "by phone"});
    app.post_json(&format!("/shipment/event/{order}"), As::Admin, body)
        .await
        .answers(StatusCode::OK)
        .await;
    settled(
        &app,
        &order,
        MessageKind::OrderDelivered,
        MessageStatus::Sent,
    )
    .await;
    let kinds: Vec<MessageKind> = messages(&app, &order)
        .await
        .iter()
        .map(KeptMessage::kind)
        .collect();
    assert_eq!(
        kinds,
        vec![
            MessageKind::CodConfirm,
            MessageKind::OrderShipped,
            MessageKind::OrderDelivered
        ]
    );
}

async fn a_wrong_or_missing_signature_is_401_and_changes_nothing(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let read = status_event("wamid.1", "read");
    let reply = button_reply("wamid.in-1", ASHA, &format!("COD_CONFIRM:{order}"));
    for body in [&read, &reply] {
        deliver(&app, body, None)
            .await
            .refuses(StatusCode::UNAUTHORIZED, "Invalid signature")
            .await;
        deliver(&app, body, Some("another-secret"))
            .await
            .refuses(StatusCode::UNAUTHORIZED, "Invalid signature")
            .await;
    }
    // A signature of another body.
    let signed = signature::sign(APP_SECRET.as_bytes(), b"{}");
    app.client
        .post(app.url("/whatsapp/webhook"))
        .header("X-Hub-Signature-256", format!("sha256={signed}"))
        .body(read.clone())
        .send()
        .await
        .unwrap()
        .refuses(StatusCode::UNAUTHORIZED, "Invalid signature")
        .await;
    assert_eq!(messages(&app, &order).await[0].status, MessageStatus::Sent);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM whatsapp_replies"), 0);

    // Signed, it is read.
    let answer = deliver(&app, &read, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(
        answer,
        json!({"success": true, "statuses": 1, "replies": 0})
    );

    // Without WhatsApp configured (another instance, on the outbox), nothing is WhatsApp's.
    let offline = spawn_instance_on(db).await;
    let signed = signature::sign(APP_SECRET.as_bytes(), reply.as_bytes());
    app.client
        .post(format!("{offline}/api/v1/whatsapp/webhook"))
        .header("Content-Type", "application/json")
        .header("X-Hub-Signature-256", format!("sha256={signed}"))
        .body(reply.clone())
        .send()
        .await
        .unwrap()
        .refuses(StatusCode::UNAUTHORIZED, "Invalid signature")
        .await;
    // Bodies past 1 MB are refused unread.
    let huge = "x".repeat(1024 * 1024 + 1);
    deliver(&app, &huge, Some(APP_SECRET))
        .await
        .refuses(
            StatusCode::PAYLOAD_TOO_LARGE,
            "The request body must be at most 1 MB",
        )
        .await;
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM whatsapp_replies"), 0);
}

async fn a_button_reply_replayed_ten_times_and_in_parallel_is_recorded_once(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let reply = button_reply("wamid.in-1", ASHA, &format!("COD_CONFIRM:{order}"));
    let signed = signature::sign(APP_SECRET.as_bytes(), reply.as_bytes());
    let at_once: Vec<_> = (0..10)
        .map(|_| {
            let request = app
                .client
                .post(app.url("/whatsapp/webhook"))
                .header("X-Hub-Signature-256", format!("sha256={signed}"))
                .body(reply.clone());
            tokio::spawn(async move { request.send().await.unwrap() })
        })
        .collect();
    let mut recorded = 0;
    for request in at_once {
        let answer = request.await.unwrap().answers(StatusCode::OK).await;
        recorded += answer["replies"].as_i64().unwrap();
    }
    for _ in 0..10 {
        let answer = deliver(&app, &reply, Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
        recorded += answer["replies"].as_i64().unwrap();
    }
    assert_eq!(recorded, 1);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM whatsapp_replies"), 1);
    let replies = DieselWhatsAppMessages::new(app.services.database.clone())
        .replies(&OrderId::new(&order))
        .await
        .unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].from.as_str(), ASHA);

    // Unknown events and fields: 200, nothing recorded.
    let other = notification(
        json!({"event": "PARTNER_ADDED", "messages": [{"type": "text", "id": "wamid.in-2", "from": ASHA}]}),
    );
    let answer = deliver(&app, &other, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(
        answer,
        json!({"success": true, "statuses": 0, "replies": 0})
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM whatsapp_replies"), 1);
}

async fn delivered_after_read_leaves_read(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    for (status, moved) in [
        ("delivered", 1),
        ("read", 1),
        ("delivered", 0),
        ("sent", 0),
        ("read", 0),
        ("failed", 0),
    ] {
        let answer = deliver(&app, &status_event("wamid.1", status), Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
        assert_eq!(answer["statuses"], moved, "{status}");
    }
    assert_eq!(messages(&app, &order).await[0].status, MessageStatus::Read);
    // An id that is none of ours changes nothing either.
    let answer = deliver(&app, &status_event("wamid.other", "read"), Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(answer["statuses"], 0);
}

async fn a_reply_from_another_phone_changes_nothing(db: &TestDb) {
    let (app, _server, order) = asked(db).await;
    let payload = format!("COD_CONFIRM:{order}");
    for from in ["919999999999", "9876543210", "449876543210"] {
        let reply = button_reply(&format!("wamid.in-{from}"), from, &payload);
        let answer = deliver(&app, &reply, Some(APP_SECRET))
            .await
            .answers(StatusCode::OK)
            .await;
        assert_eq!(answer["replies"], 0, "{from}");
    }
    // Nor a reply naming an order that is not one of ours.
    let reply = button_reply("wamid.in-x", ASHA, "COD_CONFIRM:no-such-order");
    let answer = deliver(&app, &reply, Some(APP_SECRET))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(answer["replies"], 0);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM whatsapp_replies"), 0);
}

async fn the_handshake_answers_the_challenge_and_a_wrong_token_is_403(db: &TestDb) {
    let server = MockServer::start().await;
    let app = whatsapp_app(db, &server).await;
    let handshake = |query: &'static str| {
        app.client
            .get(format!("{}?{query}", app.url("/whatsapp/webhook")))
            .send()
    };
    let answer =
        handshake("hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444")
            .await
            .unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(
        answer.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    assert_eq!(answer.text().await.unwrap(), "1158201444");
    for query in [
        "hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1",
        "hub.mode=unsubscribe&hub.verify_token=verify-me&hub.challenge=1",
        "hub.mode=subscribe&hub.challenge=1",
        "",
    ] {
        handshake(query)
            .await
            .unwrap()
            .refuses(StatusCode::FORBIDDEN, "Invalid verify token")
            .await;
    }
    let offline = spawn_instance_on(db).await;
    app.client
        .get(format!(
            "{offline}/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=&hub.challenge=1"
        ))
        .send()
        .await
        .unwrap()
        .refuses(StatusCode::FORBIDDEN, "Invalid verify token")
        .await;
}
