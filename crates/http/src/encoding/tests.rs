use std::io::Read as _;

use actix_web::test::{self, TestRequest};
use actix_web::{App, web};

use actix_web::body::{BodySize, MessageBody};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderMap};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

use super::*;

fn h(headers: &HeaderMap, name: header::HeaderName) -> &str {
    headers.get(name).unwrap().to_str().unwrap()
}

fn asking(accept_encoding: &str) -> HttpRequest {
    TestRequest::default()
        .insert_header((header::ACCEPT_ENCODING, accept_encoding))
        .to_http_request()
}

fn decoded(coding: Option<&str>, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding {
        Some("br") => brotli::Decompressor::new(bytes, 4096)
            .read_to_end(&mut out)
            .unwrap(),
        Some("gzip") => flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap(),
        None => return bytes.to_vec(),
        Some(other) => panic!("unexpected coding {other}"),
    };
    out
}

#[test]
fn the_coding_follows_the_clients_ratings_then_the_smallest_bytes() {
    use Coding::*;
    for (header, expected) in [
        ("gzip, deflate, br, zstd", Brotli),
        ("gzip, deflate", Gzip),
        ("GZIP", Gzip),
        ("x-gzip", Gzip),
        ("br;q=0.5, gzip;q=0.9", Gzip),
        ("br;q=0, gzip", Gzip),
        ("*", Brotli),
        ("br;q=0, *", Gzip),
        ("gzip;q=0.2, *;q=0.5", Brotli),
        ("identity;q=1, br;q=0.5", Identity),
        ("identity", Identity),
        ("zstd, deflate", Identity),
        ("*;q=0", Identity),
        ("br;q=0, gzip;q=0, identity;q=0", Identity),
        ("", Identity),
        ("gzip;q=2", Identity),
    ] {
        assert_eq!(negotiate(&asking(header)), expected, "{header:?}");
    }
    assert_eq!(
        negotiate(&TestRequest::default().to_http_request()),
        Identity,
        "no header"
    );
}

fn catalog_like() -> Vec<u8> {
    (0..200)
        .map(|i| {
            format!(
                r#"{{"_id":"{i}","name":"Sandal {i}","price":[{}]}}"#,
                999 + i
            )
        })
        .collect::<Vec<_>>()
        .join(",")
        .into_bytes()
}

#[test]
fn every_coding_holds_the_same_bytes_under_its_own_etag() {
    let body = catalog_like();
    for effort in [Effort::Best, Effort::Cached, Effort::Fast] {
        let reply = Precompressed::json(body.clone(), effort);
        let (br, br_bytes) = reply.variant(Coding::Brotli);
        let (gz, gz_bytes) = reply.variant(Coding::Gzip);
        assert_eq!((br, gz), (Coding::Brotli, Coding::Gzip));
        assert!(br_bytes.len() < body.len() / 4 && gz_bytes.len() < body.len() / 4);
        assert_eq!(decoded(Some("br"), br_bytes), body);
        assert_eq!(decoded(Some("gzip"), gz_bytes), body);
        let etags = [Coding::Identity, Coding::Brotli, Coding::Gzip].map(|c| reply.etag(c));
        assert_ne!(etags[0], etags[1]);
        assert_ne!(etags[1], etags[2]);
        assert!(etags.iter().all(|e| e.starts_with('"') && e.ends_with('"')));
    }
}

#[test]
fn a_coding_that_does_not_shrink_the_bytes_is_not_kept() {
    let reply = Precompressed::json(&b"1"[..], Effort::Best);
    assert_eq!(reply.variant(Coding::Brotli).0, Coding::Identity);
    assert_eq!(reply.variant(Coding::Gzip).0, Coding::Identity);
    assert_eq!(reply.weight(), 1);
}

