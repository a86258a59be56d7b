//! The codec on real images, made in code by [`crate::fixtures`].

use image::{ImageFormat, Rgba, RgbaImage};
use paduka_domain::photo::{TOO_LONG_A_SIDE, TOO_MANY_PIXELS};

use super::*;
use crate::fixtures::{self, CAMERA_MAKE, contains, inspect};

fn codec() -> ImageCodec {
    ImageCodec::new(2)
}

fn width(pixels: &str) -> PhotoWidth {
    PhotoWidth::parse(pixels).unwrap()
}

fn stored(image: Image) -> StoredImage {
    StoredImage {
        content_type: image.image_type.mime().into(),
        bytes: image.bytes,
        sha256: String::new(),
    }
}

fn gif(width: u32, height: u32) -> Vec<u8> {
    let pixels = DynamicImage::ImageRgba8(RgbaImage::from_pixel(
        width,
        height,
        Rgba([200, 120, 40, 255]),
    ));
    encode::encode(&pixels, ImageType::Gif, Quality::Stored, None).unwrap()
}

fn refusal(error: PhotoError) -> String {
    match error {
        PhotoError::NotAnImage => "not an image".into(),
        PhotoError::Refused(invalid) => invalid.message().to_owned(),
        PhotoError::Unexpected(cause) => panic!("unexpected: {cause:#}"),
    }
}

// --- uploads ----------------------------------------------------------------------------------

#[tokio::test]
async fn a_sideways_phone_photo_is_turned_upright_and_loses_its_exif_and_gps() {
    let upload = fixtures::sideways_phone_jpeg(64, 32);
    assert!(inspect(&upload).has_exif && contains(&upload, CAMERA_MAKE));

    let prepared = codec().prepare(upload).await.unwrap();

    assert_eq!(prepared.image_type, ImageType::Jpeg);
    let photo = inspect(&prepared.bytes);
    assert_eq!(
        (photo.width, photo.height),
        (32, 64),
        "upright: taller than wide"
    );
    let [r, _, b, _] = photo.pixel(16, 8).0;
    assert!(
        r > 150 && b < 100,
        "red on top, was {:?}",
        photo.pixel(16, 8)
    );
    let [r, _, b, _] = photo.pixel(16, 56).0;
    assert!(
        b > 150 && r < 100,
        "blue below, was {:?}",
        photo.pixel(16, 56)
    );
    assert!(
        !photo.has_exif,
        "no EXIF: no orientation, GPS or camera left"
    );
    assert!(!contains(&prepared.bytes, b"Exif"));
    assert!(!contains(&prepared.bytes, CAMERA_MAKE));
}

#[tokio::test]
async fn a_4000_by_3000_phone_photo_is_stored_2048_wide() {
    let prepared = codec().prepare(fixtures::jpeg(4000, 3000)).await.unwrap();

    assert_eq!(prepared.image_type, ImageType::Jpeg);
    let photo = inspect(&prepared.bytes);
    assert_eq!(photo.format, ImageFormat::Jpeg);
    assert_eq!((photo.width, photo.height), (2048, 1536));
}

#[tokio::test]
async fn a_photo_that_needs_nothing_is_kept_byte_for_byte() {
    let webp = encode::encode(
        &DynamicImage::ImageRgb8(image::RgbImage::new(30, 20)),
        ImageType::Webp,
        Quality::Stored,
        None,
    )
    .unwrap();
    for (upload, image_type) in [
        (fixtures::png(600, 600), ImageType::Png),
        (fixtures::jpeg(2048, 1000), ImageType::Jpeg),
        (gif(40, 30), ImageType::Gif),
        (webp, ImageType::Webp),
    ] {
        let prepared = codec().prepare(upload.clone()).await.unwrap();
        assert_eq!(prepared.image_type, image_type);
        assert!(prepared.bytes == upload, "{image_type:?} kept as uploaded");
    }
}

#[tokio::test]
async fn text_behind_an_images_first_bytes_is_not_an_image() {
    for upload in [
        &b"GIF89a and then this is just text, not a picture"[..],
        b"\x89PNG\r\n\x1a\nthis is just text, not a picture",
        b"\xff\xd8\xff\xe0 this is just text, not a picture",
        b"RIFF\x20\0\0\0WEBPVP8 this is just text, not a picture",
        b"\0\0\0\x18ftypavif this is just text, not a picture",
        b"\0\0\0\x18ftypheic a phone's HEIC is not taken either",
        b"<svg xmlns='http://www.w3.org/2000/svg'/>",
        b"",
    ] {
        let error = codec().prepare(upload.to_vec()).await.unwrap_err();
        assert_eq!(refusal(error), "not an image", "{upload:?}");
    }
}

