//! Meta's WhatsApp Cloud API: template messages, and the webhook's signature.

use std::time::Duration;

use async_trait::async_trait;
use paduka_application::whatsapp::{Outgoing, SendError, WhatsAppGateway};
use paduka_domain::whatsapp::{Button, SendFailure, failure_of};
use paduka_payment::signature;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::{Value, json};
use subtle::ConstantTimeEq;

/// How to reach the Cloud API, and the webhook's secrets.
#[derive(Debug, Clone)]
pub struct CloudApiConfig {
    /// `https://graph.facebook.com/v21.0` in production (`WHATSAPP_API_BASE`); a fake serves
    /// tests. Every call goes under it.
    pub api_base: String,
    /// A system user's access token (`WHATSAPP_TOKEN`).
    pub token: SecretString,
    /// The sending number's id in Meta's WhatsApp Manager (`WHATSAPP_PHONE_NUMBER_ID`).
    pub phone_number_id: String,
    /// The Meta app's secret the webhook's `X-Hub-Signature-256` is made with
    /// (`WHATSAPP_APP_SECRET`).
    pub app_secret: SecretString,
    /// What the webhook's verify handshake must send (`WHATSAPP_VERIFY_TOKEN`).
    pub verify_token: SecretString,
    /// The templates' language code (`WHATSAPP_LANG`, default `en`).
    pub language: String,
    /// For connecting and for each whole call.
    pub timeout: Duration,
}

impl CloudApiConfig {
    pub const DEFAULT_API_BASE: &'static str = "https://graph.facebook.com/v21.0";
    pub const DEFAULT_LANGUAGE: &'static str = "en";
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
}

/// The Cloud API adapter of the WhatsApp port.
pub struct CloudApiWhatsApp {
    config: CloudApiConfig,
    messages_url: String,
    client: reqwest::Client,
}

impl std::fmt::Debug for CloudApiWhatsApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CloudApiWhatsApp")
            .field("messages_url", &self.messages_url)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct SendReply {
    #[serde(default)]
    messages: Vec<SentMessage>,
}

#[derive(Deserialize)]
struct SentMessage {
    id: String,
}

/// Meta's error envelope: `{"error": {"code": 130429, "message": "…"}}`.
#[derive(Deserialize)]
struct ErrorReply {
    error: ErrorBody,
}

#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    code: Option<i64>,
    #[serde(default)]
    message: Option<String>,
}

impl CloudApiWhatsApp {
    /// An adapter for `config`. Fails only when the HTTP client cannot be built (no TLS).
    pub fn new(config: CloudApiConfig) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .connect_timeout(config.timeout)
            .timeout(config.timeout)
            .user_agent(concat!("paduka/", env!("CARGO_PKG_VERSION")))
            .build()?;
        let messages_url = format!(
            "{}/{}/messages",
            config.api_base.trim_end_matches('/'),
            config.phone_number_id
        );
        Ok(Self {
            config,
            messages_url,
            client,
        })
    }

    /// The send call's body: a template message with its body's values and its buttons'.
    fn body(&self, message: &Outgoing) -> Value {
        let template = &message.template;
        let text = |value: &String| json!({"type": "text", "text": value});
        let mut components = Vec::new();
        if !template.body.is_empty() {
            components.push(json!({
                "type": "body",
                "parameters": template.body.iter().map(text).collect::<Vec<_>>(),
            }));
        }
        for (index, button) in template.buttons.iter().enumerate() {
            components.push(match button {
                Button::QuickReply { payload } => json!({
                    "type": "button",
                    "sub_type": "quick_reply",
                    "index": index.to_string(),
                    "parameters": [{"type": "payload", "payload": payload}],
                }),
                Button::Url { suffix } => json!({
                    "type": "button",
                    "sub_type": "url",
                    "index": index.to_string(),
                    "parameters": [{"type": "text", "text": suffix}],
                }),
            });
        }
        json!({
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": message.to.as_str(),
            "type": "template",
            "template": {
                "name": template.kind.as_str(),
                "language": {"code": self.config.language},
                "components": components,
            },
        })
    }
}

fn transient(what: impl std::fmt::Display) -> SendError {
    SendError {
        failure: SendFailure::Transient,
        message: what.to_string(),
    }
}

#[async_trait]
impl WhatsAppGateway for CloudApiWhatsApp {
    async fn send(&self, message: &Outgoing) -> Result<String, SendError> {
        let response = self
            .client
            .post(&self.messages_url)
            .bearer_auth(self.config.token.expose_secret())
            .json(&self.body(message))
            .send()
            .await
            // A timeout or a connection that broke: Meta may or may not have it; try again.
            .map_err(|error| transient(format!("WhatsApp Cloud API unreachable: {error}")))?;
        let status = response.status();
        let text = response
            .text()
            .await
            .map_err(|error| transient(format!("WhatsApp Cloud API reply lost: {error}")))?;
        if status.is_success() {
            let reply: SendReply = serde_json::from_str(&text)
                .map_err(|_| transient("WhatsApp Cloud API answered without a message id"))?;
            return reply
                .messages
                .into_iter()
                .next()
                .map(|sent| sent.id)
                .ok_or_else(|| transient("WhatsApp Cloud API answered without a message id"));
        }
        let error = serde_json::from_str::<ErrorReply>(&text)
            .ok()
            .map(|reply| reply.error);
        let code = error.as_ref().and_then(|error| error.code);
        let said = error
            .and_then(|error| error.message)
            .unwrap_or_else(|| format!("HTTP {status}"));
        Err(SendError {
            failure: failure_of(status.as_u16(), code),
            message: match code {
                Some(code) => format!("{code}: {said}"),
                None => said,
            },
        })
    }

    fn signed(&self, body: &[u8], signature: &str) -> bool {
        let Some(hex) = signature.trim().strip_prefix("sha256=") else {
            return false;
        };
        signature::verify(self.config.app_secret.expose_secret().as_bytes(), body, hex)
    }

    fn verify_token_is(&self, token: &str) -> bool {
        let expected = self.config.verify_token.expose_secret().as_bytes();
        !expected.is_empty() && bool::from(expected.ct_eq(token.as_bytes()))
    }
}
