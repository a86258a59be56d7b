//! Link previews and search (decisions D17): the head the server writes into the app's HTML for
//! the home, category and product pages, 404s with `noindex`, the sitemap and robots.txt.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    a_product_page_carries_its_name_price_photo_and_json_ld,
    a_product_name_cannot_break_out_of_the_tags,
    unknown_ids_answer_404_with_noindex_and_the_app,
    home_and_category_pages_have_their_titles_and_og_tags,
    the_sitemap_lists_every_category_and_product,
    an_edited_product_shows_on_its_page_at_once,
    a_product_page_in_one_of_its_colours_previews_that_colours_photo,
);

/// `PUBLIC_URL` in the tests' settings.
const PUBLIC_URL: &str = "http://127.0.0.1";

/// A built `index.html` as the frontend's build writes it: a description, a title and the
/// inline preload script, which must come through unchanged.
const BUILT_INDEX: &str = r#"<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Paduka: footwear for every step."
    />
    <title>Paduka · Footwear for every step</title>
    <script data-route-chunks='{"product":["/assets/product-1.js"]}'>
      (function () { if (location.pathname.length > 0) { window.preloaded = true; } })();
    </script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

const INLINE_SCRIPT: &str =
    "(function () { if (location.pathname.length > 0) { window.preloaded = true; } })();";

pub(crate) async fn spawn_shop(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |settings| {
        std::fs::create_dir_all(&settings.server.static_dir).unwrap();
        std::fs::write(settings.server.static_dir.join("index.html"), BUILT_INDEX).unwrap();
    })
    .await
}

/// A page's status and HTML.
pub(crate) async fn page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app.site(path).send().await.unwrap();
    let status = response.status();
    let content_type = response.headers()["content-type"].to_str().unwrap();
    assert!(
        content_type.starts_with("text/html"),
        "{path}: {content_type}"
    );
    (status, response.text().await.unwrap())
}

/// The `content` of `<meta {attribute}="{key}" content="...">`, as written (escaped).
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    ["property", "name"].iter().find_map(|attribute| {
        let start = format!(r#"<meta {attribute}="{key}" content=""#);
        let at = html.find(&start)? + start.len();
        Some(&html[at..at + html[at..].find('"')?])
    })
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

fn canonical(html: &str) -> &str {
    let start = r#"<link rel="canonical" href=""#;
    let at = html.find(start).expect("a canonical link") + start.len();
    &html[at..at + html[at..].find('"').unwrap()]
}

/// Every `<script type="application/ld+json">`, parsed.
fn json_ld(html: &str) -> Vec<Value> {
    let open = r#"<script type="application/ld+json">"#;
    html.match_indices(open)
        .map(|(at, _)| {
            let body = &html[at + open.len()..];
            let body = &body[..body.find("</script>").expect("a closed script")];
            serde_json::from_str(body).unwrap_or_else(|e| panic!("invalid JSON-LD {body}: {e}"))
        })
        .collect()
}

fn of_type<'a>(data: &'a [Value], kind: &str) -> &'a Value {
    data.iter()
        .find(|d| d["@type"] == json!(kind))
        .unwrap_or_else(|| panic!("no {kind} in {data:?}"))
}

