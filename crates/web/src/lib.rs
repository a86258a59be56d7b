//! The shop's web pages: an inbound adapter beside `paduka-http`'s `/api/v1`, answering what
//! a browser, a link preview or a search engine asks for at every other path.
//!
//! - [`Frontend`]: the built app (`STATIC_DIR`) read once, its text files kept compressed
//!   and served from memory, with the single-page app's fallback to `index.html`
//!   ([`frontend`]).
//! - [`Previews`]: the home, category, product and search pages (the app's `index.html` with
//!   each page's own head, decisions D17, and the page drawn by the app's own components,
//!   decisions D32) and `/sitemap.xml`, made once per catalog revision; one file per page in
//!   `pages/`. Mounted by [`previews`] before the frontend's files.
//! - [`ssr::Renderer`]: the app's server bundle run in QuickJS on render threads of its own.
//! - `/robots.txt` ([`robots`]), and the `X-Request-Id` and caching headers of every reply
//!   ([`cache_and_request_id`]).

mod frontend;
mod head;
mod headers;
mod json_ld;
mod pages;
mod photos;
mod robots;
mod routes;
mod shell;
pub mod ssr;
mod text;

pub use frontend::{Frontend, frontend};
pub use headers::cache_and_request_id;
pub use pages::{Page, Previews};
pub use robots::robots;
pub use routes::previews;
