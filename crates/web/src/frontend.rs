//! The built frontend: its text files compressed once and served from memory with the right
//! caching, and the single-page app's fallback to its `index.html`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use actix_files::Files;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::Method;
use actix_web::http::header::HeaderValue;
use actix_web::middleware::{Next, from_fn};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use paduka_http::encoding::{self, Effort, Precompressed, is_compressible};

use crate::headers::{REVALIDATE, cache_policy};

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
    pub(crate) fn index(&self) -> Option<&Arc<Precompressed>> {
        self.files.get("/index.html")
    }

    /// The built `index.html`'s text, for the pages with a head of their own.
    pub fn index_html(&self) -> Option<&str> {
        self.index()
            .and_then(|index| std::str::from_utf8(index.identity()).ok())
    }
}

/// The folder of the build the server reads and never sends: the app's server bundle
/// (`server/entry-server.js`, decisions D32).
const SERVER_ONLY: &str = "server";

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
        if name.starts_with('.') || (depth == 0 && name == SERVER_ONLY) {
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
                        None => not_built(),
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

/// What a page gets while there is no built frontend to answer with.
pub(crate) fn not_built() -> HttpResponse {
    HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .body("The frontend is not built yet: run `just run`.")
}

/// Answers a GET or HEAD of a file held in memory; anything else goes on to the files on disk.
async fn from_memory(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let site = matches!(*request.method(), Method::GET | Method::HEAD)
        .then(|| request.app_data::<web::Data<Frontend>>())
        .flatten();
    // The server's own files are never sent: the path is the browser router's, as any other.
    let server_only = request
        .path()
        .strip_prefix('/')
        .and_then(|path| path.split('/').next())
        .is_some_and(|first| first == SERVER_ONLY);
    let file = site.and_then(|site| {
        if server_only {
            site.index().cloned()
        } else {
            site.file(request.path()).cloned()
        }
    });
    match file {
        Some(file) => {
            let (request, _) = request.into_parts();
            let response = file.respond(&request, cache_policy(request.path()));
            Ok(ServiceResponse::new(request, response))
        }
        None => Ok(next.call(request).await?.map_into_boxed_body()),
    }
}