/// The app's HTML, every byte of it but the head's texts and what is drawn inside its root
/// (decisions D29, D32).
fn assert_is_the_app(html: &str) {
    assert!(
        html.contains(INLINE_SCRIPT),
        "the inline script is kept: {html}"
    );
    assert!(html.contains(r#"<div id="root">"#));
    assert!(
        html.trim_end().ends_with("</div>\n  </body>\n</html>"),
        "{html}"
    );
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    assert_eq!(
        html.matches(r#"name="description""#).count(),
        1,
        "the built description is replaced, not repeated: {html}"
    );
}

async fn a_product_page_carries_its_name_price_photo_and_json_ld(db: &TestDb) {
    let app = spawn_shop(db).await;
    let category = app.category("Sneakers").await;
    let fields = [
        ("name", "Runner Max"),
        ("info", "Light running shoes with a cushioned sole."),
        ("price", "2999,3199"),
        ("discount", "10,0"),
        ("type", "UK 8,UK 9"),
        ("stock", "3,0"),
        ("product_id", "RUN-MAX-1"),
        ("category", &category),
    ];
    let product = app.product(&fields, Some(png())).await;
    let id = product["_id"].as_str().unwrap();
    let version = product["photoVersion"].as_str().expect("a photo version");

    let (status, html) = page(&app, &format!("/product/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_is_the_app(&html);
    assert_eq!(title(&html), "Runner Max · Paduka");
    // Without a server bundle (this shop's STATIC_DIR holds index.html only) the page is the
    // plain shell, carrying the product for the app (decisions D32; drawn pages: the e2e suite).
    assert!(html.contains(r#"<div id="root"></div>"#), "{html}");
    assert!(
        html.contains(r#"<script type="application/json" id="first-view">"#)
            && html.contains(r#""name":"Runner Max""#),
        "{html}"
    );
    let url = format!("{PUBLIC_URL}/product/{id}");
    assert_eq!(canonical(&html), url);
    assert_eq!(meta(&html, "og:url"), Some(url.as_str()));
    assert_eq!(meta(&html, "og:type"), Some("product"));
    assert_eq!(meta(&html, "og:title"), Some("Runner Max"));
    assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
    assert!(meta(&html, "robots").is_none(), "a real page is indexed");
    let description = meta(&html, "description").unwrap();
    assert!(description.contains("₹2,699.10"), "{description}");
    assert!(description.contains("Light running shoes"), "{description}");
    assert_eq!(meta(&html, "og:description"), Some(description));
    assert_eq!(meta(&html, "product:price:amount"), Some("2699.10"));

    // The preview's photo: absolute, at 1600 px (the offered width nearest above 1200).
    let photo = format!("/api/v1/product/product-photo/{id}?w=1600&amp;v={version}");
    let image = meta(&html, "og:image").unwrap();
    assert_eq!(image, format!("{PUBLIC_URL}{photo}"));
    let served = app.site(&photo.replace("&amp;", "&")).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert!(
        served.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("image/")
    );

    let data = json_ld(&html);
    let item = of_type(&data, "Product");
    assert_eq!(item["@context"], json!("https://schema.org"));
    assert_eq!(item["name"], json!("Runner Max"));
    assert_eq!(item["sku"], json!("RUN-MAX-1"));
    assert_eq!(item["url"], json!(url));
    assert_eq!(item["image"][0], json!(image.replace("&amp;", "&")));
    assert_eq!(
        item["description"],
        json!("Light running shoes with a cushioned sole.")
    );
    assert_eq!(item["offers"]["price"], json!("2699.10"));
    assert_eq!(item["offers"]["priceCurrency"], json!("INR"));
    assert_eq!(
        item["offers"]["availability"],
        json!("https://schema.org/InStock")
    );
    assert!(item.get("aggregateRating").is_none(), "no reviews yet");
    let crumbs = of_type(&data, "BreadcrumbList")["itemListElement"]
        .as_array()
        .unwrap()
        .clone();
    let names: Vec<&str> = crumbs.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Home", "Sneakers", "Runner Max"]);
    assert_eq!(crumbs[0]["item"], json!(format!("{PUBLIC_URL}/")));
    assert_eq!(
        crumbs[1]["item"],
        json!(format!("{PUBLIC_URL}/category/{category}"))
    );

    // Reviewed: its rating; sold out: out of stock.
    let review = json!({"comment": "Great", "rating": 4});
    let reviewed = app.add_review(id, As::Shopper, review).await;
    reviewed.answers(StatusCode::CREATED).await;
    let sold_out = [
        ("name", "Runner Max"),
        ("price", "2999,3199"),
        ("discount", "10,0"),
        ("type", "UK 8,UK 9"),
        ("stock", "0,0"),
        ("product_id", "RUN-MAX-1"),
        ("category", &category),
    ];
    let updated = app.update_product(id, As::Admin, &sold_out).await;
    updated.answers(StatusCode::OK).await;
    let (_, html) = page(&app, &format!("/product/{id}")).await;
    let data = json_ld(&html);
    let item = of_type(&data, "Product");
    assert_eq!(item["aggregateRating"]["ratingValue"], json!(4.0));
    assert_eq!(item["aggregateRating"]["reviewCount"], json!(1));
    assert_eq!(
        item["offers"]["availability"],
        json!("https://schema.org/OutOfStock")
    );
}

async fn a_product_name_cannot_break_out_of_the_tags(db: &TestDb) {
    let app = spawn_shop(db).await;
    let evil = "</title><script>alert(1)</script>";
    let category = app.category(evil).await;
    let fields = [
        ("name", evil),
        ("info", "\"><script>alert(2)</script>"),
        ("price", "999"),
        ("category", &category),
    ];
    let product = app.product(&fields, None).await;
    let id = product["_id"].as_str().unwrap();

    for path in [format!("/product/{id}"), format!("/category/{category}")] {
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!html.contains(evil), "{path}: the raw name is in {html}");
        assert!(!html.contains("<script>alert"), "{path}: {html}");
        assert!(
            html.contains("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{path}: the escaped name is missing from {html}"
        );
        assert_is_the_app(&html);
        // Inside JSON-LD the name is the same text, written so it cannot end the script.
        let data = json_ld(&html);
        assert!(data.iter().any(|d| d.to_string().contains("alert(1)")));
    }
    let (_, html) = page(&app, &format!("/product/{id}")).await;
    assert!(html.contains(r"\u003c/title\u003e\u003cscript\u003ealert(1)"));
    assert_eq!(of_type(&json_ld(&html), "Product")["name"], json!(evil));
}

async fn unknown_ids_answer_404_with_noindex_and_the_app(db: &TestDb) {
    let app = spawn_shop(db).await;
    for path in ["/product/no-such-product", "/category/no-such-category"] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(meta(&html, "robots"), Some("noindex"), "{path}");
        assert_eq!(title(&html), "Page Not Found · Paduka");
        assert!(!html.contains("rel=\"canonical\""), "{path}");
        assert_is_the_app(&html);
        assert!(
            html.contains(r#"<div id="root"></div>"#),
            "{path}: nothing drawn"
        );
        // A 404 is never answered with a 304, whatever the request holds.
        let again = app
            .site(path)
            .header("if-none-match", "*")
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_FOUND);
    }
    // Any other page is the app as built, as before.
    let (status, html) = page(&app, "/user/cart").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html, BUILT_INDEX);
}

async fn home_and_category_pages_have_their_titles_and_og_tags(db: &TestDb) {
    let app = spawn_shop(db).await;
    let sandals = app.category("Sandals & Slides").await;
    let first = [
        ("name", "Kolhapuri"),
        ("price", "1499"),
        ("category", &sandals),
    ];
    app.product(&first, None).await;
    let newest = [
        ("name", "Beach Slide"),
        ("price", "599"),
        ("category", &sandals),
    ];
    let newest = app.product(&newest, Some(png())).await;
    let (id, version) = (
        newest["_id"].as_str().unwrap(),
        newest["photoVersion"].as_str().unwrap(),
    );

    let (status, home) = page(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert_is_the_app(&home);
    assert_eq!(title(&home), "Paduka · Footwear for every step");
    assert_eq!(
        meta(&home, "description"),
        Some("Paduka: footwear for every step.")
    );
    assert_eq!(canonical(&home), format!("{PUBLIC_URL}/"));
    assert_eq!(
        meta(&home, "og:url"),
        Some(format!("{PUBLIC_URL}/").as_str())
    );
    assert_eq!(meta(&home, "og:type"), Some("website"));
    assert_eq!(
        meta(&home, "og:title"),
        Some("Paduka · Footwear for every step")
    );
    assert_eq!(meta(&home, "twitter:card"), Some("summary_large_image"));
    let photo = format!("{PUBLIC_URL}/api/v1/product/product-photo/{id}?w=1600&amp;v={version}");
    assert_eq!(meta(&home, "og:image"), Some(photo.as_str()));

    let (status, html) = page(&app, &format!("/category/{sandals}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_is_the_app(&html);
    assert_eq!(title(&html), "Sandals &amp; Slides · Paduka");
    assert_eq!(meta(&html, "og:title"), Some("Sandals &amp; Slides"));
    assert_eq!(meta(&html, "og:type"), Some("website"));
    let url = format!("{PUBLIC_URL}/category/{sandals}");
    assert_eq!(canonical(&html), url);
    assert_eq!(meta(&html, "og:url"), Some(url.as_str()));
    let description = meta(&html, "description").unwrap();
    assert!(description.contains("2 products"), "{description}");
    assert_eq!(meta(&html, "og:image"), Some(photo.as_str()));
    // The listing the app asks for first, carried for it (its photos are the drawn page's).
    assert!(
        html.contains(&format!(r#""_id":"{id}""#)),
        "the first card's product in the first view: {html}"
    );
    let data = json_ld(&html);
    let crumbs = &of_type(&data, "BreadcrumbList")["itemListElement"];
    assert_eq!(crumbs[1]["name"], json!("Sandals & Slides"));

    // Compressed like the app's files, with an ETag per coding and 304s.
    let compressed = app
        .site("/")
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.status(), StatusCode::OK);
    assert_eq!(compressed.headers()["content-encoding"], "br");
    assert_eq!(compressed.headers()["vary"], "Accept-Encoding");
    assert_eq!(compressed.headers()["cache-control"], "no-cache");
    let etag = compressed.headers()["etag"].to_str().unwrap().to_owned();
    let unchanged = app
        .site("/")
        .header("accept-encoding", "br, gzip")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
}

async fn the_sitemap_lists_every_category_and_product(db: &TestDb) {
    let app = spawn_shop(db).await;
    let boots = app.category("Boots").await;
    let chelsea = app.boot("Chelsea & Co").await;
    let chelsea_category = app
        .get_product(&chelsea)
        .await
        .answers(StatusCode::OK)
        .await;
    let chelsea_category = chelsea_category["product"]["category"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let hiker = [("name", "Hiker"), ("price", "4999"), ("category", &boots)];
    let hiker = app.product(&hiker, None).await;

    let response = app.site("/sitemap.xml").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/xml");
    let xml = response.text().await.unwrap();
    let document = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    let child = |node: roxmltree::Node<'_, '_>, name: &str| {
        node.children()
            .find(|c| c.tag_name().name() == name)
            .and_then(|c| c.text())
            .map(str::to_owned)
    };
    let urls: Vec<(String, Option<String>)> = root
        .children()
        .filter(|n| n.tag_name().name() == "url")
        .map(|url| (child(url, "loc").expect("a loc"), child(url, "lastmod")))
        .collect();
    let locs: Vec<&str> = urls.iter().map(|(loc, _)| loc.as_str()).collect();
    let mut expected = vec![
        format!("{PUBLIC_URL}/"),
        format!("{PUBLIC_URL}/category/{boots}"),
        format!("{PUBLIC_URL}/category/{chelsea_category}"),
        format!("{PUBLIC_URL}/product/{chelsea}"),
        format!("{PUBLIC_URL}/product/{}", hiker["_id"].as_str().unwrap()),
    ];
    expected.sort();
    let mut listed: Vec<String> = locs.iter().map(|l| l.to_string()).collect();
    listed.sort();
    assert_eq!(listed, expected);

    let hiker_entry = urls
        .iter()
        .find(|(loc, _)| loc.ends_with(hiker["_id"].as_str().unwrap()))
        .unwrap();
    let lastmod = hiker_entry.1.as_deref().expect("a product's lastmod");
    let updated = chrono::DateTime::parse_from_rfc3339(hiker["updatedAt"].as_str().unwrap())
        .unwrap()
        .timestamp();
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(lastmod)
            .unwrap()
            .timestamp(),
        updated
    );

    // A new product is listed at once.
    let sandal = app.boot("Sandal").await;
    let xml = app
        .site("/sitemap.xml")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    roxmltree::Document::parse(&xml).expect("well-formed XML");
    assert!(xml.contains(&format!("{PUBLIC_URL}/product/{sandal}</loc>")));

    // robots.txt names it, and keeps crawlers out of the private pages and the API.
    let robots = app.site("/robots.txt").send().await.unwrap();
    assert_eq!(robots.status(), StatusCode::OK);
    let robots = robots.text().await.unwrap();
    for line in [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /user",
        "Disallow: /api/",
        "Sitemap: http://127.0.0.1/sitemap.xml",
    ] {
        assert!(robots.lines().any(|l| l == line), "{line} in {robots}");
    }
}

async fn an_edited_product_shows_on_its_page_at_once(db: &TestDb) {
    let app = spawn_shop(db).await;
    let category = app.category("Formals").await;
    let fields = [
        ("name", "Oxford"),
        ("price", "3999"),
        ("category", &category),
    ];
    let product = app.product(&fields, None).await;
    let id = product["_id"].as_str().unwrap();
    let path = format!("/product/{id}");
    let (_, before) = page(&app, &path).await;
    assert_eq!(title(&before), "Oxford · Paduka");
    let (_, again) = page(&app, &path).await;
    assert_eq!(again, before, "kept");

    let renamed = [
        ("name", "Oxford Brogue"),
        ("price", "3499"),
        ("category", &category),
    ];
    let updated = app.update_product(id, As::Admin, &renamed).await;
    updated.answers(StatusCode::OK).await;
    let (_, after) = page(&app, &path).await;
    assert_eq!(title(&after), "Oxford Brogue · Paduka");
    assert_eq!(
        of_type(&json_ld(&after), "Product")["offers"]["price"],
        json!("3499.00")
    );
    let (_, category_page) = page(&app, &format!("/category/{category}")).await;
    assert!(
        meta(&category_page, "description")
            .unwrap()
            .contains("1 product")
    );

    // Deleted: its page is gone too.
    let deleted = app
        .delete(&format!("/product/delete/{id}"), As::Admin)
        .await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let (status, _) = page(&app, &path).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn a_product_page_in_one_of_its_colours_previews_that_colours_photo(db: &TestDb) {
    let app = spawn_shop(db).await;
    let category = app.category("Boots").await;
    fn form<'a>(colours: &'a str, category: &'a str) -> Vec<(&'a str, &'a str)> {
        vec![
            ("name", "Chelsea Boot"),
            ("colors", colours),
            ("color", "Black,Tan"),
            ("type", "UK 8,UK 8"),
            ("price", "4999,4999"),
            ("stock", "2,2"),
            ("category", category),
        ]
    }
    let colours = |black: &str| {
        format!(
            r#"[{{"name": "Black", "photos": ["/api/v1/media/{black}", "/api/v1/media/black-side"]}}, {{"name": "Tan"}}, {{"name": "Olive", "photos": ["/api/v1/media/olive-1"]}}]"#
        )
    };
    let (first, second) = (colours("black-1"), colours("black-2"));
    let product = app.product(&form(&first, &category), Some(png())).await;
    let id = product["_id"].as_str().unwrap();
    let version = product["photoVersion"].as_str().unwrap();
    let own_photo =
        format!("{PUBLIC_URL}/api/v1/product/product-photo/{id}?w=1600&amp;v={version}");
    let url = format!("{PUBLIC_URL}/product/{id}");

    // Its colour's main photo, whatever the address's case; the page's address stays the
    // product's.
    for black in ["Black", "bLACK"] {
        let (status, html) = page(&app, &format!("/product/{id}?color={black}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_is_the_app(&html);
        let photo = format!("{PUBLIC_URL}/api/v1/media/black-1");
        assert_eq!(meta(&html, "og:image"), Some(photo.as_str()), "{black}");
        assert_eq!(meta(&html, "og:image:alt"), Some("Chelsea Boot (Black)"));
        assert_eq!(canonical(&html), url);
        let data = json_ld(&html);
        let item = of_type(&data, "Product");
        assert_eq!(item["image"], json!([photo]));
        assert_eq!(item["color"], json!("Black"));
    }

    // A colour without photos, one without a variant, one it does not have, none: the
    // product's own photo, and the very page of the product (no page of their own is kept).
    let (_, plain) = page(&app, &format!("/product/{id}")).await;
    assert_eq!(meta(&plain, "og:image"), Some(own_photo.as_str()));
    assert_eq!(meta(&plain, "og:image:alt"), Some("Chelsea Boot"));
    assert!(of_type(&json_ld(&plain), "Product").get("color").is_none());
    let (_, tan) = page(&app, &format!("/product/{id}?color=tan")).await;
    assert_eq!(meta(&tan, "og:image"), Some(own_photo.as_str()));
    assert_eq!(of_type(&json_ld(&tan), "Product")["color"], json!("Tan"));
    for other in ["Olive", "Purple", "", "%20"] {
        let (status, html) = page(&app, &format!("/product/{id}?color={other}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(html, plain, "{other}");
    }

    // Changed: the colour's page shows its new photo at once.
    let updated = app
        .update_product(id, As::Admin, &form(&second, &category))
        .await;
    updated.answers(StatusCode::OK).await;
    let (_, html) = page(&app, &format!("/product/{id}?color=black")).await;
    let photo = format!("{PUBLIC_URL}/api/v1/media/black-2");
    assert_eq!(meta(&html, "og:image"), Some(photo.as_str()));

    // A listing of one colour is the app's to draw: the built file as it is.
    for path in [
        "/?color=black",
        &format!("/category/{category}?color=black"),
    ] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!html.contains("first-view"), "{path}: {html}");
        assert_eq!(title(&html), "Paduka · Footwear for every step");
    }
}
