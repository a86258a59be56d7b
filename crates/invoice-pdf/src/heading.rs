//! The page's top: the title (and the `CANCELLED` stamp), the seller, the invoice's
//! particulars and the buyer.

use krilla::geom::Rect;
use paduka_domain::State;
use paduka_domain::invoice::{CreditNoteDocument, InvoiceDocument, Seller};

use crate::pen::{INK, Pen, RULE, STAMP};
use crate::text::{Style, clean, wrap_clamped};
use crate::{CONTENT_WIDTH, MARGIN, RIGHT};

/// The parties and the particulars of a document: an invoice's or a credit note's.
pub(crate) struct Parties<'a> {
    pub(crate) seller: &'a Seller,
    /// Over the particulars: `INVOICE`, `CREDIT NOTE`.
    pub(crate) label: &'static str,
    /// Label, value, at most how many lines; the first (the document's number) in bold.
    pub(crate) rows: Vec<(&'static str, String, usize)>,
    pub(crate) buyer_name: &'a str,
    pub(crate) buyer_address: &'a str,
    pub(crate) buyer_pincode: &'a str,
    pub(crate) place_of_supply: State,
}

impl<'a> Parties<'a> {
    pub(crate) fn invoice(document: &'a InvoiceDocument) -> Self {
        Self {
            seller: &document.seller,
            label: "INVOICE",
            rows: vec![
                ("Invoice No:", document.number.clone(), 2),
                ("Invoice Date:", date(document.date), 1),
                ("Order:", document.order_id.clone(), 2),
                ("Payment:", document.payment.clone(), 3),
            ],
            buyer_name: &document.buyer_name,
            buyer_address: &document.buyer_address,
            buyer_pincode: &document.buyer_pincode,
            place_of_supply: document.place_of_supply,
        }
    }

    pub(crate) fn credit_note(note: &'a CreditNoteDocument) -> Self {
        Self {
            seller: &note.seller,
            label: "CREDIT NOTE",
            rows: vec![
                ("Credit Note No:", note.number.clone(), 2),
                ("Credit Note Date:", date(note.date), 1),
                (
                    "Original invoice:",
                    format!(
                        "{} dated {}",
                        note.original_invoice_no,
                        date(note.original_invoice_date)
                    ),
                    2,
                ),
                ("Order:", note.order_id.clone(), 2),
            ],
            buyer_name: &note.buyer_name,
            buyer_address: &note.buyer_address,
            buyer_pincode: &note.buyer_pincode,
            place_of_supply: note.place_of_supply,
        }
    }
}

/// A date as the documents print it: `27 Nov 2026`.
fn date(day: chrono::NaiveDate) -> String {
    day.format("%d %b %Y").to_string()
}

/// The title, with the `CANCELLED` stamp when `cancelled`; returns where the parties start.
pub(crate) fn draw_heading(pen: &mut Pen, title_text: &str, cancelled: bool) -> f32 {
    let title = Style::bold(22.0);
    pen.text(MARGIN, MARGIN + 20.0, title_text, title);
    if cancelled {
        let stamp = Style::bold(18.0).colored(STAMP);
        let width = pen.width("CANCELLED", stamp) + 20.0;
        let frame = Rect::from_xywh(RIGHT - width, MARGIN - 2.0, width, 28.0).expect("a stamp");
        pen.rect(frame, None, Some((2.0, STAMP)));
        pen.text_centered(RIGHT - width / 2.0, MARGIN + 18.5, "CANCELLED", stamp);
    }
    let y = MARGIN + 32.0;
    pen.rule(MARGIN, RIGHT, y, 1.2, INK);
    y
}

/// The seller and the invoice's particulars side by side, then the buyer; returns where the
/// table starts.
pub(crate) fn draw_parties(pen: &mut Pen, document: &Parties<'_>, top: f32) -> f32 {
    let fonts = pen.fonts;
    let label = Style::muted(7.5);
    let body = Style::regular(9.0);
    let right_x = MARGIN + CONTENT_WIDTH * 0.52;
    let right_width = RIGHT - right_x;

    // The seller, on the left.
    let seller = document.seller;
    let mut y = draw_party(
        pen,
        top + 14.0,
        "SOLD BY",
        &seller.legal_name,
        &seller.address,
        4,
    );
    let state = format!(
        "State: {} ({})",
        seller.state.name(),
        seller.state.code_text()
    );
    y = pen.lines(MARGIN, y, &[state], body);
    if let Some(gstin) = &seller.gstin {
        y = pen.lines(MARGIN, y, &[format!("GSTIN: {gstin}")], Style::bold(9.0));
    }
    let left_bottom = y;

    // The invoice's particulars, on the right: labels in a column, values beside them.
    let mut y = top + 14.0;
    pen.text(right_x, y, document.label, label);
    y += 13.0;
    let rows = &document.rows;
    let label_width = rows
        .iter()
        .map(|(l, _, _)| pen.width(l, body))
        .fold(0.0, f32::max)
        + 6.0;
    for (index, (row_label, value, max_lines)) in rows.iter().enumerate() {
        let max_lines = *max_lines;
        pen.text(right_x, y, row_label, Style::muted(9.0));
        let style = if index == 0 { Style::bold(9.0) } else { body };
        // A value a little too long for one line (an order's UUID) is drawn a little smaller
        // rather than broken.
        let width = right_width - label_width;
        let style = [style.size, 8.5, 8.0]
            .into_iter()
            .map(|size| Style { size, ..style })
            .find(|s| pen.width(value, *s) <= width)
            .unwrap_or(style);
        let value = wrap_clamped(fonts, style, value, width, max_lines);
        y = pen.lines(right_x + label_width, y, &value, style);
    }
    let right_bottom = y;

    // The buyer, below both.
    let y = left_bottom.max(right_bottom) - 2.0;
    pen.rule(MARGIN, RIGHT, y, 0.5, RULE);
    let mut y = draw_party(
        pen,
        y + 14.0,
        "BILLED TO",
        document.buyer_name,
        document.buyer_address,
        3,
    );
    let pincode = clean(document.buyer_pincode);
    if !pincode.trim().is_empty() {
        y = pen.lines(MARGIN, y, &[format!("Pincode: {}", pincode.trim())], body);
    }
    let place = &document.place_of_supply;
    let place = format!("Place of supply: {} ({})", place.name(), place.code_text());
    y = pen.lines(MARGIN, y, &[place], Style::bold(9.0));
    y + 2.0
}

/// A party's block at the left: its label, its name in at most two lines and its address in at
/// most `address_lines`; returns the baseline after the address.
fn draw_party(
    pen: &mut Pen,
    top: f32,
    label: &str,
    name: &str,
    address: &str,
    address_lines: usize,
) -> f32 {
    let width = CONTENT_WIDTH * 0.48;
    pen.text(MARGIN, top, label, Style::muted(7.5));
    let name_style = Style::bold(10.5);
    let body = Style::regular(9.0);
    let name = wrap_clamped(pen.fonts, name_style, name, width, 2);
    let y = pen.lines(MARGIN, top + 13.0, &name, name_style);
    let address = wrap_clamped(pen.fonts, body, address, width, address_lines);
    pen.lines(MARGIN, y, &address, body)
}
