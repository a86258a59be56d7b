//! Checkout and webhook signatures against vectors computed here with `hmac` directly, for
//! both adapters, including tampered ones.

use std::time::Duration;

use hmac::{Hmac, Mac};
use paduka_application::checkout::{PaymentGateway, WebhookEvent};
use paduka_domain::Paise;
use paduka_payment::{RazorpayConfig, RazorpayGateway, SandboxGateway, signature};
use secrecy::SecretString;
use sha2::Sha256;

fn hmac_hex(key: &str, message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

fn razorpay(webhook_secret: Option<&str>) -> RazorpayGateway {
    RazorpayGateway::new(RazorpayConfig {
        key_id: "rzp_test_key".into(),
        key_secret: SecretString::from("key-secret"),
        webhook_secret: webhook_secret.map(SecretString::from),
        base_url: "http://127.0.0.1:9".into(),
        timeout: Duration::from_secs(1),
    })
    .unwrap()
}

#[test]
fn sign_matches_the_rfc_4231_vector() {
    // RFC 4231, test case 2.
    assert_eq!(
        signature::sign(b"Jefe", b"what do ya want for nothing?"),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
}

#[test]
fn a_razorpay_checkout_signature_is_hmac_of_order_pipe_payment_with_the_key_secret() {
    let gateway = razorpay(None);
    let good = hmac_hex("key-secret", b"order_9A33XWu170gUtm|pay_29QQoUBi66xm2f");
    assert!(gateway.verify_checkout_signature("order_9A33XWu170gUtm", "pay_29QQoUBi66xm2f", &good));
    // Upper-case hex is the same bytes.
    assert!(gateway.verify_checkout_signature(
        "order_9A33XWu170gUtm",
        "pay_29QQoUBi66xm2f",
        &good.to_uppercase()
    ));
    let mut flipped = good.clone().into_bytes();
    flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
    let tampered = [
        // Another order (what a browser reporting someone else's order would need).
        ("order_OTHER", "pay_29QQoUBi66xm2f", good.clone()),
        ("order_9A33XWu170gUtm", "pay_OTHER", good.clone()),
        // One hex digit changed, cut short, not hex, empty.
        (
            "order_9A33XWu170gUtm",
            "pay_29QQoUBi66xm2f",
            String::from_utf8(flipped).unwrap(),
        ),
        (
            "order_9A33XWu170gUtm",
            "pay_29QQoUBi66xm2f",
            good[..62].to_owned(),
        ),
        (
            "order_9A33XWu170gUtm",
            "pay_29QQoUBi66xm2f",
            "zz".repeat(32),
        ),
        ("order_9A33XWu170gUtm", "pay_29QQoUBi66xm2f", String::new()),
        // Signed with another secret.
        (
            "order_9A33XWu170gUtm",
            "pay_29QQoUBi66xm2f",
            hmac_hex("other-secret", b"order_9A33XWu170gUtm|pay_29QQoUBi66xm2f"),
        ),
    ];
    for (order, payment, signature) in tampered {
        assert!(
            !gateway.verify_checkout_signature(order, payment, &signature),
            "{order} {payment} {signature}"
        );
    }
}

#[test]
fn ids_cannot_be_shifted_across_the_pipe() {
    // "a|b" + "|c" signs the same text as "a" + "b|c"; an order id with a pipe is refused.
    let secret = b"key-secret";
    let signature = signature::sign(secret, b"order_a|b|pay_c");
    assert!(signature::verify_checkout(
        secret, "order_a", "b|pay_c", &signature
    ));
    assert!(!signature::verify_checkout(
        secret,
        "order_a|b",
        "pay_c",
        &signature
    ));
    assert!(!signature::verify_checkout(
        secret,
        "",
        "pay_c",
        &signature::sign(secret, b"|pay_c")
    ));
}

#[test]
fn a_webhook_signature_is_hmac_of_the_raw_body_with_the_webhook_secret() {
    let gateway = razorpay(Some("hook-secret"));
    let body = br#"{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","amount":169800,"status":"captured","order_id":"order_1"}}}}"#;
    let good = hmac_hex("hook-secret", body);
    assert!(gateway.verify_webhook(body, &good));
    // The same JSON with a space more is another body.
    let mut reformatted = body.to_vec();
    reformatted.insert(1, b' ');
    assert!(!gateway.verify_webhook(&reformatted, &good));
    // Signed with the key secret instead of the webhook secret.
    assert!(!gateway.verify_webhook(body, &hmac_hex("key-secret", body)));
    assert!(!gateway.verify_webhook(body, ""));
    assert_eq!(
        gateway.parse_webhook(body).unwrap(),
        WebhookEvent::PaymentCaptured {
            payment_id: "pay_1".into(),
            provider_order_id: "order_1".into(),
            amount: Paise::from_stored(169_800),
        }
    );
}

#[test]
fn without_a_webhook_secret_no_webhook_verifies() {
    let gateway = razorpay(None);
    let body = b"{}";
    assert!(!gateway.verify_webhook(body, &hmac_hex("", body)));
    assert!(!signature::verify(b"", body, &hmac_hex("", body)));
}

#[test]
fn the_sandbox_signs_and_verifies_with_the_same_code_as_razorpay() {
    let sandbox = SandboxGateway::new(
        SecretString::from("local-secret"),
        std::sync::Arc::new(paduka_application::checkout::MockSandboxRefundLedger::new()),
    );
    let signature = sandbox.sign("order_sbx_00ff", "pay_sbx_1");
    assert_eq!(
        signature,
        hmac_hex("local-secret", b"order_sbx_00ff|pay_sbx_1")
    );
    assert!(sandbox.verify_checkout_signature("order_sbx_00ff", "pay_sbx_1", &signature));
    assert!(!sandbox.verify_checkout_signature("order_sbx_00fe", "pay_sbx_1", &signature));

    let body = br#"{"event":"order.paid"}"#;
    let hook = sandbox.sign_webhook(body);
    assert_eq!(hook, hmac_hex("local-secret", body));
    assert!(sandbox.verify_webhook(body, &hook));
    assert!(!sandbox.verify_webhook(b"{}", &hook));
}
