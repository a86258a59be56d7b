//! The signed link `/cod/{token}` of a cash-on-delivery order's mail (decisions D39): read
//! without signing in, and only a button's POST acts (mail scanners open links).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, REFERRER_POLICY};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, get, post, web};
use paduka_application::cod::CodUseCases;
use paduka_domain::whatsapp::CodAnswer;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::ApiError;
use crate::contract::{CodAnswerRefused, CodLinkInvalid, RefundNotStarted};
use crate::dto::CodLinkResponse;

/// The link's token, as the mail gave it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CodToken {
    /// The token after `/cod/` in the order's mail.
    pub token: String,
}

/// The order the link names, with whether it may still be confirmed or cancelled. Changes
/// nothing.
#[utoipa::path(
    params(CodToken),
    responses(
        (status = 200, description = "The order and what may be answered", body = CodLinkResponse),
        CodLinkInvalid,
    )
)]
#[get("/cod/{token}")]
pub async fn cod_link(
    cod: web::Data<dyn CodUseCases>,
    path: web::Path<CodToken>,
) -> Result<HttpResponse, ApiError> {
    let view = cod.view_link(&path.token).await?;
    Ok(HttpResponse::Ok().json(CodLinkResponse::from(&view)))
}

/// `Confirm order`: the order is `confirmed` (event `Confirmed by link`); again, nothing
/// changes.
#[utoipa::path(
    params(CodToken),
    responses(
        (status = 200, description = "The order, confirmed", body = CodLinkResponse),
        CodLinkInvalid, CodAnswerRefused,
    )
)]
#[post("/cod/{token}/confirm")]
pub async fn cod_confirm(
    cod: web::Data<dyn CodUseCases>,
    path: web::Path<CodToken>,
) -> Result<HttpResponse, ApiError> {
    let view = cod.answer_link(&path.token, CodAnswer::Confirm).await?;
    Ok(HttpResponse::Ok().json(CodLinkResponse::from(&view)))
}

/// `Cancel order`: cancelled as the buyer's own cancel (stock, coupon and store credit back).
#[utoipa::path(
    params(CodToken),
    responses(
        (status = 200, description = "The order, cancelled", body = CodLinkResponse),
        CodLinkInvalid, CodAnswerRefused, RefundNotStarted,
    )
)]
#[post("/cod/{token}/cancel")]
pub async fn cod_cancel(
    cod: web::Data<dyn CodUseCases>,
    path: web::Path<CodToken>,
) -> Result<HttpResponse, ApiError> {
    let view = cod.answer_link(&path.token, CodAnswer::Cancel).await?;
    Ok(HttpResponse::Ok().json(CodLinkResponse::from(&view)))
}

/// The middleware: the link's page (`/cod/...`, drawn by the frontend) and its API answer
/// with `Referrer-Policy: no-referrer`, so the token never leaves in a `Referer` header (a
/// photo's host, a link followed from the page).
pub async fn no_referrer(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = request.path();
    let linked = path.starts_with("/cod/") || path.starts_with("/api/v1/cod/");
    let mut response = next.call(request).await?;
    if linked {
        response
            .headers_mut()
            .insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    }
    Ok(response)
}
