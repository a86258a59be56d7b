use actix_web::{HttpResponse, get, web};
use paduka_application::orders::OrderUseCases;
use paduka_domain::ReturnId;

use crate::contract::{NotYourOrder, PathId, ReturnCreditNoteNotFound, SignedIn};
use crate::handlers::pdf_download;
use crate::{ApiError, CurrentUser};

/// The credit note of a refunded return (decisions D22): a one-page PDF titled `Credit Note`,
/// naming the original invoice, with the returned lines' taxable value and tax reversed, for
/// the order's owner or an administrator.
#[utoipa::path(
    params(PathId<ReturnId>),
    responses(
        (status = 200, description = "The credit note of the return's refunded lines", content_type = "application/pdf", body = Vec<u8>),
        NotYourOrder, ReturnCreditNoteNotFound, SignedIn,
    )
)]
#[get("/return/credit-note/{id}")]
pub async fn return_credit_note(
    CurrentUser(user): CurrentUser,
    orders: web::Data<dyn OrderUseCases>,
    PathId { id }: PathId<ReturnId>,
) -> Result<HttpResponse, ApiError> {
    Ok(pdf_download(orders.return_credit_note(&user, &id).await?))
}
