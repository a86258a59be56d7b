//! Product photos end to end: what an upload becomes, what is refused, and the sized variants
//! (`?w=`) the storefront's `srcset` asks for.

use paduka_media::fixtures::{self, CAMERA_MAKE, contains, inspect};
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::*;

crate::on_both_backends!(
    a_sideways_phone_photo_is_stored_upright_without_its_exif_gps_or_camera,
    a_4000_by_3000_phone_photo_is_stored_2048_wide,
    a_photo_that_needs_nothing_is_stored_byte_for_byte_and_versioned_by_its_hash,
    refused_photos_get_the_rules_messages_and_store_nothing,
    a_sized_photo_is_webp_for_browsers_that_take_it_and_the_photos_format_otherwise,
    every_variant_has_its_own_strong_etag_and_revalidates_with_304,
    a_url_with_the_photos_version_is_immutable_until_the_photo_changes,
    an_unsupported_width_is_400,
);

const WEBP_BROWSER: &str = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const OLD_BROWSER: &str = "image/png,image/*;q=0.8,*/*;q=0.5";

/// A product in a new category with `photo`, as the admin form creates it.
async fn product_with(app: &TestApp, photo: Vec<u8>) -> Value {
    let category = app.category("Sneakers").await;
    app.product(
        &[("name", "Court"), ("price", "999"), ("category", &category)],
        Some(photo),
    )
    .await
}

fn photo_path(product: &Value, query: &str) -> String {
    format!(
        "/product/product-photo/{}{query}",
        product["_id"].as_str().unwrap()
    )
}

/// GET `path` as a browser sending `accept` (and offering compression) would.
async fn fetch(app: &TestApp, path: &str, accept: &str) -> Response {
    app.request(Method::GET, path, As::Anonymous)
        .header("Accept", accept)
        .header("Accept-Encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap()
}

async fn stored_photo(app: &TestApp, product: &Value) -> Vec<u8> {
    let response = fetch(app, &photo_path(product, ""), WEBP_BROWSER).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.bytes().await.unwrap().to_vec()
}

fn header<'a>(response: &'a Response, name: &str) -> Option<&'a str> {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap())
}

/// Sends the admin form again for `product` (same name, price and category) with `photo`.
async fn replace_photo(app: &TestApp, product: &Value, photo: Vec<u8>) -> Response {
    let category = product["category"]["_id"].as_str().unwrap();
    let form = product_form(
        &[("name", "Court"), ("price", "999"), ("category", category)],
        Some(photo),
    );
    let path = format!(
        "/product/update-product/{}",
        product["_id"].as_str().unwrap()
    );
    app.send_product_form(Method::PUT, &path, As::Admin, form)
        .await
}

// --- what is stored ---------------------------------------------------------------------------

async fn a_sideways_phone_photo_is_stored_upright_without_its_exif_gps_or_camera(db: &TestDb) {
    let upload = fixtures::sideways_phone_jpeg(64, 32);
    let app = spawn_app_on(db).await;

    let product = product_with(&app, upload).await;

    let stored = stored_photo(&app, &product).await;
    let photo = inspect(&stored);
    assert_eq!((photo.width, photo.height), (32, 64), "turned upright");
    let [r, _, b, _] = photo.pixel(16, 8).0;
    assert!(r > 150 && b < 100, "the red half is on top");
    assert!(!photo.has_exif, "no EXIF: no GPS position, no orientation");
    assert!(!contains(&stored, CAMERA_MAKE), "no camera name");
}

async fn a_4000_by_3000_phone_photo_is_stored_2048_wide(db: &TestDb) {
    // Made before the server starts: a client idle past the server's keep-alive while a
    // slow fixture is drawn would race the server closing the connection.
    let upload = fixtures::jpeg(4000, 3000);
    let app = spawn_app_on(db).await;

    let product = product_with(&app, upload).await;

    let photo = inspect(&stored_photo(&app, &product).await);
    assert_eq!((photo.width, photo.height), (2048, 1536));
}