#[actix_web::test]
async fn a_reply_answers_304_only_to_the_etag_of_the_coding_it_would_send() {
    let reply = Precompressed::json(catalog_like(), Effort::Cached);
    let request = |accept: &str, etag: &str| {
        TestRequest::default()
            .insert_header((header::ACCEPT_ENCODING, accept))
            .insert_header((header::IF_NONE_MATCH, etag))
            .to_http_request()
    };
    let br_etag = reply.etag(Coding::Brotli);
    let same = reply.respond(&request("br", br_etag), "no-cache");
    assert_eq!(same.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(h(same.headers(), header::VARY), "Accept-Encoding");
    assert_eq!(h(same.headers(), header::ETAG), br_etag);
    let other = reply.respond(&request("gzip", br_etag), "no-cache");
    assert_eq!(other.status(), StatusCode::OK);
    assert_eq!(h(other.headers(), header::CONTENT_ENCODING), "gzip");
    assert_eq!(h(other.headers(), header::ETAG), reply.etag(Coding::Gzip));
    assert_eq!(h(other.headers(), header::CACHE_CONTROL), "no-cache");
    assert_eq!(h(other.headers(), header::CONTENT_TYPE), "application/json");
}

#[actix_web::test]
async fn a_large_reply_goes_out_a_slice_at_a_time() {
    let reply = Precompressed::json(vec![b' '; 300_000], Effort::Fast);
    let response = reply.respond(&TestRequest::default().to_http_request(), "no-cache");
    let mut body = response.into_body();
    assert_eq!(
        body.size(),
        BodySize::Sized(300_000),
        "Content-Length is known"
    );
    let mut slices = Vec::new();
    while let Some(slice) =
        std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_next(cx)).await
    {
        slices.push(slice.unwrap().len());
    }
    assert_eq!(slices, [131_072, 131_072, 37_856]);
}

async fn through_the_middleware(
    accept: Option<&str>,
    reply: fn() -> HttpResponse,
) -> (HeaderMap, Bytes) {
    let app = test::init_service(
        App::new()
            .wrap(actix_web::middleware::from_fn(compress_on_the_fly))
            .route("/", web::get().to(move || async move { reply() })),
    )
    .await;
    let mut request = TestRequest::get().uri("/");
    if let Some(accept) = accept {
        request = request.insert_header((header::ACCEPT_ENCODING, accept));
    }
    let response = test::call_service(&app, request.to_request()).await;
    let headers = response.headers().clone();
    (headers, test::read_body(response).await)
}

fn big_json() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::ETAG, "\"orders-1\""))
        .content_type("application/json")
        .body(catalog_like())
}

#[actix_web::test]
async fn a_reply_made_per_request_is_compressed_above_the_threshold() {
    let (headers, body) = through_the_middleware(Some("gzip, br"), big_json).await;
    assert_eq!(h(&headers, header::CONTENT_ENCODING), "br");
    assert_eq!(h(&headers, header::VARY), "Accept-Encoding");
    assert_eq!(h(&headers, header::ETAG), "\"orders-1-br\"");
    assert_eq!(decoded(Some("br"), &body), catalog_like());

    let (headers, body) = through_the_middleware(Some("gzip"), big_json).await;
    assert_eq!(h(&headers, header::CONTENT_ENCODING), "gzip");
    assert_eq!(decoded(Some("gzip"), &body), catalog_like());

    let (headers, body) = through_the_middleware(None, big_json).await;
    assert!(!headers.contains_key(header::CONTENT_ENCODING));
    assert_eq!(
        h(&headers, header::VARY),
        "Accept-Encoding",
        "caches must know it varies"
    );
    assert_eq!(h(&headers, header::ETAG), "\"orders-1\"");
    assert_eq!(body, catalog_like());
}

#[actix_web::test]
async fn small_binary_or_already_negotiated_replies_pass_untouched() {
    fn small() -> HttpResponse {
        HttpResponse::Ok().json(serde_json::json!({"ok": true}))
    }
    fn photo() -> HttpResponse {
        HttpResponse::Ok()
            .content_type("image/png")
            .body(vec![0u8; 64 * 1024])
    }
    fn negotiated() -> HttpResponse {
        Precompressed::json(catalog_like(), Effort::Fast)
            .respond(&TestRequest::default().to_http_request(), "no-cache")
    }
    fn no_transform() -> HttpResponse {
        HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-transform"))
            .content_type("application/json")
            .body(catalog_like())
    }
    for (name, reply) in [
        ("small", small as fn() -> HttpResponse),
        ("photo", photo),
        ("negotiated", negotiated),
        ("no-transform", no_transform),
    ] {
        let (headers, _) = through_the_middleware(Some("br, gzip"), reply).await;
        assert!(!headers.contains_key(header::CONTENT_ENCODING), "{name}");
    }
}

#[test]
fn text_formats_are_compressible_and_images_are_not() {
    for yes in [
        "application/json",
        "text/html; charset=utf-8",
        "text/javascript",
        "image/svg+xml",
        "application/problem+json",
    ] {
        assert!(is_compressible(yes), "{yes}");
    }
    for no in [
        "image/png",
        "image/webp",
        "font/woff2",
        "application/pdf",
        "application/octet-stream",
    ] {
        assert!(!is_compressible(no), "{no}");
    }
}
