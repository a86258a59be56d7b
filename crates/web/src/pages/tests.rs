//! The pages' first view (decisions D29) and their drawing by the app's server bundle
//! (decisions D32), made from a mocked catalog: the replies the app starts from, the drawn
//! markup in `#root`, and the plain shell when the engine cannot draw. The app's own bundle over
//! the demo shop is the e2e suite's (frontend/e2e/first-view.test.mjs).

use std::sync::Arc;
use std::time::Duration;

use chrono::{TimeZone, Utc};
use paduka_application::catalog::{MockCatalogUseCases, ProductPage};
use paduka_domain::catalog::{Category, CategoryRef, Handle, Product, ProductRating, Variant};
use paduka_domain::{CategoryId, Paise, Percent, ProductId};
use serde_json::Value;

use super::{Page, Previews};
use crate::ssr::{Limits, Renderer};

const BUILT: &str = r#"<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Paduka · Footwear for every step</title>
    <script>/* preload */</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

/// A name that must stay text wherever it is written.
const TRICKY: &str = r#"जूती </script><b>"Mojari"</b> & 'Co'"#;

fn variant(label: &str, paise: i64, discount: i64, stock: u32) -> Variant {
    Variant {
        color: String::new(),
        label: Some(label.into()),
        model: None,
        price: Paise::from_stored(paise),
        sale_price: Paise::from_stored(paise).discounted(Percent::new(discount).unwrap()),
        stock: Some(stock),
    }
}

fn product(id: &str, name: &str) -> Product {
    Product {
        id: ProductId::new(id),
        product_code: format!("PDK-{id}"),
        handle: Handle::from_name(name),
        name: name.into(),
        info: "Hand-stitched leather".into(),
        variants: vec![
            variant("UK 7", 249_900, 20, 0),
            variant("UK 8", 249_900, 10, 3),
        ],
        descriptions: vec!["Soft sole".into()],
        specifications: vec!["Leather upper".into()],
        material: "Leather".into(),
        tags: vec![],
        seller: None,
        category: CategoryRef {
            id: CategoryId::new("c-1"),
            name: "Ethnic".into(),
        },
        quantity: 3,
        shipping: true,
        other_photos: vec![],
        colors: vec![],
        hsn: None,
        published: true,
        size_chart: None,
        has_photo: true,
        photo_version: Some("v1".into()),
        rating: ProductRating {
            total_stars: 9,
            reviews: 2,
        },
        created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        updated_at: Utc.with_ymd_and_hms(2026, 1, 2, 0, 0, 0).unwrap(),
    }
}

fn category() -> Category {
    Category {
        id: CategoryId::new("c-1"),
        name: "Ethnic".into(),
        image: String::new(),
    }
}

fn catalog(products: Vec<Product>) -> MockCatalogUseCases {
    let mut catalog = MockCatalogUseCases::new();
    catalog.expect_revision().return_const(1_u64);
    let listed = products.clone();
    catalog.expect_list_products().returning(move |_| {
        Ok(ProductPage {
            products: listed.clone(),
            total: 30,
            price_ceiling: Paise::from_stored(249_900),
            ..ProductPage::default()
        })
    });
    let featured = products.clone();
    catalog
        .expect_featured_products()
        .returning(move || Ok(featured.clone()));
    catalog
        .expect_categories()
        .returning(|| Ok(vec![category()]));
    catalog.expect_product().returning(move |id, _| {
        products
            .iter()
            .find(|p| &p.id == id)
            .cloned()
            .ok_or(paduka_application::catalog::CatalogError::ProductNotFound)
    });
    catalog.expect_fit_advice().returning(|_| {
        Ok(paduka_application::catalog::FitAdvice {
            fit: Some(paduka_domain::returns::Fit::Small),
            chart: None,
        })
    });
    catalog
}

/// A bundle shaped as the app's: it draws the address it was given and the replies of the first
/// view it was handed, and throws for a product named `Broken`.
const ECHO_BUNDLE: &str = r#"
let loaded = false;
Promise.resolve().then(() => { loaded = true; });
export const ready = () => loaded;
export function render(url, json) {
  const view = JSON.parse(json);
  if (json.includes('"Broken"')) throw new Error('cannot draw');
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return '<link rel="preload" as="image" href="/drawn.webp"/><title>ignored</title>' +
    '<div class="app-shell"><p id="drawn">' + esc(url) + '</p><ul>' +
    Object.keys(view).map((k) => '<li>' + esc(k) + '</li>').join('') + '</ul></div>';
}
"#;

fn renderer(bundle: Option<&str>) -> Arc<Renderer> {
    let Some(source) = bundle else {
        return Arc::new(Renderer::disabled());
    };
    // A folder of its own for each renderer: tests run side by side, and two writing the same
    // file let one engine read it half written (it then never started).
    static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "paduka-pages-{}-{}",
        std::process::id(),
        STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("entry-server.js");
    std::fs::write(&path, source).unwrap();
    let renderer = Renderer::start(&path, 1, Limits::default(), Duration::from_secs(5));
    assert!(renderer.is_running());
    Arc::new(renderer)
}

