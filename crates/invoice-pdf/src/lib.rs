//! Draws an order's invoice ([`InvoiceDocument`]) as a one-page A4 PDF: a `Tax Invoice` with
//! its CGST and SGST (or UTGST), or IGST, per line and in total, or a `Bill of Supply` without
//! any tax, laid out as an Indian accountant expects (seller and GSTIN, invoice number and
//! date, the buyer and the place of supply, a table of lines with their HSN codes, the totals,
//! the amount in words). A cancelled order's invoice is stamped `CANCELLED`.
//!
//! The PDF is written by [krilla](https://docs.rs/krilla), the PDF library of the typst
//! authors: well kept, pure Rust, and it embeds only the glyphs a document uses (subsetted
//! TrueType), so an invoice is some 35 kB, not the 700 kB of a whole font. Its own
//! text shaping (rustybuzz) is left out: every string here is laid out glyph by glyph with
//! skrifa, the font reader krilla itself uses, so the widths that right-align the amounts and
//! wrap the names are exactly those drawn.
//!
//! The font is DejaVu Sans, regular and bold, vendored in `fonts/` (Bitstream Vera licence,
//! `fonts/LICENSE`): free to embed and redistribute, and it has the rupee sign `₹` (U+20B9),
//! which many common fonts still lack. Text in scripts it has no glyphs for (Devanagari, for
//! one) would show the missing-glyph box: names and addresses are expected in Latin script.
//!
//! Nothing here does I/O: [`render`] turns a document into bytes, the same bytes every time.

use chrono::Datelike;
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use paduka_domain::Paise;
use paduka_domain::invoice::{InvoiceDocument, InvoiceKind};
use skrifa::charmap::Charmap;
use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::GlyphMetrics;
use skrifa::{FontRef, MetadataProvider};

static REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// A4 in points.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 36.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// Where the footer (sign-off and the computer-generated note) starts: the table and the
/// totals stay above it.
const FOOTER_TOP: f32 = PAGE_HEIGHT - MARGIN - 34.0;

/// A colour, as consts (krilla's colours are made at run time).
#[derive(Clone, Copy)]
struct Rgb(u8, u8, u8);

impl Rgb {
    fn pdf(self) -> rgb::Color {
        rgb::Color::new(self.0, self.1, self.2)
    }
}

const INK: Rgb = Rgb(33, 33, 33);
const MUTED: Rgb = Rgb(96, 96, 96);
const RULE: Rgb = Rgb(190, 190, 190);
const HEADER_FILL: Rgb = Rgb(236, 239, 243);
const STAMP: Rgb = Rgb(198, 40, 40);

/// The table's font sizes, tried from the first until the lines fit above the totals.
const TABLE_SIZES: [f32; 6] = [8.0, 7.5, 7.0, 6.5, 6.0, 5.5];

/// The document as a PDF: one A4 page, whatever the texts' lengths, for up to the 20 lines a
/// cart holds (long names and addresses are cut with an ellipsis, the table's type made
/// smaller).
///
/// A `Result` because krilla's last step, embedding the subsetted fonts, can refuse a font.
/// With the vendored DejaVu fonts it does not (the tests draw every kind of invoice, and every
/// Latin-1 character), but an error here is better logged by the caller than a panic in a
/// request; it is also what the application's `InvoiceRenderer` port returns.
pub fn render(document: &InvoiceDocument) -> anyhow::Result<Vec<u8>> {
    let fonts = Fonts::new();
    let mut pdf = Document::new();
    pdf.set_metadata(metadata(document));
    let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).expect("A4 is a valid size");
    let mut page = pdf.start_page_with(settings);
    let mut surface = page.surface();
    let mut pen = Pen {
        surface: &mut surface,
        fonts: &fonts,
    };
    draw(&mut pen, document);
    surface.finish();
    page.finish();
    pdf.finish()
        .map_err(|error| anyhow::anyhow!("krilla could not write the invoice PDF: {error:?}"))
}

fn metadata(document: &InvoiceDocument) -> Metadata {
    let date = document.date;
    // The invoice's own date, not the time of drawing: the same document gives the same file.
    let created = DateTime::new(u16::try_from(date.year()).unwrap_or(2000))
        .month(u8::try_from(date.month()).unwrap_or(1))
        .day(u8::try_from(date.day()).unwrap_or(1));
    Metadata::new()
        .title(format!("{} {}", document.kind.title(), document.number))
        .creator(document.seller.legal_name.clone())
        .producer("Paduka".to_owned())
        .language("en-IN".to_owned())
        .creation_date(created)
}