#[tokio::test]
async fn a_truncated_png_is_not_an_image() {
    let whole = fixtures::png(64, 64);
    let error = codec()
        .prepare(whole[..whole.len() / 2].to_vec())
        .await
        .unwrap_err();
    assert_eq!(refusal(error), "not an image");
}

#[tokio::test]
async fn sixty_megapixels_are_refused_from_the_header() {
    let upload = fixtures::sixty_megapixel_png();
    assert!(upload.len() < 1024 * 1024, "small enough to upload");
    let error = codec().prepare(upload).await.unwrap_err();
    assert_eq!(refusal(error), TOO_MANY_PIXELS);
}

#[tokio::test]
async fn an_avif_is_checked_by_its_headers_and_kept_as_it_came() {
    let upload = fixtures::avif(1200, 800);
    let prepared = codec().prepare(upload.clone()).await.unwrap();
    assert_eq!(prepared.image_type, ImageType::Avif);
    assert!(prepared.bytes == upload);

    let error = codec()
        .prepare(fixtures::avif(10_000, 6_000))
        .await
        .unwrap_err();
    assert_eq!(refusal(error), TOO_MANY_PIXELS);
    let error = codec()
        .prepare(fixtures::avif(20_000, 10))
        .await
        .unwrap_err();
    assert_eq!(refusal(error), TOO_LONG_A_SIDE);
}

// --- variants ---------------------------------------------------------------------------------

#[tokio::test]
async fn a_webp_variant_has_the_width_asked_for() {
    let photo = stored(Image {
        image_type: ImageType::Png,
        bytes: fixtures::png(600, 600),
    });

    let variant = codec()
        .resize(photo.clone(), width("480"), ImageType::Webp)
        .await
        .unwrap()
        .expect("a variant");

    assert_eq!(variant.image_type, ImageType::Webp);
    let seen = inspect(&variant.bytes);
    assert_eq!(seen.format, ImageFormat::WebP);
    assert_eq!((seen.width, seen.height), (480, 480));
    assert!(variant.bytes.len() < photo.bytes.len());
}

#[tokio::test]
async fn a_variant_is_never_upscaled() {
    let photo = stored(Image {
        image_type: ImageType::Png,
        bytes: fixtures::png(600, 400),
    });

    let webp = codec()
        .resize(photo.clone(), width("1600"), ImageType::Webp)
        .await
        .unwrap()
        .expect("the same size as WebP");
    let seen = inspect(&webp.bytes);
    assert_eq!((seen.width, seen.height), (600, 400));

    let same = codec()
        .resize(photo, width("960"), ImageType::Png)
        .await
        .unwrap();
    assert_eq!(same, None, "the photo itself is that variant");
}

#[tokio::test]
async fn a_variant_in_the_photos_own_format_keeps_it() {
    for (bytes, image_type, format) in [
        (
            fixtures::jpeg(1600, 1200),
            ImageType::Jpeg,
            ImageFormat::Jpeg,
        ),
        (fixtures::png(1600, 1200), ImageType::Png, ImageFormat::Png),
        (gif(1600, 1200), ImageType::Gif, ImageFormat::Gif),
    ] {
        let photo = stored(Image { image_type, bytes });
        let variant = codec()
            .resize(photo, width("480"), image_type)
            .await
            .unwrap()
            .expect("a smaller copy");
        assert_eq!(variant.image_type, image_type);
        let seen = inspect(&variant.bytes);
        assert_eq!(seen.format, format);
        assert_eq!((seen.width, seen.height), (480, 360), "{format:?}");
    }
}

#[tokio::test]
async fn an_avif_photo_serves_every_width_itself() {
    let photo = stored(Image {
        image_type: ImageType::Avif,
        bytes: fixtures::avif(1200, 800),
    });
    for format in [ImageType::Webp, ImageType::Avif] {
        let variant = codec()
            .resize(photo.clone(), width("480"), format)
            .await
            .unwrap();
        assert_eq!(variant, None);
    }
}

#[tokio::test]
async fn a_codec_allows_at_least_one_image_at_a_time() {
    let variant = ImageCodec::new(0)
        .prepare(fixtures::png(10, 10))
        .await
        .unwrap();
    assert_eq!(variant.image_type, ImageType::Png);
}
