//! The routes of the pages link previews and search engines read (decisions D17): each asks
//! [`Previews`] for its page and answers it with the caching every page has.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Route, guard, web};
use paduka_application::catalog::CatalogError;
use paduka_domain::{CategoryId, ProductId};

use crate::frontend::{Frontend, not_built};
use crate::headers::REVALIDATE;
use crate::pages::{Page, Previews};

/// The pages, before the frontend's files: `/`, `/category/{id}`, `/product/{id}` and `/search` (when
/// the frontend is built; else they stay the fallback's) and `/sitemap.xml`. `frontend`
/// serves the app's plain shell when the catalog cannot be read: the shopper still gets the
/// app.
pub fn previews(
    previews: Arc<Previews>,
    frontend: Arc<Frontend>,
) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        let pages = previews.has_pages();
        config
            .app_data(web::Data::from(previews))
            .app_data(web::Data::from(frontend))
            .service(web::resource("/sitemap.xml").route(get_or_head().to(sitemap)));
        if pages {
            config
                .service(web::resource("/").route(get_or_head().to(home_page)))
                .service(web::resource("/category/{id}").route(get_or_head().to(category_page)))
                .service(web::resource("/product/{id}").route(get_or_head().to(product_page)))
                .service(web::resource("/search").route(get_or_head().to(search_page)));
        }
    }
}

/// A route that answers GET and HEAD.
pub(crate) fn get_or_head() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The address's `?color=` (its first), unless blank.
fn asked_colour(request: &HttpRequest) -> Option<String> {
    web::Query::<Vec<(String, String)>>::from_query(request.query_string())
        .ok()?
        .into_inner()
        .into_iter()
        .find(|(name, _)| name == "color")
        .map(|(_, value)| value)
        .filter(|value| !value.trim().is_empty())
}

/// `/`; with `?color=` (a listing of one colour, decisions D47) the app's to draw, as a
/// search with a size is: the plain shell.
async fn home_page(request: HttpRequest, previews: web::Data<Previews>) -> HttpResponse {
    if asked_colour(&request).is_some() {
        return plain_shell(&request);
    }
    respond(&request, &previews, previews.home().await)
}

/// `/category/{id}`; with `?color=` the app's to draw, as the home page's.
async fn category_page(
    request: HttpRequest,
    id: web::Path<String>,
    previews: web::Data<Previews>,
) -> HttpResponse {
    if asked_colour(&request).is_some() {
        return plain_shell(&request);
    }
    let page = previews.category(&CategoryId::new(id.into_inner())).await;
    respond(&request, &previews, page)
}

/// `/product/{id}`, in the colour `?color=` names when the product offers it.
async fn product_page(
    request: HttpRequest,
    id: web::Path<String>,
    previews: web::Data<Previews>,
) -> HttpResponse {
    let colour = asked_colour(&request);
    let page = previews
        .product(&ProductId::new(id.into_inner()), colour.as_deref())
        .await;
    respond(&request, &previews, page)
}

/// `/search?q=`: drawn for a search by words alone; any other search (none, or with a size) is
/// the app's to draw, from the plain shell.
async fn search_page(request: HttpRequest, previews: web::Data<Previews>) -> HttpResponse {
    let words = web::Query::<Vec<(String, String)>>::from_query(request.query_string())
        .ok()
        .and_then(|query| match query.into_inner().as_slice() {
            [(name, q)] if name == "q" && !q.trim().is_empty() => Some(q.trim().to_owned()),
            _ => None,
        });
    let page = match words {
        Some(q) => previews.search(&q).await.transpose(),
        None => None,
    };
    match page {
        Some(page) => respond(&request, &previews, page),
        None => plain_shell(&request),
    }
}

/// The built `index.html` as it is: the app draws the page.
fn plain_shell(request: &HttpRequest) -> HttpResponse {
    let shell = request
        .app_data::<web::Data<Frontend>>()
        .and_then(|frontend| frontend.index());
    match shell {
        Some(index) => index.respond(request, REVALIDATE),
        None => not_built(),
    }
}

/// A page as made; an unknown id's 404; the plain shell when the catalog failed.
fn respond(
    request: &HttpRequest,
    previews: &Previews,
    page: Result<Page, CatalogError>,
) -> HttpResponse {
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
            plain_shell(request)
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
