//! The shop's web pages, an inbound adapter beside `paduka-http`'s API: the built frontend
//! served from memory, the pages link previews and search engines read, `/robots.txt` and
//! `/sitemap.xml`.

pub mod previews;
mod routes;

pub use routes::{Frontend, cache_and_request_id, frontend, previews, robots};
