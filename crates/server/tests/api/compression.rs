//! Compressed once (decisions D12): shared replies and the frontend's files in the coding the
//! client accepts best, images never compressed, per-user replies compressed above 1 KiB;
//! and robots.txt.

use std::io::Read as _;

use paduka_test_support::builders::UserBuilder;
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

crate::on_both_backends!(
    shared_replies_are_sent_compressed_by_accept_encoding,
    the_frontend_is_sent_compressed_and_images_never_are,
    a_per_user_reply_is_compressed_only_above_a_kilobyte,
    robots_txt_keeps_crawlers_out_of_private_pages_and_names_the_sitemap,
);

/// What Chrome sends.
const BROWSER: &str = "gzip, deflate, br, zstd";

struct Fetched {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Fetched {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    fn coding(&self) -> Option<&str> {
        self.header("content-encoding")
    }

    fn etag(&self) -> &str {
        self.header("etag").expect("an ETag")
    }

    /// The body with its content coding undone.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.coding() {
            None => return self.body.clone(),
            Some("br") => brotli::Decompressor::new(&self.body[..], 4096)
                .read_to_end(&mut out)
                .unwrap(),
            Some("gzip") => flate2::read::GzDecoder::new(&self.body[..])
                .read_to_end(&mut out)
                .unwrap(),
            Some(other) => panic!("a coding we never send: {other}"),
        };
        out
    }
}

/// GET `url` (a full address; the reqwest client never asks for compression itself).
async fn fetch(
    app: &TestApp,
    url: &str,
    accept_encoding: Option<&str>,
    if_none_match: Option<&str>,
    token: Option<&str>,
) -> Fetched {
    let mut request = app.client.request(Method::GET, url);
    for (name, value) in [
        ("accept-encoding", accept_encoding),
        ("if-none-match", if_none_match),
        ("authorization", token),
    ] {
        if let Some(value) = value {
            request = request.header(name, value);
        }
    }
    let response = request.send().await.unwrap();
    Fetched {
        status: response.status(),
        headers: response.headers().clone(),
        body: response.bytes().await.unwrap().to_vec(),
    }
}

