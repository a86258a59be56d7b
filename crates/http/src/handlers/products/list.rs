use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::cache::ListCache;
use crate::dto::{ErrorBody, ProductDto, ProductListParams, ProductListResponse};
use crate::handlers::media::etag_matches;

/// The catalog, filtered, sorted and paged on the server; without parameters, every product,
/// newest first. Revalidate with `If-None-Match` (304).
#[utoipa::path(
    get,
    path = "/api/v1/product/get-products",
    tag = "products",
    params(ProductListParams),
    responses(
        (status = 200, description = "The matching products", body = ProductListResponse),
        (status = 304, description = "Unchanged since the ETag given in `If-None-Match`"),
        (status = 400, description = "A parameter is out of range", body = ErrorBody),
    )
)]
pub async fn get_products(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
    params: web::Query<ProductListParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().try_into_domain()?;
    let key = format!("{query:?}");
    let revision = catalog.revision();
    let reply = match cache.get(&key, revision) {
        Some(reply) => reply,
        None => {
            let page = catalog.list_products(&query).await?;
            let products: Vec<ProductDto> = page.products.iter().map(ProductDto::from).collect();
            let body = serde_json::to_vec(&ProductListResponse {
                success: true,
                count: products.len(),
                total: page.total,
                products,
            })
            .map_err(|e| ApiError::Unexpected(e.into()))?;
            cache.put(key, revision, body)
        }
    };
    // Browsers may keep the list but must ask again; the ETag makes asking cheap.
    let headers = [
        (header::ETAG, reply.etag.clone()),
        (header::CACHE_CONTROL, "no-cache".to_owned()),
    ];
    if etag_matches(request.headers().get(header::IF_NONE_MATCH), &reply.etag) {
        let mut response = HttpResponse::NotModified();
        headers.into_iter().for_each(|h| {
            response.insert_header(h);
        });
        return Ok(response.finish());
    }
    let mut response = HttpResponse::Ok();
    headers.into_iter().for_each(|h| {
        response.insert_header(h);
    });
    Ok(response
        .content_type(header::ContentType::json())
        .body(reply.body))
}
