//! The real payment path: the application with the three `RAZORPAY_*` keys set, its
//! `RAZORPAY_API_BASE` pointed at a Razorpay-compatible server on loopback (orders, an
//! order's payments, refunds, basic auth) that signs payments and webhooks with the test keys
//! as Razorpay does. Nothing here goes through the sandbox.

use std::sync::{Arc, Mutex};

use chrono::Duration;
use hmac::{Hmac, Mac};
use paduka_payment::RazorpayConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;
use wiremock::matchers::{basic_auth, method, path, path_regex};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use crate::checkout::{ADDRESS, ask_payment, order_body, place_cart};
use crate::helpers::*;

const KEY_ID: &str = "rzp_test_paduka";
const KEY_SECRET: &str = "test-key-secret";
const WEBHOOK_SECRET: &str = "test-webhook-secret";

crate::on_both_backends!(
    with_razorpay_keys_payments_go_to_razorpay_and_the_sandbox_is_gone,
    a_shopper_pays_in_razorpay_s_window_and_the_order_is_placed_once,
    a_payment_whose_browser_never_came_back_is_placed_by_the_webhook_once,
    cancelling_an_order_refunds_its_payment_at_razorpay_once,
    reconciling_finds_a_captured_payment_nobody_reported,
);

/// Hex HMAC-SHA256, as Razorpay signs (written here independently of the code under test).
fn hmac_hex(key: &str, message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

/// What the mock Razorpay holds.
#[derive(Default)]
struct Ledger {
    /// `{id, amount, currency, receipt, notes, status}` as Razorpay answers them.
    orders: Vec<Value>,
    /// Payments as Razorpay lists them: `{id, order_id, amount, status, ...}`.
    payments: Vec<Value>,
    /// Refunds, each with the idempotency key it was asked with.
    refunds: Vec<(String, Value)>,
}

impl Ledger {
    fn next_id(&self, prefix: &str) -> String {
        let n = self.orders.len() + self.payments.len() + self.refunds.len() + 1;
        format!("{prefix}_Mock{n:010}")
    }
}

type Shared = Arc<Mutex<Ledger>>;

/// `POST /v1/orders`.
struct CreateOrder(Shared);

impl Respond for CreateOrder {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let mut ledger = self.0.lock().unwrap();
        let order = json!({
            "id": ledger.next_id("order"),
            "entity": "order",
            "amount": body["amount"],
            "amount_paid": 0,
            "currency": body["currency"],
            "receipt": body["receipt"],
            "notes": body["notes"],
            "status": "created",
        });
        ledger.orders.push(order.clone());
        ResponseTemplate::new(200).set_body_json(order)
    }
}

/// `GET /v1/orders/{id}/payments`.
struct OrderPayments(Shared);

impl Respond for OrderPayments {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let order_id = request.url.path().split('/').nth(3).unwrap();
        let ledger = self.0.lock().unwrap();
        let items: Vec<&Value> = (ledger.payments.iter())
            .filter(|payment| payment["order_id"] == order_id)
            .collect();
        ResponseTemplate::new(200)
            .set_body_json(json!({"entity": "collection", "count": items.len(), "items": items}))
    }
}

/// `POST /v1/payments/{id}/refund`: at most one refund per idempotency key.
struct Refund(Shared);

impl Respond for Refund {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let payment_id = request.url.path().split('/').nth(3).unwrap().to_owned();
        let key = request.headers["X-Refund-Idempotency"]
            .to_str()
            .unwrap()
            .to_owned();
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let mut ledger = self.0.lock().unwrap();
        if let Some((_, earlier)) = ledger.refunds.iter().find(|(k, _)| *k == key) {
            return ResponseTemplate::new(200).set_body_json(earlier.clone());
        }
        let Some(index) = ledger.payments.iter().position(|p| p["id"] == payment_id) else {
            return ResponseTemplate::new(400).set_body_json(json!({"error": {
                "code": "BAD_REQUEST_ERROR", "description": "The id provided does not exist"}}));
        };
        let refund = json!({
            "id": ledger.next_id("rfnd"),
            "entity": "refund",
            "amount": body["amount"],
            "currency": "INR",
            "payment_id": payment_id,
            "status": "processed",
        });
        ledger.payments[index]["status"] = json!("refunded");
        ledger.refunds.push((key, refund.clone()));
        ResponseTemplate::new(200).set_body_json(refund)
    }
}

/// A Razorpay-compatible server that answers only calls authenticated with the test keys.
struct MockRazorpay {
    server: MockServer,
    ledger: Shared,
}

