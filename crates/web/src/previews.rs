//! Link previews and search (decisions 12).
//!
//! WhatsApp, Instagram and search engines read the HTML the server sends and run no
//! JavaScript, so `/`, `/category/{id}` and `/product/{id}` get the app's `index.html` with
//! the page's own `<title>`, description, canonical link, Open Graph and Twitter tags, and
//! on a product page JSON-LD (`Product`, `BreadcrumbList`). An unknown id gets the same app
//! (which shows its `Page Not Found`) with status 404 and `noindex`. `/sitemap.xml` lists
//! the home page, every category and every product.
//!
//! The built file is cut once, at start ([`Shell`]): its `<title>` and description go, and
//! each page's tags are written where the title was; everything else (the inline preload
//! script above all) is kept byte for byte. A page is made once per catalog revision and kept
//! compressed ([`Pages`]): a request for a page seen since the last catalog change costs a
//! lookup, and any change (in this process, or seen by the change watcher) makes the next
//! request build it again.
//!
//! Every text inserted is HTML-escaped; JSON-LD is also made safe inside `<script>`.

use std::borrow::Cow;

use paduka_domain::text::escape_html;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use actix_web::http::header::HeaderValue;
use chrono::{DateTime, SecondsFormat, Utc};
use paduka_application::catalog::{CatalogError, CatalogUseCases, ProductQuery, ProductSort};
use paduka_domain::catalog::Product;
use paduka_domain::photo::PhotoWidth;
use paduka_domain::{CategoryId, Paise, ProductId};
use paduka_http::encoding::{Effort, Precompressed};
use serde_json::{Value, json};

/// The shop's name, as the app's titles end (`… · Paduka`).
pub const SITE_NAME: &str = "Paduka";
/// The home page's texts when the built file has none.
const DEFAULT_TITLE: &str = "Paduka · Footwear for every step";
const DEFAULT_DESCRIPTION: &str =
    "Paduka: footwear for every step. Sneakers, sandals, formals and more, delivered across India.";
/// Search engines show about this many characters of a description.
const DESCRIPTION_CHARS: usize = 160;

/// The width of the photo link previews show. Open Graph asks for at least 1200 px; the
/// photos are served at [`PhotoWidth::ALL`] only (decisions 9), so the preview takes the
/// nearest wider one, which the product page's `srcset` also uses on large screens (one
/// variant made and kept for both). Never upscaled: a narrower upload is sent as it is.
pub const PREVIEW_WIDTH: u32 = 1600;
/// The width of the `src` the app's `<img>` carries (product-image.tsx).
const SRC_WIDTH: u32 = 480;
/// How wide the product page draws its main photo: `STAGE_SIZES` in
/// frontend/src/features/catalog/components/product-gallery.tsx, to the character, or the
/// preload is wasted (a test compares them).
pub const PRODUCT_PHOTO_SIZES: &str =
    "(max-width: 860px) calc(100vw - 32px), (max-width: 1263px) 50vw, 570px";
/// How wide the category page draws its first card's photo: `CARD_SIZES_FULL_WIDTH` in
/// frontend/src/features/catalog/components/product-grid.tsx.
pub const CATEGORY_CARD_SIZES: &str =
    "(max-width: 520px) calc(50vw - 22px), (max-width: 1099px) calc(50vw - 30px), 365px";
/// The first page the category page asks for (`limit` in index.html's preload script).
const CATEGORY_FIRST_PAGE: u32 = 24;
/// A sitemap may list at most this many addresses (sitemaps.org).
const SITEMAP_MAX_URLS: usize = 50_000;

/// The built `index.html`, cut where each page's head goes.
#[derive(Debug, Clone)]
pub struct Shell {
    /// Up to where the `<title>` was (its description tag removed).
    before: String,
    /// From after the `</title>` on.
    after: String,
    /// The built file's own title and description (text, unescaped): the home page's.
    title: String,
    description: String,
}

