use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::cache::ListCache;
use crate::contract::Unchanged;
use crate::dto::{FeaturedProductsResponse, ProductDto};

/// The home page's banner: up to five products chosen at random. Shared like the list: the
/// choice is made when the cached reply is built, so it changes with the catalog and at least
/// every [`ListCache::MAX_AGE`], and costs no query per visitor.
#[utoipa::path(
    responses(
        (status = 200, description = "Up to five products for the banner", body = FeaturedProductsResponse),
        Unchanged,
    )
)]
#[get("/product/featured")]
pub async fn featured_products(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
) -> Result<HttpResponse, ApiError> {
    cache
        .json_reply(&request, "featured".to_owned(), catalog.revision(), async {
            let products = catalog.featured_products().await?;
            Ok(FeaturedProductsResponse {
                success: true,
                products: products.iter().map(ProductDto::from).collect(),
            })
        })
        .await
}