/// Checks that `url` is served in the coding each `Accept-Encoding` calls for, always the
/// same bytes once decoded, with `Vary`, an ETag per coding and a 304 per coding. Returns the
/// identity reply.
async fn negotiates(app: &TestApp, url: &str) -> Fetched {
    let plain = fetch(app, url, None, None, None).await;
    assert_eq!(plain.status, StatusCode::OK, "{url}");
    assert_eq!(plain.coding(), None, "{url}: no header, no compression");
    assert!(
        plain.body.len() > 400,
        "{url}: the test needs a body worth compressing ({} bytes)",
        plain.body.len()
    );
    let mut etags = std::collections::HashMap::new();
    etags.insert("identity", plain.etag().to_owned());
    for (accept, expected) in [
        (BROWSER, Some("br")),
        ("gzip, deflate", Some("gzip")),
        ("br;q=0.5, gzip;q=0.8", Some("gzip")),
        ("br;q=0, *", Some("gzip")),
        ("*", Some("br")),
        ("gzip;q=0.3, identity", None),
        ("zstd", None),
        ("*;q=0", None),
    ] {
        let reply = fetch(app, url, Some(accept), None, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{url} {accept}");
        assert_eq!(reply.coding(), expected, "{url} {accept}");
        assert!(
            reply
                .header("vary")
                .is_some_and(|v| v.eq_ignore_ascii_case("accept-encoding")),
            "{url} {accept}: Vary"
        );
        assert_eq!(reply.decoded(), plain.body, "{url} {accept}: same bytes");
        if expected.is_some() {
            assert!(
                reply.body.len() < plain.body.len(),
                "{url} {accept}: smaller"
            );
        }
        let etag = etags
            .entry(expected.unwrap_or("identity"))
            .or_insert_with(|| reply.etag().to_owned());
        assert_eq!(reply.etag(), etag, "{url} {accept}: one ETag per coding");
        assert_eq!(
            reply
                .header("content-length")
                .map(|l| l.parse::<usize>().unwrap()),
            Some(reply.body.len())
        );
    }
    assert_eq!(etags.len(), 3, "{url}: three codings, three ETags");
    for (accept, coding) in [(BROWSER, "br"), ("gzip", "gzip"), ("zstd", "identity")] {
        let own = fetch(app, url, Some(accept), Some(&etags[coding]), None).await;
        assert_eq!(own.status, StatusCode::NOT_MODIFIED, "{url} {accept}");
        assert!(own.body.is_empty());
        assert_eq!(own.etag(), etags[coding]);
        let other = if coding == "br" { "gzip" } else { "br" };
        let stale = fetch(app, url, Some(accept), Some(&etags[other]), None).await;
        assert_eq!(
            stale.status,
            StatusCode::OK,
            "{url} {accept}: another coding's ETag is another representation"
        );
    }
    plain
}

async fn shared_replies_are_sent_compressed_by_accept_encoding(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let mut categories = Vec::new();
    for name in [
        "Boots",
        "Formal Shoes",
        "Running Shoes",
        "Sandals",
        "Sneakers",
    ] {
        categories.push(app.category(name).await);
    }
    for i in 0..6 {
        app.product(
            &[
                ("name", &format!("Kolhapuri Chappal {i}")),
                ("info", "Hand-stitched leather from Kolhapur"),
                ("price", "1499,1599"),
                ("category", &categories[0]),
            ],
            None,
        )
        .await;
    }
    for (name, start) in [
        ("Diwali", "2029-10-20"),
        ("Holi", "2030-03-01"),
        ("Onam", "2030-08-20"),
        ("Pongal", "2031-01-10"),
    ] {
        let sale = json!({"name": name, "start": format!("{start}T00:00:00Z"), "end": format!("{start}T23:00:00Z"), "discount": 20});
        let created = app.create(&SALES, As::Admin, sale).await;
        created.answers(StatusCode::CREATED).await;
    }
    // On PostgreSQL the change watcher sees the writes above up to a poll later and bumps the
    // revisions, which rebuilds the banner with another random pick: a signed-in read catches
    // up with the counters now, so the replies below stay the same while they are compared.
    app.get("/product/featured", As::Admin).await;
    for path in [
        "/product/get-products".to_owned(),
        "/product/get-products?page=1&limit=3".to_owned(),
        "/product/featured".to_owned(),
        format!("/product/category/{}", categories[0]),
        "/category/all-categories".to_owned(),
        "/sale/allsales".to_owned(),
    ] {
        let plain = negotiates(&app, &app.url(&path)).await;
        assert_eq!(plain.header("content-type"), Some("application/json"));
        assert_eq!(plain.header("cache-control"), Some("no-cache"));
    }

    // A change shows at once, compressed too, under new ETags.
    let url = app.url("/sale/allsales");
    let before = fetch(&app, &url, Some(BROWSER), None, None).await;
    let sale = json!({"name": "Navratri", "start": "2031-10-01T00:00:00Z", "end": "2031-10-09T00:00:00Z", "discount": 10});
    let created = app.create(&SALES, As::Admin, sale).await;
    created.answers(StatusCode::CREATED).await;
    let after = fetch(&app, &url, Some(BROWSER), Some(before.etag()), None).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.coding(), Some("br"));
    assert!(
        String::from_utf8(after.decoded())
            .unwrap()
            .contains("Navratri")
    );
}

