//! Product photos: what an upload may be, the size a photo is stored at, and the widths it is
//! served at. How pixels are decoded and encoded is an adapter's business; the sizes are ours.

use crate::InvalidInput;

/// An upload may be at most this many bytes: room for a phone's photo.
pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;
/// An upload may have at most this many pixels (a 50 MP camera's full frame).
pub const MAX_PIXELS: u64 = 50_000_000;
/// Neither side may be longer than this (what WebP can hold, and far beyond any camera).
pub const MAX_SIDE: u32 = 16_383;
/// A stored photo is at most this many pixels on its long side.
pub const MAX_STORED_SIDE: u32 = 2048;

pub const NOT_AN_IMAGE: &str = "Photo must be a JPEG, PNG, WebP, GIF or AVIF image";
pub const TOO_MANY_BYTES: &str = "Photo must be at most 20 MB";
pub const TOO_MANY_PIXELS: &str = "Photo must be at most 50 megapixels";
pub const TOO_LONG_A_SIDE: &str = "Photo must be at most 16383 pixels wide and high";
pub const UNSUPPORTED_WIDTH: &str = "Unsupported width";

/// Checks the dimensions an image's header declares, before anything is decoded.
pub fn check_dimensions(width: u32, height: u32) -> Result<(), InvalidInput> {
    if width == 0 || height == 0 {
        return Err(InvalidInput::new(NOT_AN_IMAGE));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(InvalidInput::new(TOO_LONG_A_SIDE));
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(InvalidInput::new(TOO_MANY_PIXELS));
    }
    Ok(())
}

/// The size a photo of `width` x `height` is stored at: scaled down, proportions kept, until
/// its long side is at most [`MAX_STORED_SIDE`].
pub fn stored_size(width: u32, height: u32) -> (u32, u32) {
    let long = width.max(height);
    if long <= MAX_STORED_SIDE {
        return (width, height);
    }
    (
        scale(width, MAX_STORED_SIDE, long),
        scale(height, MAX_STORED_SIDE, long),
    )
}

/// `value * numerator / denominator`, rounded, at least 1.
fn scale(value: u32, numerator: u32, denominator: u32) -> u32 {
    let scaled = (u64::from(value) * u64::from(numerator) + u64::from(denominator) / 2)
        / u64::from(denominator);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// A width the storefront asks photos at (`?w=`), for `srcset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhotoWidth(u32);

impl PhotoWidth {
    /// Every width we serve, narrowest first.
    pub const ALL: [PhotoWidth; 4] = [
        PhotoWidth(240),
        PhotoWidth(480),
        PhotoWidth(960),
        PhotoWidth(1600),
    ];

    /// One of [`Self::ALL`], written in decimal; else `Unsupported width`.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        text.trim()
            .parse::<u32>()
            .ok()
            .and_then(|pixels| Self::ALL.into_iter().find(|w| w.0 == pixels))
            .ok_or_else(|| InvalidInput::new(UNSUPPORTED_WIDTH))
    }

    pub fn pixels(self) -> u32 {
        self.0
    }

    /// The size of a photo of `width` x `height` at this width: never wider than the photo
    /// (nothing is upscaled), proportions kept.
    pub fn fit(self, width: u32, height: u32) -> (u32, u32) {
        if width <= self.0 {
            return (width, height);
        }
        (self.0, scale(height, self.0, width))
    }
}

/// What a variant is encoded as: WebP for browsers that say they take it, else the stored
/// photo's own format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantFormat {
    Webp,
    AsPhoto,
}

impl VariantFormat {
    pub fn for_client(accepts_webp: bool) -> Self {
        if accepts_webp {
            Self::Webp
        } else {
            Self::AsPhoto
        }
    }

    /// Its name where variants are kept.
    pub fn key(self) -> &'static str {
        match self {
            Self::Webp => "webp",
            Self::AsPhoto => "original",
        }
    }
}

/// How many hex digits of a photo's SHA-256 name its version.
const VERSION_DIGITS: usize = 16;

/// The photo's version for URLs (`&v=`): the first 16 hex digits of its SHA-256, which change
/// whenever its bytes do.
pub fn photo_version(sha256_hex: &str) -> String {
    sha256_hex.chars().take(VERSION_DIGITS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_widths_parse_and_nothing_else_does() {
        for width in [240, 480, 960, 1600] {
            assert_eq!(
                PhotoWidth::parse(&width.to_string()).unwrap().pixels(),
                width
            );
        }
        for bad in ["123", "0", "-480", "480.0", "abc", "", "4800"] {
            assert_eq!(
                PhotoWidth::parse(bad).unwrap_err().message(),
                UNSUPPORTED_WIDTH,
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_width_never_upscales_and_keeps_proportions() {
        let w480 = PhotoWidth::parse("480").unwrap();
        assert_eq!(w480.fit(2048, 1536), (480, 360));
        assert_eq!(w480.fit(600, 600), (480, 480));
        assert_eq!(
            w480.fit(300, 900),
            (300, 900),
            "narrower photos stay as they are"
        );
        assert_eq!(w480.fit(16_000, 10), (480, 1), "never zero pixels high");
    }

    #[test]
    fn photos_are_stored_at_most_2048_on_the_long_side() {
        assert_eq!(stored_size(4000, 3000), (2048, 1536));
        assert_eq!(stored_size(3000, 4000), (1536, 2048));
        assert_eq!(stored_size(2048, 100), (2048, 100));
        assert_eq!(stored_size(600, 600), (600, 600));
    }

    #[test]
    fn dimensions_are_checked_against_pixels_and_sides() {
        assert!(check_dimensions(8000, 6000).is_ok(), "48 MP is fine");
        assert!(check_dimensions(1, 1).is_ok());
        assert_eq!(
            check_dimensions(8944, 6708).unwrap_err().message(),
            TOO_MANY_PIXELS
        );
        assert_eq!(
            check_dimensions(16_384, 10).unwrap_err().message(),
            TOO_LONG_A_SIDE
        );
        assert_eq!(check_dimensions(0, 10).unwrap_err().message(), NOT_AN_IMAGE);
    }

    #[test]
    fn a_version_is_the_head_of_the_hash() {
        let sha = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        assert_eq!(photo_version(sha), "0123456789abcdef");
        assert_eq!(photo_version("ab"), "ab");
    }
}
