//! A colour's photos from the admin's form (decisions D48): uploaded one by one to
//! `POST /media`, stored like the product's photo, and named by the path answered in the
//! product form's `colors`.

use paduka_media::fixtures;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, Response, StatusCode};
use serde_json::json;

use crate::helpers::*;

crate::on_both_backends!(
    an_uploaded_photo_is_served_at_its_path_and_a_colour_names_it,
    a_photo_upload_needs_an_admin_and_an_image,
);

/// `POST /media` with `photo` (when given) and a stray text field, as `who`.
async fn upload(app: &TestApp, who: As<'_>, photo: Option<Vec<u8>>) -> Response {
    let mut form = Form::new().text("name", "Tan");
    if let Some(bytes) = photo {
        form = form.part("photo", Part::bytes(bytes).file_name("tan.png"));
    }
    app.request(Method::POST, "/media", who)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn an_uploaded_photo_is_served_at_its_path_and_a_colour_names_it(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let photo = fixtures::png(100, 100);
    let stored = upload(&app, As::Admin, Some(photo.clone())).await;
    let stored = stored.answers(StatusCode::CREATED).await;
    assert_eq!(stored["message"], "Photo stored");
    let path = stored["path"].as_str().unwrap().to_owned();
    let served = app
        .request(
            Method::GET,
            path.strip_prefix("/api/v1").unwrap(),
            As::Anonymous,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(
        served.bytes().await.unwrap().to_vec(),
        photo,
        "a photo that needs nothing is stored as sent, like the product's"
    );

    // Two uploads, two photos, each at a path of its own.
    let again = upload(&app, As::Admin, Some(fixtures::png(80, 80))).await;
    let second = again.answers(StatusCode::CREATED).await["path"].clone();
    assert_ne!(second, json!(path));

    let category = app.category("Slip-ons").await;
    let colours = json!([{"name": "Tan", "hex": "#A0522D", "photos": [path, second]}]).to_string();
    let product = app
        .product(
            &[
                ("name", "Monsoon Knit Slip-On"),
                ("colors", &colours),
                ("color", "Tan,Tan"),
                ("type", "UK 7,UK 8"),
                ("price", "1000,1000"),
                ("category", &category),
            ],
            None,
        )
        .await;
    assert_eq!(product["colors"][0]["photos"], json!([path, second]));
}

async fn a_photo_upload_needs_an_admin_and_an_image(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        upload(&app, who, Some(fixtures::png(10, 10)))
            .await
            .answers(status)
            .await;
    }
    let mut too_big = fixtures::jpeg(64, 64);
    too_big.resize(21 * 1024 * 1024, 0);
    let cases: Vec<(Option<Vec<u8>>, StatusCode, &str)> = vec![
        (None, StatusCode::BAD_REQUEST, "Choose a photo to upload"),
        (
            Some(b"<svg xmlns='http://www.w3.org/2000/svg'></svg>".to_vec()),
            StatusCode::BAD_REQUEST,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            Some(fixtures::sixty_megapixel_png()),
            StatusCode::BAD_REQUEST,
            "Photo must be at most 50 megapixels",
        ),
        (
            Some(too_big),
            StatusCode::PAYLOAD_TOO_LARGE,
            "Photo must be at most 20 MB",
        ),
    ];
    for (photo, status, message) in cases {
        upload(&app, As::Admin, photo)
            .await
            .refuses(status, message)
            .await;
    }
}
