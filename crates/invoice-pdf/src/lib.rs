//! Draws an order's invoice ([`InvoiceDocument`]) as a one-page A4 PDF: a `Tax Invoice` with
//! its CGST and SGST (or UTGST), or IGST, per line and in total, or a `Bill of Supply` without
//! any tax, laid out as an Indian accountant expects (seller and GSTIN, invoice number and
//! date, the buyer and the place of supply, a table of lines with their HSN codes, the totals,
//! the amount in words). A cancelled order's invoice is stamped `CANCELLED`.
//!
//! The PDF is written by [krilla](https://docs.rs/krilla), the PDF library of the typst
//! authors: well kept, pure Rust, and it embeds only the glyphs a document uses (subsetted
//! TrueType), so an invoice is some 24 kB, not the 700 kB of a whole font. Its own
//! text shaping (rustybuzz) is left out: every string here is laid out glyph by glyph with
//! skrifa, the font reader krilla itself uses, so the widths that right-align the amounts and
//! wrap the names are exactly those drawn.
//!
//! The font is DejaVu Sans, regular and bold, vendored in `fonts/` (Bitstream Vera licence,
//! `fonts/LICENSE`): free to embed and redistribute, and it has the rupee sign `₹` (U+20B9),
//! which many common fonts still lack. Text in scripts it has no glyphs for (Devanagari, for
//! one) would show the missing-glyph box: names and addresses are expected in Latin script.
//! The vendored files have their TrueType hinting programs removed (`fonts/dehint.py`): hinting
//! only steers a screen's low-resolution pixels, which PDF viewers and printers do without, and
//! it was half of every embedded glyph's bytes, which krilla deflates again for every PDF drawn
//! (a fifth of an invoice's CPU; docs/performance.md).
//!
//! The same pen draws the packing slip of a parcel the shop ships itself
//! ([`render_packing_slip`], an A6 label: see the `slip` module), with its AWB as a Code 128
//! barcode.
//!
//! Nothing here does I/O: [`render`] and [`render_packing_slip`] turn a document into bytes,
//! the same bytes every time.

use chrono::{Datelike, NaiveDate};
use krilla::Document;
use krilla::metadata::{DateTime, Metadata};
use krilla::page::PageSettings;
use paduka_domain::invoice::{CreditNoteDocument, InvoiceDocument};
use paduka_domain::order::PackingSlip;

use crate::closing::{Closing, draw_footer};
use crate::heading::{Parties, draw_heading, draw_parties};
use crate::pen::Pen;
use crate::table::Table;
use crate::text::Fonts;

mod barcode;
mod closing;
mod heading;
mod pen;
mod slip;
mod table;
#[cfg(test)]
mod tests;
mod text;

/// A4 in points.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 36.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// Where the footer (sign-off and the computer-generated note) starts: the table and the
/// totals stay above it.
const FOOTER_TOP: f32 = PAGE_HEIGHT - MARGIN - 34.0;

/// The document as a PDF: one A4 page, whatever the texts' lengths, for up to the 20 lines a
/// cart holds (long names and addresses are cut with an ellipsis, the table's type made
/// smaller).
///
/// A `Result` because krilla's last step, embedding the subsetted fonts, can refuse a font.
/// With the vendored DejaVu fonts it does not (the tests draw every kind of invoice, and every
/// Latin-1 character), but an error here is better logged by the caller than a panic in a
/// request; it is also what the application's `InvoiceRenderer` port returns.
pub fn render(document: &InvoiceDocument) -> anyhow::Result<Vec<u8>> {
    let title = format!("{} {}", document.kind.title(), document.number);
    let metadata = metadata(title, &document.seller.legal_name, document.date);
    one_page(PAGE_WIDTH, PAGE_HEIGHT, metadata, "invoice", |pen| {
        draw(pen, document)
    })
}

