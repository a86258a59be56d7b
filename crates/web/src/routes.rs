//! The built frontend: its text files compressed once and served from memory with the right
//! caching, the single-page-app fallback, `/robots.txt`, and the routes of
//! [`crate::previews`]: the home, category and product pages with their own head, and
//! `/sitemap.xml`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use actix_files::Files;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::{Next, from_fn};
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, guard, web};
use paduka_domain::{CategoryId, ProductId};
use paduka_http::encoding::{self, Effort, Precompressed, is_compressible};
use tracing_actix_web::RequestId;

use crate::previews::{Page, Previews};

/// Hashed build output: its name changes whenever its content does.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (the HTML shell above all) is revalidated on every use.
const REVALIDATE: &str = "no-cache";

/// How long a browser may keep what `path` answers: hashed assets for a year, the rest
/// revalidated.
fn cache_policy(path: &str) -> &'static str {
    if path.starts_with("/assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

/// The built frontend (`STATIC_DIR`), read once at start.
///
/// Every text file (HTML, JS, CSS, SVG, JSON…) is held in memory as identity, brotli at
/// quality 11 and gzip -9 ([`Precompressed`]), so a request costs a lookup and a copy of a
/// pointer. The compressed codings are taken from `name.br` / `name.gz` next to the file when
/// those are at least as new as it (a build that made them, or an earlier start); otherwise
/// they are made here and written there, when the folder is writable, for the next start.
/// Images, fonts and other binary files stay on disk and are served as they are.
pub struct Frontend {
    dir: PathBuf,
    /// By URL path: `/index.html`, `/assets/vendor-….js`.
    files: HashMap<String, Arc<Precompressed>>,
}

impl Frontend {
    /// Larger text files stay on disk, served uncompressed: a build has none, and memory
    /// stays bounded whatever the folder holds.
    const MAX_FILE_SIZE: u64 = 8 << 20;
    /// Folders deeper than this are not read (a symlink loop must not hang the start).
    const MAX_DEPTH: usize = 16;

    /// Reads and compresses the folder's text files. Blocking: call it off the runtime.
    pub fn load(dir: &Path) -> Self {
        let started = Instant::now();
        let mut files = HashMap::new();
        collect(dir, "", 0, &mut files);
        let bytes: usize = files.values().map(|file| file.identity().len()).sum();
        tracing::info!(
            dir = %dir.display(),
            files = files.len(),
            kilobytes = bytes / 1024,
            millis = started.elapsed().as_millis() as u64,
            "frontend files ready in memory, compressed"
        );
        Self {
            dir: dir.to_path_buf(),
            files,
        }
    }

    /// The file a GET of `path` asks for (a folder's `index.html` for a path ending in `/`).
    fn file(&self, path: &str) -> Option<&Arc<Precompressed>> {
        if path.ends_with('/') {
            self.files.get(&format!("{path}index.html"))
        } else {
            self.files.get(path)
        }
    }

    /// The app's HTML shell, answered for every path the browser's router owns.
    fn index(&self) -> Option<&Arc<Precompressed>> {
        self.files.get("/index.html")
    }

    /// The built `index.html`'s text, for the pages with a head of their own.
    pub fn index_html(&self) -> Option<&str> {
        self.index()
            .and_then(|index| std::str::from_utf8(index.identity()).ok())
    }
}

fn collect(
    dir: &Path,
    url_prefix: &str,
    depth: usize,
    files: &mut HashMap<String, Arc<Precompressed>>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let Ok(metadata) = std::fs::metadata(entry.path()) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let url = format!("{url_prefix}/{name}");
        if metadata.is_dir() {
            if depth < Frontend::MAX_DEPTH {
                collect(&entry.path(), &url, depth + 1, files);
            }
            continue;
        }
        let mime = Path::new(&name)
            .extension()
            .and_then(|ext| ext.to_str())
            .map(actix_files::file_extension_to_mime);
        let Some(mime) = mime.filter(|mime| is_compressible(mime.essence_str())) else {
            continue;
        };
        if metadata.len() > Frontend::MAX_FILE_SIZE {
            continue;
        }
        let Ok(identity) = std::fs::read(entry.path()) else {
            continue;
        };
        let content_type = if mime.type_() == "text" || mime.subtype() == "javascript" {
            format!("{}; charset=utf-8", mime.essence_str())
        } else {
            mime.essence_str().to_owned()
        };
        let Ok(content_type) = HeaderValue::from_str(&content_type) else {
            continue;
        };
        let path = entry.path();
        let modified = metadata.modified().ok();
        let brotli = ahead_of_time(&path, "br", modified)
            .unwrap_or_else(|| keep(&path, "br", encoding::brotli(&identity, Effort::Best)));
        let gzip = ahead_of_time(&path, "gz", modified)
            .unwrap_or_else(|| keep(&path, "gz", encoding::gzip(&identity, Effort::Best)));
        let file = Precompressed::with_codings(content_type, Bytes::from(identity), brotli, gzip);
        files.insert(url, Arc::new(file));
    }
}

