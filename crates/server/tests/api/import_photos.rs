//! An import's photos (decisions sections 17 and 19, D28, D34): `Image Src` addresses fetched
//! by the job from a web server on loopback (reachable only with `IMPORT_ALLOW_PRIVATE_HOSTS`),
//! files of the photos zip; a photo that cannot be used leaves its product without it, listed,
//! and is fetched again on request; zips refused with nothing written.

use std::io::{Cursor, Write};
use std::sync::OnceLock;

use paduka_media::fixtures::{self, CAMERA_MAKE, contains, inspect};
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

use crate::helpers::*;

crate::on_both_backends!(
    a_photo_address_is_fetched_once_by_the_job_and_served_as_the_products_photo,
    without_the_setting_a_loopback_address_is_not_fetched_and_its_product_has_no_photo,
    a_dead_link_and_a_wrong_file_leave_their_products_photo_less_and_fetch_again_fetches_them,
    a_photo_from_the_zip_is_imported_and_a_name_not_in_it_is_refused_first,
    a_zip_bomb_is_refused_with_its_limit_and_nothing_is_written,
    variant_images_on_another_site_become_colour_photos_and_a_dead_one_is_fetched_again,
);

const HEADER: &str =
    "Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Image Src,Image Position\n";

/// A web server on loopback serving `photos` (path, bytes); any other path is a 404.
pub(crate) async fn photo_server(photos: &[(&str, Vec<u8>)]) -> MockServer {
    let server = MockServer::start().await;
    for (at, bytes) in photos {
        Mock::given(method("GET"))
            .and(path(*at))
            .respond_with(
                ResponseTemplate::new(200)
                    .insert_header("Content-Type", "image/jpeg")
                    .set_body_bytes(bytes.clone()),
            )
            .mount(&server)
            .await;
    }
    server
}

/// How many requests `server` had for `at`.
pub(crate) async fn requests_for(server: &MockServer, at: &str) -> usize {
    let received = server.received_requests().await.unwrap_or_default();
    received.iter().filter(|r| r.url.path() == at).count()
}

pub(crate) fn import_form(csv: &str, zip: Option<Vec<u8>>, dry_run: bool) -> Form {
    let mut form = Form::new().part(
        "file",
        Part::bytes(csv.as_bytes().to_vec()).file_name("products.csv"),
    );
    if let Some(zip) = zip {
        form = form.part("photos", Part::bytes(zip).file_name("photos.zip"));
    }
    if dry_run {
        form = form.text("dryRun", "true");
    }
    form
}

impl TestApp {
    pub(crate) async fn listed(&self) -> Vec<Value> {
        let reply = self.get("/product/get-products", As::Anonymous).await;
        array(&reply.answers(StatusCode::OK).await["products"])
    }

    /// A photo the shop keeps itself, by its address (`/api/v1/media/...`).
    pub(crate) async fn media(&self, path: &Value) -> Response {
        let path = path.as_str().expect("a photo's address");
        let path = path
            .strip_prefix("/api/v1")
            .unwrap_or_else(|| panic!("{path} is on this shop"));
        self.get(path, As::Anonymous).await
    }

    async fn photo_of(&self, product: &Value) -> Response {
        let id = product["_id"].as_str().unwrap();
        self.get(&format!("/product/product-photo/{id}"), As::Anonymous)
            .await
    }
}

pub(crate) fn by_handle<'a>(products: &'a [Value], handle: &str) -> &'a Value {
    products
        .iter()
        .find(|p| p["handle"] == handle)
        .unwrap_or_else(|| panic!("{handle} was imported"))
}

/// A zip of `files` (path, bytes), deflated.
fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in files {
        writer.start_file(*name, options).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// A zip whose `count` files are `mb` megabytes of zeros each, deflated to almost nothing.
fn zeros_zip(count: usize, mb: usize) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let zeros = vec![0u8; 1024 * 1024];
    for i in 0..count {
        writer.start_file(format!("shoe-{i}.jpg"), options).unwrap();
        for _ in 0..mb {
            writer.write_all(&zeros).unwrap();
        }
    }
    writer.finish().unwrap().into_inner()
}

