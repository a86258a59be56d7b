//! Compression of replies: chosen by the client's `Accept-Encoding`, done as rarely as possible.
//!
//! A reply that is the same for many visitors (the catalog, the built frontend's files) is a
//! [`Precompressed`]: compressed once when it is built, kept next to its identity bytes as
//! brotli and gzip, and each request only picks one. A reply made per request goes through
//! [`compress_on_the_fly`], which compresses it at a fast level when it is worth it.
//!
//! Either way the compression runs on the worker thread that serves the request, never on a
//! thread of its own: at most one compressor per worker is alive, so memory stays bounded
//! however many clients ask at once.

use std::io::Write as _;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{
    self, AcceptEncoding, ContentEncoding, Encoding, Header as _, HeaderMap, HeaderValue,
    Preference, Quality,
};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use brotli::enc::BrotliEncoderParams;
use brotli::enc::backward_references::BrotliEncoderMode;
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

use crate::handlers::media::etag_matches;

/// The content codings we send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// Our preference when the client rates several codings alike: the smallest bytes first.
    fn rank(self) -> u8 {
        match self {
            Coding::Brotli => 2,
            Coding::Gzip => 1,
            Coding::Identity => 0,
        }
    }

    fn content_encoding(self) -> ContentEncoding {
        match self {
            Coding::Brotli => ContentEncoding::Brotli,
            Coding::Gzip => ContentEncoding::Gzip,
            Coding::Identity => ContentEncoding::Identity,
        }
    }

    /// Appended to the identity ETag, so each coding of the same bytes has its own.
    fn etag_suffix(self) -> &'static str {
        match self {
            Coding::Brotli => "-br",
            Coding::Gzip => "-gz",
            Coding::Identity => "",
        }
    }

    /// Where this coding's things are kept in arrays.
    fn slot(self) -> usize {
        match self {
            Coding::Identity => 0,
            Coding::Brotli => 1,
            Coding::Gzip => 2,
        }
    }

    fn names(self, encoding: &Encoding) -> bool {
        match encoding {
            Encoding::Known(known) => *known == self.content_encoding(),
            // RFC 9110 asks recipients to take the old name as gzip.
            Encoding::Unknown(name) => self == Coding::Gzip && name.eq_ignore_ascii_case("x-gzip"),
        }
    }
}

/// The coding a request's `Accept-Encoding` rates highest among brotli, gzip and identity.
///
/// A coding's rating is its own q-value, else that of `*`; `q=0` refuses it. Identity is
/// acceptable unless refused, but below any coding the client names. Ties go to the smaller
/// bytes. With no header, an unreadable one, or nothing acceptable, the answer is identity:
/// every client can read that, and a 406 would help no one.
pub fn negotiate(request: &impl HttpMessage) -> Coding {
    let Ok(AcceptEncoding(accepted)) = AcceptEncoding::parse(request) else {
        return Coding::Identity;
    };
    let any = accepted
        .iter()
        .find(|item| item.item == Preference::Any)
        .map(|item| item.quality);
    let rating = |coding: Coding| {
        let named = accepted.iter().find(|item| match &item.item {
            Preference::Specific(encoding) => coding.names(encoding),
            Preference::Any => false,
        });
        match (named.map(|item| item.quality), any) {
            (Some(quality), _) | (None, Some(quality)) => quality,
            (None, None) if coding == Coding::Identity => Quality::MIN,
            (None, None) => Quality::ZERO,
        }
    };
    [Coding::Brotli, Coding::Gzip, Coding::Identity]
        .into_iter()
        .map(|coding| (rating(coding), coding.rank(), coding))
        .filter(|(quality, _, _)| *quality > Quality::ZERO)
        .max_by_key(|(quality, rank, _)| (*quality, *rank))
        .map_or(Coding::Identity, |(_, _, coding)| coding)
}

