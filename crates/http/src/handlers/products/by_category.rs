use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::ApiError;
use crate::dto::{CategoryProductsResponse, ErrorBody, ProductDto};

/// A category page: the category and its products, newest first.
#[utoipa::path(
    get,
    path = "/api/v1/product/category/{id}",
    tag = "products",
    params(("id" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "The category and its products", body = CategoryProductsResponse),
        (status = 404, description = "`Category not found`", body = ErrorBody),
    )
)]
pub async fn products_by_category(
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let page = catalog
        .category_page(&CategoryId::new(id.into_inner()))
        .await?;
    let products: Vec<ProductDto> = page.products.iter().map(ProductDto::from).collect();
    Ok(HttpResponse::Ok().json(CategoryProductsResponse {
        success: true,
        category: (&page.category).into(),
        count: products.len(),
        products,
    }))
}
