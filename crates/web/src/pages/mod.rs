//! Link previews and search (decisions D17), and the drawn pages (decisions D29, D32).
//!
//! WhatsApp, Instagram and search engines read the HTML the server sends and run no
//! JavaScript, so `/`, `/category/{id}` and `/product/{id}` get the app's `index.html` with
//! the page's own `<title>`, description, canonical link, Open Graph and Twitter tags, and
//! on a product page JSON-LD (`Product`, `BreadcrumbList`). An unknown id gets the same app
//! (which shows its `Page Not Found`) with status 404 and `noindex`. `/sitemap.xml` lists
//! the home page, every category and every product.
//!
//! Each page has a file of its own here that reads what it shows from the catalog, says what
//! its [`Head`] holds and which API replies its first view carries (the very replies the API
//! gives, by the address the app asks them at). [`Previews::page`] has the app's own components
//! draw the page from that first view ([`Renderer`], the server bundle in QuickJS), writes the
//! head and the drawn markup into the built file ([`Shell`]), and keeps the result. A page is
//! made once per catalog revision and kept compressed ([`PageCache`]): a request for a page seen
//! since the last catalog change costs a lookup, and any change (in this process, or seen by the
//! change watcher) makes the next request build it again; the home page is drawn ahead
//! ([`Previews::keep_home_drawn`]). A page the engine cannot draw in time, or at all, is served
//! as the plain app shell (its head and first view kept, an empty `#root` the app draws).
//!
//! Every text inserted is HTML-escaped; JSON-LD is also made safe inside `<script>`.

mod cache;
mod category;
mod home;
mod product;
mod search;
mod sitemap;

use std::sync::Arc;

use actix_web::http::header::HeaderValue;
use paduka_application::catalog::{
    CatalogError, CatalogUseCases, ProductPage, ProductQuery, ProductSort,
};
use paduka_domain::catalog::Product;
use paduka_domain::{CategoryId, ProductId};
use paduka_http::API_PREFIX;
use paduka_http::encoding::{Effort, Precompressed};
use serde_json::Value;

use self::cache::PageCache;
use crate::head::{Head, SITE_NAME};
use crate::photos::{PREVIEW_WIDTH, photo_path};
use crate::shell::Shell;
use crate::ssr::{Drawn, Failure, Renderer};
use crate::text::{encode_component, encode_query_value};

const HTML: &str = "text/html; charset=utf-8";

/// A page's head (with the first view it carries) and what the app draws it at.
#[derive(Clone)]
struct View {
    head: Head,
    /// The app's route whose stylesheets the page needs (`category`, `product`, `search`), if
    /// any.
    route: Option<&'static str>,
    /// The page's path and query, as the browser's address bar has them: the app's router
    /// draws the page at it.
    url: String,
}

impl View {
    /// The page: drawn by the app's components, or the plain shell (`None`).
    fn html(&self, shell: &Shell, drawn: Option<&Drawn>) -> String {
        match drawn {
            Some(drawn) => {
                let mut head = self.head.clone();
                head.preload = Some(drawn.head.clone()).filter(|links| !links.is_empty());
                shell.render(&head, self.route, &drawn.body)
            }
            None => shell.render(&self.head, self.route, ""),
        }
    }
}

/// The API's replies a first view is made from, by the address the app asks for each
/// (decisions D29).
#[derive(Default)]
struct FirstView(serde_json::Map<String, Value>);

impl FirstView {
    fn add(&mut self, address: String, reply: &impl serde::Serialize) {
        if let Ok(value) = serde_json::to_value(reply) {
            self.0.insert(format!("{API_PREFIX}{address}"), value);
        }
    }

    fn into_value(self) -> Option<Value> {
        Some(Value::Object(self.0))
    }
}

/// The first page of a listing as the app asks for it (`getProductPage` with
/// `PRODUCT_PAGE_SIZE`): the address its reply is kept under, and the query.
pub(super) const FIRST_PAGE: u32 = 24;

fn first_page_address(category: Option<&CategoryId>) -> String {
    let category = category.map_or_else(String::new, |id| {
        format!("category={}&", encode_query_value(id.as_str()))
    });
    format!("/product/get-products?{category}sort=newest&page=1&limit={FIRST_PAGE}")
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
    shell: Option<Arc<Shell>>,
    /// `PUBLIC_URL`, without a trailing slash.
    public_url: String,
    catalog: Arc<dyn CatalogUseCases>,
    pages: Arc<PageCache>,
    not_found: Option<Arc<Precompressed>>,
    renderer: Arc<Renderer>,
}

