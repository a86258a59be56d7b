//! What follows the table: the totals, the amount in words, and the page's footer.

use paduka_domain::Paise;
use paduka_domain::invoice::{CreditNoteDocument, GstTax, InvoiceDocument, InvoiceKind, Seller};

use crate::pen::{INK, Pen, RULE};
use crate::text::{Fonts, Style, clean, ellipsize, money, wrap_clamped};
use crate::{CONTENT_WIDTH, FOOTER_TOP, MARGIN, PAGE_WIDTH, RIGHT};

/// What follows the table: the totals on the right, the amount in words on the left.
pub(crate) struct Closing {
    /// Label, value, whether it is the total.
    pub(crate) totals: Vec<(String, String, bool)>,
    pub(crate) words: Vec<String>,
    /// Below the words, one a line.
    pub(crate) notes: Vec<&'static str>,
    pub(crate) height: f32,
}

/// Every invoice and credit note says so (GST rule 46): the shop pays its GST itself.
pub(crate) const REVERSE_CHARGE: &str = "Tax payable on reverse charge: No";

pub(crate) const TOTALS_WIDTH: f32 = 230.0;
/// The totals' labels end this far left of the margin, the amounts right of them.
pub(crate) const VALUES_WIDTH: f32 = 100.0;
/// How wide a total's label may be: to the amount in words' column, less a gap.
pub(crate) const LABEL_ROOM: f32 = TOTALS_WIDTH - VALUES_WIDTH + WORDS_GAP - 6.0;
/// Between the amount in words and the totals.
pub(crate) const WORDS_GAP: f32 = 24.0;
pub(crate) const TOTALS_STYLE: Style = Style::regular(9.0);
pub(crate) const TOTAL_STYLE: Style = Style::bold(11.0);
pub(crate) const WORDS_STYLE: Style = Style::regular(8.5);
/// From the rule above the total to the total's baseline.
pub(crate) const TOTAL_RISE: f32 = 14.5;

impl Closing {
    pub(crate) fn new(fonts: &Fonts, document: &InvoiceDocument) -> Self {
        let amounts = &document.amounts;
        let discount = Paise::from_stored(document.gross().paise() - amounts.amount.paise());
        let mut totals = vec![
            ("Gross".to_owned(), money(document.gross()), false),
            (
                "Discount".to_owned(),
                format!("−{}", money(discount)),
                false,
            ),
        ];
        if let Some(code) = &document.coupon_code {
            totals.push((
                format!("incl. coupon {}", clean(code).trim()),
                money(amounts.coupon),
                false,
            ));
        }
        if amounts.prepaid > Paise::ZERO {
            totals.push((
                "incl. paid online saving".to_owned(),
                money(amounts.prepaid),
                false,
            ));
        }
        let tax_invoice = document.kind == InvoiceKind::TaxInvoice;
        if tax_invoice {
            push_tax(
                &mut totals,
                &document.seller,
                amounts.taxable,
                amounts.tax,
                amounts.intra_state,
            );
        }
        totals.push(("Total".to_owned(), money(amounts.amount), true));
        let mut notes = Vec::new();
        if tax_invoice {
            notes.push("Prices are inclusive of GST.");
        }
        notes.push(REVERSE_CHARGE);
        Self::laid_out(fonts, totals, &document.amount_in_words(), notes)
    }

    /// A credit note's closing: the taxable value and tax reversed (a registered seller's) and
    /// the total credited, equal to the value reversed.
    pub(crate) fn credit_note(fonts: &Fonts, note: &CreditNoteDocument) -> Self {
        let amounts = &note.amounts;
        let mut totals = Vec::new();
        if note.shows_tax() {
            push_tax(
                &mut totals,
                &note.seller,
                amounts.taxable,
                amounts.tax,
                amounts.intra_state,
            );
        }
        totals.push(("Total".to_owned(), money(amounts.amount), true));
        Self::laid_out(fonts, totals, &note.amount_in_words(), vec![REVERSE_CHARGE])
    }