async fn a_photo_address_is_fetched_once_by_the_job_and_served_as_the_products_photo(db: &TestDb) {
    // A phone's photo: sideways, with its camera and GPS position in EXIF.
    let phone = fixtures::sideways_phone_jpeg(64, 32);
    let server = photo_server(&[
        ("/mojari.jpg", phone),
        ("/side.jpg", fixtures::jpeg(20, 20)),
    ])
    .await;
    let app = spawn_app_on_with(db, allow_private_hosts).await;
    let base = server.uri();
    let csv = format!(
        "{HEADER}\
mojari,Mojari,Ethnic,Size,UK 7,999,{base}/mojari.jpg,1\n\
mojari,,,,UK 8,999,{base}/side.jpg,2\n\
jutti,Jutti,Ethnic,Size,6,799,,\n\
jutti,,,,,,{base}/mojari.jpg,1\n"
    );

    // A dry run fetches nothing.
    let dry = app.send_import_form(import_form(&csv, None, true)).await;
    assert_eq!(dry.answers(StatusCode::OK).await["created"], 2);
    assert_eq!(requests_for(&server, "/mojari.jpg").await, 0);

    let report = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(
        (&report["created"], &report["processed"], &report["total"]),
        (&json!(2), &json!(2), &json!(2))
    );
    assert_eq!(
        requests_for(&server, "/mojari.jpg").await,
        1,
        "one address, fetched once for both products"
    );
    assert_eq!(
        requests_for(&server, "/side.jpg").await,
        1,
        "the gallery's photos are fetched too"
    );

    // Kept on this shop: nothing points back at the old one.
    let products = app.listed().await;
    let mojari = by_handle(&products, "mojari");
    let gallery = array(&mojari["otherphoto"]);
    assert_eq!(gallery.len(), 1);
    let side = app.media(&gallery[0]).await;
    assert_eq!(side.status(), StatusCode::OK);
    assert_eq!(side.bytes().await.unwrap(), fixtures::jpeg(20, 20));
    for product in [mojari, by_handle(&products, "jutti")] {
        let reply = app.photo_of(product).await;
        assert_eq!(reply.status(), StatusCode::OK);
        let stored = reply.bytes().await.unwrap();
        let photo = inspect(&stored);
        assert_eq!(
            (photo.width, photo.height),
            (32, 64),
            "turned upright, as an upload is"
        );
        assert!(!photo.has_exif, "no EXIF: no GPS position");
        assert!(!contains(&stored, CAMERA_MAKE));
    }

    // The shop's own export names the photos by this shop's addresses: nothing to fetch.
    let export = app.get("/product/export", As::Admin).await;
    let export = String::from_utf8(export.bytes().await.unwrap().to_vec()).unwrap();
    let again = app.import_job(import_form(&export, None, false)).await;
    assert_eq!(again["unchanged"], 2, "{again}");
    assert_eq!(requests_for(&server, "/mojari.jpg").await, 1);

    // The seller's own file again: its photo is fetched anew, and found to be the one the
    // products have, so nothing changes (the dry run, which fetches nothing, cannot tell).
    let dry = app.send_import_form(import_form(&csv, None, true)).await;
    assert_eq!(dry.answers(StatusCode::OK).await["updated"], 2);
    let versions = |products: &[Value]| -> Vec<Value> {
        products.iter().map(|p| p["photoVersion"].clone()).collect()
    };
    let before = versions(&app.listed().await);
    let same_file = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(
        (
            &same_file["status"],
            &same_file["unchanged"],
            &same_file["updated"]
        ),
        (&json!("done"), &json!(2), &json!(0)),
        "{same_file}"
    );
    assert_eq!(requests_for(&server, "/mojari.jpg").await, 2);
    assert_eq!(requests_for(&server, "/side.jpg").await, 2);
    assert_eq!(versions(&app.listed().await), before);
    assert_eq!(
        by_handle(&app.listed().await, "mojari")["otherphoto"],
        json!(gallery),
        "the same photo is kept at the same address"
    );
}

