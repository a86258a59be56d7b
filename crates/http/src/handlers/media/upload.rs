use actix_multipart::Multipart;
use actix_web::{HttpResponse, post, web};
use paduka_application::catalog::{CatalogUseCases, PhotoUseCases};
use paduka_domain::catalog::media_url;

use crate::contract::{AdminOnly, InvalidPhoto, PhotoOver20Mb};
use crate::dto::{PhotoForm, StoredPhotoResponse};
use crate::upload::read_photo_form;
use crate::{AdminUser, ApiError};

/// Stores a photo for the admin product form's colours (decisions D48), judged and prepared
/// as the product's own photo is; it is served at `path`, which a colour's `photos` names.
#[utoipa::path(
    request_body(content = PhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "`Photo stored`, with where it is served", body = StoredPhotoResponse),
        InvalidPhoto, PhotoOver20Mb, AdminOnly,
    )
)]
#[post("/media")]
pub async fn upload_media(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    photos: web::Data<dyn PhotoUseCases>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let bytes = read_photo_form(form).await?;
    let image = photos.prepare_upload(&admin, bytes).await?;
    let id = catalog.store_image(&admin, image).await?;
    Ok(HttpResponse::Created().json(StoredPhotoResponse {
        success: true,
        message: "Photo stored".into(),
        path: media_url(&id),
    }))
}
