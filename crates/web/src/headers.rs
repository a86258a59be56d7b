//! The headers every reply gets on its way out: `X-Request-Id`, and caching for what set
//! none.

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use tracing_actix_web::RequestId;

/// Hashed build output: its name changes whenever its content does.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (the HTML shell above all) is revalidated on every use.
pub(crate) const REVALIDATE: &str = "no-cache";

/// How long a browser may keep what `path` answers: hashed assets for a year, the rest
/// revalidated.
pub(crate) fn cache_policy(path: &str) -> &'static str {
    if path.starts_with("/assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

/// Adds `X-Request-Id` to every response (the same id the logs carry), and caching headers
/// for the frontend's files served from disk (see [`cache_policy`]).
pub async fn cache_and_request_id(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .map(|id| id.to_string());
    let path = request.path().to_owned();
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if let Some(id) = request_id.and_then(|id: String| HeaderValue::from_str(&id).ok()) {
        headers.insert(header::HeaderName::from_static("x-request-id"), id);
    }
    if !path.starts_with("/api/") && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_policy(&path)),
        );
    }
    Ok(response)
}
