use actix_web::{HttpResponse, get, web};
use paduka_application::whatsapp::WhatsAppUseCases;
use serde::Deserialize;
use utoipa::IntoParams;

use super::WRONG_VERIFY_TOKEN;
use crate::ApiError;
use crate::contract::WrongVerifyToken;

/// Meta's handshake, as it names its parameters.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VerifyQuery {
    /// `subscribe`.
    #[serde(rename = "hub.mode")]
    pub mode: Option<String>,
    /// `WHATSAPP_VERIFY_TOKEN`, as set in the Meta app's webhook settings.
    #[serde(rename = "hub.verify_token")]
    pub verify_token: Option<String>,
    /// Answered as it came.
    #[serde(rename = "hub.challenge")]
    pub challenge: Option<String>,
}

/// The webhook's verify handshake: with `hub.mode=subscribe` and `hub.verify_token` equal to
/// `WHATSAPP_VERIFY_TOKEN`, `hub.challenge` as `text/plain`; otherwise 403 (always without
/// WhatsApp configured).
#[utoipa::path(
    params(VerifyQuery),
    responses(
        (status = 200, description = "`hub.challenge`, as sent", body = String, content_type = "text/plain"),
        WrongVerifyToken,
    )
)]
#[get("/whatsapp/webhook")]
pub async fn verify_webhook(
    whatsapp: web::Data<dyn WhatsAppUseCases>,
    query: web::Query<VerifyQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let challenge = whatsapp.subscribe(
        query.mode.as_deref().unwrap_or_default(),
        query.verify_token.as_deref().unwrap_or_default(),
        query.challenge.as_deref().unwrap_or_default(),
    );
    match challenge {
        Some(challenge) => Ok(HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .body(challenge)),
        None => Err(ApiError::Forbidden(WRONG_VERIFY_TOKEN.into())),
    }
}