impl MockRazorpay {
    async fn start() -> Self {
        let server = MockServer::start().await;
        let ledger = Shared::default();
        let auth = || basic_auth(KEY_ID, KEY_SECRET);
        Mock::given(method("POST"))
            .and(path("/v1/orders"))
            .and(auth())
            .respond_with(CreateOrder(ledger.clone()))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path_regex(r"^/v1/orders/order_\w+/payments$"))
            .and(auth())
            .respond_with(OrderPayments(ledger.clone()))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path_regex(r"^/v1/payments/pay_\w+/refund$"))
            .and(auth())
            .respond_with(Refund(ledger.clone()))
            .mount(&server)
            .await;
        Self { server, ledger }
    }

    /// The shopper pays `order_id` in Razorpay's window: a captured payment of the order's
    /// amount, and the three fields the window hands back to the page.
    fn pay(&self, order_id: &str) -> Value {
        let mut ledger = self.ledger.lock().unwrap();
        let amount = (ledger.orders.iter())
            .find(|order| order["id"] == order_id)
            .expect("an order Razorpay made")["amount"]
            .clone();
        let payment_id = ledger.next_id("pay");
        ledger.payments.push(json!({
            "id": payment_id, "entity": "payment", "amount": amount, "currency": "INR",
            "status": "captured", "order_id": order_id, "method": "upi",
        }));
        let signature = hmac_hex(KEY_SECRET, format!("{order_id}|{payment_id}").as_bytes());
        json!({
            "razorpay_order_id": order_id,
            "razorpay_payment_id": payment_id,
            "razorpay_signature": signature,
        })
    }

    /// Razorpay's `payment.captured` webhook for a payment, and its signature.
    fn captured_webhook(&self, payment_id: &str) -> (String, String) {
        let ledger = self.ledger.lock().unwrap();
        let payment = (ledger.payments.iter())
            .find(|p| p["id"] == payment_id)
            .expect("a payment Razorpay took");
        let body = json!({
            "entity": "event",
            "event": "payment.captured",
            "contains": ["payment"],
            "payload": {"payment": {"entity": payment}},
        })
        .to_string();
        let signature = hmac_hex(WEBHOOK_SECRET, body.as_bytes());
        (body, signature)
    }

    fn refunds(&self) -> Vec<(String, Value)> {
        self.ledger.lock().unwrap().refunds.clone()
    }

    async fn calls(&self, method: &str, path_start: &str) -> usize {
        let received = self.server.received_requests().await.unwrap();
        (received.iter())
            .filter(|r| r.method.as_str() == method && r.url.path().starts_with(path_start))
            .count()
    }
}

/// The application on `db` with the Razorpay keys set and its API base at a mock Razorpay.
async fn spawn_shop(db: &TestDb) -> (TestApp, MockRazorpay) {
    let razorpay = MockRazorpay::start().await;
    let base = razorpay.server.uri();
    let app = spawn_app_on_with(db, |settings| {
        settings.razorpay = Some(RazorpayConfig {
            base_url: base,
            ..RazorpayConfig::new(
                KEY_ID,
                KEY_SECRET.to_owned().into(),
                Some(WEBHOOK_SECRET.to_owned().into()),
            )
        });
    })
    .await;
    (app, razorpay)
}

/// `POST /payment/{amount}` for `quantity` pairs of `product` (900 rupees each); the provider
/// order's id.
async fn start_payment(app: &TestApp, product: &str, quantity: u32) -> String {
    let body = ask_payment(app, product, quantity).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["provider"], json!("razorpay"));
    assert_eq!(body["key"], json!(KEY_ID));
    assert_eq!(body["amount"], json!(i64::from(900 * quantity) * 100));
    body["id"].as_str().unwrap().to_owned()
}

async fn with_razorpay_keys_payments_go_to_razorpay_and_the_sandbox_is_gone(db: &TestDb) {
    let (app, razorpay) = spawn_shop(db).await;
    assert!(app.services.sandbox.is_none());
    let product = app.shoe("Runner", 5).await;

    let order_id = start_payment(&app, &product, 2).await;
    {
        let ledger = razorpay.ledger.lock().unwrap();
        let order = &ledger.orders[0];
        assert_eq!(order["id"], json!(order_id));
        assert_eq!(order["amount"], json!(180_000));
        assert_eq!(order["currency"], json!("INR"));
        assert_eq!(order["notes"]["receipt"], order["receipt"]);
    }
    let pay = json!({"orderId": order_id});
    let refused = app
        .post_json("/payment/sandbox/pay", As::Shopper, pay)
        .await;
    refused.refuses(StatusCode::NOT_FOUND, "Not found").await;
    let page = app.site("/sandbox/checkout").send().await.unwrap();
    assert!(!page.text().await.unwrap().contains("Paduka test payment"));
}

async fn a_shopper_pays_in_razorpay_s_window_and_the_order_is_placed_once(db: &TestDb) {
    let (app, razorpay) = spawn_shop(db).await;
    let product = app.shoe("Runner", 5).await;

    let order_id = start_payment(&app, &product, 2).await;
    let paid = razorpay.pay(&order_id);
    let placed = place_cart(&app, order_body(&product, 2, &paid)).await;
    let placed = placed.answers(StatusCode::CREATED).await;
    assert_eq!(placed["message"], json!("Order Placed Successfully"));
    assert_eq!(placed["order"]["paymentId"], paid["razorpay_payment_id"]);
    assert_eq!(placed["order"]["amount"], json!(1800));
    assert_eq!(app.stock(&product).await, 3);

    // A signature made with anything but the key secret is refused.
    let mut forged = razorpay.pay(&order_id);
    forged["razorpay_signature"] = json!(hmac_hex("not-the-secret", b"x"));
    let refused = place_cart(&app, order_body(&product, 2, &forged)).await;
    let message = "Payment verification failed";
    refused.refuses(StatusCode::BAD_REQUEST, message).await;
    // The same payment again answers the same order.
    let again = place_cart(&app, order_body(&product, 2, &paid)).await;
    let again = again.answers(StatusCode::OK).await;
    assert_eq!(again["order"]["_id"], placed["order"]["_id"]);
    assert_eq!(app.my_orders(As::Shopper).await.len(), 1);
    assert_eq!(app.stock(&product).await, 3);
}

