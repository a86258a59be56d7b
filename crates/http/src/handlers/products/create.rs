use actix_multipart::Multipart;
use actix_web::{HttpResponse, post, web};
use paduka_application::catalog::{CatalogUseCases, PhotoUseCases};

use crate::contract::{AdminOnly, InvalidProduct, PhotoOver20Mb, ProductCodeTaken};
use crate::dto::{ProductForm, ProductWriteResponse};
use crate::upload::{prepare_photo, read_product_form};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "`Product Created Successfully`", body = ProductWriteResponse),
        InvalidProduct, ProductCodeTaken, PhotoOver20Mb, AdminOnly,
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
