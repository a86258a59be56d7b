use actix_web::http::header::{self, Header, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::{PhotoRequest, PhotoUseCases};
use paduka_domain::ProductId;

use crate::ApiError;
use crate::contract::{NoPhoto, PathId, Unchanged, UnsupportedWidth};
use crate::dto::PhotoParams;
use crate::handlers::media::{IMMUTABLE_CACHE, PHOTO_CACHE, image_response};

/// The product's photo as stored, or with `w` that width for `srcset`: WebP for browsers that
/// take it, else the photo's own format; made once and kept. With `v` the current photo's
/// version, cached for a year. Revalidate with `If-None-Match` (304). Never `Content-Encoding`.
#[utoipa::path(
    params(PathId<ProductId>, PhotoParams),
    responses(
        (status = 200, description = "The image bytes, with their Content-Type, a strong ETag, Cache-Control, and `Vary: Accept` when sized",
            content_type = "image/*", body = inline(crate::handlers::media::ImageBytes)),
        UnsupportedWidth, NoPhoto, Unchanged,
    )
)]
#[get("/product/product-photo/{id}")]
pub async fn product_photo(
    request: HttpRequest,
    photos: web::Data<dyn PhotoUseCases>,
    PathId { id }: PathId<ProductId>,
    params: web::Query<PhotoParams>,
) -> Result<HttpResponse, ApiError> {
    let width = params.width()?;
    let asked = PhotoRequest {
        width,
        accepts_webp: accepts_webp(&request),
    };
    let served = photos.product_photo(&id, asked).await?;
    let cache = if params.v.as_deref() == Some(served.version.as_str()) {
        IMMUTABLE_CACHE
    } else {
        PHOTO_CACHE
    };
    let mut response = image_response(&request, served.image, cache);
    if width.is_some() {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Accept"));
    }
    Ok(response)
}

/// Whether `Accept` names `image/webp` itself (a wildcard promises nothing) with a quality
/// above zero.
fn accepts_webp(request: &HttpRequest) -> bool {
    header::Accept::parse(request).is_ok_and(|accept| {
        accept.iter().any(|range| {
            range.item.essence_str() == "image/webp" && range.quality > header::Quality::ZERO
        })
    })
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn with_accept(value: &str) -> bool {
        accepts_webp(
            &TestRequest::default()
                .insert_header((header::ACCEPT, value))
                .to_http_request(),
        )
    }

    #[test]
    fn webp_is_served_only_to_clients_that_name_it() {
        // Chromium's and Firefox's image requests.
        assert!(with_accept(
            "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
        ));
        assert!(with_accept("image/webp"));
        assert!(with_accept("image/png, image/webp;q=0.5"));
        assert!(!with_accept("image/webp;q=0"));
        assert!(
            !with_accept("image/*,*/*;q=0.8"),
            "a wildcard is no promise"
        );
        assert!(!with_accept("image/png"));
        assert!(!with_accept("not a media range at all"));
        assert!(!accepts_webp(&TestRequest::default().to_http_request()));
    }
}
