//! One file per action, grouped by area. Each handler parses the request, calls one service
//! and maps the answer; errors leave as [`ApiError`](crate::ApiError).

pub mod admin;
pub mod auth;
pub mod categories;
pub mod delivery;
pub mod health;
pub mod media;
pub mod orders;
pub mod payment;
pub mod products;
pub mod reviews;
pub mod sales;
pub mod users;

/// A JSON body whose errors the handler raises itself, after the guard extractors ran: a
/// caller without permission is told so before anything about their body.
pub type JsonBody<T> = Result<actix_web::web::Json<T>, actix_web::Error>;

/// An optional JSON body: nothing (or only whitespace) is `T::default()`. Anything else must
/// be JSON, sent as JSON: bytes of another type are refused, never taken for no body.
pub fn optional_json<T>(
    request: &actix_web::HttpRequest,
    bytes: &[u8],
) -> Result<T, crate::ApiError>
where
    T: serde::de::DeserializeOwned + Default,
{
    let content_type = request.headers().get(actix_web::http::header::CONTENT_TYPE);
    let is_json = content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<actix_web::mime::Mime>().ok())
        .is_some_and(|mime| {
            mime.type_() == actix_web::mime::APPLICATION
                && (mime.subtype() == actix_web::mime::JSON
                    || mime.suffix() == Some(actix_web::mime::JSON))
        });
    let blank = bytes.iter().all(u8::is_ascii_whitespace);
    if !is_json && (content_type.is_some() || !blank) {
        return Err(crate::extract::json_error(
            actix_web::error::JsonPayloadError::ContentType,
        ));
    }
    if blank {
        return Ok(T::default());
    }
    if bytes.len() > crate::extract::MAX_JSON_BYTES {
        return Err(crate::ApiError::PayloadTooLarge(format!(
            "The request body must be at most {} KB",
            crate::extract::MAX_JSON_BYTES / 1024
        )));
    }
    serde_json::from_slice(bytes)
        .map_err(|cause| crate::ApiError::bad_request(format!("Invalid request body: {cause}")))
}
