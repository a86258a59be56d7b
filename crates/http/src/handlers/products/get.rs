use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::contract::PathId;
use crate::dto::{ErrorBody, ProductResponse};

#[utoipa::path(
    tag = "products",
    params(PathId<ProductId>),
    responses(
        (status = 200, description = "The product", body = ProductResponse),
        (status = 404, description = "`Product not found`", body = ErrorBody),
    )
)]
#[get("/product/get-product/{id}")]
pub async fn get_product(
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let product = catalog.product(&id).await?;
    Ok(HttpResponse::Ok().json(ProductResponse {
        success: true,
        product: (&product).into(),
    }))
}
