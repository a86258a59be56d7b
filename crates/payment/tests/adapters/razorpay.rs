//! `RazorpayGateway` against a mock Razorpay on loopback (wiremock).

use std::time::Duration;

use paduka_application::checkout::{PaymentError, PaymentGateway, ProviderPayment};
use paduka_domain::Paise;
use paduka_payment::{RazorpayConfig, RazorpayGateway};
use secrecy::SecretString;
use serde_json::json;
use wiremock::matchers::{basic_auth, body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn config(base_url: &str) -> RazorpayConfig {
    RazorpayConfig {
        key_id: "rzp_test_key".into(),
        key_secret: SecretString::from("key-secret"),
        webhook_secret: Some(SecretString::from("hook-secret")),
        base_url: base_url.to_owned(),
        timeout: Duration::from_millis(500),
    }
}

fn gateway(server: &MockServer) -> RazorpayGateway {
    RazorpayGateway::new(config(&server.uri())).unwrap()
}

/// A Razorpay endpoint that answers only with the test keys.
fn endpoint(verb: &str, at: &str) -> wiremock::MockBuilder {
    Mock::given(method(verb))
        .and(path(at))
        .and(basic_auth("rzp_test_key", "key-secret"))
}

#[tokio::test]
async fn an_order_is_created_with_basic_auth_amount_in_paise_and_the_receipt_in_its_notes() {
    let server = MockServer::start().await;
    endpoint("POST", "/v1/orders")
        .and(body_json(json!({
            "amount": 169_800,
            "currency": "INR",
            "receipt": "rcpt-1",
            "notes": { "receipt": "rcpt-1" },
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "order_9A33XWu170gUtm",
            "entity": "order",
            "amount": 169_800,
            "amount_paid": 0,
            "amount_due": 169_800,
            "currency": "INR",
            "receipt": "rcpt-1",
            "status": "created",
            "attempts": 0,
            "notes": { "receipt": "rcpt-1" },
            "created_at": 1_700_000_000,
        })))
        .expect(1)
        .mount(&server)
        .await;
    let order = gateway(&server)
        .create_order(Paise::from_stored(169_800), "rcpt-1")
        .await
        .unwrap();
    assert_eq!(order.id, "order_9A33XWu170gUtm");
    assert_eq!(order.amount.paise(), 169_800);
    assert_eq!(order.currency, "INR");
}

#[tokio::test]
async fn a_refund_carries_its_idempotency_key() {
    let server = MockServer::start().await;
    endpoint("POST", "/v1/payments/pay_29QQoUBi66xm2f/refund")
        .and(header("X-Refund-Idempotency", "refund-pay_29QQoUBi66xm2f"))
        .and(body_json(json!({
            "amount": 169_800,
            "speed": "normal",
            "notes": { "idempotency_key": "refund-pay_29QQoUBi66xm2f" },
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "rfnd_FP8QHiV938haTz",
            "entity": "refund",
            "amount": 169_800,
            "currency": "INR",
            "payment_id": "pay_29QQoUBi66xm2f",
            "status": "processed",
            "speed_processed": "normal",
        })))
        .expect(1)
        .mount(&server)
        .await;
    let refund = gateway(&server)
        .refund(
            "pay_29QQoUBi66xm2f",
            Paise::from_stored(169_800),
            "refund-pay_29QQoUBi66xm2f",
        )
        .await
        .unwrap();
    assert_eq!(refund.id, "rfnd_FP8QHiV938haTz");
    assert_eq!(refund.amount.paise(), 169_800);
    assert_eq!(refund.status, "processed");
}

#[tokio::test]
async fn an_order_s_payments_are_read_for_reconciling_with_basic_auth() {
    let server = MockServer::start().await;
    endpoint("GET", "/v1/orders/order_9A33XWu170gUtm/payments")
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "entity": "collection",
            "count": 2,
            "items": [
                {"id": "pay_failed01", "entity": "payment", "amount": 169_800,
                 "currency": "INR", "status": "failed", "order_id": "order_9A33XWu170gUtm"},
                {"id": "pay_29QQoUBi66xm2f", "entity": "payment", "amount": 169_800,
                 "currency": "INR", "status": "captured", "order_id": "order_9A33XWu170gUtm"},
            ],
        })))
        .expect(1)
        .mount(&server)
        .await;
    let payments = gateway(&server)
        .payments("order_9A33XWu170gUtm")
        .await
        .unwrap();
    assert_eq!(
        payments,
        vec![
            ProviderPayment {
                id: "pay_failed01".into(),
                amount: Paise::from_stored(169_800),
                captured: false,
            },
            ProviderPayment {
                id: "pay_29QQoUBi66xm2f".into(),
                amount: Paise::from_stored(169_800),
                captured: true,
            },
        ]
    );
    let refused = gateway(&server).payments("order_1/../../x").await;
    assert!(matches!(refused, Err(PaymentError::Malformed(_))));
}

