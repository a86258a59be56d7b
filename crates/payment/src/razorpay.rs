//! Razorpay: the Orders API, refunds, and its checkout and webhook signatures.

use std::time::Duration;

use async_trait::async_trait;
use paduka_application::checkout::{
    PaymentError, PaymentGateway, ProviderOrder, ProviderPayment, RefundResult, WebhookEvent,
};
use paduka_domain::Paise;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::json;

use crate::signature;

/// How to reach Razorpay.
#[derive(Debug, Clone)]
pub struct RazorpayConfig {
    /// The public key id (`rzp_live_...` / `rzp_test_...`), also given to the browser.
    pub key_id: String,
    pub key_secret: SecretString,
    /// The secret webhooks are signed with; without one every webhook is refused.
    pub webhook_secret: Option<SecretString>,
    /// `https://api.razorpay.com` in production (`RAZORPAY_API_BASE`): another base serves
    /// tests (a mock Razorpay) and egress proxies. Every call goes under it.
    pub base_url: String,
    /// For connecting and for each whole call.
    pub timeout: Duration,
}

impl RazorpayConfig {
    pub const DEFAULT_BASE_URL: &'static str = "https://api.razorpay.com";
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// Production settings for these keys.
    pub fn new(
        key_id: impl Into<String>,
        key_secret: SecretString,
        webhook_secret: Option<SecretString>,
    ) -> Self {
        Self {
            key_id: key_id.into(),
            key_secret,
            webhook_secret,
            base_url: Self::DEFAULT_BASE_URL.to_owned(),
            timeout: Self::DEFAULT_TIMEOUT,
        }
    }
}

/// The Razorpay adapter of the payment port.
pub struct RazorpayGateway {
    config: RazorpayConfig,
    base_url: String,
    client: reqwest::Client,
}

impl std::fmt::Debug for RazorpayGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RazorpayGateway")
            .field("key_id", &self.config.key_id)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct OrderReply {
    id: String,
    amount: i64,
    currency: String,
}

#[derive(Deserialize)]
struct RefundReply {
    id: String,
    amount: i64,
    #[serde(default)]
    status: Option<String>,
}

/// `GET /v1/orders/{id}/payments`: a collection of payments.
#[derive(Deserialize)]
struct PaymentsReply {
    items: Vec<PaymentItem>,
}

#[derive(Deserialize)]
struct PaymentItem {
    id: String,
    amount: i64,
    status: String,
}

#[derive(Deserialize)]
struct ErrorReply {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    description: Option<String>,
}

impl RazorpayGateway {
    /// A gateway for `config`. Fails only when the HTTP client cannot be built (no TLS).
    pub fn new(config: RazorpayConfig) -> Result<Self, PaymentError> {
        let client = reqwest::Client::builder()
            .connect_timeout(config.timeout)
            .timeout(config.timeout)
            .user_agent(concat!("paduka/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| PaymentError::Unavailable(format!("cannot build HTTP client: {e}")))?;
        let base_url = config.base_url.trim_end_matches('/').to_owned();
        Ok(Self {
            config,
            base_url,
            client,
        })
    }

    /// Sends an authenticated call and reads its JSON reply; an error status is `Rejected`.
    async fn call<T: for<'de> Deserialize<'de>>(
        &self,
        what: &str,
        request: reqwest::RequestBuilder,
    ) -> Result<T, PaymentError> {
        let response = request
            .basic_auth(
                &self.config.key_id,
                Some(self.config.key_secret.expose_secret()),
            )
            .send()
            .await
            .map_err(|e| unavailable(what, &e))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| unavailable(what, &e))?;
        if !status.is_success() {
            let message = match serde_json::from_slice::<ErrorReply>(&body) {
                Ok(ErrorReply { error }) => [error.code, error.description]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(": "),
                Err(_) => String::from_utf8_lossy(&body).chars().take(200).collect(),
            };
            tracing::warn!(what, status = status.as_u16(), %message, "Razorpay refused a call");
            return Err(PaymentError::Rejected {
                status: status.as_u16(),
                message,
            });
        }
        serde_json::from_slice(&body)
            .map_err(|e| PaymentError::Malformed(format!("Razorpay {what} reply: {e}")))
    }
}

fn unavailable(what: &str, error: &reqwest::Error) -> PaymentError {
    let kind = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "cannot connect"
    } else {
        "request failed"
    };
    tracing::warn!(what, %error, "Razorpay unreachable");
    PaymentError::Unavailable(format!("Razorpay {what}: {kind}"))
}

