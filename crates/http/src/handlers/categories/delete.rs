use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

/// Refused (409) while products use the category.
#[utoipa::path(
    get,
    path = "/api/v1/category/delete-category/{id}",
    tag = "categories",
    security(("token" = [])),
    params(("id" = String, Path, description = "The category's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Category deleted successfully`", body = MessageResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "Products still use the category", body = ErrorBody),
    )
)]
pub async fn delete_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog
        .delete_category(&admin, &CategoryId::new(id.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Category deleted successfully")))
}
