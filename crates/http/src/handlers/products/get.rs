use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::contract::{PathId, ProductNotFound};
use crate::dto::{ProductDetailDto, ProductResponse};

#[utoipa::path(
    params(PathId<ProductId>),
    responses(
        (status = 200, description = "The product", body = ProductResponse),
        ProductNotFound,
    )
)]
#[get("/product/get-product/{id}")]
pub async fn get_product(
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let product = catalog.product(&id).await?;
    let advice = catalog.fit_advice(&product).await?;
    Ok(HttpResponse::Ok().json(ProductResponse {
        success: true,
        product: ProductDetailDto::new(&product, &advice),
    }))
}
