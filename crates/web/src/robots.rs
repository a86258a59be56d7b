//! `/robots.txt` (decisions D17).

use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};

use crate::routes::get_or_head;

/// `/robots.txt`: crawlers may read everything but the admin area, the shopper's own pages
/// and the API, and learn where the sitemap is. Never the app's HTML.
pub fn robots(public_url: &str) -> impl FnOnce(&mut web::ServiceConfig) + use<> {
    let body = Bytes::from(format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /user\nDisallow: /api/\n\n\
         Sitemap: {}/sitemap.xml\n",
        public_url.trim_end_matches('/')
    ));
    move |config| {
        config.service(
            web::resource("/robots.txt").route(get_or_head().to(move || {
                let body = body.clone();
                async move {
                    HttpResponse::Ok()
                        .content_type("text/plain; charset=utf-8")
                        .body(body)
                }
            })),
        );
    }
}
