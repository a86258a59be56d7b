use actix_web::{HttpResponse, put, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::CategoryId;

use crate::contract::{
    AdminOnly, BodyOver64Kb, CategoryExists, CategoryNotFound, InvalidCategory, PathId,
};
use crate::dto::{CategoryBody, CategoryWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    params(PathId<CategoryId>),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "`Category updated successfully`", body = CategoryWriteResponse),
        InvalidCategory, CategoryNotFound, CategoryExists, AdminOnly, BodyOver64Kb,
    )
)]
#[put("/category/update-category/{id}")]
pub async fn update_category(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<CategoryId>,
    body: ValidBody<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(draft) = body?;
    let category = catalog.update_category(&admin, &id, draft).await?;
    Ok(HttpResponse::Ok().json(CategoryWriteResponse {
        success: true,
        message: "Category updated successfully".into(),
        category: (&category).into(),
    }))
}
