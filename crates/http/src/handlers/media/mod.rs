//! Images we store and serve ourselves: gallery pictures and colours' photos here (the
//! admin uploads a colour's), product photos under products.

pub mod get;
pub mod upload;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use paduka_domain::catalog::StoredImage;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

/// A product photo can be replaced, so caches keep it a day and then revalidate.
pub const PHOTO_CACHE: &str = "public, max-age=86400";
/// An image that never changes under its URL: a gallery image by its id, a product photo by
/// its version (`&v=`).
pub const IMMUTABLE_CACHE: &str = "public, max-age=31536000, immutable";

/// Image bytes (JPEG, PNG, WebP, GIF or AVIF), for the OpenAPI document.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ImageBytes(pub Vec<u8>);

/// Whether an `If-None-Match` header value names this (strong) ETag, or is `*`.
pub fn etag_matches(if_none_match: Option<&HeaderValue>, etag: &str) -> bool {
    let Some(value) = if_none_match.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    value.split(',').map(str::trim).any(|candidate| {
        candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == etag
    })
}

/// The image with its type, a content-hash ETag and the given caching; 304 without a body
/// when the client already has these bytes.
pub fn image_response(
    request: &HttpRequest,
    image: StoredImage,
    cache_control: &'static str,
) -> HttpResponse {
    let hash = if !image.sha256.is_empty() && image.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
        image.sha256
    } else {
        hex::encode(Sha256::digest(&image.bytes))
    };
    let etag = format!("\"{hash}\"");
    let not_modified = etag_matches(request.headers().get(header::IF_NONE_MATCH), &etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, cache_control))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if not_modified {
        return response.finish();
    }
    let content_type = HeaderValue::from_str(&image.content_type)
        .ok()
        .filter(|_| image.content_type.starts_with("image/"))
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    response
        .insert_header((header::CONTENT_TYPE, content_type))
        .body(image.bytes)
}

#[cfg(test)]
mod tests {
    use actix_web::body::to_bytes;
    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;

    use super::*;

    fn image() -> StoredImage {
        StoredImage {
            content_type: "image/png".into(),
            bytes: b"\x89PNG\r\n\x1a\n".to_vec(),
            sha256: "ab12".into(),
        }
    }

    #[test]
    fn if_none_match_compares_etags_weakly_and_knows_star() {
        let etag = "\"ab12\"";
        let matches = |v: &str| etag_matches(Some(&HeaderValue::from_str(v).unwrap()), etag);
        assert!(matches("\"ab12\""));
        assert!(matches("W/\"ab12\""));
        assert!(matches("\"zz\", \"ab12\""));
        assert!(matches("*"));
        assert!(!matches("\"ab1\""));
        assert!(!matches("ab12"));
        assert!(!etag_matches(None, etag));
    }

    #[actix_web::test]
    async fn an_image_carries_its_type_etag_caching_and_nosniff() {
        let request = TestRequest::default().to_http_request();
        let response = image_response(&request, image(), PHOTO_CACHE);
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "image/png");
        assert_eq!(headers.get(header::ETAG).unwrap(), "\"ab12\"");
        assert_eq!(
            headers.get(header::CACHE_CONTROL).unwrap(),
            "public, max-age=86400"
        );
        assert_eq!(
            headers.get(header::X_CONTENT_TYPE_OPTIONS).unwrap(),
            "nosniff"
        );
        assert_eq!(
            to_bytes(response.into_body()).await.unwrap(),
            &b"\x89PNG\r\n\x1a\n"[..]
        );
    }

    #[actix_web::test]
    async fn a_matching_etag_gets_304_without_a_body() {
        let request = TestRequest::default()
            .insert_header((header::IF_NONE_MATCH, "\"ab12\""))
            .to_http_request();
        let response = image_response(&request, image(), IMMUTABLE_CACHE);
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(response.headers().get(header::ETAG).unwrap(), "\"ab12\"");
        assert!(to_bytes(response.into_body()).await.unwrap().is_empty());
    }

    #[actix_web::test]
    async fn a_missing_hash_is_computed_from_the_bytes() {
        let request = TestRequest::default().to_http_request();
        let mut stored = image();
        stored.sha256 = String::new();
        let response = image_response(&request, stored, PHOTO_CACHE);
        let expected = format!("\"{}\"", hex::encode(Sha256::digest(b"\x89PNG\r\n\x1a\n")));
        assert_eq!(
            response.headers().get(header::ETAG).unwrap(),
            expected.as_str()
        );
    }
}
