use actix_web::{HttpRequest, HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::cache::ListCache;
use crate::dto::{CategoriesResponse, CategoryDto};

/// Every category, by name. Compressed once per change; revalidate with `If-None-Match`.
#[utoipa::path(
    get,
    path = "/api/v1/category/all-categories",
    tag = "categories",
    responses(
        (status = 200, description = "Every category, by name", body = CategoriesResponse),
        (status = 304, description = "Unchanged since the ETag given in `If-None-Match`"),
    )
)]
pub async fn all_categories(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    cache: web::Data<ListCache>,
) -> Result<HttpResponse, ApiError> {
    cache
        .json_reply(&request, "categories".into(), catalog.revision(), async {
            let categories = catalog.categories().await?;
            Ok(CategoriesResponse {
                success: true,
                categories: categories.iter().map(CategoryDto::from).collect(),
            })
        })
        .await
}