impl Previews {
    /// `index_html`: the built app's `index.html`, if there is one.
    /// `renderer`: the app's server render ([`Renderer::disabled`]: every page the plain shell).
    pub fn new(
        index_html: Option<&str>,
        public_url: &str,
        catalog: Arc<dyn CatalogUseCases>,
        renderer: Arc<Renderer>,
    ) -> Self {
        let shell = index_html.map(|html| Arc::new(Shell::parse(html)));
        let not_found = shell.as_ref().map(|shell| {
            let head = Head {
                title: format!("Page Not Found · {SITE_NAME}"),
                description: shell.description.clone(),
                og_title: format!("Page Not Found · {SITE_NAME}"),
                og_type: "website",
                noindex: true,
                ..Head::default()
            };
            Arc::new(compress(HTML, shell.render(&head, None, ""), Effort::Best))
        });
        Self {
            shell,
            public_url: public_url.trim_end_matches('/').to_owned(),
            catalog,
            pages: Arc::default(),
            not_found,
            renderer,
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

    /// The first `limit` products, newest first (of `categories`, when there are any): what
    /// the app's listings ask for first.
    async fn newest(
        &self,
        categories: Vec<CategoryId>,
        limit: u32,
    ) -> Result<ProductPage, CatalogError> {
        self.catalog
            .list_products(&ProductQuery {
                categories,
                sort: ProductSort::Newest,
                page: 1,
                limit: Some(limit),
                ..ProductQuery::default()
            })
            .await
    }

    /// The HTML page for `key`: the built file with the head `view` makes and the page the
    /// app's components draw from its first view (`None`: an unknown id). Without a built
    /// frontend every page is [`Page::NotFound`]. `period`: for a page that also changes with
    /// time, which period it is (else 0).
    ///
    /// A render past the renderer's wait is served as the plain shell, not kept, and finishes
    /// into the cache for the next request; a page the engine cannot draw at all is kept plain
    /// until the next catalog change.
    async fn page(
        &self,
        key: String,
        period: u64,
        view: impl Future<Output = Result<Option<View>, CatalogError>>,
    ) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        // Read before making: a change meanwhile leaves the page tagged stale, never the
        // other way round.
        let made = (self.catalog.revision(), period);
        if let Some(page) = self.pages.get(&key, made) {
            return Ok(Page::Found(page));
        }
        let Some(view) = view.await? else {
            return Ok(Page::NotFound);
        };
        let first_view = view
            .head
            .first_view
            .as_ref()
            .map_or_else(String::new, Value::to_string);
        let mut pending = self.renderer.render(view.url.clone(), first_view);
        let drawn = pending.within(self.renderer.wait()).await;
        let page = Arc::new(compress(
            HTML,
            view.html(shell, drawn.as_ref().ok()),
            Effort::Cached,
        ));
        match drawn {
            Ok(_) => self.pages.put(key, made, page.clone()),
            Err(failure) if failure.is_lasting() => self.pages.put(key, made, page.clone()),
            Err(Failure::Late) => {
                tracing::info!(
                    page = key,
                    "not drawn within the wait: the plain shell is served, the render goes on into the cache"
                );
                let (shell, pages) = (shell.clone(), self.pages.clone());
                tokio::spawn(async move {
                    if let Ok(drawn) = pending.finish().await {
                        let page = compress(HTML, view.html(&shell, Some(&drawn)), Effort::Cached);
                        pages.put(key, made, Arc::new(page));
                    }
                });
            }
            Err(_) => {}
        }
        Ok(Page::Found(page))
    }

    /// The page for `key` at the current catalog revision (and `period`), made by `make` when
    /// not kept.
    async fn cached(
        &self,
        key: String,
        period: u64,
        content_type: &'static str,
        make: impl Future<Output = Result<Option<String>, CatalogError>>,
    ) -> Result<Page, CatalogError> {
        // Read before making: a change meanwhile leaves the page tagged stale, never the
        // other way round.
        let revision = self.catalog.revision();
        if let Some(page) = self.pages.get(&key, (revision, period)) {
            return Ok(Page::Found(page));
        }
        let Some(body) = make.await? else {
            return Ok(Page::NotFound);
        };
        let page = Arc::new(compress(content_type, body, Effort::Cached));
        self.pages.put(key, (revision, period), page.clone());
        Ok(Page::Found(page))
    }
}

fn compress(content_type: &'static str, body: String, effort: Effort) -> Precompressed {
    Precompressed::new(HeaderValue::from_static(content_type), body, effort)
}

#[cfg(test)]
mod tests;