/// Pages served as the plain shell: no server render.
fn previews(products: Vec<Product>) -> Previews {
    Previews::new(
        Some(BUILT),
        "https://paduka.example",
        Arc::new(catalog(products)),
        renderer(None),
    )
}

/// Pages drawn by [`ECHO_BUNDLE`].
fn drawn_previews(products: Vec<Product>) -> Previews {
    Previews::new(
        Some(BUILT),
        "https://paduka.example",
        Arc::new(catalog(products)),
        renderer(Some(ECHO_BUNDLE)),
    )
}

fn html(page: Page) -> String {
    match page {
        Page::Found(page) => String::from_utf8(page.identity().to_vec()).unwrap(),
        Page::NotFound => panic!("the page was not found"),
    }
}

/// The part of the page inside `#root`, up to the end of the body.
fn body(page: &str) -> &str {
    let start = page.find(r#"<div id="root">"#).unwrap();
    &page[start..]
}

/// The replies the page carries for the app, by address.
fn first_view(page: &str) -> serde_json::Map<String, Value> {
    let open = r#"<script type="application/json" id="first-view">"#;
    let start = page.find(open).unwrap() + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    match serde_json::from_str(&page[start..end]).unwrap() {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

#[actix_web::test]
async fn the_home_page_carries_the_banner_the_categories_and_the_first_page_of_products() {
    let previews = previews(vec![product("p-1", TRICKY), product("p-2", "Kolhapuri")]);
    let page = html(previews.home().await.unwrap());
    // Without a server render the app draws the page: an empty root, its code asked at once.
    assert!(body(&page).starts_with(r#"<div id="root"></div>"#));
    assert!(!page.contains("<template"));

    // The app's own requests, answered as the API answers them.
    let data = first_view(&page);
    let listing = &data["/api/v1/product/get-products?sort=newest&page=1&limit=24"];
    assert_eq!(listing["total"], 30);
    assert_eq!(listing["priceCeiling"], 2499.0);
    assert_eq!(listing["products"][0]["name"], TRICKY);
    assert_eq!(
        data["/api/v1/product/featured"]["products"][1]["_id"],
        "p-2"
    );
    assert_eq!(
        data["/api/v1/category/all-categories"]["categories"][0]["name"],
        "Ethnic"
    );
}

#[actix_web::test]
async fn names_stay_text_in_the_data() {
    let previews = previews(vec![product("p-1", TRICKY)]);
    let page = html(previews.home().await.unwrap());
    assert!(!page.contains("<b>"));
    // Only the page's own scripts end: the name cannot close the data's.
    assert_eq!(
        page.matches("</script>").count(),
        page.matches("<script").count()
    );
    assert_eq!(
        first_view(&page)["/api/v1/product/featured"]["products"][0]["name"],
        TRICKY
    );
}

#[actix_web::test]
async fn a_category_page_carries_its_first_page_and_the_categories() {
    let previews = previews(vec![product("p-1", "Mojari")]);
    let page = html(previews.category(&CategoryId::new("c-1")).await.unwrap());
    assert!(page.contains("<title>Ethnic · Paduka</title>"));
    assert!(page.contains("Ethnic: 30 products at Paduka"));
    let data = first_view(&page);
    assert_eq!(
        data["/api/v1/product/get-products?category=c-1&sort=newest&page=1&limit=24"]["products"]
            [0]["name"],
        "Mojari"
    );
    assert!(data.contains_key("/api/v1/category/all-categories"));
}

#[actix_web::test]
async fn a_product_page_carries_the_product() {
    let previews = previews(vec![product("p-1", "Mojari")]);
    let page = html(
        previews
            .product(&ProductId::new("p-1"), None)
            .await
            .unwrap(),
    );
    assert!(page.contains("<title>Mojari · Paduka</title>"));
    assert_eq!(
        first_view(&page)["/api/v1/product/get-product/p-1"]["product"]["type"],
        serde_json::json!(["UK 7", "UK 8"])
    );
    assert_eq!(
        first_view(&page)["/api/v1/product/get-product/p-1"]["product"]["fit"],
        "small",
        "the fit advice the API answers"
    );
}

#[actix_web::test]
async fn a_search_page_carries_what_the_words_find_at_the_apps_address() {
    let previews = previews(vec![product("p-1", "Mojari")]);
    let page = html(previews.search("red mojari").await.unwrap().unwrap());
    assert!(page.contains(r#"<meta name="robots" content="noindex">"#));
    let data = first_view(&page);
    assert_eq!(
        data["/api/v1/product/get-products?sort=newest&q=red+mojari&page=1&limit=24"]["products"]
            [0]["name"],
        "Mojari"
    );
    // Words the API refuses are the app's to answer.
    assert!(previews.search(&"x".repeat(201)).await.unwrap().is_none());
}

#[actix_web::test]
async fn a_drawn_page_has_the_apps_markup_in_its_root_and_its_preloads_in_the_head() {
    let previews = drawn_previews(vec![product("p-1", "Mojari")]);
    let page = html(
        previews
            .product(&ProductId::new("p-1"), None)
            .await
            .unwrap(),
    );
    // The bundle was handed the page's address and the replies the page carries.
    assert!(body(&page).starts_with(
        r#"<div id="root"><div class="app-shell"><p id="drawn">/product/p-1</p><ul><li>/api/v1/product/get-product/p-1</li></ul></div></div>"#
    ));
    let head = &page[..page.find("</head>").unwrap()];
    assert!(head.contains(r#"<link rel="preload" as="image" href="/drawn.webp"/>"#));
    assert_eq!(
        page.matches("<title>").count(),
        1,
        "the page's own title only"
    );
    // The app's code waits in its template for the drawn page's first paint.
    assert!(page.contains(r#"<template id="app-code"><script type="module" crossorigin src="/assets/index-1.js"></script></template>"#));

    let search = html(previews.search("mojari").await.unwrap().unwrap());
    assert!(search.contains(r#"<p id="drawn">/search?q=mojari</p>"#));
    let home = html(previews.home().await.unwrap());
    assert!(home.contains(r#"<p id="drawn">/</p>"#));
}

/// The `content` of the page's `<meta property="{key}">`.
fn meta<'a>(page: &'a str, key: &str) -> &'a str {
    let start = format!(r#"<meta property="{key}" content=""#);
    let at = page.find(&start).unwrap() + start.len();
    &page[at..at + page[at..].find('"').unwrap()]
}

#[actix_web::test]
async fn a_colour_the_product_offers_is_a_page_of_its_own_any_other_the_products() {
    let mut boot = product("p-1", "Mojari");
    boot.colors = ["Tan", "Black", "Olive"]
        .iter()
        .map(|name| paduka_domain::catalog::Colour {
            name: (*name).into(),
            hex: None,
            photos: vec![format!("/api/v1/media/{}", name.to_lowercase())],
        })
        .collect();
    // Olive has no variant.
    boot.variants[0].color = "Tan".into();
    boot.variants[1].color = "Black".into();
    let previews = drawn_previews(vec![boot]);
    let id = ProductId::new("p-1");

    let tan = html(previews.product(&id, Some("TAN")).await.unwrap());
    // Drawn at the colour's address (the app shows its gallery), previewed with its photo.
    assert!(tan.contains(r#"<p id="drawn">/product/p-1?color=Tan</p>"#));
    assert_eq!(
        meta(&tan, "og:image"),
        "https://paduka.example/api/v1/media/tan"
    );
    assert_eq!(meta(&tan, "og:image:alt"), "Mojari (Tan)");
    assert_eq!(html(previews.product(&id, Some("tan")).await.unwrap()), tan);

    let plain = html(previews.product(&id, None).await.unwrap());
    assert!(plain.contains(r#"<p id="drawn">/product/p-1</p>"#));
    assert_eq!(
        meta(&plain, "og:image"),
        "https://paduka.example/api/v1/product/product-photo/p-1?w=1600&amp;v=v1"
    );
    for other in ["Olive", "Purple", "tan ", " "] {
        let page = html(previews.product(&id, Some(other)).await.unwrap());
        let expected = if other == "tan " { &tan } else { &plain };
        assert_eq!(&page, expected, "{other:?}");
    }
    // The product's page and its Tan page: made-up colours keep nothing of their own.
    assert_eq!(previews.pages.len(), 2);
    assert!(matches!(
        previews
            .product(&ProductId::new("nope"), Some("Tan"))
            .await
            .unwrap(),
        Page::NotFound
    ));
}

#[actix_web::test]
async fn a_page_the_engine_cannot_draw_is_the_plain_shell_with_its_head_and_data() {
    let previews = drawn_previews(vec![product("p-1", "Broken")]);
    let page = html(
        previews
            .product(&ProductId::new("p-1"), None)
            .await
            .unwrap(),
    );
    assert!(body(&page).starts_with(r#"<div id="root"></div>"#));
    assert!(page.contains("<title>Broken · Paduka</title>"));
    assert!(first_view(&page).contains_key("/api/v1/product/get-product/p-1"));
    assert!(
        !page.contains("<template"),
        "the app's code is asked for at once"
    );
}

#[actix_web::test]
async fn an_unknown_id_is_not_found() {
    let previews = drawn_previews(vec![product("p-1", "Mojari")]);
    assert!(matches!(
        previews
            .product(&ProductId::new("nope"), None)
            .await
            .unwrap(),
        Page::NotFound
    ));
    assert!(matches!(
        previews.category(&CategoryId::new("nope")).await.unwrap(),
        Page::NotFound
    ));
}