#[tokio::test]
async fn a_payment_id_that_is_not_an_id_never_reaches_a_url() {
    let server = MockServer::start().await;
    let result = gateway(&server)
        .refund("../orders", Paise::from_stored(100), "k")
        .await;
    assert!(matches!(result, Err(PaymentError::Malformed(_))));
    assert!(server.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_provider_error_answer_is_an_error_with_its_status_and_description() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/orders"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({
            "error": {
                "code": "BAD_REQUEST_ERROR",
                "description": "The amount must be atleast INR 1.00",
            }
        })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/payments/pay_1/refund"))
        .respond_with(ResponseTemplate::new(503).set_body_string("upstream unavailable"))
        .mount(&server)
        .await;
    let gateway = gateway(&server);
    match gateway.create_order(Paise::from_stored(1), "r").await {
        Err(PaymentError::Rejected { status, message }) => {
            assert_eq!(status, 400);
            assert_eq!(
                message,
                "BAD_REQUEST_ERROR: The amount must be atleast INR 1.00"
            );
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
    match gateway.refund("pay_1", Paise::from_stored(100), "k").await {
        Err(PaymentError::Rejected { status, message }) => {
            assert_eq!(status, 503);
            assert_eq!(message, "upstream unavailable");
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
}

#[tokio::test]
async fn an_unreadable_answer_is_malformed() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>oops</html>"))
        .mount(&server)
        .await;
    let result = gateway(&server)
        .create_order(Paise::from_stored(100), "r")
        .await;
    assert!(matches!(result, Err(PaymentError::Malformed(_))));
}

#[tokio::test]
async fn a_provider_that_does_not_answer_in_time_is_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"id": "order_1", "amount": 100, "currency": "INR"}))
                .set_delay(Duration::from_secs(5)),
        )
        .mount(&server)
        .await;
    // The answer would come after 5 s; the gateway's 500 ms timeout gives up first.
    let result = gateway(&server)
        .create_order(Paise::from_stored(100), "r")
        .await;
    assert!(
        matches!(&result, Err(PaymentError::Unavailable(m)) if m.contains("timed out")),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_provider_that_is_down_is_unavailable() {
    // A port nobody listens on any more.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let gateway = RazorpayGateway::new(config(&format!("http://127.0.0.1:{port}"))).unwrap();
    let result = gateway
        .refund("pay_1", Paise::from_stored(100), "refund-pay_1")
        .await;
    assert!(
        matches!(&result, Err(PaymentError::Unavailable(_))),
        "{result:?}"
    );
}

#[test]
fn the_gateway_names_itself_and_its_public_key_but_never_its_secret() {
    let gateway = RazorpayGateway::new(config("https://api.razorpay.com/")).unwrap();
    assert_eq!(gateway.provider(), "razorpay");
    assert_eq!(gateway.public_key(), "rzp_test_key");
    let debug = format!("{gateway:?}");
    assert!(!debug.contains("key-secret") && !debug.contains("hook-secret"));
}

#[test]
fn production_settings_use_razorpay_s_api_and_a_10_second_timeout() {
    let config = RazorpayConfig::new("rzp_live_x", SecretString::from("s"), None);
    assert_eq!(config.base_url, "https://api.razorpay.com");
    assert_eq!(config.timeout, Duration::from_secs(10));
}
