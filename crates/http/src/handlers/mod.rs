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

/// An optional JSON body: nothing (or only whitespace) is `T::default()`.
pub fn optional_json<T>(bytes: &[u8]) -> Result<T, crate::ApiError>
where
    T: serde::de::DeserializeOwned + Default,
{
    if bytes.iter().all(u8::is_ascii_whitespace) {
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