/// `file.ext` when it is at least as new as `file`.
fn ahead_of_time(file: &Path, ext: &str, source_modified: Option<SystemTime>) -> Option<Vec<u8>> {
    let sibling = sibling(file, ext);
    let modified = std::fs::metadata(&sibling)
        .and_then(|m| m.modified())
        .ok()?;
    if modified < source_modified? {
        return None;
    }
    std::fs::read(sibling).ok()
}

/// Writes `bytes` to `file.ext` for the next start, if the folder lets us; returns them.
fn keep(file: &Path, ext: &str, bytes: Vec<u8>) -> Vec<u8> {
    if let Err(error) = std::fs::write(sibling(file, ext), &bytes) {
        tracing::debug!(file = %file.display(), %error, "cannot keep the compressed file for the next start");
    }
    bytes
}

fn sibling(file: &Path, ext: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    PathBuf::from(name)
}

/// Serves the frontend at `/`: its text files from memory in the coding the browser accepts
/// best, other files from disk; any other path that is not an API call gets `index.html`, so
/// the browser's router can show it (or its own 404 page).
pub fn frontend(site: Arc<Frontend>) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        let dir = site.dir.clone();
        let fallback_site = site.clone();
        let fallback = fn_service(move |request: ServiceRequest| {
            let site = fallback_site.clone();
            async move {
                let (request, _) = request.into_parts();
                let response = if request.path().starts_with("/api/") {
                    HttpResponse::NotFound().json(serde_json::json!({
                        "success": false,
                        "message": "Not found",
                    }))
                } else {
                    match site.index() {
                        Some(index) => index.respond(&request, REVALIDATE),
                        None => HttpResponse::NotFound()
                            .content_type("text/plain; charset=utf-8")
                            .body("The frontend is not built yet: run `just run`."),
                    }
                };
                Ok(ServiceResponse::new(request, response))
            }
        });
        if dir.is_dir() {
            config.service(
                web::scope("")
                    .app_data(web::Data::from(site))
                    .wrap(from_fn(from_memory))
                    .service(
                        Files::new("/", dir)
                            .index_file("index.html")
                            .use_etag(true)
                            .default_handler(fallback),
                    ),
            );
        } else {
            config.default_service(fallback);
        }
    }
}

/// Answers a GET or HEAD of a file held in memory; anything else goes on to the files on disk.
async fn from_memory(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let file = matches!(*request.method(), Method::GET | Method::HEAD)
        .then(|| request.app_data::<web::Data<Frontend>>())
        .flatten()
        .and_then(|site| site.file(request.path()).cloned());
    match file {
        Some(file) => {
            let (request, _) = request.into_parts();
            let response = file.respond(&request, cache_policy(request.path()));
            Ok(ServiceResponse::new(request, response))
        }
        None => Ok(next.call(request).await?.map_into_boxed_body()),
    }
}

/// `/robots.txt` (decisions 12): crawlers may read everything but the admin area, the
/// shopper's own pages and the API, and learn where the sitemap is. Never the app's HTML.
pub fn robots(public_url: &str) -> impl FnOnce(&mut web::ServiceConfig) + use<> {
    let body = Bytes::from(format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /user\nDisallow: /api/\n\n\
         Sitemap: {}/sitemap.xml\n",
        public_url.trim_end_matches('/')
    ));
    move |config| {
        config.service(
            web::resource("/robots.txt").route(
                web::route()
                    .guard(guard::Any(guard::Get()).or(guard::Head()))
                    .to(move || {
                        let body = body.clone();
                        async move {
                            HttpResponse::Ok()
                                .content_type("text/plain; charset=utf-8")
                                .body(body)
                        }
                    }),
            ),
        );
    }
}

