use actix_web::{HttpResponse, post, web};
use paduka_application::catalog::CatalogUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb, CategoryExists, InvalidCategory};
use crate::dto::{CategoryBody, CategoryWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

/// Names are unique ignoring case.
#[utoipa::path(
    request_body = CategoryBody,
    responses(
        (status = 201, description = "`Category created successfully`", body = CategoryWriteResponse),
        InvalidCategory, CategoryExists, AdminOnly, BodyOver64Kb,
    )
)]
#[post("/category/create-category")]
pub async fn create_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    body: ValidBody<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(draft) = body?;
    let category = catalog.create_category(&admin, draft).await?;
    Ok(HttpResponse::Created().json(CategoryWriteResponse {
        success: true,
        message: "Category created successfully".into(),
        category: (&category).into(),
    }))
}
