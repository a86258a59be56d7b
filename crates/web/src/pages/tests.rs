//! The pages' first view (decisions D29): what a browser without JavaScript shows, and the
//! replies the app starts from, made from a mocked catalog.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use paduka_application::catalog::{MockCatalogUseCases, ProductPage};
use paduka_domain::catalog::{Category, CategoryRef, Handle, Product, ProductRating, Variant};
use paduka_domain::{CategoryId, Paise, Percent, ProductId};
use serde_json::Value;

use super::{Page, Previews};

const BUILT: &str = r#"<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Paduka · Footwear for every step</title>
    <script>/* preload */</script>
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
        label: Some(label.into()),
        model: None,
        price: Paise::from_stored(paise),
        discount: Percent::new(discount).unwrap(),
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
        hsn: None,
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
            corrected: None,
        })
    });
    let featured = products.clone();
    catalog
        .expect_featured_products()
        .returning(move || Ok(featured.clone()));
    catalog
        .expect_categories()
        .returning(|| Ok(vec![category()]));
    catalog.expect_product().returning(move |id| {
        products
            .iter()
            .find(|p| &p.id == id)
            .cloned()
            .ok_or(paduka_application::catalog::CatalogError::ProductNotFound)
    });
    catalog
}

fn previews(products: Vec<Product>) -> Previews {
    Previews::new(
        Some(BUILT),
        "https://paduka.example",
        Arc::new(catalog(products)),
    )
}

fn html(page: Page) -> String {
    match page {
        Page::Found(page) => String::from_utf8(page.identity().to_vec()).unwrap(),
        Page::NotFound => panic!("the page was not found"),
    }
}

/// The part of the page inside `#root`.
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
async fn the_home_page_arrives_with_its_banner_categories_and_first_page_of_products() {
    let previews = previews(vec![product("p-1", TRICKY), product("p-2", "Kolhapuri")]);
    let page = html(previews.home().await.unwrap());
    let body = body(&page);

    // The banner's first slide, its photo preloaded with the banner's sizes.
    assert!(body.contains(r#"<li class="hero-slide is-current""#));
    assert!(body.contains(r#"<a class="hero-link" href="/product/p-1">"#));
    assert!(page.contains(
        r#"<link rel="preload" as="image" href="/api/v1/product/product-photo/p-1?w=480&amp;v=v1""#
    ));
    // The categories and the listing: names and prices, photos with every width.
    assert!(body.contains(r#"<span class="category-tile-name">Ethnic</span>"#));
    assert!(body.contains(r#"<p class="muted listing-count" aria-live="polite">30 products</p>"#));
    assert!(body.contains(r#"<a href="/product/p-2">Kolhapuri</a>"#));
    assert!(
        body.contains(
            r#"<span class="price-now">₹1,999.20</span> <s class="price-was">₹2,499</s>"#
        )
    );
    assert!(body.contains("/api/v1/product/product-photo/p-2?w=1600&amp;v=v1 1600w"));
    assert!(body.contains(
        r#"<button type="button" class="btn btn-secondary" aria-busy="false">Load more</button>"#
    ));

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
async fn names_stay_text_in_the_markup_and_in_the_data() {
    let previews = previews(vec![product("p-1", TRICKY)]);
    let page = html(previews.home().await.unwrap());
    let escaped = "जूती &lt;/script&gt;&lt;b&gt;&quot;Mojari&quot;&lt;/b&gt; &amp; &#39;Co&#39;";
    assert!(body(&page).contains(&format!(r#"<a href="/product/p-1">{escaped}</a>"#)));
    assert!(body(&page).contains(&format!(r#"alt="{escaped}""#)));
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
async fn a_category_page_arrives_with_its_name_and_first_page() {
    let previews = previews(vec![product("p-1", "Mojari")]);
    let page = html(previews.category(&CategoryId::new("c-1")).await.unwrap());
    let body = body(&page);
    assert!(body.contains(r#"<div class="category-hero"><h1>Ethnic</h1><p class="muted category-count">30 products</p></div>"#));
    // The first card is the page's main picture, preloaded with the same sizes.
    assert!(body.contains(r#"loading="eager" fetchpriority="high""#));
    assert!(page.contains(r#"imagesizes="(max-width: 520px) calc(50vw - 22px), (max-width: 1099px) calc(50vw - 30px), 365px""#));
    let data = first_view(&page);
    assert_eq!(
        data["/api/v1/product/get-products?category=c-1&sort=newest&page=1&limit=24"]["products"]
            [0]["name"],
        "Mojari"
    );
    assert!(data.contains_key("/api/v1/category/all-categories"));
}

#[actix_web::test]
async fn a_product_page_arrives_with_its_name_price_sizes_and_photo() {
    let previews = previews(vec![product("p-1", "Mojari")]);
    let page = html(previews.product(&ProductId::new("p-1")).await.unwrap());
    let body = body(&page);
    assert!(body.contains(r#"<h1 class="product-title">Mojari</h1>"#));
    // The first size in stock is chosen (UK 8, 10% off), the sold-out one says so.
    assert!(body.contains(r#"<span class="price-now">₹2,249.10</span>"#));
    assert!(
        body.contains(r#"<input type="radio" name="variant" value="1" checked><span>UK 8</span>"#)
    );
    assert!(body.contains(r#"<span>UK 7 <small class="variant-sold-out">Sold out</small></span>"#));
    assert!(body.contains(r#"<p class="stock-note">Only 3 left</p>"#));
    assert!(body.contains(r##"<a href="#reviews-title">2 reviews</a>"##));
    assert!(body.contains(r#"srcset="/api/v1/product/product-photo/p-1?w=240&amp;v=v1 240w"#));
    assert_eq!(
        first_view(&page)["/api/v1/product/get-product/p-1"]["product"]["type"],
        serde_json::json!(["UK 7", "UK 8"])
    );
}

#[actix_web::test]
async fn an_empty_category_says_so() {
    let previews = previews(Vec::new());
    let page = html(previews.category(&CategoryId::new("c-1")).await.unwrap());
    assert!(body(&page).contains(r#"<p class="notice">No products found in this category.</p>"#));
}
