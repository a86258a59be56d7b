use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::OrderId;

use crate::contract::{
    NotYourOrder, OrderOrCreditNoteNotFound, OrderOrInvoiceNotFound, PathId, SignedIn,
};
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

/// The credit note of the order's return to origin (decisions D22): a one-page PDF titled
/// `Credit Note`, naming the original invoice, for the order's owner or an administrator.
#[utoipa::path(
    params(PathId<OrderId>),
    responses(
        (status = 200, description = "The credit note: the whole invoice's taxable value and tax reversed", content_type = "application/pdf", body = Vec<u8>),
        NotYourOrder, OrderOrCreditNoteNotFound, SignedIn,
    )
)]
#[get("/order/credit-note/{id}")]
pub async fn credit_note(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<OrderId>,
) -> Result<HttpResponse, ApiError> {
    Ok(pdf_download(orders.credit_note(&user, &id).await?))
}
