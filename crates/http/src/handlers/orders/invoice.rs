use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{NotYourOrder, OrderOrInvoiceNotFound, PathId, SignedIn};
use crate::handlers::pdf_download;
use crate::{ApiError, CurrentUser};

/// The order's invoice (decisions D16): a one-page PDF, for its owner or an administrator.
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "The invoice: `Tax Invoice`, or `Bill of Supply` when the shop has no GSTIN", content_type = "application/pdf", body = Vec<u8>),
        NotYourOrder, OrderOrInvoiceNotFound, SignedIn,
    )
)]
#[get("/order/invoice/{id}")]
pub async fn invoice(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    Ok(pdf_download(orders.invoice(&user, &id).await?))
}