/// The credit note as a PDF: one A4 page laid out as the invoice (the same seller, buyer and
/// place of supply, a table of the lines given back, totals and the amount in words), titled
/// `Credit Note`, naming the original invoice's number and date, the taxable value and tax
/// reversed (CGST and SGST, or IGST, at the invoiced rates) and `Tax payable on reverse
/// charge: No`. Errors as [`render`].
pub fn render_credit_note(note: &CreditNoteDocument) -> anyhow::Result<Vec<u8>> {
    let title = format!("Credit Note {}", note.number);
    let metadata = metadata(title, &note.seller.legal_name, note.date);
    one_page(PAGE_WIDTH, PAGE_HEIGHT, metadata, "credit note", |pen| {
        let y = draw_heading(pen, "Credit Note", false);
        let y = draw_parties(pen, &Parties::credit_note(note), y);
        let closing = Closing::credit_note(pen.fonts, note);
        let table = Table::credit_note(note);
        let layout = table.layout(pen.fonts, FOOTER_TOP - 14.0 - closing.height - y);
        let y = table.draw(pen, &layout, y);
        closing.draw(pen, y + 14.0);
        draw_footer(pen, &note.seller.legal_name, "credit note");
    })
}

/// The packing slip as a PDF: one A6 page (105 x 148 mm), to print on a courier's label
/// printer or on A4 and stick on the parcel. Long names and addresses are cut with an ellipsis,
/// and the lines that do not fit are counted (`+3 more`).
///
/// An error if the AWB cannot be drawn as a Code 128 barcode (an [`Awb`] always can) or, as
/// for [`render`], if krilla refuses a font.
///
/// [`Awb`]: paduka_domain::order::Awb
pub fn render_packing_slip(slip: &PackingSlip) -> anyhow::Result<Vec<u8>> {
    let barcode = barcode::Barcode::new(slip.awb.as_str())?;
    let title = format!("Packing slip {}", slip.order_id);
    let metadata = metadata(title, &slip.shop_name, slip.ordered_on);
    one_page(
        slip::PAGE_WIDTH,
        slip::PAGE_HEIGHT,
        metadata,
        "packing slip",
        |pen| slip::draw(pen, slip, &barcode),
    )
}

/// A PDF of one page of `width` x `height` points, drawn by `draw` with the vendored fonts.
fn one_page(
    width: f32,
    height: f32,
    metadata: Metadata,
    what: &str,
    draw: impl FnOnce(&mut Pen),
) -> anyhow::Result<Vec<u8>> {
    let fonts = Fonts::new();
    let mut pdf = Document::new();
    pdf.set_metadata(metadata);
    let settings = PageSettings::from_wh(width, height).expect("a valid page size");
    let mut page = pdf.start_page_with(settings);
    let mut surface = page.surface();
    let mut pen = Pen {
        surface: &mut surface,
        fonts: &fonts,
    };
    draw(&mut pen);
    surface.finish();
    page.finish();
    pdf.finish()
        .map_err(|error| anyhow::anyhow!("krilla could not write the {what} PDF: {error:?}"))
}

/// A document's metadata. Its date is the document's own, not the time of drawing: the same
/// document gives the same file.
fn metadata(title: String, creator: &str, date: NaiveDate) -> Metadata {
    let created = DateTime::new(u16::try_from(date.year()).unwrap_or(2000))
        .month(u8::try_from(date.month()).unwrap_or(1))
        .day(u8::try_from(date.day()).unwrap_or(1));
    Metadata::new()
        .title(title)
        .creator(creator.to_owned())
        .producer("Paduka".to_owned())
        .language("en-IN".to_owned())
        .creation_date(created)
}

fn draw(pen: &mut Pen, document: &InvoiceDocument) {
    let y = draw_heading(pen, document.kind.title(), document.cancelled);
    let y = draw_parties(pen, &Parties::invoice(document), y);
    let closing = Closing::new(pen.fonts, document);
    let table = Table::new(document);
    let layout = table.layout(pen.fonts, FOOTER_TOP - 14.0 - closing.height - y);
    let y = table.draw(pen, &layout, y);
    closing.draw(pen, y + 14.0);
    draw_footer(pen, &document.seller.legal_name, "invoice");
}