/// How hard to compress, by how often the bytes are compressed and how often they are sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// Files compressed once per start and sent for as long as it runs: the smallest bytes.
    Best,
    /// Cached replies, compressed again whenever the data behind them changes.
    Cached,
    /// A reply compressed for one request only.
    Fast,
}

impl Effort {
    /// brotli's quality (0..=11) and gzip's level (0..=9), chosen by measurement (the
    /// figures are in docs/performance.md). For the 184 KB catalog: brotli 5 makes 9.3 KB in
    /// 2 ms where 11 makes 8.0 KB in 60-110 ms; brotli 2 and gzip 3 make 10.4 and 12.9 KB in
    /// under 2 ms, where brotli 1 and gzip 1 make 66 and 32 KB.
    fn levels(self) -> (i32, u32) {
        match self {
            Effort::Best => (11, 9),
            Effort::Cached => (5, 6),
            Effort::Fast => (2, 3),
        }
    }
}

/// `body` compressed with brotli.
pub fn brotli(body: &[u8], effort: Effort) -> Vec<u8> {
    let params = BrotliEncoderParams {
        quality: effort.levels().0,
        // A window as large as the body, up to brotli's 2^24. Not below 2^18: with a smaller
        // window brotli 5 to 9 switch to a hasher that takes 16 MB and 6 ms even for 1 KB.
        lgwin: (usize::BITS - body.len().saturating_sub(1).leading_zeros()).clamp(18, 24) as i32,
        size_hint: body.len(),
        mode: BrotliEncoderMode::BROTLI_MODE_TEXT,
        ..BrotliEncoderParams::default()
    };
    let mut out = Vec::with_capacity(body.len() / 4);
    brotli::BrotliCompress(&mut &body[..], &mut out, &params)
        .expect("writing to memory cannot fail");
    out
}

/// `body` compressed with gzip.
pub fn gzip(body: &[u8], effort: Effort) -> Vec<u8> {
    let mut encoder = GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        Compression::new(effort.levels().1),
    );
    encoder
        .write_all(body)
        .and_then(|()| encoder.finish())
        .expect("writing to memory cannot fail")
}

/// A reply kept in every coding we send: the identity bytes, and brotli and gzip when they
/// come out smaller.
#[derive(Debug)]
pub struct Precompressed {
    content_type: HeaderValue,
    identity: Bytes,
    brotli: Option<Bytes>,
    gzip: Option<Bytes>,
    /// Each coding's strong ETag, made once (by [`Coding::slot`]): SHA-256 of the identity
    /// bytes (hex, 128 bits), with `-br` / `-gz` for the compressed codings.
    etags: [HeaderValue; 3],
}

impl Precompressed {
    /// `body`, compressed now with the given effort.
    pub fn new(content_type: HeaderValue, body: impl Into<Bytes>, effort: Effort) -> Self {
        let identity: Bytes = body.into();
        let brotli = brotli(&identity, effort);
        let gzip = gzip(&identity, effort);
        Self::with_codings(content_type, identity, brotli, gzip)
    }

    /// `identity` with its brotli and gzip codings made elsewhere (files compressed ahead of
    /// time). A coding that is not smaller than the identity bytes is dropped.
    pub fn with_codings(
        content_type: HeaderValue,
        identity: Bytes,
        brotli: Vec<u8>,
        gzip: Vec<u8>,
    ) -> Self {
        let smaller = |compressed: Vec<u8>| {
            (compressed.len() < identity.len()).then(|| Bytes::from(compressed))
        };
        Self {
            brotli: smaller(brotli),
            gzip: smaller(gzip),
            etags: {
                let digest = hex::encode(&Sha256::digest(&identity)[..16]);
                [Coding::Identity, Coding::Brotli, Coding::Gzip].map(|coding| {
                    HeaderValue::from_str(&format!("\"{digest}{}\"", coding.etag_suffix()))
                        .expect("hex and a dash make a valid header")
                })
            },
            content_type,
            identity,
        }
    }

