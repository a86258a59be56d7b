use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::contract::{AdminOnly, PathId};
use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

/// Refused (409) while products use the category.
#[utoipa::path(
    tag = "categories",
    security(("token" = [])),
    params(PathId<CategoryId>),
    responses(
        (status = 200, description = "`Category deleted successfully`", body = MessageResponse),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "Products still use the category", body = ErrorBody),
        AdminOnly,
    )
)]
#[get("/category/delete-category/{id}")]
pub async fn delete_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<CategoryId>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete_category(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Category deleted successfully")))
}