impl Shell {
    /// Finds the `<title>` and the `<meta name="description">` in the head once. Without a
    /// title the tags go before `</head>`, or at the start of a file that has neither.
    pub fn parse(html: &str) -> Self {
        // ASCII lower case keeps every byte where it was.
        let lower = html.to_ascii_lowercase();
        let head_end = lower.find("</head>").unwrap_or(html.len());
        let mut cuts: Vec<Range<usize>> = Vec::new();
        let mut description = None;
        let mut from = 0;
        while let Some(at) = lower[from..head_end].find("<meta") {
            let start = from + at;
            let Some(end) = tag_end(html, start) else {
                break;
            };
            let tag = &html[start..end];
            if attribute(tag, "name").is_some_and(|name| name.eq_ignore_ascii_case("description")) {
                description.get_or_insert_with(|| attribute(tag, "content").unwrap_or_default());
                cuts.push(whole_lines(html, start..end));
            }
            from = end;
        }
        let title = lower[..head_end].find("<title").and_then(|start| {
            let open_end = tag_end(html, start)?;
            let close = open_end + lower[open_end..].find("</title>")?;
            Some((start..close + "</title>".len(), &html[open_end..close]))
        });
        let (insert_at, title) = match title {
            Some((range, text)) => {
                cuts.push(range.clone());
                (range.start, Some(text))
            }
            None if head_end < html.len() => (head_end, None),
            None => (0, None),
        };
        cuts.sort_by_key(|cut| cut.start);
        let (mut before, mut after) = (String::new(), String::new());
        let mut kept_from = 0;
        let mut keep = |range: Range<usize>| {
            before.push_str(&html[range.start.min(insert_at)..range.end.min(insert_at)]);
            after.push_str(&html[range.start.max(insert_at)..range.end.max(insert_at)]);
        };
        for cut in cuts {
            if cut.start < kept_from {
                continue;
            }
            keep(kept_from..cut.start);
            kept_from = cut.end;
        }
        keep(kept_from..html.len());
        let text = |raw: Option<&str>, default: &str| {
            let text = collapse(&unescape(raw.unwrap_or_default()));
            if text.is_empty() {
                default.to_owned()
            } else {
                text
            }
        };
        Self {
            before,
            after,
            title: text(title, DEFAULT_TITLE),
            description: text(description, DEFAULT_DESCRIPTION),
        }
    }

    fn render(&self, head: &Head) -> String {
        let tags = head.html();
        let mut page = String::with_capacity(self.before.len() + tags.len() + self.after.len());
        page.push_str(&self.before);
        page.push_str(&tags);
        page.push_str(&self.after);
        page
    }
}

