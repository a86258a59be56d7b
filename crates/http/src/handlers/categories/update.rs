use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::dto::{CategoryBody, CategoryWriteResponse, ErrorBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

#[utoipa::path(
    put,
    path = "/api/v1/category/update-category/{id}",
    tag = "categories",
    security(("token" = [])),
    params(("id" = String, Path, description = "The category's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "`Category updated successfully`", body = CategoryWriteResponse),
        (status = 400, description = "No name, or an image that is not a URL or a path here", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "`Category already exists`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn update_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
    body: JsonBody<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let draft = body?.into_inner().try_into_domain()?;
    let id = CategoryId::new(id.into_inner());
    let category = catalog.update_category(&admin, &id, draft).await?;
    Ok(HttpResponse::Ok().json(CategoryWriteResponse {
        success: true,
        message: "Category updated successfully".into(),
        category: (&category).into(),
    }))
}
