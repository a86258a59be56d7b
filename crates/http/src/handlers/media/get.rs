use actix_web::{HttpRequest, HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::MediaId;

use super::{IMMUTABLE_CACHE, image_response};
use crate::ApiError;
use crate::dto::ErrorBody;

/// A gallery image we store (the `otherphoto` URLs of the demo catalog). Its content never
/// changes under its id, so it is cached for a year.
#[utoipa::path(
    get,
    path = "/api/v1/media/{id}",
    tag = "media",
    params(("id" = String, Path, description = "The image's id", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "The image bytes, with their Content-Type, an ETag and Cache-Control",
            content_type = "image/*", body = inline(super::ImageBytes)),
        (status = 304, description = "Unchanged since the ETag given in `If-None-Match`"),
        (status = 404, description = "`Image not found`", body = ErrorBody),
    )
)]
pub async fn get_media(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let image = catalog.image(&MediaId::new(id.into_inner())).await?;
    Ok(image_response(&request, image, IMMUTABLE_CACHE))
}
