//! Razorpay's webhook body, as far as checkout needs it.

use paduka_application::checkout::{PaymentError, WebhookEvent};
use paduka_domain::Paise;
use serde::Deserialize;

#[derive(Deserialize)]
struct Envelope {
    event: String,
    #[serde(default)]
    payload: Payload,
}

#[derive(Deserialize, Default)]
struct Payload {
    payment: Option<Wrapped>,
}

#[derive(Deserialize)]
struct Wrapped {
    entity: Payment,
}

#[derive(Deserialize)]
struct Payment {
    id: String,
    order_id: Option<String>,
    amount: i64,
    status: Option<String>,
}

/// Reads a webhook body: `payment.captured` and `order.paid` with a captured payment against
/// an order become [`WebhookEvent::PaymentCaptured`]; anything else is
/// [`WebhookEvent::Other`].
pub fn parse_webhook(body: &[u8]) -> Result<WebhookEvent, PaymentError> {
    let envelope: Envelope = serde_json::from_slice(body)
        .map_err(|e| PaymentError::Malformed(format!("webhook body: {e}")))?;
    let captured_event = matches!(envelope.event.as_str(), "payment.captured" | "order.paid");
    match envelope.payload.payment.map(|p| p.entity) {
        Some(Payment {
            id,
            order_id: Some(order_id),
            amount,
            status,
        }) if captured_event && status.as_deref().is_none_or(|s| s == "captured") => {
            if amount < 0 {
                return Err(PaymentError::Malformed("negative amount".into()));
            }
            let amount = Paise::from_stored(amount);
            Ok(WebhookEvent::PaymentCaptured {
                payment_id: id,
                provider_order_id: order_id,
                amount,
            })
        }
        _ => Ok(WebhookEvent::Other {
            event: envelope.event,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_captured_payment_is_read_from_payment_captured_and_order_paid() {
        for event in ["payment.captured", "order.paid"] {
            let body = format!(
                r#"{{"entity":"event","event":"{event}","contains":["payment"],
                "payload":{{"payment":{{"entity":{{"id":"pay_29QQoUBi66xm2f","entity":"payment",
                "amount":169800,"currency":"INR","status":"captured","order_id":"order_9A33XWu170gUtm"}}}}}},
                "created_at":1700000000}}"#
            );
            assert_eq!(
                parse_webhook(body.as_bytes()).unwrap(),
                WebhookEvent::PaymentCaptured {
                    payment_id: "pay_29QQoUBi66xm2f".into(),
                    provider_order_id: "order_9A33XWu170gUtm".into(),
                    amount: Paise::from_stored(169_800),
                }
            );
        }
    }

    #[test]
    fn other_events_and_payments_without_an_order_are_other() {
        let failed = br#"{"event":"payment.failed","payload":{"payment":{"entity":{"id":"pay_1","amount":100,"status":"failed","order_id":"order_1"}}}}"#;
        assert_eq!(
            parse_webhook(failed).unwrap(),
            WebhookEvent::Other {
                event: "payment.failed".into()
            }
        );
        let no_order = br#"{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","amount":100,"status":"captured","order_id":null}}}}"#;
        assert!(matches!(
            parse_webhook(no_order).unwrap(),
            WebhookEvent::Other { .. }
        ));
        let refund = br#"{"event":"refund.processed","payload":{}}"#;
        assert!(matches!(
            parse_webhook(refund).unwrap(),
            WebhookEvent::Other { .. }
        ));
    }

    #[test]
    fn an_unreadable_body_is_malformed_not_a_panic() {
        for body in [&b"not json"[..], b"{}", b"", br#"{"event":"payment.captured","payload":{"payment":{"entity":{"id":"p","amount":-5,"status":"captured","order_id":"o"}}}}"#] {
            assert!(matches!(
                parse_webhook(body),
                Err(PaymentError::Malformed(_))
            ));
        }
    }
}
