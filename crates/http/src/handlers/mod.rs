//! One file per action, grouped by area. Each handler parses the request, calls one service
//! and maps the answer; errors leave as [`ApiError`](crate::ApiError).

pub mod auth;
pub mod categories;
pub mod health;
pub mod media;
pub mod products;
pub mod reviews;
pub mod sales;
pub mod users;

/// A JSON body whose errors the handler raises itself, after the guard extractors ran: a
/// caller without permission is told so before anything about their body.
pub type JsonBody<T> = Result<actix_web::web::Json<T>, actix_web::Error>;
