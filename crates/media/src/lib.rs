//! The [`PhotoCodec`] adapter: the one crate that reads and writes image pixels; and the
//! [`WebPhotoFetcher`], which brings an import's photos from the web (public addresses only).
//!
//! JPEG, PNG, WebP and GIF are decoded with the pure-Rust `image` crate (within a memory
//! limit), AVIF is parsed with `avif-parse` for its dimensions only (no AV1 decoder here), and
//! variants are encoded as lossy WebP by libwebp (the `webp` crate, which builds libwebp's C
//! from the crate). Decoding runs on tokio's blocking threads, at most one image per core at a
//! time, so uploads can neither stall the request workers nor pile up decoded pixels.

mod decode;
mod encode;
mod fetch;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;

pub use fetch::WebPhotoFetcher;

use std::sync::Arc;

use async_trait::async_trait;
use image::DynamicImage;
use image::imageops::FilterType;
use paduka_application::catalog::{PhotoCodec, PhotoError};
use paduka_domain::catalog::{Image, ImageType, StoredImage};
use paduka_domain::photo::{PhotoWidth, stored_size};
use tokio::sync::Semaphore;

use decode::Decoded;
use encode::Quality;

/// The resampling filter for every downscale: Lanczos keeps edges (laces, stitching) sharp.
const FILTER: FilterType = FilterType::Lanczos3;

/// Photos through the `image` crate and libwebp, a bounded number at a time.
#[derive(Debug, Clone)]
pub struct ImageCodec {
    /// One permit per image being decoded or encoded.
    working: Arc<Semaphore>,
}

impl ImageCodec {
    /// At most `at_once` images decoded or encoded at the same time (at least one).
    pub fn new(at_once: usize) -> Self {
        Self {
            working: Arc::new(Semaphore::new(at_once.max(1))),
        }
    }

    /// One image at a time per core: the work is CPU-bound, more would only queue in memory.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    }

    /// Runs `work` on a blocking thread once a permit is free. The permit goes with the work,
    /// so a request that gives up does not free it before its pixels are dropped.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, PhotoError> + Send + 'static,
    ) -> Result<T, PhotoError> {
        let permit = self
            .working
            .clone()
            .acquire_owned()
            .await
            .map_err(|closed| PhotoError::Unexpected(closed.into()))?;
        let outcome = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await;
        match outcome {
            Ok(result) => result,
            // A decoder that panics on crafted bytes has met something that is not an image.
            Err(join) if join.is_panic() => {
                tracing::warn!("an image decoder panicked; the image is refused");
                Err(PhotoError::NotAnImage)
            }
            Err(join) => Err(PhotoError::Unexpected(join.into())),
        }
    }
}

#[async_trait]
impl PhotoCodec for ImageCodec {
    async fn prepare(&self, upload: Vec<u8>) -> Result<Image, PhotoError> {
        self.run(move || prepare(upload)).await
    }

    async fn resize(
        &self,
        photo: StoredImage,
        width: PhotoWidth,
        format: ImageType,
    ) -> Result<Option<Image>, PhotoError> {
        self.run(move || resize(&photo, width, format)).await
    }
}

/// The photo to store for an upload (see [`PhotoCodec::prepare`]).
fn prepare(upload: Vec<u8>) -> Result<Image, PhotoError> {
    let image_type = decode::sniff(&upload)?;
    let Some(decoded) = decode::decode(&upload, image_type)? else {
        // An AVIF: checked, but it cannot be decoded here, so it is kept as it came.
        return Ok(Image {
            image_type,
            bytes: upload,
        });
    };
    let (width, height) = decoded.upright_size();
    let size = stored_size(width, height);
    if decoded.is_upright() && !decoded.has_metadata && size == (width, height) {
        return Ok(Image {
            image_type,
            bytes: upload,
        });
    }
    let Decoded { pixels, icc, .. } = decoded.into_upright();
    let pixels = scale_to(pixels, size);
    let bytes = encode::encode(&pixels, image_type, Quality::Stored, icc)?;
    Ok(Image { image_type, bytes })
}

/// The variant of a stored photo (see [`PhotoCodec::resize`]).
fn resize(
    photo: &StoredImage,
    width: PhotoWidth,
    format: ImageType,
) -> Result<Option<Image>, PhotoError> {
    let photo_type = ImageType::from_mime(&photo.content_type).ok_or(PhotoError::NotAnImage)?;
    let Some(decoded) = decode::decode(&photo.bytes, photo_type)? else {
        return Ok(None);
    };
    let (photo_width, photo_height) = decoded.upright_size();
    let size = width.fit(photo_width, photo_height);
    if size == (photo_width, photo_height) && format == photo_type && decoded.is_upright() {
        return Ok(None);
    }
    let Decoded { pixels, icc, .. } = decoded.into_upright();
    let pixels = scale_to(pixels, size);
    let bytes = encode::encode(&pixels, format, Quality::Variant, icc)?;
    Ok(Some(Image {
        image_type: format,
        bytes,
    }))
}

fn scale_to(pixels: DynamicImage, (width, height): (u32, u32)) -> DynamicImage {
    if (pixels.width(), pixels.height()) == (width, height) {
        pixels
    } else {
        pixels.resize_exact(width, height, FILTER)
    }
}

#[cfg(test)]
mod tests;
