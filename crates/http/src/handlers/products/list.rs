use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::auth::Viewer;
use crate::cache::ListCache;
use crate::client::ClientAddress;
use crate::contract::{ParameterOutOfRange, Unchanged};
use crate::dto::{ProductListParams, ProductListResponse, TryIntoDomain};

/// The catalog, filtered, sorted and paged on the server; without parameters, every product,
/// newest first. Without `q`, compressed once per change (brotli or gzip by `Accept-Encoding`,
/// an ETag per coding); revalidate with `If-None-Match` (304). A search (`q`) is answered
/// afresh each time, and one that lists nothing is counted (`GET /product/search-misses`; once
/// per client address a day, for at most 64 letters and 5 words). Drafts are listed to admins
/// only.
#[utoipa::path(
    params(ProductListParams),
    responses(
        (status = 200, description = "The matching products", body = ProductListResponse),
        ParameterOutOfRange, Unchanged,
    )
)]
#[get("/product/get-products")]
pub async fn get_products(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
    params: web::Query<ProductListParams>,
    client: ClientAddress,
    Viewer(audience): Viewer,
) -> Result<HttpResponse, ApiError> {
    let mut query = params.into_inner().try_into_domain()?;
    // In the cache key too: shoppers are never served the admins' list.
    query.audience = audience;
    if query.text.is_some() {
        // Only a search: the shared lists' cache key must not name the client.
        query.searcher = Some(client.as_str().to_owned());
    }
    let reply = async {
        let page = catalog.list_products(&query).await?;
        Ok::<_, ApiError>(ProductListResponse::from(&page))
    };
    if query.text.is_some() {
        // Not from the shared cache: every search that finds nothing is counted, and the
        // words shoppers type would crowd the few shared lists out of it.
        return Ok(HttpResponse::Ok().json(reply.await?));
    }
    let key = format!("products {query:?}");
    cache
        .json_reply(&request, key, catalog.revision(), reply)
        .await
}
