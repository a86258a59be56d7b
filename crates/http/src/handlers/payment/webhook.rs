use actix_web::{HttpRequest, HttpResponse, post, web};
use paduka_application::checkout::{CheckoutError, CheckoutUseCases, WebhookOutcome};

use crate::ApiError;
use crate::contract::{InvalidWebhookSignature, ProviderFailedRetryLater};
use crate::dto::WebhookResponse;

/// The payment provider's webhook (Razorpay's format). Answered 2xx for every event handled,
/// ignored or seen before; 400 for a bad signature; 5xx only when the provider or our
/// database failed, so that the provider delivers it again.
#[utoipa::path(
    params(
        ("X-Razorpay-Signature" = String, Header, description = "Hex HMAC-SHA256 of the raw body with the webhook secret"),
        ("x-razorpay-event-id" = Option<String>, Header, description = "The event id, for de-duplication"),
    ),
    request_body(content = String, content_type = "application/json", description = "The provider's event, verified byte for byte"),
    responses(
        (status = 200, description = "Handled, ignored or a duplicate", body = WebhookResponse),
        InvalidWebhookSignature, ProviderFailedRetryLater,
    )
)]
#[post("/payment/webhook")]
pub async fn payment_webhook(
    request: HttpRequest,
    checkout: web::Data<dyn CheckoutUseCases>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let signature = header("x-razorpay-signature");
    let event_id = header("x-razorpay-event-id");
    let outcome = match checkout.webhook(&event_id, &body, &signature).await {
        Ok(outcome) => outcome,
        Err(CheckoutError::InvalidWebhookSignature) => {
            return Err(ApiError::bad_request(
                CheckoutError::InvalidWebhookSignature.to_string(),
            ));
        }
        Err(error) => return Err(error.into()),
    };
    let outcome = match outcome {
        WebhookOutcome::Created(_) => "placed",
        WebhookOutcome::AlreadyPlaced(_) => "existing",
        WebhookOutcome::Refunded => "refunded",
        WebhookOutcome::Ignored => "ignored",
        WebhookOutcome::Duplicate => "duplicate",
    };
    Ok(HttpResponse::Ok().json(WebhookResponse {
        success: true,
        outcome: outcome.into(),
    }))
}
