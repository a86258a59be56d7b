//! The app's first screen as HTML (decisions D29): the markup and CSS classes the React
//! components render, written from the same catalog data, so a phone paints the page before
//! the app's code has run and a browser without JavaScript still shows the products. The app
//! then renders over it with the same data (embedded in the head), so nothing moves.
//!
//! Each function names the component it mirrors; a change there must come here too (the
//! e2e journey with JavaScript off and the no-layout-shift check catch most drifts).

use std::fmt::Write as _;

use paduka_domain::catalog::{Category, Product};
use paduka_domain::text::escape_html as esc;
use paduka_domain::{Paise, ProductId};

use crate::photos::{SRC_WIDTH, photo_path, photo_srcset};
use crate::text::encode_component;

/// `PLACEHOLDER` in product-image.tsx: what an image without an address shows.
const PLACEHOLDER: &str = "/placeholder-shoe.svg";
/// `DESCRIPTION_EXCERPT_LENGTH` in constants.ts.
const EXCERPT_LENGTH: usize = 100;
/// `DEFAULT_MAX_PRICE` in constants.ts: the price slider's maximum without a ceiling.
const DEFAULT_MAX_PRICE: i64 = 100_000;
/// `DEFAULT_AVERAGE_RATING` in constants.ts: the stars before any review.
const DEFAULT_AVERAGE_RATING: f64 = 5.0;
/// `BANNER_PRODUCT_COUNT` in constants.ts.
pub(crate) const BANNER_PRODUCT_COUNT: usize = 5;
/// `GALLERY_SLIDE_MS` in constants.ts.
const GALLERY_SLIDE_MS: u32 = 500;
/// `CONTACT_EMAIL` and `COPYRIGHT_YEAR` in constants.ts.
const CONTACT_EMAIL: &str = "contact@paduka.local";
const COPYRIGHT_YEAR: u32 = 2024;

/// `HERO_SIZES` in featured-banner.tsx (a test compares them).
pub(crate) const HERO_SIZES: &str = "(max-width: 719px) calc(100vw - 32px), (max-width: 941px) 320px, (max-width: 1235px) 34vw, 420px";
/// `CARD_SIZES_BESIDE_FILTERS` in product-grid.tsx: the home listing's cards.
pub(crate) const CARD_SIZES_BESIDE_FILTERS: &str = "(max-width: 520px) calc(50vw - 22px), (max-width: 899px) calc(50vw - 30px), (max-width: 1099px) calc(50vw - 180px), 270px";
/// `THUMB_SIZES` in product-gallery.tsx.
const THUMB_SIZES: &str = "72px";

/// `paths.product.getHref`.
fn product_href(id: &ProductId) -> String {
    format!("/product/{}", encode_component(id.as_str()))
}

/// `paths.category.getHref`.
fn category_href(id: &str) -> String {
    format!("/category/{}", encode_component(id))
}

/// A price as the app shows it (`formatRupees(priceAfterDiscount(...))`): the discount is
/// rounded to the nearest paisa as the app rounds it (lib/pricing.ts), in Indian grouping.
pub(crate) fn rupees_after(price: Paise, discount: u8) -> String {
    let centi = i128::from(price.paise()) * i128::from(100 - discount.min(100));
    let paise = i64::try_from((centi + 50).div_euclid(100)).unwrap_or(i64::MAX);
    Paise::from_stored(paise).in_indian_style()
}

/// `formatCount`: `1 product`, `3 products`.
pub(crate) fn count(n: u64, singular: &str) -> String {
    if n == 1 {
        format!("1 {singular}")
    } else {
        format!("{n} {singular}s")
    }
}

/// `excerpt`: the first 100 UTF-16 units (JavaScript's `substring`), then `...`.
fn excerpt(text: &str) -> String {
    let mut units = 0;
    let mut out = String::new();
    for c in text.chars() {
        units += c.len_utf16();
        if units > EXCERPT_LENGTH {
            break;
        }
        out.push(c);
    }
    out.push_str("...");
    out
}

