//! Replies made per request, compressed as they go out when it is worth it.

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Bytes;

use super::{Coding, Effort, brotli, gzip, negotiate};

/// Replies smaller than this go out as they are: compressing saves less than it costs.
pub const ON_THE_FLY_MIN_SIZE: usize = 1024;

/// Middleware for replies made per request (a shopper's orders, the admin's lists): above
/// [`ON_THE_FLY_MIN_SIZE`], compressible and not compressed already, they are compressed
/// at a fast level in the coding the client accepts best. Everything else passes untouched:
/// images and other binary types, streamed bodies, replies that chose their coding themselves
/// (a [`Precompressed`] sends `Vary: Accept-Encoding`), and `Cache-Control: no-transform`.
pub async fn compress_on_the_fly(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let coding = negotiate(&request);
    let response = next.call(request).await?.map_into_boxed_body();
    if !worth_compressing(
        response.status(),
        response.headers(),
        response.response().body(),
    ) {
        return Ok(response);
    }
    Ok(response.map_body(|head, body| {
        let identity = match body.try_into_bytes() {
            Ok(bytes) => bytes,
            // A stream: its size was known, but it is not ours to buffer.
            Err(body) => return body,
        };
        let headers = head.headers_mut();
        headers.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        let compressed = match coding {
            Coding::Brotli => brotli(&identity, Effort::Fast),
            Coding::Gzip => gzip(&identity, Effort::Fast),
            Coding::Identity => return BoxBody::new(identity),
        };
        if compressed.len() >= identity.len() {
            return BoxBody::new(identity);
        }
        headers.insert(
            header::CONTENT_ENCODING,
            coding.content_encoding().to_header_value(),
        );
        // The compressed bytes are another representation: they need their own ETag.
        if let Some(etag) = headers.get(header::ETAG).and_then(|v| v.to_str().ok())
            && let Some(stem) = etag.strip_suffix('"')
            && let Ok(value) = HeaderValue::from_str(&format!("{stem}{}\"", coding.etag_suffix()))
        {
            headers.insert(header::ETAG, value);
        }
        BoxBody::new(Bytes::from(compressed))
    }))
}

fn worth_compressing(status: StatusCode, headers: &HeaderMap, body: &BoxBody) -> bool {
    let big_enough =
        matches!(body.size(), BodySize::Sized(size) if size >= ON_THE_FLY_MIN_SIZE as u64);
    let header_has = |name, needle: &str| {
        headers.get_all(name).any(|value| {
            value
                .to_str()
                .is_ok_and(|v| v.to_ascii_lowercase().contains(needle))
        })
    };
    status == StatusCode::OK
        && big_enough
        && !headers.contains_key(header::CONTENT_ENCODING)
        && !header_has(header::VARY, "accept-encoding")
        && !header_has(header::CACHE_CONTROL, "no-transform")
        && headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(is_compressible)
}

/// Text formats shrink; images (but SVG), audio, video, fonts and archives are compressed
/// already or gain too little.
pub fn is_compressible(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/xml"
                | "application/manifest+json"
                | "image/svg+xml"
                | "image/x-icon"
                | "image/vnd.microsoft.icon"
        )
}