    /// A JSON reply.
    pub fn json(body: impl Into<Bytes>, effort: Effort) -> Self {
        Self::new(HeaderValue::from_static("application/json"), body, effort)
    }

    /// Whether `body` is what this reply holds (so its compressed codings can be kept).
    pub fn holds(&self, body: &[u8]) -> bool {
        self.identity == body
    }

    /// The uncompressed bytes.
    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// The coding sent for `wanted` (identity when that coding did not pay) and its bytes.
    pub fn variant(&self, wanted: Coding) -> (Coding, &Bytes) {
        match (wanted, &self.brotli, &self.gzip) {
            (Coding::Brotli, Some(bytes), _) => (Coding::Brotli, bytes),
            (Coding::Gzip, _, Some(bytes)) => (Coding::Gzip, bytes),
            _ => (Coding::Identity, &self.identity),
        }
    }

    /// The strong ETag of a coding's bytes.
    pub fn etag(&self, coding: Coding) -> &str {
        self.etags[coding.slot()].to_str().expect("made from ASCII")
    }

    /// Bytes held, every coding counted.
    pub fn weight(&self) -> usize {
        self.identity.len()
            + self.brotli.as_ref().map_or(0, Bytes::len)
            + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    /// The coding `request` accepts best, with its ETag and `Vary: Accept-Encoding`; a 304
    /// without a body when `If-None-Match` names that coding's ETag.
    pub fn respond(&self, request: &HttpRequest, cache_control: &'static str) -> HttpResponse {
        self.respond_as(StatusCode::OK, request, cache_control)
    }

    /// As [`Self::respond`], with `status` (a page that was not found, yet has a body to
    /// show); only a 200 is ever answered with a 304.
    pub fn respond_as(
        &self,
        status: StatusCode,
        request: &HttpRequest,
        cache_control: &'static str,
    ) -> HttpResponse {
        let (coding, body) = self.variant(negotiate(request));
        let etag = &self.etags[coding.slot()];
        let not_modified = status == StatusCode::OK
            && etag_matches(
                request.headers().get(header::IF_NONE_MATCH),
                self.etag(coding),
            );
        let mut response = if not_modified {
            HttpResponse::NotModified()
        } else {
            HttpResponse::build(status)
        };
        response
            .insert_header((header::ETAG, etag.clone()))
            .insert_header((header::VARY, "Accept-Encoding"))
            .insert_header((header::CACHE_CONTROL, cache_control));
        if not_modified {
            return response.finish();
        }
        if coding != Coding::Identity {
            response.insert_header(coding.content_encoding());
        }
        response
            .insert_header((header::CONTENT_TYPE, self.content_type.clone()))
            .body(Slices {
                rest: body.clone(),
                size: body.len() as u64,
            })
    }
}

/// Shared bytes sent a slice at a time. actix copies a body's chunks into the connection's
/// write buffer and keeps that buffer's size: given a 400 KB file whole, every connection
/// that ever sent it would hold 400 KB. Slices (views of the same bytes, no copy) bound that
/// to one slice per connection.
struct Slices {
    rest: Bytes,
    size: u64,
}

impl Slices {
    /// Each slice costs a trip through actix's write loop and a write to the socket: at
    /// 32 KiB the bare 388 KB JS chunk went from 7,200 to 4,300 requests/s. 128 KiB sends
    /// every compressed reply in one piece and bounds a connection's buffer to 160 KiB.
    const LEN: usize = 128 * 1024;
}

impl MessageBody for Slices {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.size)
    }

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<Bytes, Self::Error>>> {
        let len = self.rest.len().min(Self::LEN);
        std::task::Poll::Ready((len > 0).then(|| Ok(self.rest.split_to(len))))
    }
}

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

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use actix_web::test::{self, TestRequest};
    use actix_web::{App, web};

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
}