async fn the_frontend_is_sent_compressed_and_images_never_are(db: &TestDb) {
    let shell = format!(
        "<!doctype html><html><head><title>Paduka</title>{}</head><body><div id=\"root\"></div></body></html>",
        "<link rel=\"modulepreload\" href=\"/assets/vendor-1234.js\">".repeat(12)
    );
    let script = "export function greet(name) { return `Namaste, ${name}!`; }\n".repeat(40);
    let app = spawn_app_on_with(db, |settings| {
        let dir = &settings.server.static_dir;
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(dir.join("index.html"), &shell).unwrap();
        std::fs::write(dir.join("assets/app-1234.js"), &script).unwrap();
        std::fs::write(dir.join("assets/shoe-1234.png"), png()).unwrap();
    })
    .await;
    let site = |path: &str| format!("{}{path}", app.address);

    let asset = negotiates(&app, &site("/assets/app-1234.js")).await;
    assert_eq!(asset.body, script.as_bytes());
    assert_eq!(
        asset.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert!(asset.header("content-type").unwrap().contains("javascript"));
    for path in ["/", "/index.html", "/user/cart"] {
        let page = negotiates(&app, &site(path)).await;
        if path == "/" {
            // The home page has a head of its own (previews.rs); without a server bundle here
            // nothing is drawn in its root (decisions D32): the rest is the file's.
            let html = String::from_utf8(page.body.clone()).unwrap();
            let tail = &shell[shell.find("</title>").unwrap() + "</title>".len()..];
            assert!(html.ends_with(tail), "{html}");
        } else {
            assert_eq!(page.body, shell.as_bytes(), "{path}");
        }
        assert_eq!(page.header("cache-control"), Some("no-cache"), "{path}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8"),
            "{path}"
        );
    }

    // Compressed once: kept next to the file for the next start.
    let kept = std::fs::read(app.data_dir.join("static/assets/app-1234.js.br")).unwrap();
    let mut unpacked = Vec::new();
    brotli::Decompressor::new(&kept[..], 4096)
        .read_to_end(&mut unpacked)
        .unwrap();
    assert_eq!(unpacked, script.as_bytes());

    let picture = fetch(
        &app,
        &site("/assets/shoe-1234.png"),
        Some(BROWSER),
        None,
        None,
    )
    .await;
    assert_eq!(picture.status, StatusCode::OK);
    assert_eq!(picture.coding(), None, "an image is compressed already");
    assert_eq!(picture.body, png());

    let category = app.category("Mojaris").await;
    let product = app
        .product(
            &[
                ("name", "Mojari"),
                ("price", "899"),
                ("category", &category),
            ],
            Some(png()),
        )
        .await;
    let photo_url = app.url(&format!(
        "/product/product-photo/{}",
        product["_id"].as_str().unwrap()
    ));
    let photo = fetch(&app, &photo_url, Some(BROWSER), None, None).await;
    assert_eq!(photo.status, StatusCode::OK);
    assert_eq!(photo.coding(), None);
    assert_eq!(photo.body, png());
}

async fn a_per_user_reply_is_compressed_only_above_a_kilobyte(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let users = app.url("/user/get-users");
    let token = Some(app.admin_token.as_str());
    let small = fetch(&app, &users, Some(BROWSER), None, token).await;
    assert_eq!(small.status, StatusCode::OK);
    assert!(
        small.body.len() < 1024,
        "two users: {} bytes",
        small.body.len()
    );
    assert_eq!(small.coding(), None);

    for i in 0..8 {
        let user = UserBuilder::shopper(&format!("shopper-{i}"))
            .named(&format!("Shopper {i}"))
            .email(&format!("shopper{i}@shop.test"))
            .phone("9123456780")
            .address("12 MG Road, Raipur")
            .made_at(chrono::Utc::now())
            .build();
        app.services
            .api
            .auth
            .create_user_directly(user, PASSWORD)
            .await
            .unwrap();
    }
    let plain = fetch(&app, &users, None, None, token).await;
    assert!(
        plain.body.len() > 1024,
        "ten users: {} bytes",
        plain.body.len()
    );
    for (accept, coding) in [(BROWSER, "br"), ("gzip", "gzip")] {
        let big = fetch(&app, &users, Some(accept), None, token).await;
        assert_eq!(big.status, StatusCode::OK);
        assert_eq!(big.coding(), Some(coding));
        assert!(big.body.len() < plain.body.len());
        assert_eq!(big.decoded(), plain.body);
    }
}

async fn robots_txt_keeps_crawlers_out_of_private_pages_and_names_the_sitemap(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| {
        settings.server.public_url = "https://shop.example.in".into();
        std::fs::create_dir_all(&settings.server.static_dir).unwrap();
        std::fs::write(
            settings.server.static_dir.join("index.html"),
            "<!doctype html><title>Paduka</title>",
        )
        .unwrap();
    })
    .await;
    let robots = fetch(
        &app,
        &format!("{}/robots.txt", app.address),
        Some(BROWSER),
        None,
        None,
    )
    .await;
    assert_eq!(robots.status, StatusCode::OK);
    assert_eq!(
        robots.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let text = String::from_utf8(robots.decoded()).unwrap();
    assert!(!text.contains("<title>"), "never the app's page");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "User-agent: *");
    for rule in [
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /user",
        "Disallow: /api/",
        "Sitemap: https://shop.example.in/sitemap.xml",
    ] {
        assert!(lines.contains(&rule), "{rule} in:\n{text}");
    }
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("Disallow")).count(),
        3,
        "everything else is allowed"
    );
}
