use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogService;

use crate::ApiError;
use crate::dto::{ErrorBody, ProductDto, ProductListParams, ProductListResponse};

/// The catalog, filtered, sorted and paged on the server; without parameters, every product,
/// newest first.
#[utoipa::path(
    get,
    path = "/api/v1/product/get-products",
    tag = "products",
    params(ProductListParams),
    responses(
        (status = 200, description = "The matching products", body = ProductListResponse),
        (status = 400, description = "A parameter is out of range", body = ErrorBody),
    )
)]
pub async fn get_products(
    catalog: web::Data<CatalogService>,
    params: web::Query<ProductListParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().try_into_domain()?;
    let page = catalog.list_products(&query).await?;
    let products: Vec<ProductDto> = page.products.iter().map(ProductDto::from).collect();
    Ok(HttpResponse::Ok().json(ProductListResponse {
        success: true,
        count: products.len(),
        total: page.total,
        products,
    }))
}