// ---------------------------------------------------------------------------------------------
// Fonts and text measurement

/// One font, for drawing (krilla) and for measuring (skrifa).
struct Face {
    pdf: Font,
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f32,
}

impl Face {
    fn new(data: &'static [u8]) -> Self {
        let font = FontRef::new(data).expect("the vendored font reads");
        Self {
            pdf: Font::new(data.into(), 0).expect("krilla reads the vendored font"),
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()),
            units_per_em: f32::from(
                font.metrics(Size::unscaled(), LocationRef::default())
                    .units_per_em,
            ),
        }
    }

    /// One glyph a character, advances in ems: no kerning or ligatures, which an invoice's
    /// Latin text and figures do without.
    fn glyphs(&self, text: &str) -> Vec<KrillaGlyph> {
        text.char_indices()
            .map(|(at, ch)| {
                let glyph = self.charmap.map(ch).unwrap_or_default();
                let advance = self.metrics.advance_width(glyph).unwrap_or(0.0) / self.units_per_em;
                KrillaGlyph::new(
                    GlyphId::new(glyph.to_u32()),
                    advance,
                    0.0,
                    0.0,
                    0.0,
                    at..at + ch.len_utf8(),
                    None,
                )
            })
            .collect()
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|ch| {
                let glyph = self.charmap.map(ch).unwrap_or_default();
                self.metrics.advance_width(glyph).unwrap_or(0.0)
            })
            .sum::<f32>()
            * size
            / self.units_per_em
    }
}

struct Fonts {
    regular: Face,
    bold: Face,
}

impl Fonts {
    fn new() -> Self {
        Self {
            regular: Face::new(REGULAR),
            bold: Face::new(BOLD),
        }
    }

    fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }
}

/// How a run of text is drawn.
#[derive(Clone, Copy)]
struct Style {
    size: f32,
    bold: bool,
    color: Rgb,
}

impl Style {
    const fn regular(size: f32) -> Self {
        Self {
            size,
            bold: false,
            color: INK,
        }
    }

    const fn bold(size: f32) -> Self {
        Self {
            size,
            bold: true,
            color: INK,
        }
    }

    const fn muted(size: f32) -> Self {
        Self {
            size,
            bold: false,
            color: MUTED,
        }
    }

    const fn colored(self, color: Rgb) -> Self {
        Self { color, ..self }
    }

    /// The distance between baselines.
    fn leading(self) -> f32 {
        self.size * 1.3
    }
}

/// Text with the characters a PDF line cannot show (tabs, other controls) made spaces.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The text as lines no wider than `width`: broken at spaces, a word longer than a line broken
/// where it must; each newline in the text starts a line.
fn wrap(fonts: &Fonts, style: Style, text: &str, width: f32) -> Vec<String> {
    let paragraphs: Vec<Vec<String>> = text
        .lines()
        .map(|p| clean(p).split_whitespace().map(str::to_owned).collect())
        .collect();
    wrap_words(fonts, style, &paragraphs, width)
}

