use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::contract::{InvalidFootLength, NoSizeChart, PathId};
use crate::dto::{FindSizeParams, FindSizeResponse, TryIntoDomain};

/// `Find my size` (decisions D38): the size on the product's chart for a foot length, moved one
/// up or down by its fit.
#[utoipa::path(
    params(PathId<ProductId>, FindSizeParams),
    responses(
        (status = 200, description = "The size suggested, or `null` when none on the chart fits", body = FindSizeResponse),
        InvalidFootLength, NoSizeChart,
    )
)]
#[get("/product/find-size/{id}")]
pub async fn find_size(
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
    params: web::Query<FindSizeParams>,
) -> Result<HttpResponse, ApiError> {
    let foot_mm = params.into_inner().try_into_domain()?;
    let suggestion = catalog.find_size(&id, foot_mm).await?;
    Ok(HttpResponse::Ok().json(FindSizeResponse::from(suggestion)))
}
