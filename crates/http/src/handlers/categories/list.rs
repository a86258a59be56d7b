use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::cache::ListCache;
use crate::contract::Unchanged;
use crate::dto::{CategoriesResponse, CategoryDto};

/// Every category, by name. Compressed once per change; revalidate with `If-None-Match`.
#[utoipa::path(
    responses(
        (status = 200, description = "Every category, by name", body = CategoriesResponse),
        Unchanged,
    )
)]
#[get("/category/all-categories")]
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
