use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;

use crate::dto::{CategoryBody, CategoryWriteResponse, ErrorBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

/// Names are unique ignoring case.
#[utoipa::path(
    post,
    path = "/api/v1/category/create-category",
    tag = "categories",
    security(("token" = [])),
    request_body = CategoryBody,
    responses(
        (status = 201, description = "`Category created successfully`", body = CategoryWriteResponse),
        (status = 400, description = "No name, or an image that is not a URL or a path here", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 409, description = "`Category already exists`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn create_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    body: JsonBody<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let draft = body?.into_inner().try_into_domain()?;
    let category = catalog.create_category(&admin, draft).await?;
    Ok(HttpResponse::Created().json(CategoryWriteResponse {
        success: true,
        message: "Category created successfully".into(),
        category: (&category).into(),
    }))
}
