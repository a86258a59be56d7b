use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::auth::Viewer;
use crate::contract::{PathId, ProductNotFound};
use crate::dto::{ProductDetailDto, ProductResponse};

/// One product; a draft is `Product not found` to anyone but an admin (decisions D43).
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
    Viewer(audience): Viewer,
) -> Result<HttpResponse, ApiError> {
    let product = catalog.product(&id, audience).await?;
    let advice = catalog.fit_advice(&product).await?;
    Ok(HttpResponse::Ok().json(ProductResponse {
        success: true,
        product: ProductDetailDto::new(&product, &advice),
    }))
}