/// The end (after its `>`) of the tag starting at `start`; a `>` inside quotes does not count.
fn tag_end(html: &str, start: usize) -> Option<usize> {
    let mut quote = None;
    for (i, byte) in html.bytes().enumerate().skip(start) {
        match (quote, byte) {
            (None, b'"' | b'\'') => quote = Some(byte),
            (Some(q), _) if q == byte => quote = None,
            (None, b'>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// The value of the attribute `wanted` in `tag` (`<meta name="x" content='y'>`), as written.
fn attribute<'a>(tag: &'a str, wanted: &str) -> Option<&'a str> {
    let bytes = tag.as_bytes();
    let at = |i: usize| bytes.get(i).copied().unwrap_or(b'>');
    let mut i = 1;
    while !at(i).is_ascii_whitespace() && at(i) != b'>' {
        i += 1;
    }
    loop {
        while at(i).is_ascii_whitespace() || at(i) == b'/' {
            i += 1;
        }
        if at(i) == b'>' {
            return None;
        }
        let name_start = i;
        while !at(i).is_ascii_whitespace() && !matches!(at(i), b'=' | b'>' | b'/') {
            i += 1;
        }
        let name = &tag[name_start..i];
        while at(i).is_ascii_whitespace() {
            i += 1;
        }
        let mut value = "";
        if at(i) == b'=' {
            i += 1;
            while at(i).is_ascii_whitespace() {
                i += 1;
            }
            let quote = at(i);
            if quote == b'"' || quote == b'\'' {
                let start = i + 1;
                let end = start + tag[start..].find(char::from(quote))?;
                value = &tag[start..end];
                i = end + 1;
            } else {
                let start = i;
                while !at(i).is_ascii_whitespace() && at(i) != b'>' {
                    i += 1;
                }
                value = &tag[start..i];
            }
        }
        if name.eq_ignore_ascii_case(wanted) {
            return Some(value);
        }
    }
}

/// `range` widened to its whole lines when nothing else is on them (so no blank line stays).
fn whole_lines(html: &str, range: Range<usize>) -> Range<usize> {
    let line_start = html[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let rest = &html[range.end..];
    let line_end = rest.find('\n').map_or(html.len(), |i| range.end + i + 1);
    let blank = |text: &str| text.trim().is_empty();
    if blank(&html[line_start..range.start]) && blank(&html[range.end..line_end]) {
        line_start..line_end
    } else {
        range
    }
}

/// The few entities a built file's title or description may carry.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Runs of white space as one space, none at either end.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// JSON that cannot end its `<script>` or open a comment there: `<`, `>` and `&` (which only
/// ever occur inside strings) written as `\u003c`, `\u003e`, `\u0026`, and the two line
/// separators JavaScript once refused as `\u2028`, `\u2029`. Still the same JSON.
pub fn json_for_script(value: &Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// `text` escaped for XML text.
fn escape_xml(text: &str) -> Cow<'_, str> {
    // The same five characters; `&#39;` is XML too.
    escape_html(text)
}

/// A path segment as `encodeURIComponent` writes it (what the app's URLs carry).
fn encode_component(text: &str) -> Cow<'_, str> {
    let keep = |b: u8| b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b);
    if text.bytes().all(keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if keep(byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    Cow::Owned(out)
}

/// A query value as `URLSearchParams` writes it (the app's `apiUrl`).
fn encode_query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b' ' => out.push('+'),
            b if b.is_ascii_alphanumeric() || b"*-._".contains(&b) => out.push(char::from(b)),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The path of a product's photo at `width`, exactly as the app writes it
/// (`productPhotoUrl` in frontend/src/lib/api-client.ts).
pub fn photo_path(product: &ProductId, width: u32, version: &str) -> String {
    format!(
        "/api/v1/product/product-photo/{}?w={width}&v={}",
        encode_component(product.as_str()),
        encode_query_value(version)
    )
}

/// The app's `srcset` of a product photo (`productPhotoSrcSet`).
fn photo_srcset(product: &ProductId, version: &str) -> String {
    PhotoWidth::ALL
        .iter()
        .map(|w| {
            format!(
                "{} {}w",
                photo_path(product, w.pixels(), version),
                w.pixels()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A preload of a product photo that the app shows first with `sizes`, so the browser asks
/// for it with the HTML instead of after the app has run.
fn photo_preload(product: &ProductId, version: &str, sizes: &str) -> String {
    format!(
        r#"<link rel="preload" as="image" href="{}" imagesrcset="{}" imagesizes="{}" fetchpriority="high">"#,
        escape_html(&photo_path(product, SRC_WIDTH, version)),
        escape_html(&photo_srcset(product, version)),
        escape_html(sizes),
    )
}

/// A price as schema.org and Open Graph want it: `2699.10`.
fn decimal(price: Paise) -> String {
    format!("{}.{:02}", price.paise() / 100, price.paise() % 100)
}

/// At most [`DESCRIPTION_CHARS`] characters, cut at a word with `…`.
fn shorten(text: &str) -> String {
    let text = collapse(text);
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > DESCRIPTION_CHARS / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':', ' ']))
}

/// What one page's head says.
#[derive(Debug, Default)]
struct Head {
    title: String,
    description: String,
    /// The canonical address, also `og:url`; none on a page that was not found.
    canonical: Option<String>,
    og_title: String,
    og_type: &'static str,
    /// An absolute image address and its alternative text.
    image: Option<(String, String)>,
    noindex: bool,
    /// A product's price (`product:price:amount`).
    price: Option<Paise>,
    /// A ready `<link rel="preload">`.
    preload: Option<String>,
    json_ld: Vec<Value>,
}

impl Head {
    fn html(&self) -> String {
        let mut tags: Vec<String> = Vec::with_capacity(20);
        let meta = |kind: &str, key: &str, value: &str| {
            format!(r#"<meta {kind}="{key}" content="{}">"#, escape_html(value))
        };
        tags.push(format!("<title>{}</title>", escape_html(&self.title)));
        tags.push(meta("name", "description", &self.description));
        if self.noindex {
            tags.push(meta("name", "robots", "noindex"));
        }
        if let Some(url) = &self.canonical {
            tags.push(format!(
                r#"<link rel="canonical" href="{}">"#,
                escape_html(url)
            ));
        }
        tags.push(meta("property", "og:site_name", SITE_NAME));
        tags.push(meta("property", "og:locale", "en_IN"));
        tags.push(meta("property", "og:type", self.og_type));
        tags.push(meta("property", "og:title", &self.og_title));
        tags.push(meta("property", "og:description", &self.description));
        if let Some(url) = &self.canonical {
            tags.push(meta("property", "og:url", url));
        }
        if let Some((url, alt)) = &self.image {
            tags.push(meta("property", "og:image", url));
            tags.push(meta("property", "og:image:alt", alt));
        }
        if let Some(price) = self.price {
            tags.push(meta("property", "product:price:amount", &decimal(price)));
            tags.push(meta("property", "product:price:currency", "INR"));
        }
        tags.push(meta("name", "twitter:card", "summary_large_image"));
        tags.extend(self.preload.clone());
        for data in &self.json_ld {
            tags.push(format!(
                r#"<script type="application/ld+json">{}</script>"#,
                json_for_script(data)
            ));
        }
        tags.join("\n    ")
    }
}

/// Pages kept at the catalog revision they were made from.
struct Pages {
    entries: Mutex<HashMap<String, (u64, Arc<Precompressed>)>>,
}

impl Pages {
    /// Past this many pages (or bytes, every coding counted) some go: a shop's products and
    /// categories, and the sitemap, fit many times over.
    const MAX_ENTRIES: usize = 4096;
    const MAX_BYTES: usize = 32 << 20;

    fn get(&self, key: &str, revision: u64) -> Option<Arc<Precompressed>> {
        let entries = self.entries.lock().ok()?;
        let (made_at, page) = entries.get(key)?;
        (*made_at == revision).then(|| page.clone())
    }

    fn put(&self, key: String, revision: u64, page: Arc<Precompressed>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        entries.insert(key.clone(), (revision, page));
        let over = |entries: &HashMap<String, (u64, Arc<Precompressed>)>| {
            entries.len() > Self::MAX_ENTRIES
                || entries
                    .values()
                    .map(|(_, page)| page.weight())
                    .sum::<usize>()
                    > Self::MAX_BYTES
        };
        if over(&entries) {
            // Stale pages first; then any but the newest.
            entries.retain(|_, (made_at, _)| *made_at >= revision);
        }
        while over(&entries) {
            let Some(other) = entries.keys().find(|k| **k != key).cloned() else {
                break;
            };
            entries.remove(&other);
        }
    }
}

/// What a page request gets.
pub enum Page {
    Found(Arc<Precompressed>),
    /// An unknown product or category: [`Previews::not_found`] with status 404.
    NotFound,
}

/// The pages search engines and link previews read, and the sitemap.
pub struct Previews {
    /// `None` until the frontend is built: then only the sitemap is served.
    shell: Option<Shell>,
    /// `PUBLIC_URL`, without a trailing slash.
    public_url: String,
    catalog: Arc<dyn CatalogUseCases>,
    pages: Pages,
    not_found: Option<Arc<Precompressed>>,
}

const HTML: &str = "text/html; charset=utf-8";

impl Previews {
    /// `index_html`: the built app's `index.html`, if there is one.
    pub fn new(
        index_html: Option<&str>,
        public_url: &str,
        catalog: Arc<dyn CatalogUseCases>,
    ) -> Self {
        let shell = index_html.map(Shell::parse);
        let not_found = shell.as_ref().map(|shell| {
            let head = Head {
                title: format!("Page Not Found · {SITE_NAME}"),
                description: shell.description.clone(),
                og_title: format!("Page Not Found · {SITE_NAME}"),
                og_type: "website",
                noindex: true,
                ..Head::default()
            };
            Arc::new(compress(HTML, shell.render(&head), Effort::Best))
        });
        Self {
            shell,
            public_url: public_url.trim_end_matches('/').to_owned(),
            catalog,
            pages: Pages {
                entries: Mutex::default(),
            },
            not_found,
        }
    }

    /// Whether the pages can be made (the frontend is built).
    pub fn has_pages(&self) -> bool {
        self.shell.is_some()
    }

    /// The app's HTML for an unknown id: `Page Not Found`, `noindex`.
    pub fn not_found(&self) -> Option<&Arc<Precompressed>> {
        self.not_found.as_ref()
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }

    fn product_url(&self, id: &ProductId) -> String {
        self.url(&format!("/product/{}", encode_component(id.as_str())))
    }

    fn category_url(&self, id: &CategoryId) -> String {
        self.url(&format!("/category/{}", encode_component(id.as_str())))
    }

    /// A product's photo for previews (absolute, [`PREVIEW_WIDTH`]), else its first other
    /// picture when that is an address we can make absolute.
    fn product_image(&self, product: &Product) -> Option<String> {
        if product.has_photo
            && let Some(version) = &product.photo_version
        {
            return Some(self.url(&photo_path(&product.id, PREVIEW_WIDTH, version)));
        }
        product
            .other_photos
            .iter()
            .find_map(|picture| self.absolute(picture))
    }

    fn absolute(&self, address: &str) -> Option<String> {
        if address.starts_with("https://") || address.starts_with("http://") {
            Some(address.to_owned())
        } else if address.starts_with('/') && !address.starts_with("//") {
            Some(self.url(address))
        } else {
            None
        }
    }

    /// The page for `key` at the current catalog revision, made by `make` when not kept.
    async fn cached(
        &self,
        key: String,
        content_type: &'static str,
        make: impl Future<Output = Result<Option<String>, CatalogError>>,
    ) -> Result<Page, CatalogError> {
        // Read before making: a change meanwhile leaves the page tagged stale, never the
        // other way round.
        let revision = self.catalog.revision();
        if let Some(page) = self.pages.get(&key, revision) {
            return Ok(Page::Found(page));
        }
        let Some(body) = make.await? else {
            return Ok(Page::NotFound);
        };
        let page = Arc::new(compress(content_type, body, Effort::Cached));
        self.pages.put(key, revision, page.clone());
        Ok(Page::Found(page))
    }

    /// `/`: the built file's own title and description; the newest product's photo.
    pub async fn home(&self) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        self.cached("/".into(), HTML, async {
            let newest = self
                .catalog
                .list_products(&ProductQuery {
                    sort: ProductSort::Newest,
                    page: 1,
                    limit: Some(12),
                    ..ProductQuery::default()
                })
                .await?;
            let image = newest.products.iter().find_map(|product| {
                let url = self.product_image(product)?;
                Some((url, product.name.clone()))
            });
            let head = Head {
                title: shell.title.clone(),
                description: shell.description.clone(),
                canonical: Some(self.url("/")),
                og_title: shell.title.clone(),
                og_type: "website",
                image,
                json_ld: vec![json!({
                    "@context": "https://schema.org",
                    "@type": "WebSite",
                    "name": SITE_NAME,
                    "url": self.url("/"),
                })],
                ..Head::default()
            };
            Ok(Some(shell.render(&head)))
        })
        .await
    }

    /// `/category/{id}`: its name and product count; its newest product's photo, preloaded
    /// as the page's first card.
    pub async fn category(&self, id: &CategoryId) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        self.cached(format!("/category/{id}"), HTML, async {
            let categories = self.catalog.categories().await?;
            let Some(category) = categories.into_iter().find(|c| &c.id == id) else {
                return Ok(None);
            };
            // The very page the app asks for first, so its first card is the one preloaded.
            let first = self
                .catalog
                .list_products(&ProductQuery {
                    categories: vec![id.clone()],
                    sort: ProductSort::Newest,
                    page: 1,
                    limit: Some(CATEGORY_FIRST_PAGE),
                    ..ProductQuery::default()
                })
                .await?;
            let count = match first.total {
                1 => "1 product".to_owned(),
                n => format!("{n} products"),
            };
            let url = self.category_url(id);
            let preload = first.products.first().and_then(|product| {
                let version = product
                    .photo_version
                    .as_deref()
                    .filter(|_| product.has_photo)?;
                Some(photo_preload(&product.id, version, CATEGORY_CARD_SIZES))
            });
            let image = first
                .products
                .iter()
                .find_map(|product| Some((self.product_image(product)?, product.name.clone())))
                .or_else(|| Some((self.absolute(&category.image)?, category.name.clone())));
            let head = Head {
                title: format!("{} · {SITE_NAME}", category.name),
                description: shorten(&format!(
                    "{}: {count} at {SITE_NAME}, footwear for every step, delivered across India.",
                    category.name
                )),
                canonical: Some(url.clone()),
                og_title: category.name.clone(),
                og_type: "website",
                image,
                preload,
                json_ld: vec![breadcrumbs(&[
                    ("Home", self.url("/")),
                    (&category.name, url),
                ])],
                ..Head::default()
            };
            Ok(Some(shell.render(&head)))
        })
        .await
    }

    /// `/product/{id}`: its name, price, photo, JSON-LD `Product` and breadcrumbs; its main
    /// photo preloaded.
    pub async fn product(&self, id: &ProductId) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        self.cached(format!("/product/{id}"), HTML, async {
            let product = match self.catalog.product(id).await {
                Ok(product) => product,
                Err(CatalogError::ProductNotFound) => return Ok(None),
                Err(error) => return Err(error),
            };
            Ok(Some(shell.render(&self.product_head(&product))))
        })
        .await
    }

    fn product_head(&self, product: &Product) -> Head {
        let url = self.product_url(&product.id);
        let first = product.variants.first();
        let price = first.map(|v| v.price_after_discount());
        let text = if !product.info.trim().is_empty() {
            collapse(&product.info)
        } else {
            collapse(&product.descriptions.join(", "))
        };
        let price_text = match first {
            Some(v) if v.discount.value() > 0 => format!(
                "{} ({}% off {})",
                v.price_after_discount().in_indian_style(),
                v.discount.value(),
                v.price.in_indian_style()
            ),
            Some(v) => v.price.in_indian_style(),
            None => String::new(),
        };
        let mut description = format!("{} at {SITE_NAME}", product.name);
        if !price_text.is_empty() {
            description.push_str(&format!(": {price_text}"));
        }
        description.push('.');
        if !text.is_empty() {
            description.push(' ');
            description.push_str(&text);
        }
        let description = shorten(&description);
        let image = self.product_image(product);
        let in_stock = product.quantity > 0;
        let mut data = json!({
            "@context": "https://schema.org",
            "@type": "Product",
            "name": product.name,
            "description": if text.is_empty() { description.clone() } else { text },
            "sku": product.product_code,
            "url": url,
            "category": product.category.name,
            "brand": {"@type": "Brand", "name": SITE_NAME},
        });
        if let Some(image) = &image {
            data["image"] = json!([image]);
        }
        if !product.material.trim().is_empty() {
            data["material"] = json!(product.material);
        }
        if let Some(price) = price {
            data["offers"] = json!({
                "@type": "Offer",
                "price": decimal(price),
                "priceCurrency": "INR",
                "availability": if in_stock {
                    "https://schema.org/InStock"
                } else {
                    "https://schema.org/OutOfStock"
                },
                "itemCondition": "https://schema.org/NewCondition",
                "url": url,
            });
        }
        if product.rating.reviews > 0 {
            let average = (product.rating.average() * 10.0).round() / 10.0;
            data["aggregateRating"] = json!({
                "@type": "AggregateRating",
                "ratingValue": average,
                "reviewCount": product.rating.reviews,
                "bestRating": 5,
                "worstRating": 1,
            });
        }
        let preload = product
            .photo_version
            .as_deref()
            .filter(|_| product.has_photo)
            .map(|version| photo_preload(&product.id, version, PRODUCT_PHOTO_SIZES));
        Head {
            title: format!("{} · {SITE_NAME}", product.name),
            description,
            canonical: Some(url.clone()),
            og_title: product.name.clone(),
            og_type: "product",
            image: image.map(|image| (image, product.name.clone())),
            price,
            preload,
            json_ld: vec![
                data,
                breadcrumbs(&[
                    ("Home", self.url("/")),
                    (
                        &product.category.name,
                        self.category_url(&product.category.id),
                    ),
                    (&product.name, url),
                ]),
            ],
            ..Head::default()
        }
    }

    /// `/sitemap.xml`: the home page, every category and every product, with `lastmod` (a
    /// product's `updatedAt`; a category's and the home page's: their newest product's).
    pub async fn sitemap(&self) -> Result<Arc<Precompressed>, CatalogError> {
        let page = self
            .cached("sitemap.xml".into(), "application/xml", async {
                let categories = self.catalog.categories().await?;
                let products = self
                    .catalog
                    .list_products(&ProductQuery::default())
                    .await?
                    .products;
                let mut newest: HashMap<&CategoryId, DateTime<Utc>> = HashMap::new();
                for product in &products {
                    let at = newest
                        .entry(&product.category.id)
                        .or_insert(product.updated_at);
                    *at = (*at).max(product.updated_at);
                }
                let home_lastmod = newest.values().max().copied();
                let mut xml = String::with_capacity(256 + 160 * (products.len() + 8));
                xml.push_str(concat!(
                    r#"<?xml version="1.0" encoding="UTF-8"?>"#,
                    "\n",
                    r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
                    "\n"
                ));
                let mut entry = |loc: &str, lastmod: Option<DateTime<Utc>>| {
                    xml.push_str("  <url><loc>");
                    xml.push_str(&escape_xml(loc));
                    xml.push_str("</loc>");
                    if let Some(at) = lastmod {
                        xml.push_str("<lastmod>");
                        xml.push_str(&at.to_rfc3339_opts(SecondsFormat::Secs, true));
                        xml.push_str("</lastmod>");
                    }
                    xml.push_str("</url>\n");
                };
                entry(&self.url("/"), home_lastmod);
                for category in categories.iter().take(SITEMAP_MAX_URLS - 1) {
                    let lastmod = newest.get(&category.id).copied();
                    entry(&self.category_url(&category.id), lastmod);
                }
                let room = SITEMAP_MAX_URLS.saturating_sub(1 + categories.len());
                if products.len() > room {
                    tracing::warn!(
                        products = products.len(),
                        listed = room,
                        "the sitemap lists the first 50,000 addresses only"
                    );
                }
                for product in products.iter().take(room) {
                    entry(&self.product_url(&product.id), Some(product.updated_at));
                }
                xml.push_str("</urlset>\n");
                Ok(Some(xml))
            })
            .await?;
        match page {
            Page::Found(page) => Ok(page),
            Page::NotFound => unreachable!("a sitemap is always made"),
        }
    }
}

/// A `BreadcrumbList` of (name, address) from the home page down.
fn breadcrumbs(items: &[(&str, String)]) -> Value {
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (name, url))| {
            json!({"@type": "ListItem", "position": i + 1, "name": name, "item": url})
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

fn compress(content_type: &'static str, body: String, effort: Effort) -> Precompressed {
    Precompressed::new(HeaderValue::from_static(content_type), body, effort)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = r#"<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Paduka: shoes &amp; more."
    />
    <title>Paduka · Footwear</title>
    <script data-route-chunks='{"a":["/x.js"]}'>
      if (1 > 0) document.title;
    </script>
  </head>
  <body><div id="root"></div></body>
</html>
"#;

    #[test]
    fn the_built_file_is_cut_where_the_title_was_and_keeps_everything_else() {
        let shell = Shell::parse(BUILT);
        assert_eq!(shell.title, "Paduka · Footwear");
        assert_eq!(shell.description, "Paduka: shoes & more.");
        assert!(shell.before.ends_with("<meta charset=\"UTF-8\" />\n    "));
        assert!(!shell.before.contains("description"));
        assert!(shell.after.starts_with("\n    <script data-route-chunks"));
        assert!(shell.after.contains("if (1 > 0) document.title;"));
        let head = Head {
            title: "T".into(),
            description: "D".into(),
            og_type: "website",
            ..Head::default()
        };
        let page = shell.render(&head);
        assert_eq!(page.matches("<title>").count(), 1);
        assert_eq!(page.matches("name=\"description\"").count(), 1);
        assert_eq!(
            page.replace(&head.html(), "<title>Paduka · Footwear</title>"),
            BUILT.replace(
                "    <meta\n      name=\"description\"\n      content=\"Paduka: shoes &amp; more.\"\n    />\n",
                ""
            )
        );
    }

    #[test]
    fn a_file_without_a_title_gets_the_tags_before_its_head_ends() {
        let shell = Shell::parse("<html><head><meta charset=utf-8></head><body></body></html>");
        assert_eq!(shell.before, "<html><head><meta charset=utf-8>");
        assert_eq!(shell.after, "</head><body></body></html>");
        assert_eq!(shell.title, DEFAULT_TITLE);
        let bare = Shell::parse("<!doctype html><title>Paduka</title>");
        assert_eq!(
            (bare.before.as_str(), bare.after.as_str()),
            ("<!doctype html>", "")
        );
        assert_eq!(bare.title, "Paduka");
    }

    #[test]
    fn inserted_texts_cannot_break_out() {
        let evil = "</title><script>alert(1)</script>\"'&";
        assert_eq!(
            escape_html(evil),
            "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"
        );
        let script = json_for_script(&json!({"name": "</script><!-- \u{2028}"}));
        assert!(!script.contains('<') && !script.contains('>'));
        let back: Value = serde_json::from_str(&script).unwrap();
        assert_eq!(back["name"], "</script><!-- \u{2028}");
    }

    #[test]
    fn photo_addresses_are_written_as_the_app_writes_them() {
        let id = ProductId::new("a b/é");
        assert_eq!(
            photo_path(&id, 480, "v 1"),
            "/api/v1/product/product-photo/a%20b%2F%C3%A9?w=480&v=v+1"
        );
        let plain = ProductId::new("0190-ab");
        assert_eq!(
            photo_srcset(&plain, "ff"),
            "/api/v1/product/product-photo/0190-ab?w=240&v=ff 240w, \
             /api/v1/product/product-photo/0190-ab?w=480&v=ff 480w, \
             /api/v1/product/product-photo/0190-ab?w=960&v=ff 960w, \
             /api/v1/product/product-photo/0190-ab?w=1600&v=ff 1600w"
        );
    }

    /// The preloads repeat the app's `sizes` and widths; a change there must come here too.
    #[test]
    fn the_preloads_match_the_apps_photo_layout() {
        let frontend = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src");
        let read = |path: &str| std::fs::read_to_string(format!("{frontend}/{path}"));
        let (Ok(gallery), Ok(grid), Ok(constants)) = (
            read("features/catalog/components/product-gallery.tsx"),
            read("features/catalog/components/product-grid.tsx"),
            read("config/constants.ts"),
        ) else {
            return; // A source package without the frontend: nothing to compare with.
        };
        assert!(
            gallery.contains(&format!("STAGE_SIZES = '{PRODUCT_PHOTO_SIZES}'")),
            "product-gallery.tsx's STAGE_SIZES changed: update PRODUCT_PHOTO_SIZES"
        );
        assert!(
            grid.replace("\n  ", " ")
                .contains(&format!("CARD_SIZES_FULL_WIDTH = '{CATEGORY_CARD_SIZES}'")),
            "product-grid.tsx's CARD_SIZES_FULL_WIDTH changed: update CATEGORY_CARD_SIZES"
        );
        let widths: Vec<String> = PhotoWidth::ALL
            .iter()
            .map(|w| w.pixels().to_string())
            .collect();
        assert!(
            constants.contains(&format!("PHOTO_WIDTHS = [{}] as const", widths.join(", "))),
            "constants.ts's PHOTO_WIDTHS differ from the server's"
        );
    }

    #[test]
    fn prices_read_as_in_india() {
        assert_eq!(decimal(Paise::from_stored(269_910)), "2699.10");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let long = "word ".repeat(100);
        let short = shorten(&long);
        assert!(short.chars().count() <= DESCRIPTION_CHARS);
        assert!(short.ends_with("word…"));
    }
}
