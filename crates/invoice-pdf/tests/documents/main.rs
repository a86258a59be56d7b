//! The PDFs read back as text with poppler's `pdftotext` and `pdfinfo`: one test binary for
//! the invoice, the credit note and the packing slip (one link instead of three).

mod common;
mod credit_note;
mod packing_slip;
mod render;