async fn without_the_setting_a_loopback_address_is_not_fetched_and_its_product_has_no_photo(
    db: &TestDb,
) {
    let server = photo_server(&[("/mojari.jpg", fixtures::jpeg(40, 40))]).await;
    let app = spawn_app_on(db).await;
    let url = format!("{}/mojari.jpg", server.uri());
    let csv = format!(
        "{HEADER}\
mojari,Mojari,Ethnic,Size,UK 7,999,,\n\
mojari,,,,,,{url},1\n"
    );
    let report = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(report["errors"], json!([]));
    assert_eq!(report["missingPhotos"], 1);
    assert_eq!(
        report["warnings"],
        json!([{
            "row": 3,
            "column": "Image Src",
            "message": format!("The photo at {url} could not be fetched: its address 127.0.0.1 is this server's own (loopback): this shop fetches photos only from the public internet"),
        }])
    );
    let products = app.listed().await;
    assert_eq!(products.len(), 1, "the product is written");
    assert_eq!(
        app.photo_of(&products[0]).await.status(),
        StatusCode::NOT_FOUND,
        "without the photo"
    );
    assert_eq!(
        requests_for(&server, "/mojari.jpg").await,
        0,
        "nothing was sent"
    );
}

/// `POST /product/import/{job}/photos`, then the job followed to its end.
impl TestApp {
    pub(crate) async fn fetch_again(&self, job: &str) -> Value {
        let path = format!("/product/import/{job}/photos");
        let started = self
            .request(reqwest::Method::POST, &path, As::Admin)
            .send()
            .await
            .unwrap();
        let started = started.answers(StatusCode::ACCEPTED).await;
        assert_eq!(started["success"], true);
        self.job_when_ended(job).await
    }
}