async fn a_payment_whose_browser_never_came_back_is_placed_by_the_webhook_once(db: &TestDb) {
    let (app, razorpay) = spawn_shop(db).await;
    let product = app.shoe("Moccasin", 5).await;
    let order_id = start_payment(&app, &product, 2).await;
    let paid = razorpay.pay(&order_id);
    let payment_id = paid["razorpay_payment_id"].as_str().unwrap();
    let (body, signature) = razorpay.captured_webhook(payment_id);

    let forged = hmac_hex("not-the-webhook-secret", body.as_bytes());
    let refused = app.send_webhook("evt_forged", &body, &forged).await;
    let message = "Invalid webhook signature";
    refused.refuses(StatusCode::BAD_REQUEST, message).await;
    assert!(
        app.my_orders(As::Shopper).await.is_empty(),
        "a forged webhook places nothing"
    );

    let first = app.send_webhook("evt_1", &body, &signature).await;
    assert_eq!(
        first.answers(StatusCode::OK).await["outcome"],
        json!("placed")
    );
    let orders = app.my_orders(As::Shopper).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["paymentId"], json!(payment_id));
    assert_eq!(orders[0]["address"], json!(ADDRESS));
    assert_eq!(app.stock(&product).await, 3);

    for (event, outcome) in [
        // Razorpay delivers the same event again: answered, nothing done twice.
        ("evt_1", "duplicate"),
        // Another event for the same payment (`order.paid`) finds the order placed.
        ("evt_2", "existing"),
    ] {
        let answer = app.send_webhook(event, &body, &signature).await;
        assert_eq!(
            answer.answers(StatusCode::OK).await["outcome"],
            json!(outcome)
        );
    }
    assert_eq!(app.my_orders(As::Shopper).await.len(), 1);
    assert_eq!(app.stock(&product).await, 3);
}

async fn cancelling_an_order_refunds_its_payment_at_razorpay_once(db: &TestDb) {
    let (app, razorpay) = spawn_shop(db).await;
    let product = app.shoe("Loafer", 5).await;
    let order_id = start_payment(&app, &product, 3).await;
    let paid = razorpay.pay(&order_id);
    let placed = place_cart(&app, order_body(&product, 3, &paid)).await;
    let placed = placed.answers(StatusCode::CREATED).await;
    let id = placed["order"]["_id"].as_str().unwrap();

    let cancelled = app.cancel_order(id, As::Shopper).await;
    cancelled.answers(StatusCode::OK).await;
    assert_eq!(app.stock(&product).await, 5);
    let refunds = razorpay.refunds();
    assert_eq!(refunds.len(), 1);
    let (key, refund) = &refunds[0];
    let payment_id = paid["razorpay_payment_id"].as_str().unwrap();
    assert_eq!(key, &format!("refund-{payment_id}"));
    assert_eq!(refund["payment_id"], json!(payment_id));
    assert_eq!(refund["amount"], json!(270_000));

    // Cancelling again neither refunds again nor gives the stock back twice.
    let again = app.cancel_order(id, As::Shopper).await;
    again.answers(StatusCode::OK).await;
    assert_eq!(razorpay.calls("POST", "/v1/payments/").await, 1);
    assert_eq!(app.stock(&product).await, 5);
}

async fn reconciling_finds_a_captured_payment_nobody_reported(db: &TestDb) {
    let (app, razorpay) = spawn_shop(db).await;
    let product = app.shoe("Boot", 5).await;
    let paid_id = start_payment(&app, &product, 1).await;
    let paid = razorpay.pay(&paid_id);
    // Another shopper's window was closed without paying.
    let abandoned = start_payment(&app, &product, 1).await;
    // No browser, no webhook; the checkout windows are long closed.
    app.clock.advance(Duration::minutes(30));

    let since = chrono::Utc::now() - Duration::hours(24);
    let done = app.services.api.checkout.reconcile(since).await.unwrap();
    assert_eq!((done.checked, done.placed, done.failed), (2, 1, 0));
    for order in [&paid_id, &abandoned] {
        assert_eq!(
            razorpay
                .calls("GET", &format!("/v1/orders/{order}/payments"))
                .await,
            1
        );
    }
    let orders = app.my_orders(As::Shopper).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["paymentId"], paid["razorpay_payment_id"]);
    assert_eq!(app.stock(&product).await, 4);

    // Settled now: the next reconciliation asks only about the abandoned window.
    let again = app.services.api.checkout.reconcile(since).await.unwrap();
    assert_eq!((again.checked, again.placed), (1, 0));
}
