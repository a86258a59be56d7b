use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::MediaId;

use super::{IMMUTABLE_CACHE, image_response};
use crate::ApiError;
use crate::contract::{ImageNotFound, PathId, Unchanged};

/// A gallery image we store (the `otherphoto` URLs of the demo catalog). Its content never
/// changes under its id, so it is cached for a year.
#[utoipa::path(
    params(PathId<MediaId>),
    responses(
        (status = 200, description = "The image bytes, with their Content-Type, an ETag and Cache-Control",
            content_type = "image/*", body = inline(super::ImageBytes)),
        ImageNotFound, Unchanged,
    )
)]
#[get("/media/{id}")]
pub async fn get_media(
    request: HttpRequest,
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<MediaId>,
) -> Result<HttpResponse, ApiError> {
    let image = catalog.image(&id).await?;
    Ok(image_response(&request, image, IMMUTABLE_CACHE))
}
