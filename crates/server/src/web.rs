//! The built frontend: static files with the right caching, and the single-page-app fallback.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, web};
use tracing_actix_web::RequestId;

/// Serves `static_dir` at `/`; any other path that is not an API call gets `index.html`, so
/// the browser's router can show it (or its own 404 page).
pub fn frontend(static_dir: PathBuf) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        let index = static_dir.join("index.html");
        let fallback = fn_service(move |request: ServiceRequest| {
            let index = index.clone();
            async move {
                let (request, _) = request.into_parts();
                let response = if request.path().starts_with("/api/") {
                    HttpResponse::NotFound().json(serde_json::json!({
                        "success": false,
                        "message": "Not found",
                    }))
                } else {
                    match NamedFile::open_async(&index).await {
                        Ok(file) => file.use_etag(true).into_response(&request),
                        Err(_) => HttpResponse::NotFound()
                            .content_type("text/plain; charset=utf-8")
                            .body("The frontend is not built yet: run `just run`."),
                    }
                };
                Ok(ServiceResponse::new(request, response))
            }
        });
        if static_dir.is_dir() {
            config.service(
                Files::new("/", static_dir)
                    .index_file("index.html")
                    .use_etag(true)
                    .default_handler(fallback),
            );
        } else {
            config.default_service(fallback);
        }
    }
}

/// Adds `X-Request-Id` to every response (the same id the logs carry), and caching headers
/// for the frontend: hashed build assets are immutable, the HTML shell is revalidated.
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
        let policy = if path.starts_with("/assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    Ok(response)
}
