use actix_web::{HttpResponse, delete, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::contract::{AdminOnly, PathId, ProductNotFound};
use crate::dto::MessageResponse;
use crate::{AdminUser, ApiError};

/// Deletes the product with its photo and reviews; past orders keep their snapshot.
#[utoipa::path(
    params(PathId<ProductId>),
    responses(
        (status = 200, description = "`Product Deleted successfully`", body = MessageResponse),
        ProductNotFound, AdminOnly,
    )
)]
#[delete("/product/delete/{id}")]
pub async fn delete_product(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete_product(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Product Deleted successfully")))
}
