use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::ApiError;
use crate::cache::ListCache;
use crate::contract::{CategoryNotFound, PathId, Unchanged};
use crate::dto::{CategoryProductsResponse, ProductDto};

/// A category page: the category and its products, newest first. Compressed once per change;
/// revalidate with `If-None-Match`.
#[utoipa::path(
    params(PathId<CategoryId>),
    responses(
        (status = 200, description = "The category and its products", body = CategoryProductsResponse),
        CategoryNotFound, Unchanged,
    )
)]
#[get("/product/category/{id}")]
pub async fn products_by_category(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
    PathId { id }: PathId<CategoryId>,
) -> Result<HttpResponse, ApiError> {
    let key = format!("category {id}");
    cache
        .json_reply(&request, key, catalog.revision(), async {
            let page = catalog.category_page(&id).await?;
            let products: Vec<ProductDto> = page.products.iter().map(ProductDto::from).collect();
            Ok(CategoryProductsResponse {
                success: true,
                category: (&page.category).into(),
                count: products.len(),
                products,
            })
        })
        .await
}
