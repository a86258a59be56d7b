use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::contract::{AdminOnly, CategoryInUse, CategoryNotFound, PathId};
use crate::dto::MessageResponse;
use crate::{AdminUser, ApiError};

/// Refused (409) while products use the category.
#[utoipa::path(
    params(PathId<CategoryId>),
    responses(
        (status = 200, description = "`Category deleted successfully`", body = MessageResponse),
        CategoryNotFound, CategoryInUse, AdminOnly,
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
