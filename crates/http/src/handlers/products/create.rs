use actix_multipart::Multipart;
use actix_web::{HttpResponse, post, web};
use paduka_application::catalog::{CatalogUseCases, PhotoUseCases};

use crate::contract::AdminOnly;
use crate::dto::{ErrorBody, ProductForm, ProductWriteResponse};
use crate::upload::{prepare_photo, read_product_form};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    tag = "products",
    security(("token" = [])),
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "`Product Created Successfully`", body = ProductWriteResponse),
        (status = 400, description = "A field breaks a rule, or the photo is not an image we take (`Photo must be a JPEG, PNG, WebP, GIF or AVIF image`, `Photo must be at most 50 megapixels`)", body = ErrorBody),
        (status = 409, description = "The product code is taken", body = ErrorBody),
        (status = 413, description = "`Photo must be at most 20 MB`", body = ErrorBody),
        AdminOnly,
    )
)]
#[post("/product/create-product")]
pub async fn create_product(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    photos: web::Data<dyn PhotoUseCases>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let form = read_product_form(form).await?;
    let photo = prepare_photo(photos.get_ref(), &admin, form.photo).await?;
    let product = catalog.create_product(&admin, form.input, photo).await?;
    Ok(HttpResponse::Created().json(ProductWriteResponse {
        success: true,
        message: "Product Created Successfully".into(),
        product: (&product).into(),
    }))
}