/// Paragraphs of words as lines no wider than `width` (see [`wrap`]); a word may hold spaces
/// that are not to break.
fn wrap_words(fonts: &Fonts, style: Style, paragraphs: &[Vec<String>], width: f32) -> Vec<String> {
    let face = fonts.face(style.bold);
    let fits = |line: &str| face.width(line, style.size) <= width;
    let mut lines = Vec::new();
    for paragraph in paragraphs {
        let mut line = String::new();
        for word in paragraph {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if fits(&candidate) {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone; split it if even that is too wide.
            for ch in word.chars() {
                line.push(ch);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, ch.to_string()));
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// `text` cut to fit `width` with an ellipsis (unchanged if it fits).
fn ellipsize(fonts: &Fonts, style: Style, text: &str, width: f32) -> String {
    let face = fonts.face(style.bold);
    if face.width(text, style.size) <= width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() {
        cut.pop();
        let candidate = format!("{}…", cut.trim_end());
        if face.width(&candidate, style.size) <= width {
            return candidate;
        }
    }
    "…".to_owned()
}

/// The wrapped text in at most `max_lines` lines, the last one ending in an ellipsis when the
/// text goes on.
fn wrap_clamped(
    fonts: &Fonts,
    style: Style,
    text: &str,
    width: f32,
    max_lines: usize,
) -> Vec<String> {
    let mut lines = wrap(fonts, style, text, width);
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(ellipsize(fonts, style, &format!("{rest}…"), width));
    }
    lines
}

/// A product's cell: its name and `(Size: 9)`, in at most `max_lines` lines. A name too long
/// is cut with an ellipsis before the size, so the size always shows.
fn product_lines(
    fonts: &Fonts,
    style: Style,
    name: &str,
    size: Option<&str>,
    width: f32,
    max_lines: usize,
) -> Vec<String> {
    let Some(size) = size else {
        return wrap_clamped(fonts, style, name, width, max_lines);
    };
    let suffix = format!("(Size: {})", clean(size).trim());
    // The size is one word: it breaks from the name, never inside itself.
    let mut words: Vec<String> = clean(name).split_whitespace().map(str::to_owned).collect();
    words.push(suffix.clone());
    let lines = wrap_words(fonts, style, &[words], width);
    if lines.len() <= max_lines {
        return lines;
    }
    let suffix_width = fonts
        .face(style.bold)
        .width(&format!(" {suffix}"), style.size);
    if width - suffix_width < 3.0 * style.size {
        return wrap_clamped(fonts, style, &format!("{name} {suffix}"), width, max_lines);
    }
    let mut lines = wrap(fonts, style, name, width);
    let rest = lines.split_off((max_lines - 1).min(lines.len())).join(" ");
    let last = ellipsize(fonts, style, &format!("{rest}…"), width - suffix_width);
    lines.push(format!("{last} {suffix}"));
    lines
}

/// Money as the invoice prints it: [`Paise::in_indian_style`] with the paise always written
/// (`₹3,958.00`), so the amounts in a column line up at the decimal point.
fn money(amount: Paise) -> String {
    let text = amount.in_indian_style();
    if text.contains('.') {
        text
    } else {
        format!("{text}.00")
    }
}

// ---------------------------------------------------------------------------------------------
// Drawing

struct Pen<'a, 'p> {
    surface: &'a mut Surface<'p>,
    fonts: &'a Fonts,
}

impl Pen<'_, '_> {
    fn width(&self, text: &str, style: Style) -> f32 {
        self.fonts.face(style.bold).width(text, style.size)
    }

    /// Text from `x` on the baseline `y` (from the top of the page).
    fn text(&mut self, x: f32, y: f32, text: &str, style: Style) {
        if text.is_empty() {
            return;
        }
        let face = self.fonts.face(style.bold);
        let glyphs = face.glyphs(text);
        self.surface.set_fill(Some(fill(style.color)));
        self.surface.draw_glyphs(
            Point::from_xy(x, y),
            &glyphs,
            face.pdf.clone(),
            text,
            style.size,
            false,
        );
    }

    /// Text ending at `right`.
    fn text_right(&mut self, right: f32, y: f32, text: &str, style: Style) {
        let width = self.width(text, style);
        self.text(right - width, y, text, style);
    }

    fn text_centered(&mut self, center: f32, y: f32, text: &str, style: Style) {
        let width = self.width(text, style);
        self.text(center - width / 2.0, y, text, style);
    }

    /// Lines from the baseline `y` down; returns the baseline after the last.
    fn lines(&mut self, x: f32, mut y: f32, lines: &[String], style: Style) -> f32 {
        for line in lines {
            self.text(x, y, line, style);
            y += style.leading();
        }
        y
    }

    fn rule(&mut self, x1: f32, x2: f32, y: f32, width: f32, color: Rgb) {
        let mut path = PathBuilder::new();
        path.move_to(x1, y);
        path.line_to(x2, y);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint: color.pdf().into(),
            width,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    fn rect(&mut self, rect: Rect, fill_color: Option<Rgb>, stroke: Option<(f32, Rgb)>) {
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(fill_color.map(fill));
        self.surface.set_stroke(stroke.map(|(width, color)| Stroke {
            paint: color.pdf().into(),
            width,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }
}

fn fill(color: Rgb) -> Fill {
    Fill {
        paint: color.pdf().into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn draw(pen: &mut Pen, document: &InvoiceDocument) {
    let y = draw_heading(pen, document);
    let y = draw_parties(pen, document, y);
    let closing = Closing::new(pen.fonts, document);
    let table = Table::new(document);
    let layout = table.layout(pen.fonts, document, FOOTER_TOP - 14.0 - closing.height - y);
    let y = table.draw(pen, document, &layout, y);
    closing.draw(pen, y + 14.0);
    draw_footer(pen, document);
}

/// The title, and the `CANCELLED` stamp; returns where the next block starts.
fn draw_heading(pen: &mut Pen, document: &InvoiceDocument) -> f32 {
    let title = Style::bold(22.0);
    pen.text(MARGIN, MARGIN + 20.0, document.kind.title(), title);
    if document.cancelled {
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
fn draw_parties(pen: &mut Pen, document: &InvoiceDocument, top: f32) -> f32 {
    let fonts = pen.fonts;
    let label = Style::muted(7.5);
    let body = Style::regular(9.0);
    let name = Style::bold(10.5);
    let left_width = CONTENT_WIDTH * 0.48;
    let right_x = MARGIN + CONTENT_WIDTH * 0.52;
    let right_width = RIGHT - right_x;

    // The seller, on the left.
    let seller = &document.seller;
    let mut y = top + 14.0;
    pen.text(MARGIN, y, "SOLD BY", label);
    y += 13.0;
    let legal_name = wrap_clamped(fonts, name, &seller.legal_name, left_width, 2);
    y = pen.lines(MARGIN, y, &legal_name, name);
    let address = wrap_clamped(fonts, body, &seller.address, left_width, 4);
    y = pen.lines(MARGIN, y, &address, body);
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
    pen.text(right_x, y, "INVOICE", label);
    y += 13.0;
    let date = document.date.format("%d %b %Y").to_string();
    let rows = [
        ("Invoice No:", document.number.as_str(), 2),
        ("Invoice Date:", date.as_str(), 1),
        ("Order:", document.order_id.as_str(), 2),
        ("Payment:", document.payment.as_str(), 3),
    ];
    let label_width = rows
        .iter()
        .map(|(l, _, _)| pen.width(l, body))
        .fold(0.0, f32::max)
        + 6.0;
    for (row_label, value, max_lines) in rows {
        pen.text(right_x, y, row_label, Style::muted(9.0));
        let style = if row_label == "Invoice No:" {
            Style::bold(9.0)
        } else {
            body
        };
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
    let mut y = y + 14.0;
    pen.text(MARGIN, y, "BILLED TO", label);
    y += 13.0;
    let buyer = wrap_clamped(fonts, name, &document.buyer_name, left_width, 2);
    y = pen.lines(MARGIN, y, &buyer, name);
    let address = wrap_clamped(fonts, body, &document.buyer_address, left_width, 3);
    y = pen.lines(MARGIN, y, &address, body);
    let pincode = clean(&document.buyer_pincode);
    if !pincode.trim().is_empty() {
        y = pen.lines(MARGIN, y, &[format!("Pincode: {}", pincode.trim())], body);
    }
    let place = &document.place_of_supply;
    let place = format!("Place of supply: {} ({})", place.name(), place.code_text());
    y = pen.lines(MARGIN, y, &[place], Style::bold(9.0));
    y + 2.0
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// A column of the lines' table; the product's cells are laid out apart (they wrap).
struct Column {
    header: &'static [&'static str],
    align: Align,
    cells: Vec<String>,
}

struct Table {
    columns: Vec<Column>,
}

/// The index of the product's column.
const PRODUCT: usize = 1;

/// The table as it fits: its font size, the columns' widths and each row's product lines.
struct TableLayout {
    size: f32,
    widths: Vec<f32>,
    header_height: f32,
    products: Vec<Vec<String>>,
    row_heights: Vec<f32>,
}

/// A cell's padding at a font size: left and right, top and bottom.
fn cell_padding(size: f32) -> (f32, f32) {
    (size * 0.4, size * 0.45)
}

impl Table {
    fn new(document: &InvoiceDocument) -> Self {
        let lines = &document.amounts.lines;
        let products = &document.products;
        let column = |header, align, cells: Vec<String>| Column {
            header,
            align,
            cells,
        };
        let money_cells = |part: &dyn Fn(usize) -> Paise| -> Vec<String> {
            (0..lines.len()).map(|i| money(part(i))).collect()
        };
        let mut columns = vec![
            column(
                &["#"],
                Align::Right,
                (1..=lines.len()).map(|n| n.to_string()).collect(),
            ),
            column(&["Product"], Align::Left, Vec::new()),
            column(
                &["HSN"],
                Align::Left,
                products.iter().map(|p| p.hsn.to_string()).collect(),
            ),
            column(
                &["Qty"],
                Align::Right,
                products.iter().map(|p| p.quantity.to_string()).collect(),
            ),
            column(
                &["Unit", "price"],
                Align::Right,
                money_cells(&|i| products[i].unit_price),
            ),
            column(
                &["Discount"],
                Align::Right,
                money_cells(&|i| document.line_discount(i)),
            ),
        ];
        if document.kind == InvoiceKind::TaxInvoice {
            columns.push(column(
                &["Taxable", "value"],
                Align::Right,
                money_cells(&|i| lines[i].taxable),
            ));
            columns.push(column(
                &["GST %"],
                Align::Right,
                lines.iter().map(|l| l.rate.percent().to_string()).collect(),
            ));
            if document.amounts.intra_state {
                columns.push(column(
                    &["CGST"],
                    Align::Right,
                    money_cells(&|i| lines[i].tax.cgst()),
                ));
                columns.push(column(
                    sgst_header(document),
                    Align::Right,
                    money_cells(&|i| lines[i].tax.sgst()),
                ));
            } else {
                columns.push(column(
                    &["IGST"],
                    Align::Right,
                    money_cells(&|i| lines[i].tax.igst()),
                ));
            }
        }
        columns.push(column(
            &["Amount"],
            Align::Right,
            money_cells(&|i| lines[i].amount),
        ));
        Self { columns }
    }

    /// The largest font size whose table fits in `space` points of height with the product
    /// names in up to two lines, else in one line. A cart's 20 lines always fit (the tests
    /// try the longest texts); more than the smallest size holds would run off the page.
    fn layout(&self, fonts: &Fonts, document: &InvoiceDocument, space: f32) -> TableLayout {
        let mut last = None;
        for max_lines in [2, 1] {
            for size in TABLE_SIZES {
                let layout = self.layout_at(fonts, document, size, max_lines);
                let height = layout.header_height + layout.row_heights.iter().sum::<f32>();
                let product_fits = layout.widths[PRODUCT] >= 13.0 * size;
                if height <= space && product_fits {
                    return layout;
                }
                last = Some(layout);
            }
        }
        last.expect("sizes were tried")
    }

    fn layout_at(
        &self,
        fonts: &Fonts,
        document: &InvoiceDocument,
        size: f32,
        max_lines: usize,
    ) -> TableLayout {
        let body = Style::regular(size);
        let header = Style::bold(size);
        let (pad_x, pad_y) = cell_padding(size);
        let mut widths: Vec<f32> = self
            .columns
            .iter()
            .map(|column| {
                let header_width = column
                    .header
                    .iter()
                    .map(|h| fonts.bold.width(h, header.size))
                    .fold(0.0, f32::max);
                let cell_width = column
                    .cells
                    .iter()
                    .map(|c| fonts.regular.width(c, body.size))
                    .fold(0.0, f32::max);
                header_width.max(cell_width) + 2.0 * pad_x
            })
            .collect();
        let others: f32 = widths
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != PRODUCT)
            .map(|(_, w)| w)
            .sum();
        widths[PRODUCT] = (CONTENT_WIDTH - others).max(4.0 * size);
        let text_width = widths[PRODUCT] - 2.0 * pad_x;
        let products: Vec<Vec<String>> = document
            .products
            .iter()
            .map(|p| {
                product_lines(
                    fonts,
                    body,
                    &p.name,
                    p.size.as_deref(),
                    text_width,
                    max_lines,
                )
            })
            .collect();
        let header_lines = self.header_lines();
        let row_heights = products
            .iter()
            .map(|lines| lines.len().max(1) as f32 * body.leading() + 2.0 * pad_y)
            .collect();
        TableLayout {
            size,
            widths,
            header_height: header_lines as f32 * header.leading() + 2.0 * pad_y,
            products,
            row_heights,
        }
    }

    /// Draws the table from `top`; returns its bottom.
    fn draw(
        &self,
        pen: &mut Pen,
        document: &InvoiceDocument,
        layout: &TableLayout,
        top: f32,
    ) -> f32 {
        let body = Style::regular(layout.size);
        let header = Style::bold(layout.size);
        let (pad_x, pad_y) = cell_padding(layout.size);
        let first_baseline = pad_y + layout.size;
        let lefts: Vec<f32> = layout
            .widths
            .iter()
            .scan(MARGIN, |x, w| {
                let left = *x;
                *x += w;
                Some(left)
            })
            .collect();
        let cell = |pen: &mut Pen, column: usize, y: f32, text: &str, style: Style| match self
            .columns[column]
            .align
        {
            Align::Left => pen.text(lefts[column] + pad_x, y, text, style),
            Align::Right => pen.text_right(
                lefts[column] + layout.widths[column] - pad_x,
                y,
                text,
                style,
            ),
        };

        let header_box = Rect::from_xywh(MARGIN, top, CONTENT_WIDTH, layout.header_height)
            .expect("a header row");
        pen.rect(header_box, Some(HEADER_FILL), None);
        pen.rule(MARGIN, RIGHT, top, 0.8, INK);
        for (index, column) in self.columns.iter().enumerate() {
            let lines = column.header.len();
            // Headers sit on the bottom line, so one-line headers align with two-line ones.
            let offset = (self.header_lines() - lines) as f32 * header.leading();
            for (n, line) in column.header.iter().enumerate() {
                let y = top + first_baseline + offset + n as f32 * header.leading();
                cell(pen, index, y, line, header);
            }
        }
        let mut y = top + layout.header_height;
        pen.rule(MARGIN, RIGHT, y, 0.8, INK);

        for (row, height) in layout.row_heights.iter().enumerate() {
            let baseline = y + first_baseline;
            for (index, column) in self.columns.iter().enumerate() {
                if index == PRODUCT {
                    pen.lines(lefts[index] + pad_x, baseline, &layout.products[row], body);
                } else {
                    cell(pen, index, baseline, &column.cells[row], body);
                }
            }
            y += height;
            let last = row + 1 == document.products.len();
            if last {
                pen.rule(MARGIN, RIGHT, y, 0.8, INK);
            } else {
                pen.rule(MARGIN, RIGHT, y, 0.4, RULE);
            }
        }
        y
    }

    fn header_lines(&self) -> usize {
        self.columns
            .iter()
            .map(|c| c.header.len())
            .max()
            .unwrap_or(1)
    }
}

/// The SGST column's header: `SGST`, or `UTGST` for a shop in a union territory without a
/// legislature.
fn sgst_header(document: &InvoiceDocument) -> &'static [&'static str] {
    match document.seller.state.state_tax_name() {
        "UTGST" => &["UTGST"],
        _ => &["SGST"],
    }
}

/// What follows the table: the totals on the right, the amount in words on the left.
struct Closing {
    /// Label, value, whether it is the total.
    totals: Vec<(String, String, bool)>,
    words: Vec<String>,
    note: Option<&'static str>,
    height: f32,
}

const TOTALS_WIDTH: f32 = 230.0;
/// The totals' labels end this far left of the margin, the amounts right of them.
const VALUES_WIDTH: f32 = 100.0;
/// How wide a total's label may be: to the amount in words' column, less a gap.
const LABEL_ROOM: f32 = TOTALS_WIDTH - VALUES_WIDTH + WORDS_GAP - 6.0;
/// Between the amount in words and the totals.
const WORDS_GAP: f32 = 24.0;
const TOTALS_STYLE: Style = Style::regular(9.0);
const TOTAL_STYLE: Style = Style::bold(11.0);
const WORDS_STYLE: Style = Style::regular(8.5);
/// From the rule above the total to the total's baseline.
const TOTAL_RISE: f32 = 14.5;

impl Closing {
    fn new(fonts: &Fonts, document: &InvoiceDocument) -> Self {
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
        if document.kind == InvoiceKind::TaxInvoice {
            totals.push(("Taxable value".to_owned(), money(amounts.taxable), false));
            if amounts.intra_state {
                totals.push(("CGST".to_owned(), money(amounts.tax.cgst()), false));
                let state_tax = document.seller.state.state_tax_name().to_owned();
                totals.push((state_tax, money(amounts.tax.sgst()), false));
            } else {
                totals.push(("IGST".to_owned(), money(amounts.tax.igst()), false));
            }
        }
        totals.push(("Total".to_owned(), money(amounts.amount), true));
        let words_width = CONTENT_WIDTH - TOTALS_WIDTH - WORDS_GAP;
        let words = wrap_clamped(
            fonts,
            WORDS_STYLE,
            &document.amount_in_words(),
            words_width,
            4,
        );
        let note =
            (document.kind == InvoiceKind::TaxInvoice).then_some("Prices are inclusive of GST.");
        // The first baseline, the others' leading, the rule and the total, its descent.
        let totals_height = TOTALS_STYLE.size
            + (totals.len() - 2) as f32 * TOTALS_STYLE.leading()
            + 4.5
            + TOTAL_RISE
            + 3.0;
        let words_height = 12.0
            + words.len() as f32 * WORDS_STYLE.leading()
            + if note.is_some() { 16.0 } else { 0.0 };
        Self {
            totals,
            words,
            note,
            height: totals_height.max(words_height) + 4.0,
        }
    }

    fn draw(&self, pen: &mut Pen, top: f32) {
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
        if let Some(note) = self.note {
            pen.text(MARGIN, y + 6.0, note, Style::muted(8.5));
        }
    }
}

/// The sign-off and the computer-generated note, at the foot of the page.
fn draw_footer(pen: &mut Pen, document: &InvoiceDocument) {
    let sign_off = Style::bold(9.0);
    let text = ellipsize(
        pen.fonts,
        sign_off,
        &format!("For {}", clean(&document.seller.legal_name).trim()),
        CONTENT_WIDTH,
    );
    pen.text_right(RIGHT, FOOTER_TOP + 12.0, &text, sign_off);
    pen.rule(MARGIN, RIGHT, FOOTER_TOP + 20.0, 0.5, RULE);
    pen.text_centered(
        PAGE_WIDTH / 2.0,
        FOOTER_TOP + 31.0,
        "This is a computer-generated invoice and needs no signature.",
        Style::muted(7.5),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_fonts_draw_the_rupee_sign_and_the_typography_used() {
        let fonts = Fonts::new();
        for face in [&fonts.regular, &fonts.bold] {
            for ch in ['₹', '…', '−', 'A', '0'] {
                assert!(face.charmap.map(ch).is_some(), "{ch} has no glyph");
                assert!(face.width(&ch.to_string(), 10.0) > 0.0);
            }
        }
    }

    #[test]
    fn money_always_has_its_paise() {
        assert_eq!(money(Paise::from_stored(395_800)), "₹3,958.00");
        assert_eq!(money(Paise::from_stored(12_499_950)), "₹1,24,999.50");
        assert_eq!(money(Paise::ZERO), "₹0.00");
    }

    #[test]
    fn text_wraps_at_spaces_and_breaks_words_too_long_for_a_line() {
        let fonts = Fonts::new();
        let style = Style::regular(10.0);
        let width = fonts.regular.width("Classic Leather", 10.0);
        assert_eq!(
            wrap(&fonts, style, "Classic Leather Loafer\nBengaluru", width),
            ["Classic Leather", "Loafer", "Bengaluru"]
        );
        let broken = wrap(&fonts, style, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", width);
        assert!(broken.len() > 1);
        assert_eq!(broken.concat(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        assert!(broken.iter().all(|l| fonts.regular.width(l, 10.0) <= width));
    }

    #[test]
    fn a_long_name_is_cut_before_its_size() {
        let fonts = Fonts::new();
        let style = Style::regular(8.0);
        let width = 120.0;
        let name =
            "Women's Embroidered Jutti with Cushioned Insole and Mirror Work, Festive Edition";
        let lines = product_lines(&fonts, style, name, Some("UK 6"), width, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with("… (Size: UK 6)"), "{lines:?}");
        assert!(lines.iter().all(|l| fonts.regular.width(l, 8.0) <= width));
        // A name that fits keeps its size beside it, never split inside.
        let lines = product_lines(&fonts, style, "Trail Runner Pro", Some("10"), width, 2);
        assert_eq!(lines, ["Trail Runner Pro (Size: 10)"]);
        let lines = product_lines(&fonts, style, name, None, width, 2);
        assert!(lines[1].ends_with('…'));
    }
}
