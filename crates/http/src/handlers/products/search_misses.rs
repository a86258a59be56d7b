use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;

use crate::contract::AdminOnly;
use crate::dto::{SearchMissDto, SearchMissesResponse};
use crate::{AdminUser, ApiError};

/// The 20 searches that listed nothing most often in the last 30 days (India's days), most
/// first: what shoppers look for and the catalog does not have (or does not call so).
#[utoipa::path(
    responses(
        (status = 200, description = "The most missed searches", body = SearchMissesResponse),
        AdminOnly,
    )
)]
#[get("/product/search-misses")]
pub async fn search_misses(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
) -> Result<HttpResponse, ApiError> {
    let misses = catalog.search_misses(&admin).await?;
    Ok(HttpResponse::Ok().json(SearchMissesResponse {
        success: true,
        misses: misses
            .into_iter()
            .map(|m| SearchMissDto {
                q: m.query,
                count: m.count,
            })
            .collect(),
    }))
}