/// The pages link previews and search engines read (decisions 12), before the frontend's
/// files: `/`, `/category/{id}` and `/product/{id}` (when the frontend is built; else they
/// stay the fallback's) and `/sitemap.xml`. `frontend` serves the app's plain shell when the
/// catalog cannot be read: the shopper still gets the app.
pub fn previews(
    previews: Arc<Previews>,
    frontend: Arc<Frontend>,
) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        let get = || web::route().guard(guard::Any(guard::Get()).or(guard::Head()));
        let pages = previews.has_pages();
        config
            .app_data(web::Data::from(previews))
            .app_data(web::Data::from(frontend))
            .service(web::resource("/sitemap.xml").route(get().to(sitemap)));
        if pages {
            config
                .service(web::resource("/").route(get().to(home_page)))
                .service(web::resource("/category/{id}").route(get().to(category_page)))
                .service(web::resource("/product/{id}").route(get().to(product_page)));
        }
    }
}

async fn home_page(
    request: HttpRequest,
    previews: web::Data<Previews>,
    frontend: web::Data<Frontend>,
) -> HttpResponse {
    page(&request, &previews, &frontend, previews.home().await)
}

async fn category_page(
    request: HttpRequest,
    id: web::Path<String>,
    previews: web::Data<Previews>,
    frontend: web::Data<Frontend>,
) -> HttpResponse {
    let page = previews.category(&CategoryId::new(id.into_inner())).await;
    self::page(&request, &previews, &frontend, page)
}

async fn product_page(
    request: HttpRequest,
    id: web::Path<String>,
    previews: web::Data<Previews>,
    frontend: web::Data<Frontend>,
) -> HttpResponse {
    let page = previews.product(&ProductId::new(id.into_inner())).await;
    self::page(&request, &previews, &frontend, page)
}

/// A page as made; an unknown id's 404; the plain shell when the catalog failed.
fn page(
    request: &HttpRequest,
    previews: &Previews,
    frontend: &Frontend,
    page: Result<Page, paduka_application::catalog::CatalogError>,
) -> HttpResponse {
    let not_built = || {
        HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The frontend is not built yet: run `just run`.")
    };
    match page {
        Ok(Page::Found(page)) => page.respond(request, REVALIDATE),
        Ok(Page::NotFound) => match previews.not_found() {
            Some(page) => page.respond_as(StatusCode::NOT_FOUND, request, REVALIDATE),
            None => not_built(),
        },
        Err(error) => {
            tracing::error!(
                error = %error,
                path = request.path(),
                "cannot make the page's head: the plain app is sent"
            );
            match frontend.index() {
                Some(index) => index.respond(request, REVALIDATE),
                None => not_built(),
            }
        }
    }
}

async fn sitemap(request: HttpRequest, previews: web::Data<Previews>) -> HttpResponse {
    match previews.sitemap().await {
        Ok(sitemap) => sitemap.respond(&request, REVALIDATE),
        Err(error) => {
            tracing::error!(error = %error, "cannot make the sitemap");
            HttpResponse::ServiceUnavailable()
                .insert_header((header::RETRY_AFTER, "60"))
                .content_type("text/plain; charset=utf-8")
                .body("The sitemap cannot be made just now.")
        }
    }
}

/// Adds `X-Request-Id` to every response (the same id the logs carry), and caching headers
/// for the frontend's files served from disk (see [`cache_policy`]).
pub async fn cache_and_request_id(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .map(|id| id.to_string());
    let path = request.path().to_owned();
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if let Some(id) = request_id.and_then(|id: String| HeaderValue::from_str(&id).ok()) {
        headers.insert(header::HeaderName::from_static("x-request-id"), id);
    }
    if !path.starts_with("/api/") && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_policy(&path)),
        );
    }
    Ok(response)
}