async fn a_photo_that_needs_nothing_is_stored_byte_for_byte_and_versioned_by_its_hash(db: &TestDb) {
    let upload = fixtures::png(600, 600);
    let app = spawn_app_on(db).await;

    let product = product_with(&app, upload.clone()).await;

    assert!(stored_photo(&app, &product).await == upload);
    let sha256 = hex::encode(Sha256::digest(&upload));
    assert_eq!(product["photoVersion"], json!(sha256[..16]));
    let listed = app.get("/product/get-products", As::Anonymous).await;
    let listed = listed.answers(StatusCode::OK).await;
    assert_eq!(
        listed["products"][0]["photoVersion"],
        product["photoVersion"]
    );
}

// --- what is refused --------------------------------------------------------------------------

async fn refused_photos_get_the_rules_messages_and_store_nothing(db: &TestDb) {
    let truncated = {
        let whole = fixtures::png(200, 200);
        whole[..whole.len() / 2].to_vec()
    };
    let mut too_big = fixtures::jpeg(64, 64);
    too_big.resize(21 * 1024 * 1024, 0);
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        (
            "text behind GIF's first bytes",
            b"GIF89a and then this is just text, not a picture".to_vec(),
            StatusCode::BAD_REQUEST,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            "text behind PNG's first bytes",
            b"\x89PNG\r\n\x1a\nthis is just text, not a picture".to_vec(),
            StatusCode::BAD_REQUEST,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            "an SVG",
            b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec(),
            StatusCode::BAD_REQUEST,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            "a truncated PNG",
            truncated,
            StatusCode::BAD_REQUEST,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            "60 megapixels",
            fixtures::sixty_megapixel_png(),
            StatusCode::BAD_REQUEST,
            "Photo must be at most 50 megapixels",
        ),
        (
            "a 21 MB file",
            too_big,
            StatusCode::PAYLOAD_TOO_LARGE,
            "Photo must be at most 20 MB",
        ),
    ];
    let app = spawn_app_on(db).await;
    let keeper = product_with(&app, fixtures::png(100, 100)).await;
    let category = keeper["category"]["_id"].as_str().unwrap();
    let fields = [("name", "Fake"), ("price", "10"), ("category", category)];
    let before = stored_photo(&app, &keeper).await;
    for (what, bytes, status, message) in cases {
        let form = product_form(&fields, Some(bytes.clone()));
        let path = "/product/create-product";
        let response = app.send_product_form(Method::POST, path, As::Admin, form);
        let response = response.await;
        assert_eq!(response.status(), status, "{what}");
        response.refuses(status, message).await;

        let response = replace_photo(&app, &keeper, bytes).await;
        response.refuses(status, message).await;
    }

    assert_eq!(
        app.product_names("").await,
        vec!["Court"],
        "no product was created"
    );
    assert!(
        stored_photo(&app, &keeper).await == before,
        "the photo was not replaced"
    );
}

// --- sized variants ---------------------------------------------------------------------------

async fn a_sized_photo_is_webp_for_browsers_that_take_it_and_the_photos_format_otherwise(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let upload = fixtures::png(600, 600);
    let product = product_with(&app, upload.clone()).await;
    let path = photo_path(&product, "?w=480");

    let webp = fetch(&app, &path, WEBP_BROWSER).await;
    assert_eq!(webp.status(), StatusCode::OK);
    assert_eq!(header(&webp, "content-type"), Some("image/webp"));
    assert_eq!(header(&webp, "vary"), Some("Accept"));
    assert_eq!(
        header(&webp, "content-encoding"),
        None,
        "images are never compressed again"
    );
    let webp = webp.bytes().await.unwrap();
    let seen = inspect(&webp);
    assert_eq!(
        (seen.mime(), seen.width, seen.height),
        ("image/webp", 480, 480)
    );
    assert!(webp.len() < upload.len());

    let png = fetch(&app, &path, OLD_BROWSER).await;
    assert_eq!(header(&png, "content-type"), Some("image/png"));
    assert_eq!(header(&png, "vary"), Some("Accept"));
    assert_eq!(header(&png, "content-encoding"), None);
    let png = png.bytes().await.unwrap();
    let seen = inspect(&png);
    assert_eq!(
        (seen.mime(), seen.width, seen.height),
        ("image/png", 480, 480)
    );
    assert!(png.len() < upload.len());

    // Wider than the photo: never upscaled; in its own format that is the photo itself.
    let wide = fetch(&app, &photo_path(&product, "?w=1600"), OLD_BROWSER).await;
    assert!(wide.bytes().await.unwrap() == upload);
    let wide = fetch(&app, &photo_path(&product, "?w=1600"), WEBP_BROWSER).await;
    let seen = inspect(&wide.bytes().await.unwrap());
    assert_eq!((seen.width, seen.height), (600, 600));

    let whole = fetch(&app, &photo_path(&product, ""), WEBP_BROWSER).await;
    assert_eq!(header(&whole, "content-encoding"), None);
    assert_eq!(header(&whole, "content-type"), Some("image/png"));
}

