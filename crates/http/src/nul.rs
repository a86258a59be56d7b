//! NUL characters stop at the edge. PostgreSQL refuses text holding one (and SQLite would
//! store it, cutting the text short for every C reader), so a request whose path, query or
//! JSON body carries one is refused with a 400 before any handler runs; the product form's
//! text fields are checked where the form is read (`upload.rs`).

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::BytesMut;
use futures_util::StreamExt;

use crate::ApiError;
use crate::extract::MAX_JSON_BYTES;
use crate::handlers::whatsapp::TOO_LARGE;
use crate::handlers::whatsapp::webhook as whatsapp_webhook;

/// WhatsApp's webhook, whose deliveries may be larger than other JSON bodies.
const WHATSAPP_WEBHOOK: &str = "/api/v1/whatsapp/webhook";

pub const NUL_REFUSED: &str = "Text must not contain NUL characters";

/// The middleware: wraps every route, the frontend's included.
pub async fn refuse_nul(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    // `%` always starts an escape in a URI, so `%00` anywhere decodes to NUL (and `%2500`,
    // a written-out "%00", does not contain it).
    if request.uri().path().contains("%00")
        || request.uri().query().is_some_and(|q| q.contains("%00"))
    {
        return Err(ApiError::bad_request(NUL_REFUSED).into());
    }
    if is_json(&request) {
        // WhatsApp batches up to 1 MB of updates in one delivery (decisions D37).
        let whatsapp = request.path() == WHATSAPP_WEBHOOK;
        let limit = if whatsapp {
            whatsapp_webhook::MAX_BODY_BYTES
        } else {
            MAX_JSON_BYTES
        };
        let mut body = BytesMut::new();
        let mut payload = request.take_payload();
        while let Some(chunk) = payload.next().await {
            body.extend_from_slice(&chunk?);
            if body.len() > limit {
                if whatsapp {
                    return Err(ApiError::PayloadTooLarge(TOO_LARGE.into()).into());
                }
                return Err(crate::extract::json_error(
                    actix_web::error::JsonPayloadError::Overflow {
                        limit: MAX_JSON_BYTES,
                    },
                )
                .into());
            }
        }
        if json_has_nul(&body) {
            return Err(ApiError::bad_request(NUL_REFUSED).into());
        }
        request.set_payload(Payload::from(body.freeze()));
    }
    next.call(request).await
}

/// A JSON body, or one without a type (which raw-body handlers such as the webhook read).
fn is_json(request: &ServiceRequest) -> bool {
    let Some(value) = request.headers().get(header::CONTENT_TYPE) else {
        return true;
    };
    let essence = value
        .to_str()
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json" || essence.ends_with("+json")
}

/// Whether JSON text holds a NUL: a raw zero byte, or a `\u0000` escape (not `\\u0000`, an
/// escaped backslash followed by the letters).
fn json_has_nul(json: &[u8]) -> bool {
    let mut i = 0;
    while i < json.len() {
        match json[i] {
            0 => return true,
            b'\\' => {
                if json.get(i + 1) == Some(&b'u') && json.get(i + 2..i + 6) == Some(b"0000") {
                    return true;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_escaped_or_raw_and_a_written_out_one_is_not() {
        assert!(json_has_nul(br#"{"name":"a\u0000b"}"#));
        assert!(json_has_nul(b"{\"name\":\"a\0b\"}"));
        assert!(
            json_has_nul(br#"{"name":"\\\u0000"}"#),
            "after an escaped backslash"
        );
        assert!(
            !json_has_nul(br#"{"name":"\\u0000"}"#),
            "a backslash, then letters"
        );
        assert!(!json_has_nul(br#"{"name":"\u00e9 \u0001"}"#));
        assert!(!json_has_nul(br#"{"name":"trailing \"#));
    }
}
