use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::dto::{CategoriesResponse, CategoryDto};

/// Every category, by name.
#[utoipa::path(
    get,
    path = "/api/v1/category/all-categories",
    tag = "categories",
    responses((status = 200, description = "Every category, by name", body = CategoriesResponse))
)]
pub async fn all_categories(
    catalog: web::Data<dyn CatalogUseCases>,
) -> Result<HttpResponse, ApiError> {
    let categories = catalog.categories().await?;
    Ok(HttpResponse::Ok().json(CategoriesResponse {
        success: true,
        categories: categories.iter().map(CategoryDto::from).collect(),
    }))
}
