//! Replies compressed once and kept in every coding, each request picking one.

use actix_web::body::{BodySize, MessageBody};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use super::{Coding, Effort, brotli, gzip, negotiate};
use crate::handlers::media::etag_matches;

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
