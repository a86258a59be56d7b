use actix_web::{HttpRequest, HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::dto::ErrorBody;
use crate::handlers::media::{PHOTO_CACHE, image_response};

/// The product's photo, exactly as uploaded. Revalidate with `If-None-Match` (304).
#[utoipa::path(
    get,
    path = "/api/v1/product/product-photo/{id}",
    tag = "products",
    params(("id" = String, Path, description = "The product's `_id`")),
    responses(
        (status = 200, description = "The image bytes, with their Content-Type, an ETag and Cache-Control",
            content_type = "image/*", body = inline(crate::handlers::media::ImageBytes)),
        (status = 304, description = "Unchanged since the ETag given in `If-None-Match`"),
        (status = 404, description = "No such product, or it has no photo", body = ErrorBody),
    )
)]
pub async fn product_photo(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let image = catalog
        .product_photo(&ProductId::new(id.into_inner()))
        .await?;
    Ok(image_response(&request, image, PHOTO_CACHE))
}