async fn every_variant_has_its_own_strong_etag_and_revalidates_with_304(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = product_with(&app, fixtures::png(600, 600)).await;
    let mut etags = Vec::new();
    for (query, accept) in [
        ("", WEBP_BROWSER),
        ("?w=240", WEBP_BROWSER),
        ("?w=240", OLD_BROWSER),
        ("?w=480", WEBP_BROWSER),
    ] {
        let path = photo_path(&product, query);
        let first = fetch(&app, &path, accept).await;
        let etag = header(&first, "etag").unwrap().to_owned();
        assert!(etag.starts_with('"'), "a strong ETag: {etag}");
        let again = app
            .request(Method::GET, &path, As::Anonymous)
            .header("Accept", accept)
            .header("If-None-Match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{query} {accept}");
        assert_eq!(header(&again, "etag"), Some(etag.as_str()));
        if !query.is_empty() {
            assert_eq!(header(&again, "vary"), Some("Accept"));
        }
        etags.push(etag);
    }
    etags.sort();
    etags.dedup();
    assert_eq!(etags.len(), 4, "one ETag per variant");

    // The second request for a variant gets the bytes kept by the first.
    let path = photo_path(&product, "?w=240");
    let first = fetch(&app, &path, WEBP_BROWSER)
        .await
        .bytes()
        .await
        .unwrap();
    let second = fetch(&app, &path, WEBP_BROWSER)
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(first, second);
}

async fn a_url_with_the_photos_version_is_immutable_until_the_photo_changes(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = product_with(&app, fixtures::png(600, 600)).await;
    let version = product["photoVersion"].as_str().unwrap().to_owned();
    assert_eq!(version.len(), 16);

    for query in [format!("?w=480&v={version}"), format!("?v={version}")] {
        let response = fetch(&app, &photo_path(&product, &query), WEBP_BROWSER).await;
        assert_eq!(
            header(&response, "cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{query}"
        );
    }
    for query in ["?w=480", "?w=480&v=0000000000000000"] {
        let response = fetch(&app, &photo_path(&product, query), WEBP_BROWSER).await;
        assert_eq!(
            header(&response, "cache-control"),
            Some("public, max-age=86400"),
            "{query}"
        );
    }

    // A new photo: a new version, and its own variants (the old ones went with the old photo).
    let response = replace_photo(&app, &product, fixtures::png(300, 150)).await;
    let updated = response.answers(StatusCode::OK).await["product"].clone();
    let new_version = updated["photoVersion"].as_str().unwrap();
    assert_ne!(new_version, version);
    let old_url = fetch(
        &app,
        &photo_path(&product, &format!("?w=480&v={version}")),
        WEBP_BROWSER,
    )
    .await;
    assert_eq!(
        header(&old_url, "cache-control"),
        Some("public, max-age=86400")
    );
    let seen = inspect(&old_url.bytes().await.unwrap());
    assert_eq!(
        (seen.width, seen.height),
        (300, 150),
        "the new photo, never upscaled"
    );
}

async fn an_unsupported_width_is_400(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let product = product_with(&app, fixtures::png(100, 100)).await;
    for query in ["?w=123", "?w=500", "?w=big"] {
        let response = app.get(&photo_path(&product, query), As::Anonymous).await;
        response
            .refuses(StatusCode::BAD_REQUEST, "Unsupported width")
            .await;
    }
}
