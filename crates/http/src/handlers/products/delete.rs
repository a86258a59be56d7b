use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

/// Deletes the product with its photo and reviews; past orders keep their snapshot.
#[utoipa::path(
    delete,
    path = "/api/v1/product/delete/{id}",
    tag = "products",
    security(("token" = [])),
    params(("id" = String, Path, description = "The product's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Product Deleted successfully`", body = MessageResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Product not found`", body = ErrorBody),
    )
)]
pub async fn delete_product(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog
        .delete_product(&admin, &ProductId::new(id.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Product Deleted successfully")))
}
