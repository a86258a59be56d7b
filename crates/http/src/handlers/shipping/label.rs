use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{AdminOnly, NotShippedYet, OrderNotFound, PathId};
use crate::handlers::pdf_download;
use crate::{AdminUser, ApiError};

/// The shipped order's label to print (administrators): with the manual courier, a packing
/// slip the shop draws (sender, buyer, AWB as text and Code 128 barcode, the lines with
/// their sizes, `Collect ₹N` for unpaid cash on delivery).
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "The label as a PDF", content_type = "application/pdf", body = Vec<u8>),
        OrderNotFound, NotShippedYet, AdminOnly,
    )
)]
#[get("/shipment/label/{id}")]
pub async fn label(
    AdminUser(admin): AdminUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    Ok(pdf_download(orders.label(&admin, &id).await?))
}
