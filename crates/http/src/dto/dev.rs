//! The development outbox (`DEV_OUTBOX`, decisions D45): the mails and WhatsApp messages a shop
//! without SMTP or WhatsApp kept, for an admin trying the shop on a laptop.

use paduka_application::mail::KeptMail;
use paduka_application::whatsapp::KeptMessage;
use paduka_domain::whatsapp::Button;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::schema::{self, request_schema};
use super::{TryIntoDomain, timestamp};
use crate::ApiError;

/// A kept mail.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OutboxMailDto {
    /// The `.eml` file's name without its extension.
    pub id: String,
    pub to: String,
    pub subject: String,
    #[serde(rename = "sentAt")]
    #[schema(format = DateTime)]
    pub sent_at: String,
    /// The mail's plain-text part.
    pub text: String,
    /// The attached files' names.
    pub attachments: Vec<String>,
}

impl From<&KeptMail> for OutboxMailDto {
    fn from(mail: &KeptMail) -> Self {
        Self {
            id: mail.id.clone(),
            to: mail.to.clone(),
            subject: mail.subject.clone(),
            sent_at: timestamp(mail.sent_at),
            text: mail.text.clone(),
            attachments: mail.attachments.clone(),
        }
    }
}

/// One of a message's buttons: a quick reply (`payload`, tapped through
/// `POST /dev/outbox/whatsapp/{id}/reply`) or a link (`path` on this shop).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OutboxButtonDto {
    /// `Confirm`, `Cancel`, `Track order`.
    pub title: String,
    pub payload: Option<String>,
    /// The link's path on this shop, from `/`.
    pub path: Option<String>,
}

impl From<&Button> for OutboxButtonDto {
    fn from(button: &Button) -> Self {
        let (payload, path) = match button {
            Button::QuickReply { payload } => (Some(payload.clone()), None),
            Button::Url { suffix } => (None, Some(format!("/{suffix}"))),
        };
        Self {
            title: button.title().to_owned(),
            payload,
            path,
        }
    }
}

/// A kept WhatsApp message, as the buyer would read it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OutboxMessageDto {
    pub id: String,
    #[serde(rename = "orderId")]
    pub order_id: String,
    /// The template: `cod_confirm`, `cod_reminder`, `order_shipped`, `order_delivered`.
    pub kind: String,
    /// The number it went to: `91` and 10 digits.
    pub to: String,
    /// `queued`, `sent`, `delivered`, `read` or `failed`.
    pub status: String,
    pub error: Option<String>,
    /// The template's registered body with this message's values.
    pub text: String,
    pub buttons: Vec<OutboxButtonDto>,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
}

impl From<&KeptMessage> for OutboxMessageDto {
    fn from(message: &KeptMessage) -> Self {
        Self {
            id: message.id.clone(),
            order_id: message.order.to_string(),
            kind: message.kind().as_str().to_owned(),
            to: message.to.as_str().to_owned(),
            status: message.status.as_str().to_owned(),
            error: message.error.clone(),
            text: message.template.text(),
            buttons: message.template.buttons.iter().map(Into::into).collect(),
            created_at: timestamp(message.created_at),
        }
    }
}

/// `GET /dev/outbox`: the newest mails and messages, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DevOutboxResponse {
    pub success: bool,
    pub mails: Vec<OutboxMailDto>,
    pub messages: Vec<OutboxMessageDto>,
}

/// `POST /dev/outbox/whatsapp/{id}/reply`: the tapped button.
#[derive(Debug, Deserialize)]
pub struct OutboxReplyBody {
    pub payload: Option<String>,
}

request_schema!(
    OutboxReplyBody,
    schema::schema(schema::object(
        "A quick reply of the message, tapped as its buyer would",
        vec![(
            "payload",
            schema::not_blank(Some(200)),
            "The button's `payload`, as `GET /dev/outbox` gave it",
        )],
        &["payload"],
    ))
);

impl TryIntoDomain for OutboxReplyBody {
    type Domain = String;

    fn try_into_domain(self) -> Result<String, ApiError> {
        self.payload
            .filter(|payload| !payload.trim().is_empty())
            .ok_or_else(|| ApiError::bad_request(NOT_ITS_BUTTON))
    }
}

/// A payload that is not one of the message's quick replies.
pub const NOT_ITS_BUTTON: &str = "That is not one of this message's buttons";
