//! What photo storage makes of the demo pictures, and what a variant costs to make:
//! `just bench-photos` (a release build). Prints figures for docs/performance.md; asserts
//! nothing. With `PHOTO_VARIANTS_OUT=folder`, the first demo photo and its WebP variants are
//! written there too, to look at.

use std::cell::Cell;
use std::time::{Duration, Instant};

use paduka_application::catalog::PhotoCodec;
use paduka_domain::catalog::{Image, ImageType, StoredImage};
use paduka_domain::photo::PhotoWidth;
use paduka_media::ImageCodec;
use paduka_media::fixtures;
use paduka_server::demo;

const RUNS: usize = 7;

fn stored(image: Image) -> StoredImage {
    StoredImage {
        content_type: image.image_type.mime().into(),
        bytes: image.bytes,
        sha256: String::new(),
    }
}

fn width(pixels: &str) -> PhotoWidth {
    PhotoWidth::parse(pixels).expect("a served width")
}

fn kib(bytes: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

/// The median of `RUNS` timings of `work`.
async fn median<F, Fut>(mut work: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        work().await;
        times.push(started.elapsed());
    }
    times.sort();
    times[RUNS / 2]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let codec = ImageCodec::new(1);
    let widths = ["240", "480", "960"];

    let out = std::env::var_os("PHOTO_VARIANTS_OUT").map(std::path::PathBuf::from);
    let mut photos = Vec::new();
    let mut totals = [0usize; 4];
    for (index, drawn) in demo::product_photos().into_iter().enumerate() {
        let photo = stored(codec.prepare(drawn).await?);
        totals[0] += photo.bytes.len();
        let keep = out.as_ref().filter(|_| index == 0);
        if let Some(folder) = keep {
            std::fs::create_dir_all(folder)?;
            std::fs::write(folder.join("photo.png"), &photo.bytes)?;
        }
        for (slot, pixels) in widths.iter().enumerate() {
            let variant = codec
                .resize(photo.clone(), width(pixels), ImageType::Webp)
                .await?
                .expect("a WebP variant");
            totals[slot + 1] += variant.bytes.len();
            if let Some(folder) = keep {
                std::fs::write(folder.join(format!("w{pixels}.webp")), &variant.bytes)?;
            }
        }
        photos.push(photo);
    }
    let count = photos.len();
    println!("{count} demo product photos (600 x 600 PNG as stored)");
    println!("| stored | 240 WebP | 480 WebP | 960 WebP (never upscaled: 600) |");
    println!(
        "| {} ({} each) | {} ({} each) | {} ({} each) | {} ({} each) |",
        kib(totals[0]),
        kib(totals[0] / count),
        kib(totals[1]),
        kib(totals[1] / count),
        kib(totals[2]),
        kib(totals[2] / count),
        kib(totals[3]),
        kib(totals[3] / count),
    );

    let demo_photo = photos[0].clone();
    let demo_480 = median(|| {
        let photo = demo_photo.clone();
        let codec = &codec;
        async move {
            codec
                .resize(photo, width("480"), ImageType::Webp)
                .await
                .unwrap();
        }
    })
    .await;
    println!("one 480 WebP variant of a demo photo: median {demo_480:?} of {RUNS}");

    let phone_upload = fixtures::jpeg(4000, 3000);
    let prepare = median(|| {
        let upload = phone_upload.clone();
        let codec = &codec;
        async move {
            codec.prepare(upload).await.unwrap();
        }
    })
    .await;
    println!(
        "storing a 4000 x 3000 JPEG upload (decode, scale to 2048, encode): median {prepare:?} of {RUNS}"
    );

    let phone_photo = stored(codec.prepare(phone_upload).await?);
    println!("  stored: {}", kib(phone_photo.bytes.len()));
    for pixels in ["480", "960"] {
        let size = Cell::new(0);
        let took = median(|| {
            let photo = phone_photo.clone();
            let (codec, size) = (&codec, &size);
            async move {
                let variant = codec
                    .resize(photo, width(pixels), ImageType::Webp)
                    .await
                    .unwrap();
                size.set(variant.expect("a variant").bytes.len());
            }
        })
        .await;
        println!(
            "one {pixels} WebP variant of a 2048 x 1536 stored photo: {} in median {took:?} of {RUNS}",
            kib(size.get())
        );
    }
    Ok(())
}
