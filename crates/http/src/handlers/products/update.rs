use actix_multipart::Multipart;
use actix_web::{HttpResponse, put, web};
use paduka_application::catalog::{CatalogUseCases, PhotoUseCases};
use paduka_domain::ProductId;

use crate::contract::{
    AdminOnly, InvalidProduct, PathId, PhotoOver20Mb, ProductCodeTaken, ProductNotFound,
};
use crate::dto::{ProductForm, ProductWriteResponse};
use crate::upload::{prepare_photo, read_product_form};
use crate::{AdminUser, ApiError};

/// Replaces the product's fields; without a photo, the current one stays.
#[utoipa::path(
    params(PathId<ProductId>),
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "`Product Updated Successfully`", body = ProductWriteResponse),
        InvalidProduct, ProductNotFound, ProductCodeTaken, PhotoOver20Mb, AdminOnly,
    )
)]
#[put("/product/update-product/{id}")]
pub async fn update_product(
    AdminUser(admin): AdminUser,
    catalog: web::Data<dyn CatalogUseCases>,
    photos: web::Data<dyn PhotoUseCases>,
    PathId { id }: PathId<ProductId>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let form = read_product_form(form).await?;
    let photo = prepare_photo(photos.get_ref(), &admin, form.photo).await?;
    let product = catalog
        .update_product(&admin, &id, form.input, photo)
        .await?;
    Ok(HttpResponse::Ok().json(ProductWriteResponse {
        success: true,
        message: "Product Updated Successfully".into(),
        product: (&product).into(),
    }))
}
