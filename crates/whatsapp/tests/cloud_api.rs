//! `CloudApiWhatsApp` against a WhatsApp-compatible fake on loopback (wiremock): the send
//! call's path, token and template body, how Meta's failures are classed, the signature.

use std::time::Duration;

use paduka_application::whatsapp::{Outgoing, WhatsAppGateway};
use paduka_domain::OrderId;
use paduka_domain::whatsapp::{SendFailure, Template, WhatsAppNumber};
use paduka_whatsapp::{CloudApiConfig, CloudApiWhatsApp};
use secrecy::SecretString;
use serde_json::json;
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const ORDER: &str = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

fn adapter(server: &MockServer) -> CloudApiWhatsApp {
    CloudApiWhatsApp::new(CloudApiConfig {
        api_base: format!("{}/v21.0", server.uri()),
        token: SecretString::from("wa-token"),
        phone_number_id: "1234567890".into(),
        app_secret: SecretString::from("app-secret"),
        verify_token: SecretString::from("verify-me"),
        language: "en".into(),
        timeout: Duration::from_millis(500),
    })
    .unwrap()
}

fn cod_confirm() -> Outgoing {
    Outgoing {
        key: "msg-1".into(),
        to: WhatsAppNumber::parse("919876543210").unwrap(),
        template: Template::cod_confirm(&OrderId::new(ORDER), "Asha", 1_698),
    }
}

/// The send endpoint, answering only with the shop's token.
fn messages_endpoint() -> wiremock::MockBuilder {
    Mock::given(method("POST"))
        .and(path("/v21.0/1234567890/messages"))
        .and(header("Authorization", "Bearer wa-token"))
}

fn meta_error(code: i64, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(400).set_body_json(json!({
        "error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "A1"}
    }))
}

#[tokio::test]
async fn cod_confirm_goes_as_a_template_with_its_values_and_both_quick_reply_payloads() {
    let server = MockServer::start().await;
    messages_endpoint()
        .and(body_json(json!({
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": "919876543210",
            "type": "template",
            "template": {
                "name": "cod_confirm",
                "language": {"code": "en"},
                "components": [
                    {"type": "body", "parameters": [
                        {"type": "text", "text": "Asha"},
                        {"type": "text", "text": "2E3F4A5B"},
                        {"type": "text", "text": "₹1,698"},
                    ]},
                    {"type": "button", "sub_type": "quick_reply", "index": "0",
                     "parameters": [{"type": "payload", "payload": format!("COD_CONFIRM:{ORDER}")}]},
                    {"type": "button", "sub_type": "quick_reply", "index": "1",
                     "parameters": [{"type": "payload", "payload": format!("COD_CANCEL:{ORDER}")}]},
                ],
            },
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "messaging_product": "whatsapp",
            "contacts": [{"input": "919876543210", "wa_id": "919876543210"}],
            "messages": [{"id": "wamid.HBgMOTE5ODc2NTQzMjEw", "message_status": "accepted"}],
        })))
        .expect(1)
        .mount(&server)
        .await;
    let sent = adapter(&server).send(&cod_confirm()).await.unwrap();
    assert_eq!(sent, "wamid.HBgMOTE5ODc2NTQzMjEw");
}

#[tokio::test]
async fn order_shipped_carries_the_tracking_path_in_its_url_button() {
    let server = MockServer::start().await;
    messages_endpoint()
        .and(body_json(json!({
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": "919876543210",
            "type": "template",
            "template": {
                "name": "order_shipped",
                "language": {"code": "en"},
                "components": [
                    {"type": "body", "parameters": [
                        {"type": "text", "text": "Asha"},
                        {"type": "text", "text": "2E3F4A5B"},
                        {"type": "text", "text": "Delhivery"},
                        {"type": "text", "text": "AWB123"},
                    ]},
                    {"type": "button", "sub_type": "url", "index": "0",
                     "parameters": [{"type": "text", "text": format!("user/orders?order={ORDER}")}]},
                ],
            },
        })))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"messages": [{"id": "wamid.S"}]})),
        )
        .expect(1)
        .mount(&server)
        .await;
    let shipped = Outgoing {
        template: Template::order_shipped(
            &OrderId::new(ORDER),
            "Asha",
            "Delhivery",
            "AWB123",
            format!("user/orders?order={ORDER}"),
        ),
        ..cod_confirm()
    };
    assert_eq!(adapter(&server).send(&shipped).await.unwrap(), "wamid.S");
}

#[tokio::test]
async fn a_rate_limit_a_server_error_and_a_timeout_are_tried_again_later() {
    let server = MockServer::start().await;
    messages_endpoint()
        .respond_with(meta_error(130_429, "(#130429) Rate limit hit"))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    messages_endpoint()
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    messages_endpoint()
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"messages": [{"id": "wamid.late"}]}))
                .set_delay(Duration::from_secs(2)),
        )
        .mount(&server)
        .await;
    let whatsapp = adapter(&server);
    let limited = whatsapp.send(&cod_confirm()).await.unwrap_err();
    assert_eq!(limited.failure, SendFailure::Transient);
    assert_eq!(limited.message, "130429: (#130429) Rate limit hit");
    let down = whatsapp.send(&cod_confirm()).await.unwrap_err();
    assert_eq!(down.failure, SendFailure::Transient);
    let slow = whatsapp.send(&cod_confirm()).await.unwrap_err();
    assert_eq!(slow.failure, SendFailure::Transient, "{}", slow.message);
}

#[tokio::test]
async fn a_number_not_on_whatsapp_is_never_tried_again() {
    let server = MockServer::start().await;
    messages_endpoint()
        .respond_with(meta_error(131_026, "Message undeliverable"))
        .expect(1)
        .mount(&server)
        .await;
    let refused = adapter(&server).send(&cod_confirm()).await.unwrap_err();
    assert_eq!(refused.failure, SendFailure::Permanent);
    assert_eq!(refused.message, "131026: Message undeliverable");
}

#[tokio::test]
async fn another_refusal_such_as_an_expired_token_is_not_tried_again() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(meta_error(190, "Invalid OAuth access token"))
        .mount(&server)
        .await;
    let refused = adapter(&server).send(&cod_confirm()).await.unwrap_err();
    assert_eq!(refused.failure, SendFailure::Permanent);
}

#[tokio::test]
async fn the_webhook_signature_is_the_hmac_of_the_raw_body_with_the_app_secret() {
    let server = MockServer::start().await;
    let whatsapp = adapter(&server);
    let body = br#"{"object":"whatsapp_business_account","entry":[]}"#;
    let good = format!(
        "sha256={}",
        paduka_payment::signature::sign(b"app-secret", body)
    );
    assert!(whatsapp.signed(body, &good));
    assert!(whatsapp.signed(body, &good.to_uppercase().replace("SHA256=", "sha256=")));
    assert!(!whatsapp.signed(b"{}", &good), "another body");
    assert!(
        !whatsapp.signed(body, good.trim_start_matches("sha256=")),
        "no prefix"
    );
    assert!(!whatsapp.signed(body, ""));
    let other = format!("sha256={}", paduka_payment::signature::sign(b"other", body));
    assert!(!whatsapp.signed(body, &other));
    assert!(whatsapp.verify_token_is("verify-me"));
    assert!(!whatsapp.verify_token_is("verify-m"));
    assert!(!whatsapp.verify_token_is(""));
}
