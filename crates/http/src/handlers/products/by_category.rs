use actix_web::{HttpRequest, HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::ApiError;
use crate::cache::ListCache;
use crate::dto::{CategoryProductsResponse, ErrorBody, ProductDto};

/// A category page: the category and its products, newest first. Compressed once per change;
/// revalidate with `If-None-Match`.
#[utoipa::path(
    get,
    path = "/api/v1/product/category/{id}",
    tag = "products",
    params(("id" = String, Path, description = "The category's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "The category and its products", body = CategoryProductsResponse),
        (status = 304, description = "Unchanged since the ETag given in `If-None-Match`"),
        (status = 404, description = "`Category not found`", body = ErrorBody),
    )
)]
pub async fn products_by_category(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = CategoryId::new(id.into_inner());
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
