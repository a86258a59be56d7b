//! The development outbox (`DEV_OUTBOX=true`, which `just run` sets; decisions D45): what the
//! shop would have mailed and sent on WhatsApp, for an admin trying it without either, with
//! the COD question's buttons working. Not mounted otherwise: its mails hold sign-up and
//! password reset codes.

use actix_web::{HttpResponse, get, post, web};
use paduka_application::mail::MailOutbox;
use paduka_application::whatsapp::{Tapped, WhatsAppUseCases};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::contract::{AdminOnly, BodyOver64Kb, DevOutboxOff, NoSuchMessage, NotItsButton};
use crate::dto::{
    DevOutboxResponse, MessageResponse, NOT_ITS_BUTTON, OutboxMailDto, OutboxMessageDto,
    OutboxReplyBody,
};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Mails and messages a page shows: a laptop demo's worth.
const SHOWN: u32 = 50;

/// The message a tap went to.
pub const NO_SUCH_MESSAGE: &str = "No such message";

/// The newest 50 mails and 50 WhatsApp messages, newest first.
#[utoipa::path(
    responses(
        (status = 200, description = "The kept mails and messages", body = DevOutboxResponse),
        AdminOnly, DevOutboxOff,
    )
)]
#[get("/dev/outbox")]
pub async fn dev_outbox(
    _admin: AdminUser,
    mails: web::Data<dyn MailOutbox>,
    whatsapp: web::Data<dyn WhatsAppUseCases>,
) -> Result<HttpResponse, ApiError> {
    let mails = mails
        .recent(SHOWN as usize)
        .await
        .map_err(ApiError::Unexpected)?;
    let messages = whatsapp.recent(SHOWN).await?;
    Ok(HttpResponse::Ok().json(DevOutboxResponse {
        success: true,
        mails: mails.iter().map(OutboxMailDto::from).collect(),
        messages: messages.iter().map(OutboxMessageDto::from).collect(),
    }))
}

/// The message a button belongs to.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct MessageId {
    /// The message's `id`, as `GET /dev/outbox` gave it.
    pub id: String,
}

/// A quick reply tapped as the buyer would: taken exactly as WhatsApp's webhook takes the
/// buyer's reply (once, from the number the question went to), so `Confirm` confirms the
/// order and `Cancel` cancels it.
#[utoipa::path(
    params(MessageId),
    request_body = OutboxReplyBody,
    responses(
        (status = 200, description = "Taken as the buyer's reply", body = MessageResponse),
        NotItsButton, AdminOnly, NoSuchMessage, BodyOver64Kb,
    )
)]
#[post("/dev/outbox/whatsapp/{id}/reply")]
pub async fn dev_outbox_reply(
    _admin: AdminUser,
    whatsapp: web::Data<dyn WhatsAppUseCases>,
    path: web::Path<MessageId>,
    body: ValidBody<OutboxReplyBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(payload) = body?;
    match whatsapp.tap(&path.id, &payload).await? {
        Tapped::Replied => {
            Ok(HttpResponse::Ok().json(MessageResponse::new("Taken as the buyer's reply")))
        }
        Tapped::NoMessage => Err(ApiError::NotFound(NO_SUCH_MESSAGE.into())),
        Tapped::NotItsButton => Err(ApiError::bad_request(NOT_ITS_BUTTON)),
    }
}