/// A product's photo as `ProductImage` renders it (`photo` with `sizes`), or the placeholder
/// a product without one ends up showing. `priority`: the page's main picture.
struct Photo<'a> {
    product: &'a Product,
    sizes: &'a str,
    alt: &'a str,
    side: u32,
    class: Option<&'a str>,
    priority: bool,
    /// `loading` when the component passes one (else lazy unless `priority`).
    eager: bool,
    /// `fetchPriority` when the component passes one.
    fetch_priority: Option<&'a str>,
}

impl Photo<'_> {
    fn html(&self) -> String {
        let mut out = String::from("<img");
        if let Some(class) = self.class {
            let _ = write!(out, r#" class="{class}""#);
        }
        match self
            .product
            .photo_version
            .as_deref()
            .filter(|_| self.product.has_photo)
        {
            Some(version) => {
                let id = &self.product.id;
                let _ = write!(
                    out,
                    r#" src="{}" srcset="{}" sizes="{}""#,
                    esc(&photo_path(id, SRC_WIDTH, version)),
                    esc(&photo_srcset(id, version)),
                    esc(self.sizes)
                );
            }
            None => {
                let _ = write!(out, r#" src="{PLACEHOLDER}""#);
            }
        }
        let loading = if self.eager || self.priority {
            "eager"
        } else {
            "lazy"
        };
        let _ = write!(
            out,
            r#" alt="{}" width="{side}" height="{side}" loading="{loading}""#,
            esc(self.alt),
            side = self.side
        );
        let fetch = self.fetch_priority.or(self.priority.then_some("high"));
        if let Some(fetch) = fetch {
            let _ = write!(out, r#" fetchpriority="{fetch}""#);
        }
        let decoding = if self.priority { "auto" } else { "async" };
        let _ = write!(out, r#" decoding="{decoding}">"#);
        out
    }
}

/// An image by address (`ProductImage` with `src`): a category's picture, a gallery picture.
fn picture(src: &str, alt: &str, width: u32, height: u32, extra: &str) -> String {
    let src = if src.is_empty() { PLACEHOLDER } else { src };
    format!(
        r#"<img src="{}" alt="{}" width="{width}" height="{height}" loading="lazy"{extra} decoding="async">"#,
        esc(src),
        esc(alt)
    )
}

/// `RootLayout`: the skip link, the sale strip's space, the navbar of a shopper not signed in,
/// the page, the footer. The strip's space is held as `SaleBanner` holds it on a first visit
/// while the sales load; its countdown is the app's (it follows the clock, not the catalog).
pub(crate) fn app_shell(home: bool, page: &str) -> String {
    let home_link = if home {
        r#"<a aria-current="page" class="nav-link is-active" href="/">Home</a>"#
    } else {
        r#"<a class="nav-link" href="/">Home</a>"#
    };
    let mut out = String::with_capacity(page.len() + 2048);
    out.push_str(
        r##"<div class="app-shell"><a class="skip-link" href="#main">Skip to content</a>"##,
    );
    out.push_str(r#"<div class="sale-banner sale-banner-reserved" aria-hidden="true"><div class="container sale-banner-inner"></div></div>"#);
    let _ = write!(
        out,
        r#"<header class="site-header"><nav class="container navbar" aria-label="Main"><a class="brand" href="/"><img src="/favicon.svg" alt="" width="32" height="32"><span>Paduka</span></a><button type="button" class="icon-btn nav-toggle" aria-expanded="false" aria-controls="main-menu"><span aria-hidden="true">☰</span><span class="visually-hidden">Menu</span></button><ul id="main-menu" class="nav-menu"><li class="nav-search"><form class="search-box" role="search" action="/search"><input type="search" name="q" aria-label="Search shoes" placeholder="Search shoes" autocomplete="off" enterkeyhint="search"></form></li><li>{home_link}</li><li><a class="nav-link" href="/login">Login</a></li><li><a class="btn btn-primary btn-sm nav-cta" href="/register">Register</a></li></ul></nav></header>"#
    );
    out.push_str(r#"<main id="main" class="app-main" tabindex="-1">"#);
    out.push_str(page);
    out.push_str("</main>");
    out.push_str(&footer());
    out.push_str("</div>");
    out
}

/// `Footer`.
fn footer() -> String {
    let social = [
        ("GitHub", "https://github.com/"),
        ("LinkedIn", "https://www.linkedin.com/"),
        ("Instagram", "https://www.instagram.com/"),
        ("X", "https://x.com/"),
    ]
    .iter()
    .map(|(name, href)| {
        format!(r#"<li><a href="{href}" target="_blank" rel="noopener noreferrer">{name}</a></li>"#)
    })
    .collect::<String>();
    format!(
        r#"<footer class="site-footer"><div class="container footer-grid"><div class="footer-brand"><p class="footer-logo">Paduka</p><p class="muted">Footwear for every step, delivered across India.</p></div><nav aria-label="Footer"><ul class="footer-links"><li><a href="/about-dev">About Dev</a></li><li><a href="mailto:{CONTACT_EMAIL}">Contact</a></li><li><a href="/policy">Privacy Policy</a></li><li><a href="/">Terms</a></li></ul></nav><ul class="footer-social" aria-label="Social links">{social}</ul></div><div class="container footer-bottom"><p>© {COPYRIGHT_YEAR} Paduka. All rights reserved.</p></div></footer>"#
    )
}

/// The breadcrumbs of the category and product pages: links, then the current page.
pub(crate) fn breadcrumbs(links: &[(&str, String)], current: &str) -> String {
    let mut out = String::from(r#"<nav aria-label="Breadcrumb"><ol class="breadcrumbs">"#);
    for (name, href) in links {
        let _ = write!(out, r#"<li><a href="{}">{}</a></li>"#, esc(href), esc(name));
    }
    let _ = write!(
        out,
        r#"<li aria-current="page">{}</li></ol></nav>"#,
        esc(current)
    );
    out
}

/// The first variant's price and discount, as a card and the banner read them.
fn first_offer(product: &Product) -> (Paise, u8) {
    product
        .variants
        .first()
        .map_or((Paise::from_stored(0), 0), |v| {
            (v.price, v.discount.value())
        })
}

/// `ProductCard`.
fn product_card(product: &Product, sizes: &str, eager: bool, first: bool) -> String {
    let href = esc(&product_href(&product.id)).into_owned();
    let name = esc(&product.name);
    let (price, discount) = first_offer(product);
    let photo = Photo {
        product,
        sizes,
        alt: &product.name,
        side: 400,
        class: None,
        priority: first,
        eager,
        fetch_priority: None,
    }
    .html();
    let mut out = format!(
        r#"<article class="product-card card"><a class="product-card-media" tabindex="-1" aria-hidden="true" href="{href}">{photo}"#
    );
    if discount > 0 {
        let _ = write!(
            out,
            r#"<span class="badge product-card-badge">{discount}% Off</span>"#
        );
    }
    out.push_str(r#"</a><div class="product-card-body">"#);
    if !product.category.name.is_empty() {
        let _ = write!(
            out,
            r#"<p class="product-card-category">{}</p>"#,
            esc(&product.category.name)
        );
    }
    let description = product.descriptions.first().map_or("", String::as_str);
    let _ = write!(
        out,
        r#"<h3 class="product-name product-card-title"><a href="{href}">{name}</a></h3><p class="product-card-desc">{}</p><div class="product-card-footer"><p class="product-card-price"><span class="price-now">{}</span>"#,
        esc(&excerpt(description)),
        rupees_after(price, discount)
    );
    if discount > 0 {
        let _ = write!(
            out,
            r#" <s class="price-was">{}</s>"#,
            price.in_indian_style()
        );
    }
    let _ = write!(
        out,
        r#"</p><a class="btn btn-dark btn-sm" aria-label="Checkout {name}" href="{href}">Checkout</a></div></div></article>"#
    );
    out
}

/// `ProductGrid` (no next page on its way).
pub(crate) fn product_grid(products: &[Product], sizes: &str, above_fold: usize) -> String {
    let mut out = String::from(r#"<ul class="tile-grid product-grid" aria-label="Products">"#);
    for (i, product) in products.iter().enumerate() {
        out.push_str("<li>");
        out.push_str(&product_card(
            product,
            sizes,
            i < above_fold,
            i == 0 && above_fold > 0,
        ));
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

/// `LoadMore` while more pages wait (`nextPageParam`).
pub(crate) fn load_more(shown: usize, total: u64) -> &'static str {
    if shown > 0 && (shown as u64) < total {
        r#"<div class="load-more"><button type="button" class="btn btn-secondary" aria-busy="false">Load more</button></div>"#
    } else {
        ""
    }
}

/// `FeaturedBanner` as first drawn: the first slide current, with its photo (the page's main
/// picture); the others wait, as in the app, for the first photo.
pub(crate) fn featured_banner(slides: &[Product]) -> String {
    let count = slides.len();
    if count == 0 {
        return String::new();
    }
    let mut out = String::from(
        r#"<section class="hero" aria-roledescription="carousel" aria-label="Featured products"><div class="hero-viewport"><ul class="hero-slides">"#,
    );
    for (i, product) in slides.iter().enumerate() {
        let current = i == 0;
        let (_, discount) = first_offer(product);
        let state = if current { "is-current" } else { "is-idle" };
        let _ = write!(
            out,
            r#"<li class="hero-slide {state}" aria-roledescription="slide" aria-label="{} of {count}" aria-hidden="{}"{}><a class="hero-link" href="{}"><div class="hero-media">"#,
            i + 1,
            !current,
            if current { "" } else { r#" inert="""# },
            esc(&product_href(&product.id)),
        );
        if current {
            out.push_str(
                &Photo {
                    product,
                    sizes: HERO_SIZES,
                    alt: &product.name,
                    side: 800,
                    class: Some("hero-image"),
                    priority: true,
                    eager: true,
                    fetch_priority: Some("high"),
                }
                .html(),
            );
        }
        let description = product.descriptions.first().unwrap_or(&product.info);
        let _ = write!(
            out,
            r#"</div><div class="hero-caption"><p class="hero-offer">FLAT {discount}% OFF</p><h2 class="hero-title">{}</h2><p class="hero-desc">{}</p><span class="btn btn-primary hero-cta">Shop now</span></div></a></li>"#,
            esc(&product.name),
            esc(description)
        );
    }
    out.push_str("</ul></div>");
    if count > 1 {
        out.push_str(&slide_arrows("slide"));
        out.push_str(r#"<div class="hero-dots">"#);
        for i in 0..count {
            let active = if i == 0 { " is-active" } else { "" };
            let _ = write!(
                out,
                r#"<button type="button" class="hero-dot{active}" aria-label="Go to slide {}" aria-current="{}"></button>"#,
                i + 1,
                i == 0
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
    out
}

/// `SlideArrows`.
fn slide_arrows(item: &str) -> String {
    format!(
        r#"<button type="button" class="icon-btn hero-nav hero-prev" aria-label="Previous {item}"><span aria-hidden="true">‹</span></button><button type="button" class="icon-btn hero-nav hero-next" aria-label="Next {item}"><span aria-hidden="true">›</span></button>"#
    )
}

/// `CategoryGrid`.
pub(crate) fn category_grid(categories: &[Category]) -> String {
    if categories.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        r#"<section class="section" aria-labelledby="shop-by-category"><h2 id="shop-by-category" class="section-title">Shop by Category</h2><ul class="tile-grid category-grid">"#,
    );
    for category in categories {
        let _ = write!(
            out,
            r#"<li><a class="category-tile" href="{}">{}<span class="category-tile-name">{}</span></a></li>"#,
            esc(&category_href(category.id.as_str())),
            picture(&category.image, "", 400, 300, r#" fetchpriority="low""#),
            esc(&category.name)
        );
    }
    out.push_str("</ul></section>");
    out
}

/// `ProductListing` of the home page before any filter: sort, filters, the first page.
pub(crate) fn product_listing(
    products: &[Product],
    total: u64,
    price_ceiling: Paise,
    categories: &[Category],
) -> String {
    let sorts = [
        ("newest", "Newest"),
        ("oldest", "Oldest"),
        ("discount", "Discount"),
        ("price-low", "Price: Low to High"),
        ("price-high", "Price: High to Low"),
    ]
    .iter()
    .map(|(value, label)| {
        let selected = if *value == "newest" { " selected" } else { "" };
        format!(r#"<option value="{value}"{selected}>{label}</option>"#)
    })
    .collect::<String>();
    let mut out = format!(
        r#"<section class="section listing" aria-labelledby="all-products"><div class="listing-head"><div><h2 id="all-products" class="section-title">All Products</h2><p class="muted listing-count" aria-live="polite">{}</p></div><div class="listing-tools"><button type="button" class="btn btn-secondary btn-sm filters-toggle" aria-expanded="false" aria-controls="listing-filters">Filters</button><div class="sort"><label for="listing-sort" class="field-label">Sort by</label><select id="listing-sort" class="select">{sorts}</select></div></div></div><div class="listing-body"><aside id="listing-filters" class="listing-aside card card-pad">"#,
        count(total, "product")
    );
    out.push_str(&product_filters(products, price_ceiling, categories));
    out.push_str(r#"</aside><div class="listing-results" aria-busy="false">"#);
    if products.is_empty() {
        out.push_str(r#"<p class="notice">No products to show yet. Please check back soon.</p>"#);
    } else {
        out.push_str(&product_grid(products, CARD_SIZES_BESIDE_FILTERS, 0));
        out.push_str(load_more(products.len(), total));
    }
    out.push_str("</div></div></section>");
    out
}

/// `ProductFilters` at rest: the slider at its maximum (`sliderCeiling`), nothing ticked.
fn product_filters(products: &[Product], price_ceiling: Paise, categories: &[Category]) -> String {
    let paise = price_ceiling.paise();
    let ceiling = if paise > 0 {
        (paise + 99) / 100
    } else {
        DEFAULT_MAX_PRICE
    };
    let shown = Paise::from_stored(ceiling * 100).in_indian_style();
    let mut out = format!(
        r#"<div class="filters"><div class="filters-head"><h2 class="filters-title">Filters</h2><button type="button" class="btn btn-ghost btn-sm">Reset</button></div><div class="field"><label for="listing-max-price" class="field-label">Max Price: {shown}</label><input id="listing-max-price" class="range" type="range" min="0" max="{ceiling}" step="1" value="{ceiling}"><div class="range-scale muted" aria-hidden="true"><span>₹0</span><span>{shown}</span></div></div>"#
    );
    // Without the categories list, the categories of the products shown (as the app does).
    let mut names: Vec<(&str, &str)> = categories
        .iter()
        .map(|c| (c.id.as_str(), c.name.as_str()))
        .collect();
    if names.is_empty() {
        for product in products {
            let category = (product.category.id.as_str(), product.category.name.as_str());
            if !names.iter().any(|(id, _)| *id == category.0) {
                names.push(category);
            }
        }
    }
    if !names.is_empty() {
        out.push_str(
            r#"<fieldset class="filters-group"><legend class="field-label">Categories</legend>"#,
        );
        for (_, name) in names {
            let _ = write!(
                out,
                r#"<label class="check"><input type="checkbox"><span>{}</span></label>"#,
                esc(name)
            );
        }
        out.push_str("</fieldset>");
    }
    out.push_str("</div>");
    out
}

/// `Stars`.
fn stars(value: f64, size: &str) -> String {
    let filled = value.round().clamp(0.0, 5.0) as usize;
    format!(
        r#"<span class="stars stars-{size}" role="img" aria-label="{filled} out of 5 stars"><span aria-hidden="true" class="stars-on">{}</span><span aria-hidden="true" class="stars-off">{}</span></span>"#,
        "★".repeat(filled),
        "★".repeat(5 - filled)
    )
}

/// The product's average rating and review count, as the page shows them until the reviews
/// arrive.
fn rating_of(product: &Product) -> (f64, u32) {
    if product.rating.reviews == 0 {
        (DEFAULT_AVERAGE_RATING, 0)
    } else {
        (product.rating.average(), product.rating.reviews)
    }
}

/// How many pairs of variant `i` are in stock (`variantStock`).
fn variant_stock(product: &Product, i: usize) -> u32 {
    match product.variants.get(i).and_then(|v| v.stock) {
        Some(stock) => stock,
        None if product.variants.iter().any(|v| v.stock.is_some()) => 0,
        None => product.quantity,
    }
}

fn per_size(product: &Product) -> bool {
    product.stock_per_size().is_some() && !product.variants.is_empty()
}

/// `ProductView` (product.tsx) as first drawn: the first size in stock chosen, the reviews
/// not yet loaded.
pub(crate) fn product_view(product: &Product) -> String {
    let count = product.variants.len().max(1);
    let variant = (0..count)
        .find(|&i| variant_stock(product, i) > 0)
        .unwrap_or(0);
    let offer = product.variants.get(variant).or(product.variants.first());
    let (price, discount) = offer.map_or((Paise::from_stored(0), 0), |v| {
        (v.price, v.discount.value())
    });
    let name = esc(&product.name);
    let mut out = String::from(r#"<div class="container page">"#);
    let category_link = (
        product.category.name.as_str(),
        category_href(product.category.id.as_str()),
    );
    out.push_str(&breadcrumbs(
        &[("Home", "/".to_owned()), category_link],
        &product.name,
    ));
    out.push_str(r#"<div class="product-layout">"#);
    out.push_str(&gallery(product));
    let _ = write!(
        out,
        r#"<div class="product-info"><div><h1 class="product-title">{name}</h1>"#
    );
    if !product.info.is_empty() {
        let _ = write!(out, r#"<p class="product-lead">{}</p>"#, esc(&product.info));
    }
    let (average, reviews) = rating_of(product);
    let _ = write!(
        out,
        r##"</div><div class="product-rating-line">{}<a href="#reviews-title">{}</a></div>"##,
        stars(average, "sm"),
        self::count(u64::from(reviews), "review")
    );
    out.push_str(&price_block(price, discount));
    out.push_str(&variant_picker(product, variant));
    let per_size = per_size(product);
    let in_stock = variant_stock(product, variant);
    let out_of_stock = !per_size && product.quantity == 0;
    let size_sold_out = per_size && in_stock == 0;
    let _ = write!(
        out,
        r#"<div class="buy-row"><button type="button" class="btn btn-primary"{}{}>Add to Cart</button>"#,
        if out_of_stock { " disabled" } else { "" },
        if size_sold_out {
            r#" aria-disabled="true" aria-describedby="stock-note""#
        } else {
            ""
        }
    );
    if out_of_stock {
        out.push_str(r#"<p class="stock-note">Out of stock</p>"#);
    } else if size_sold_out {
        out.push_str(r#"<p id="stock-note" class="stock-note">Sold out</p>"#);
    } else if (1..=5).contains(&in_stock) {
        let _ = write!(out, r#"<p class="stock-note">Only {in_stock} left</p>"#);
    }
    out.push_str("</div>");
    out.push_str(
        r#"<section class="delivery-box" aria-labelledby="delivery-check-title"><h2 id="delivery-check-title">Check Delivery Availability</h2><form class="delivery-form" novalidate=""><label for="delivery-check" class="visually-hidden">Pincode</label><input id="delivery-check" class="input" type="text" inputmode="numeric" autocomplete="postal-code" placeholder="Enter pincode" value=""><button type="submit" class="btn btn-secondary">Check</button></form><p class="delivery-result" role="status"></p></section>"#,
    );
    if !product.specifications.is_empty() {
        out.push_str(r#"<section><h2 class="h3">Specifications</h2><ul class="detail-list">"#);
        for line in &product.specifications {
            let _ = write!(out, "<li>{}</li>", esc(line));
        }
        out.push_str("</ul></section>");
    }
    let _ = write!(
        out,
        r#"<section><h2 class="h3">Details</h2><p>{}</p><dl class="detail-table">"#,
        esc(&product.descriptions.join(", "))
    );
    for (term, value) in [
        ("Material", &product.material),
        ("Category", &product.category.name),
        ("Product code", &product.product_code),
    ] {
        if !value.is_empty() {
            let _ = write!(out, "<dt>{term}</dt><dd>{}</dd>", esc(value));
        }
    }
    out.push_str("</dl></section></div></div>");
    let _ = write!(
        out,
        r#"<section class="section" aria-labelledby="reviews-title"><h2 id="reviews-title" class="section-title">Customer Reviews</h2><div class="reviews-layout"><div><div class="rating-summary"><span class="rating-average">{average:.1}</span><div>{}<p class="muted" style="margin:0">Given by {reviews} customers</p></div></div></div></div></section>"#,
        stars(average, "md")
    );
    out.push_str("</div>");
    out
}

/// `PriceBlock`.
fn price_block(price: Paise, discount: u8) -> String {
    let mut out = format!(
        r#"<div class="price-block"><p class="price-row"><span class="price-now">{}</span>"#,
        rupees_after(price, discount)
    );
    if discount > 0 {
        let _ = write!(
            out,
            r#"<s class="price-was"><span class="visually-hidden">Original price </span>{}</s><span class="price-off">{discount}% off</span>"#,
            price.in_indian_style()
        );
    }
    out.push_str(r#"</p><p class="price-note">inclusive of all taxes</p></div>"#);
    out
}

/// `VariantPicker`: one choice per size (its type, else its model).
fn variant_picker(product: &Product, chosen: usize) -> String {
    let count = product.variants.len().max(1);
    let label = |i: usize| {
        product
            .variants
            .get(i)
            .and_then(|v| {
                v.label
                    .as_deref()
                    .filter(|l| !l.is_empty())
                    .or(v.model.as_deref().filter(|m| !m.is_empty()))
            })
            .map_or_else(|| format!("Option {}", i + 1), str::to_owned)
    };
    let first_named = product.variants.first().is_some_and(|v| {
        v.label.as_deref().is_some_and(|l| !l.is_empty())
            || v.model.as_deref().is_some_and(|m| !m.is_empty())
    });
    if count < 2 && !first_named {
        return String::new();
    }
    let per_size = per_size(product);
    let mut out = String::from(
        r#"<fieldset class="variant-picker"><legend class="field-label">Type</legend><div class="variant-options">"#,
    );
    for i in 0..count {
        let sold_out = per_size && variant_stock(product, i) == 0;
        let _ = write!(
            out,
            r#"<label class="variant-option{}"><input type="radio" name="variant" value="{i}"{}><span>{}{}</span></label>"#,
            if sold_out { " is-sold-out" } else { "" },
            if i == chosen { " checked" } else { "" },
            esc(&label(i)),
            if sold_out {
                r#" <small class="variant-sold-out">Sold out</small>"#
            } else {
                ""
            }
        );
    }
    out.push_str("</div></fieldset>");
    out
}

/// `ProductGallery` on its first photo.
fn gallery(product: &Product) -> String {
    let others: Vec<&String> = product
        .other_photos
        .iter()
        .filter(|p| !p.is_empty())
        .collect();
    let count = 1 + others.len();
    let mut out = format!(
        r#"<div class="gallery"><div class="gallery-stage" aria-roledescription="carousel" aria-label="Product photos"><ul class="gallery-track" style="transform:translateX(-0%);transition-duration:{GALLERY_SLIDE_MS}ms"><li class="gallery-slide" aria-hidden="false">{}</li>"#,
        Photo {
            product,
            sizes: crate::photos::PRODUCT_PHOTO_SIZES,
            alt: &product.name,
            side: 800,
            class: None,
            priority: true,
            eager: false,
            fetch_priority: None,
        }
        .html()
    );
    for (i, src) in others.iter().enumerate() {
        let alt = format!("{}, photo {}", product.name, i + 2);
        let _ = write!(
            out,
            r#"<li class="gallery-slide" aria-hidden="true">{}</li>"#,
            picture(src, &alt, 800, 800, "")
        );
    }
    out.push_str("</ul>");
    if count > 1 {
        out.push_str(&slide_arrows("photo"));
    }
    out.push_str("</div>");
    if count > 1 {
        out.push_str(r#"<ul class="gallery-thumbs" aria-label="Photo thumbnails">"#);
        let thumb = |i: usize, image: String| {
            format!(
                r#"<li><button type="button" class="gallery-thumb" aria-current="{}" aria-label="Show photo {}">{image}</button></li>"#,
                i == 0,
                i + 1
            )
        };
        out.push_str(&thumb(
            0,
            Photo {
                product,
                sizes: THUMB_SIZES,
                alt: "",
                side: 72,
                class: None,
                priority: false,
                eager: false,
                fetch_priority: Some("low"),
            }
            .html(),
        ));
        for (i, src) in others.iter().enumerate() {
            out.push_str(&thumb(
                i + 1,
                picture(src, "", 72, 72, r#" fetchpriority="low""#),
            ));
        }
        out.push_str("</ul>");
    }
    out.push_str("</div>");
    out
}