async fn a_dead_link_and_a_wrong_file_leave_their_products_photo_less_and_fetch_again_fetches_them(
    db: &TestDb,
) {
    let server = photo_server(&[
        ("/mojari.jpg", fixtures::jpeg(40, 40)),
        ("/jutti.png", fixtures::png(30, 30)),
    ])
    .await;
    // A page where a photo should be: the server answers, but not with an image.
    Mock::given(method("GET"))
        .and(path("/kolhapuri.jpg"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("Content-Type", "text/html")
                .set_body_string("<html>Page not found</html>"),
        )
        .mount(&server)
        .await;
    let app = spawn_app_on_with(db, allow_private_hosts).await;
    let base = server.uri();
    let csv = format!(
        "{HEADER}\
mojari,Mojari,Ethnic,Size,UK 7,999,{base}/mojari.jpg,1\n\
sandal,Sandal,Ethnic,Size,6,799,{base}/gone.jpg,1\n\
kolhapuri,Kolhapuri,Ethnic,Size,6,899,{base}/kolhapuri.jpg,1\n\
jutti,Jutti,Ethnic,Size,6,699,{base}/jutti.png,1\n"
    );
    let started = app.send_import_form(import_form(&csv, None, false)).await;
    let job = started.answers(StatusCode::ACCEPTED).await["job"]
        .as_str()
        .unwrap()
        .to_owned();
    let report = loop {
        let report = app.get(&format!("/product/import/{job}"), As::Admin).await;
        let report = report.answers(StatusCode::OK).await;
        if report["status"] != "running" {
            break report;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(
        (
            &report["created"],
            &report["missingPhotos"],
            &report["errors"]
        ),
        (&json!(4), &json!(2), &json!([]))
    );
    assert_eq!(
        report["warnings"],
        json!([
            {"row": 3, "column": "Image Src", "message": format!("The photo at {base}/gone.jpg could not be fetched: the server answered 404")},
            {"row": 4, "column": "Image Src", "message": format!("The photo at {base}/kolhapuri.jpg cannot be used: Photo must be a JPEG, PNG, WebP, GIF or AVIF image")},
        ])
    );
    let products = app.listed().await;
    for (handle, has_photo) in [
        ("mojari", true),
        ("sandal", false),
        ("kolhapuri", false),
        ("jutti", true),
    ] {
        let reply = app.photo_of(by_handle(&products, handle)).await;
        assert_eq!(reply.status() == StatusCode::OK, has_photo, "{handle}");
    }

    // The links work now: fetching again fetches only those two.
    // (reset forgets the mocks and the requests received so far).
    server.reset().await;
    for (at, bytes) in [
        ("/gone.jpg", fixtures::jpeg(20, 20)),
        ("/kolhapuri.jpg", fixtures::jpeg(24, 24)),
    ] {
        Mock::given(method("GET"))
            .and(path(at))
            .respond_with(
                ResponseTemplate::new(200)
                    .insert_header("Content-Type", "image/jpeg")
                    .set_body_bytes(bytes),
            )
            .mount(&server)
            .await;
    }
    let again = app.fetch_again(&job).await;
    assert_eq!(again["status"], "done", "{again}");
    assert_eq!(
        (
            &again["missingPhotos"],
            &again["warnings"],
            &again["created"]
        ),
        (&json!(0), &json!([]), &json!(4))
    );
    assert_eq!(requests_for(&server, "/gone.jpg").await, 1);
    assert_eq!(requests_for(&server, "/kolhapuri.jpg").await, 1);
    assert_eq!(requests_for(&server, "/mojari.jpg").await, 0);
    assert_eq!(requests_for(&server, "/jutti.png").await, 0);
    let products = app.listed().await;
    for handle in ["sandal", "kolhapuri"] {
        let reply = app.photo_of(by_handle(&products, handle)).await;
        assert_eq!(reply.status(), StatusCode::OK, "{handle}");
        let photo = inspect(&reply.bytes().await.unwrap());
        assert!(photo.width == 20 || photo.width == 24);
    }

    // Nothing left to fetch: the job as it is. Unknown jobs are 404, and shoppers may not.
    let quiet = app.fetch_again(&job).await;
    assert_eq!(quiet["missingPhotos"], 0);
    let reply = app
        .request(
            reqwest::Method::POST,
            "/product/import/nope/photos",
            As::Admin,
        )
        .send()
        .await
        .unwrap();
    expect_error(reply, StatusCode::NOT_FOUND, "Import job not found").await;
    let path = format!("/product/import/{job}/photos");
    let reply = app
        .request(reqwest::Method::POST, &path, As::Shopper)
        .send()
        .await
        .unwrap();
    expect(reply, StatusCode::FORBIDDEN).await;
}

async fn a_photo_from_the_zip_is_imported_and_a_name_not_in_it_is_refused_first(db: &TestDb) {
    let png = fixtures::png(600, 600);
    let zip = zip_of(&[
        ("photos/jutti.png", &png),
        ("photos/notes.txt", b"not a photo"),
    ]);
    let app = spawn_app_on(db).await;

    let missing = format!("{HEADER}jutti,Jutti,Ethnic,Size,6,799,mojari.png,1\n");
    let reply = app
        .send_import_form(import_form(&missing, Some(zip.clone()), true))
        .await;
    let body = reply.answers(StatusCode::BAD_REQUEST).await;
    assert_eq!(body["message"], "Import has errors");
    assert_eq!(
        body["errors"],
        json!([{
            "row": 2,
            "column": "Image Src",
            "message": "Image Src \"mojari.png\" is not a web address, and the photos zip has no file mojari.png",
        }])
    );
    let reply = app
        .send_import_form(import_form(&missing, None, false))
        .await;
    let body = reply.answers(StatusCode::BAD_REQUEST).await;
    assert_eq!(body["errors"][0]["row"], 2);

    let csv = format!("{HEADER}jutti,Jutti,Ethnic,Size,6,799,jutti.png,1\n");
    let dry = app
        .send_import_form(import_form(&csv, Some(zip.clone()), true))
        .await;
    assert_eq!(dry.answers(StatusCode::OK).await["created"], 1);
    let report = app
        .import_job(import_form(&csv, Some(zip.clone()), false))
        .await;
    assert_eq!(report["status"], "done", "{report}");
    let products = app.listed().await;
    let reply = app.photo_of(by_handle(&products, "jutti")).await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert!(
        reply.bytes().await.unwrap() == png,
        "a photo that needs nothing is stored as it was zipped"
    );

    // A file of the zip that is not a photo leaves its product without one, listed.
    let csv = format!("{HEADER}notes,Notes,Ethnic,Size,6,799,photos/notes.txt,1\n");
    let report = app.import_job(import_form(&csv, Some(zip), false)).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(report["missingPhotos"], 1);
    assert_eq!(
        report["warnings"],
        json!([{
            "row": 2,
            "column": "Image Src",
            "message": "The photo photos/notes.txt of the photos zip cannot be used: Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        }])
    );
    let products = app.listed().await;
    let notes = by_handle(&products, "notes");
    assert_eq!(app.photo_of(notes).await.status(), StatusCode::NOT_FOUND);
}

/// A zip of one 300 MB file of zeros, and one of 11 files of 19 MB: each a few hundred KB.
fn bombs() -> &'static (Vec<u8>, Vec<u8>) {
    static BOMBS: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    BOMBS.get_or_init(|| (zeros_zip(1, 300), zeros_zip(11, 19)))
}

async fn a_zip_bomb_is_refused_with_its_limit_and_nothing_is_written(db: &TestDb) {
    let (one_file, many_files) = bombs();
    assert!(one_file.len() < 1024 * 1024, "{} bytes", one_file.len());
    let app = spawn_app_on(db).await;
    let csv = format!("{HEADER}jutti,Jutti,Ethnic,Size,6,799,shoe-0.jpg,1\n");
    for dry_run in [false, true] {
        let reply = app
            .send_import_form(import_form(&csv, Some(one_file.clone()), dry_run))
            .await;
        reply
            .refuses(
                StatusCode::PAYLOAD_TOO_LARGE,
                "shoe-0.jpg in the photos zip unpacks to more than 20 MB",
            )
            .await;
    }
    let reply = app
        .send_import_form(import_form(&csv, Some(many_files.clone()), false))
        .await;
    reply
        .refuses(
            StatusCode::PAYLOAD_TOO_LARGE,
            "The photos zip unpacks to more than 200 MB",
        )
        .await;
    assert!(app.listed().await.is_empty());
    assert!(app.categories().await.iter().all(|c| c["name"] != "Ethnic"));
}

async fn variant_images_on_another_site_become_colour_photos_and_a_dead_one_is_fetched_again(
    db: &TestDb,
) {
    let server = photo_server(&[("/tan.jpg", fixtures::jpeg(30, 30))]).await;
    let app = spawn_app_on_with(db, allow_private_hosts).await;
    let base = server.uri();
    let csv = format!(
        "Handle,Title,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Image\n\
boot,Boot,Boots,Size,UK 7,Color,Tan,999,{base}/tan.jpg\n\
boot,,,,UK 8,,Tan,999,{base}/tan.jpg\n\
boot,,,,UK 7,,Black,999,{base}/black.jpg\n"
    );
    let started = app.send_import_form(import_form(&csv, None, false)).await;
    let job = started.answers(StatusCode::ACCEPTED).await["job"]
        .as_str()
        .unwrap()
        .to_owned();
    let report = app.job_when_ended(&job).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(report["missingPhotos"], 1);
    assert_eq!(
        report["warnings"],
        json!([{
            "row": 4,
            "column": "Variant Image",
            "message": format!("The photo at {base}/black.jpg could not be fetched: the server answered 404"),
        }])
    );
    assert_eq!(requests_for(&server, "/tan.jpg").await, 1, "fetched once");
    let products = app.listed().await;
    let boot = by_handle(&products, "boot");
    assert_eq!(boot["color"], json!(["Tan", "Tan", "Black"]));
    let tan = array(&boot["colors"][0]["photos"]);
    assert_eq!(tan.len(), 1);
    let served = app.media(&tan[0]).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.unwrap(), fixtures::jpeg(30, 30));
    assert_eq!(
        boot["colors"][1]["photos"],
        json!([]),
        "Black without its photo"
    );

    // The link works now: only Black's photo is fetched, and it becomes Black's.
    Mock::given(method("GET"))
        .and(path("/black.jpg"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("Content-Type", "image/jpeg")
                .set_body_bytes(fixtures::jpeg(34, 34)),
        )
        .mount(&server)
        .await;
    let again = app.fetch_again(&job).await;
    assert_eq!(
        (
            &again["status"],
            &again["missingPhotos"],
            &again["warnings"]
        ),
        (&json!("done"), &json!(0), &json!([]))
    );
    assert_eq!(requests_for(&server, "/tan.jpg").await, 1);
    assert_eq!(requests_for(&server, "/black.jpg").await, 2);
    let boot = by_handle(&app.listed().await, "boot").clone();
    assert_eq!(boot["colors"][0]["photos"], json!(tan), "Tan as it was");
    let black = array(&boot["colors"][1]["photos"]);
    assert_eq!(black.len(), 1);
    let served = app.media(&black[0]).await;
    assert_eq!(served.bytes().await.unwrap(), fixtures::jpeg(34, 34));
}
