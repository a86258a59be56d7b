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

use actix_web::HttpMessage;
use actix_web::http::header::{
    AcceptEncoding, ContentEncoding, Encoding, Header as _, Preference, Quality,
};
use brotli::enc::BrotliEncoderParams;
use brotli::enc::backward_references::BrotliEncoderMode;
use flate2::Compression;
use flate2::write::GzEncoder;

mod on_the_fly;
mod precompressed;
#[cfg(test)]
mod tests;

pub use on_the_fly::{ON_THE_FLY_MIN_SIZE, compress_on_the_fly, is_compressible};
pub use precompressed::Precompressed;

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
