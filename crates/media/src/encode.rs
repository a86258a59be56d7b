//! Writing pixels back out: JPEG, PNG and GIF through the `image` crate, WebP (lossy) through
//! libwebp. Nothing but the pixels and the colour profile is written: no EXIF, XMP or IPTC.

use image::codecs::gif::GifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{DynamicImage, Frame, ImageEncoder, ImageResult};
use paduka_application::catalog::PhotoError;
use paduka_domain::catalog::ImageType;

/// What the bytes are for, which decides how much detail lossy formats keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Quality {
    /// The photo we keep and serve whole: close to what was uploaded.
    Stored,
    /// A sized copy for a screen, made from the stored photo.
    Variant,
}

impl Quality {
    fn jpeg(self) -> u8 {
        match self {
            Self::Stored => 90,
            Self::Variant => 82,
        }
    }

    fn webp(self) -> f32 {
        match self {
            Self::Stored => 90.0,
            Self::Variant => 80.0,
        }
    }
}

pub(crate) fn encode(
    pixels: &DynamicImage,
    format: ImageType,
    quality: Quality,
    icc: Option<Vec<u8>>,
) -> Result<Vec<u8>, PhotoError> {
    let mut bytes = Vec::new();
    let written = match format {
        ImageType::Jpeg => {
            let mut encoder = JpegEncoder::new_with_quality(&mut bytes, quality.jpeg());
            keep_profile(&mut encoder, icc);
            // JPEG has no alpha; 16-bit and alpha images are written as 8-bit colour.
            if pixels.color().has_color() {
                DynamicImage::ImageRgb8(pixels.to_rgb8()).write_with_encoder(encoder)
            } else {
                DynamicImage::ImageLuma8(pixels.to_luma8()).write_with_encoder(encoder)
            }
        }
        ImageType::Png => {
            let mut encoder = PngEncoder::new_with_quality(
                &mut bytes,
                CompressionType::Best,
                FilterType::Adaptive,
            );
            keep_profile(&mut encoder, icc);
            pixels.write_with_encoder(encoder)
        }
        ImageType::Gif => write_gif(&mut bytes, pixels),
        ImageType::Webp => return webp(pixels, quality),
        ImageType::Avif => {
            return Err(PhotoError::Unexpected(anyhow::anyhow!(
                "AVIF cannot be encoded here"
            )));
        }
    };
    written.map_err(|error| PhotoError::Unexpected(error.into()))?;
    Ok(bytes)
}

fn keep_profile(encoder: &mut impl ImageEncoder, icc: Option<Vec<u8>>) {
    if let Some(icc) = icc {
        // A profile the encoder refuses is dropped; the pixels still go out.
        let _ = encoder.set_icc_profile(icc);
    }
}

fn write_gif(bytes: &mut Vec<u8>, pixels: &DynamicImage) -> ImageResult<()> {
    let mut encoder = GifEncoder::new(bytes);
    encoder.encode_frame(Frame::new(pixels.to_rgba8()))
}

/// Lossy WebP with sharp RGB-to-YUV conversion, which keeps thin coloured edges crisp.
fn webp(pixels: &DynamicImage, quality: Quality) -> Result<Vec<u8>, PhotoError> {
    let mut config = webp::WebPConfig::new()
        .map_err(|()| PhotoError::Unexpected(anyhow::anyhow!("libwebp refused its defaults")))?;
    config.quality = quality.webp();
    config.use_sharp_yuv = 1;
    let encoded = if pixels.color().has_alpha() {
        let rgba = pixels.to_rgba8();
        webp::Encoder::from_rgba(&rgba, rgba.width(), rgba.height()).encode_advanced(&config)
    } else {
        let rgb = pixels.to_rgb8();
        webp::Encoder::from_rgb(&rgb, rgb.width(), rgb.height()).encode_advanced(&config)
    };
    encoded
        .map(|memory| memory.to_vec())
        .map_err(|error| PhotoError::Unexpected(anyhow::anyhow!("libwebp: {error:?}")))
}