fn paise(amount: i64) -> Result<Paise, PaymentError> {
    if amount < 0 {
        return Err(PaymentError::Malformed(format!("negative amount {amount}")));
    }
    Ok(Paise::from_stored(amount))
}

/// Razorpay ids are letters, digits and underscores; anything else never reaches a URL.
fn is_provider_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[async_trait]
impl PaymentGateway for RazorpayGateway {
    async fn create_order(
        &self,
        amount: Paise,
        receipt: &str,
    ) -> Result<ProviderOrder, PaymentError> {
        let body = json!({
            "amount": amount.paise(),
            "currency": "INR",
            "receipt": receipt,
            "notes": { "receipt": receipt },
        });
        let request = self
            .client
            .post(format!("{}/v1/orders", self.base_url))
            .json(&body);
        let reply: OrderReply = self.call("order", request).await?;
        Ok(ProviderOrder {
            id: reply.id,
            amount: paise(reply.amount)?,
            currency: reply.currency,
        })
    }

    fn verify_checkout_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        signature::verify_checkout(
            self.config.key_secret.expose_secret().as_bytes(),
            order_id,
            payment_id,
            signature,
        )
    }

    async fn refund(
        &self,
        payment_id: &str,
        amount: Paise,
        idempotency_key: &str,
    ) -> Result<RefundResult, PaymentError> {
        if !is_provider_id(payment_id) {
            return Err(PaymentError::Malformed(format!(
                "not a Razorpay payment id: {payment_id:?}"
            )));
        }
        let body = json!({
            "amount": amount.paise(),
            "speed": "normal",
            "notes": { "idempotency_key": idempotency_key },
        });
        let request = self
            .client
            .post(format!("{}/v1/payments/{payment_id}/refund", self.base_url))
            .header("X-Refund-Idempotency", idempotency_key)
            .json(&body);
        let reply: RefundReply = self.call("refund", request).await?;
        Ok(RefundResult {
            id: reply.id,
            amount: paise(reply.amount)?,
            status: reply.status.unwrap_or_else(|| "pending".to_owned()),
        })
    }

    fn verify_webhook(&self, body: &[u8], signature: &str) -> bool {
        match &self.config.webhook_secret {
            Some(secret) => {
                signature::verify_webhook(secret.expose_secret().as_bytes(), body, signature)
            }
            None => {
                tracing::warn!("webhook refused: RAZORPAY_WEBHOOK_SECRET is not set");
                false
            }
        }
    }

    async fn payments(&self, order_id: &str) -> Result<Vec<ProviderPayment>, PaymentError> {
        if !is_provider_id(order_id) {
            return Err(PaymentError::Malformed(format!(
                "not a Razorpay order id: {order_id:?}"
            )));
        }
        let url = format!("{}/v1/orders/{order_id}/payments", self.base_url);
        let reply: PaymentsReply = self.call("payments", self.client.get(url)).await?;
        reply
            .items
            .into_iter()
            .map(|item| {
                Ok(ProviderPayment {
                    amount: paise(item.amount)?,
                    captured: item.status == "captured",
                    id: item.id,
                })
            })
            .collect()
    }

    fn parse_webhook(&self, body: &[u8]) -> Result<WebhookEvent, PaymentError> {
        crate::parse_webhook(body)
    }

    fn provider(&self) -> &'static str {
        "razorpay"
    }

    fn public_key(&self) -> String {
        self.config.key_id.clone()
    }
}
