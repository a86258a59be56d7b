use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::dto::{ErrorBody, ProductResponse};

#[utoipa::path(
    get,
    path = "/api/v1/product/get-product/{id}",
    tag = "products",
    params(("id" = String, Path, description = "The product's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "The product", body = ProductResponse),
        (status = 404, description = "`Product not found`", body = ErrorBody),
    )
)]
pub async fn get_product(
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let product = catalog.product(&ProductId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(ProductResponse {
        success: true,
        product: (&product).into(),
    }))
}
