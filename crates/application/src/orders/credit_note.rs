//! Credit notes read back and drawn (decisions D22): by number, for whoever may see the
//! order they were issued on. Issuing them is the adapters' part of the transactions that
//! decide them (an order `Returned to origin`, a return's completion).

use std::sync::Arc;

use paduka_domain::OrderId;
use paduka_domain::invoice::{CreditNote, CreditNoteSource};
use paduka_domain::order::Order;

use super::service::ensure_may_see as may_see;
use super::{CreditNoteRepository, InvoicePdf, Invoicing, OrderError, OrderRepository};
use crate::accounts::Principal;
use crate::mail::Attachment;

/// Finds a credit note and draws it as a PDF; shared by the orders' `GET
/// /order/credit-note/{id}` and the returns' `GET /return/credit-note/{id}`.
pub struct CreditNotes {
    notes: Arc<dyn CreditNoteRepository>,
    orders: Arc<dyn OrderRepository>,
    invoicing: Arc<Invoicing>,
}

impl CreditNotes {
    pub fn new(
        notes: Arc<dyn CreditNoteRepository>,
        orders: Arc<dyn OrderRepository>,
        invoicing: Arc<Invoicing>,
    ) -> Self {
        Self {
            notes,
            orders,
            invoicing,
        }
    }

    /// The credit note numbered `number` as a PDF, for the owner of its order or an admin
    /// (`Forbidden` otherwise); `NoCreditNote` when there is no such note.
    pub async fn pdf_by_number(
        &self,
        user: &Principal,
        number: &str,
    ) -> Result<InvoicePdf, OrderError> {
        let note = self
            .notes
            .find(number)
            .await?
            .ok_or(OrderError::NoCreditNote)?;
        self.pdf_of(user, &note).await
    }

    /// The credit note issued for `source` as a PDF, for the owner of its order or an admin;
    /// `NoCreditNote` when none was issued.
    pub async fn pdf_for_source(
        &self,
        user: &Principal,
        source: &CreditNoteSource,
    ) -> Result<InvoicePdf, OrderError> {
        let note = self
            .notes
            .for_source(source)
            .await?
            .ok_or(OrderError::NoCreditNote)?;
        self.pdf_of(user, &note).await
    }

    /// The RTO credit note of the order `id`: `NotFound` for no such order, `Forbidden` for
    /// another shopper's, `NoCreditNote` when it was not returned to origin with an invoice.
    pub async fn rto_pdf(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError> {
        let order = self.orders.find(id).await?.ok_or(OrderError::NotFound)?;
        may_see(user, &order)?;
        let source = CreditNoteSource::ReturnToOrigin(id.clone());
        let note = self
            .notes
            .for_source(&source)
            .await?
            .ok_or(OrderError::NoCreditNote)?;
        self.draw(&order, &note)
    }

    /// The credit note numbered `number` attached to the shop's own mail (a return's
    /// completion): no caller to check. `None` (logged) when it cannot be found or drawn: the
    /// mail goes without it, and the note can still be downloaded.
    pub async fn attachment(&self, number: &str) -> Option<Attachment> {
        match self.drawn(number).await {
            Ok(pdf) => Some(Attachment {
                file_name: pdf.file_name,
                content_type: "application/pdf".to_owned(),
                bytes: pdf.bytes,
            }),
            Err(error) => {
                tracing::error!(note = %number, error = %format!("{error:#}"), "credit note not drawn for the mail");
                None
            }
        }
    }

    async fn drawn(&self, number: &str) -> Result<InvoicePdf, OrderError> {
        let note = self
            .notes
            .find(number)
            .await?
            .ok_or(OrderError::NoCreditNote)?;
        let order = self.order_of(&note).await?;
        self.draw(&order, &note)
    }

    async fn pdf_of(&self, user: &Principal, note: &CreditNote) -> Result<InvoicePdf, OrderError> {
        let order = self.order_of(note).await?;
        may_see(user, &order)?;
        self.draw(&order, note)
    }

    async fn order_of(&self, note: &CreditNote) -> Result<Order, OrderError> {
        self.orders.find(&note.order_id).await?.ok_or_else(|| {
            OrderError::Unexpected(anyhow::anyhow!("credit note {} has no order", note.number))
        })
    }

    fn draw(&self, order: &Order, note: &CreditNote) -> Result<InvoicePdf, OrderError> {
        self.invoicing
            .credit_note_pdf(order, note)
            .map_err(OrderError::Unexpected)?
            .ok_or_else(|| {
                OrderError::Unexpected(anyhow::anyhow!(
                    "credit note {} cannot be drawn for its order",
                    note.number
                ))
            })
    }
}
