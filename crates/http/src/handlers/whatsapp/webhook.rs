use actix_web::{HttpRequest, HttpResponse, post, web};
use futures_util::StreamExt;
use paduka_application::whatsapp::{WebhookEvent, WhatsAppUseCases};
use paduka_domain::whatsapp::MessageStatus;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{TOO_LARGE, WRONG_SIGNATURE};
use crate::ApiError;
use crate::contract::{WhatsAppBodyOver1Mb, WrongWhatsAppSignature};

/// A delivery's body, at most (Meta batches up to 1000 updates in one).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The header WhatsApp signs its deliveries in.
pub const SIGNATURE_HEADER: &str = "x-hub-signature-256";

/// What a signed delivery changed.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct WhatsAppWebhookResponse {
    pub success: bool,
    /// Message statuses that moved forward (a late or repeated one moves nothing).
    pub statuses: usize,
    /// Button replies recorded now (one already recorded, or from a number the order's
    /// question did not go to, is not).
    pub replies: usize,
}

/// WhatsApp's deliveries: the signature (`X-Hub-Signature-256: sha256=<hex>`, HMAC-SHA256 of
/// the raw body with `WHATSAPP_APP_SECRET`) checked in constant time before the body is read
/// (401 otherwise, and always without WhatsApp configured; nothing changes); then message
/// statuses, stored once and forward only (`sent` < `delivered` < `read`, `failed` ends it),
/// and quick-reply buttons (`messages[].type = "button"`), each recorded once per incoming
/// message id and only from the number the order's question went to. Whatever else it
/// carries is ignored, with 200.
#[utoipa::path(
    params(("X-Hub-Signature-256" = String, Header, description = "`sha256=` and the hex HMAC-SHA256 of the raw body with the app secret")),
    request_body(content = String, content_type = "application/json", description = "WhatsApp's notification (`object: whatsapp_business_account`), verified byte for byte; at most 1 MB"),
    responses(
        (status = 200, description = "Recorded, or nothing to record", body = WhatsAppWebhookResponse),
        WrongWhatsAppSignature, WhatsAppBodyOver1Mb,
    )
)]
#[post("/whatsapp/webhook")]
pub async fn whatsapp_webhook(
    request: HttpRequest,
    whatsapp: web::Data<dyn WhatsAppUseCases>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let declared = request
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_BODY_BYTES) {
        return Err(ApiError::PayloadTooLarge(TOO_LARGE.into()));
    }
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| {
            ApiError::bad_request(format!("The request body could not be read: {error}"))
        })?;
        if body.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(ApiError::PayloadTooLarge(TOO_LARGE.into()));
        }
        body.extend_from_slice(&chunk);
    }
    let signature = request
        .headers()
        .get(SIGNATURE_HEADER)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    if !whatsapp.signed(&body, signature) {
        return Err(ApiError::Unauthorized(WRONG_SIGNATURE.into()));
    }
    let notification: Value = serde_json::from_slice(&body)
        .map_err(|cause| ApiError::bad_request(format!("Malformed JSON: {cause}")))?;
    let received = whatsapp.receive(events_of(&notification)).await?;
    Ok(HttpResponse::Ok().json(WhatsAppWebhookResponse {
        success: true,
        statuses: received.statuses_moved,
        replies: received.replies_recorded,
    }))
}

/// The statuses and button replies in a notification, in order: `entry[].changes[].value`'s
/// `statuses` and `messages`. Anything else, or anything not shaped as expected, is skipped.
pub fn events_of(notification: &Value) -> Vec<WebhookEvent> {
    let items = |value: &Value, key: &str| -> Vec<Value> {
        value
            .get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let text = |value: &Value, key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut events = Vec::new();
    for entry in items(notification, "entry") {
        for change in items(&entry, "changes") {
            let Some(value) = change.get("value") else {
                continue;
            };
            for status_item in items(value, "statuses") {
                let (Some(message_id), Some(status_text)) =
                    (text(&status_item, "id"), text(&status_item, "status"))
                else {
                    continue;
                };
                let Some(status) = MessageStatus::parse(&status_text)
                    .filter(|status| *status != MessageStatus::Queued)
                else {
                    continue;
                };
                let error = items(&status_item, "errors").first().map(|error| {
                    let code = error.get("code").and_then(Value::as_i64);
                    let title = text(error, "title")
                        .or_else(|| text(error, "message"))
                        .unwrap_or_default();
                    match code {
                        Some(code) => format!("{code}: {title}"),
                        None => title,
                    }
                });
                events.push(WebhookEvent::Status {
                    message_id,
                    status,
                    error,
                });
            }
            for message in items(value, "messages") {
                if text(&message, "type").as_deref() != Some("button") {
                    continue;
                }
                let payload = message
                    .get("button")
                    .and_then(|button| text(button, "payload"));
                if let (Some(incoming_id), Some(from), Some(payload)) =
                    (text(&message, "id"), text(&message, "from"), payload)
                {
                    events.push(WebhookEvent::ButtonReply {
                        incoming_id,
                        from,
                        payload,
                    });
                }
            }
        }
    }
    events
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn statuses_and_button_replies_are_read_and_the_rest_skipped() {
        let notification = json!({
            "object": "whatsapp_business_account",
            "entry": [{
                "id": "WABA",
                "changes": [{
                    "field": "messages",
                    "value": {
                        "messaging_product": "whatsapp",
                        "metadata": {"phone_number_id": "1234567890"},
                        "statuses": [
                            {"id": "wamid.1", "status": "read", "timestamp": "1700000000", "recipient_id": "919876543210"},
                            {"id": "wamid.2", "status": "failed", "errors": [{"code": 131026, "title": "Message undeliverable"}]},
                            {"id": "wamid.3", "status": "deleted"},
                            {"id": "wamid.4", "status": "queued"},
                            {"status": "sent"},
                        ],
                        "messages": [
                            {"id": "wamid.in1", "from": "919876543210", "type": "button",
                             "button": {"payload": "COD_CONFIRM:ord-1", "text": "Confirm"},
                             "context": {"id": "wamid.1"}},
                            {"id": "wamid.in2", "from": "919876543210", "type": "text", "text": {"body": "hi"}},
                            {"id": "wamid.in3", "from": "919876543210", "type": "button", "button": {}},
                        ],
                        "unknown": true,
                    },
                }, {"field": "account_update", "value": {"event": "VERIFIED"}}],
            }],
        });
        assert_eq!(
            events_of(&notification),
            vec![
                WebhookEvent::Status {
                    message_id: "wamid.1".into(),
                    status: MessageStatus::Read,
                    error: None,
                },
                WebhookEvent::Status {
                    message_id: "wamid.2".into(),
                    status: MessageStatus::Failed,
                    error: Some("131026: Message undeliverable".into()),
                },
                WebhookEvent::ButtonReply {
                    incoming_id: "wamid.in1".into(),
                    from: "919876543210".into(),
                    payload: "COD_CONFIRM:ord-1".into(),
                },
            ]
        );
        assert_eq!(events_of(&json!([1, 2])), vec![]);
        assert_eq!(events_of(&json!({"entry": "x"})), vec![]);
    }
}
