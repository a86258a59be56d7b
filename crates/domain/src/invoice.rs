//! A GST tax invoice's arithmetic and numbering (decisions D16).
//!
//! Prices are tax inclusive: the shopper pays the order's `amount` and the invoice shows how
//! much of it is the taxable value and how much GST. Everything is integer paise; the lines
//! add up to the order's amount to the paisa, whatever the coupon and the rupee cut off.

mod amounts;
mod credit_note;
mod document;
mod numbering;
#[cfg(test)]
mod tests;

pub use amounts::{
    GstTax, InvoiceAmounts, InvoiceItem, InvoiceLine, OrderCharges, cod_fee_terms, line_amounts,
};
pub use credit_note::{
    CREDIT_NOTE_SERIES, CreditNote, CreditNoteAmounts, CreditNoteDocument, CreditNoteLine,
    CreditNoteSource, CreditedLine, credit_note_number,
};
pub use document::{InvoiceDocument, InvoiceKind, InvoiceProduct, Seller};
pub use numbering::{FinancialYear, InvoicePrefix};