    fn laid_out(
        fonts: &Fonts,
        totals: Vec<(String, String, bool)>,
        in_words: &str,
        notes: Vec<&'static str>,
    ) -> Self {
        let words_width = CONTENT_WIDTH - TOTALS_WIDTH - WORDS_GAP;
        let words = wrap_clamped(fonts, WORDS_STYLE, in_words, words_width, 4);
        // The first baseline, the others' leading, the rule and the total, its descent.
        let totals_height = TOTALS_STYLE.size
            + totals.len().saturating_sub(2) as f32 * TOTALS_STYLE.leading()
            + 4.5
            + TOTAL_RISE
            + 3.0;
        let words_height = 12.0
            + words.len() as f32 * WORDS_STYLE.leading()
            + if notes.is_empty() { 0.0 } else { 16.0 }
            + notes.len().saturating_sub(1) as f32 * NOTE_LEADING;
        Self {
            totals,
            words,
            notes,
            height: totals_height.max(words_height) + 4.0,
        }
    }

    pub(crate) fn draw(&self, pen: &mut Pen, top: f32) {
        // The totals, right-aligned under the table's last column.
        let label_right = RIGHT - VALUES_WIDTH;
        let mut y = top + TOTALS_STYLE.size;
        for (label, value, total) in &self.totals {
            if *total {
                let rule = y - TOTALS_STYLE.leading() + 4.5;
                pen.rule(RIGHT - TOTALS_WIDTH, RIGHT, rule, 0.8, INK);
                y = rule + TOTAL_RISE;
                pen.text_right(label_right, y, label, TOTAL_STYLE);
                pen.text_right(RIGHT, y, value, TOTAL_STYLE);
            } else {
                let style = if label.starts_with("incl.") {
                    Style::muted(TOTALS_STYLE.size)
                } else {
                    TOTALS_STYLE
                };
                // A long coupon code is drawn smaller, then cut, to stay clear of the words.
                let room = LABEL_ROOM;
                let label_style = [style.size, 8.0, 7.0]
                    .into_iter()
                    .map(|size| Style { size, ..style })
                    .find(|s| pen.width(label, *s) <= room)
                    .unwrap_or(Style { size: 7.0, ..style });
                let label = ellipsize(pen.fonts, label_style, label, room);
                pen.text_right(label_right, y, &label, label_style);
                pen.text_right(RIGHT, y, value, style);
                y += TOTALS_STYLE.leading();
            }
        }

        // The amount in words, and the GST note, on the left.
        let mut y = top + 8.0;
        pen.text(MARGIN, y, "Amount in words:", Style::bold(8.5));
        y += WORDS_STYLE.leading();
        y = pen.lines(MARGIN, y, &self.words, WORDS_STYLE);
        for (n, note) in self.notes.iter().enumerate() {
            let y = y + 6.0 + n as f32 * NOTE_LEADING;
            pen.text(MARGIN, y, note, Style::muted(8.5));
        }
    }
}

/// Between the notes under the amount in words.
const NOTE_LEADING: f32 = 11.0;

/// The taxable value and the tax as totals: CGST and SGST (or UTGST), or IGST.
fn push_tax(
    totals: &mut Vec<(String, String, bool)>,
    seller: &Seller,
    taxable: Paise,
    tax: GstTax,
    intra_state: bool,
) {
    totals.push(("Taxable value".to_owned(), money(taxable), false));
    if intra_state {
        totals.push(("CGST".to_owned(), money(tax.cgst()), false));
        let state_tax = seller.state.state_tax_name().to_owned();
        totals.push((state_tax, money(tax.sgst()), false));
    } else {
        totals.push(("IGST".to_owned(), money(tax.igst()), false));
    }
}

/// The sign-off and the computer-generated note, at the foot of the page; `what` the
/// document (`invoice`, `credit note`).
pub(crate) fn draw_footer(pen: &mut Pen, legal_name: &str, what: &str) {
    let sign_off = Style::bold(9.0);
    let text = ellipsize(
        pen.fonts,
        sign_off,
        &format!("For {}", clean(legal_name).trim()),
        CONTENT_WIDTH,
    );
    pen.text_right(RIGHT, FOOTER_TOP + 12.0, &text, sign_off);
    pen.rule(MARGIN, RIGHT, FOOTER_TOP + 20.0, 0.5, RULE);
    pen.text_centered(
        PAGE_WIDTH / 2.0,
        FOOTER_TOP + 31.0,
        &format!("This is a computer-generated {what} and needs no signature."),
        Style::muted(7.5),
    );
}
