use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::transfer::CatalogTransferUseCases;

use crate::contract::AdminOnly;
use crate::csv_file::write_table;
use crate::{AdminUser, ApiError};

/// Every product as a CSV file in Shopify's classic product layout: a row per size, the
/// product's columns on its first row, photos in `Image Src`/`Image Position`, a product's
/// colours as `Option2 Name` = `Color`, `Option2 Value` and `Variant Image` (the colour's main
/// photo), then Paduka's own columns (`Info`, `Material`, `Specifications`, `HSN`,
/// `Shipping`).
#[utoipa::path(
    responses(
        (status = 200, description = "`products.csv`, as an attachment", content_type = "text/csv", body = String),
        AdminOnly,
    )
)]
#[get("/product/export")]
pub async fn export_products(
    AdminUser(admin): AdminUser,
    transfer: web::Data<dyn CatalogTransferUseCases>,
) -> Result<HttpResponse, ApiError> {
    let table = transfer.export(&admin).await?;
    let bytes = write_table(&table)?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename("products.csv".into())],
        })
        .body(bytes))
}
