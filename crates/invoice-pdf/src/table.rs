//! The table of the invoice's lines, at the largest type that fits its space.

use krilla::geom::Rect;
use paduka_domain::Paise;
use paduka_domain::invoice::{CreditNoteDocument, GstTax, InvoiceDocument, InvoiceKind, Seller};

use crate::pen::{HEADER_FILL, INK, Pen, RULE};
use crate::text::{Fonts, Style, money, product_lines};
use crate::{CONTENT_WIDTH, MARGIN, RIGHT};

/// The table's font sizes, tried from the first until the lines fit above the totals.
pub(crate) const TABLE_SIZES: [f32; 6] = [8.0, 7.5, 7.0, 6.5, 6.0, 5.5];

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Right,
}

/// A column of the lines' table; the product's cells are laid out apart (they wrap).
pub(crate) struct Column {
    pub(crate) header: &'static [&'static str],
    pub(crate) align: Align,
    pub(crate) cells: Vec<String>,
}

pub(crate) struct Table {
    pub(crate) columns: Vec<Column>,
    /// Each row's product: its name, colour (`""` without) and size.
    pub(crate) items: Vec<(String, String, Option<String>)>,
}

/// The index of the product's column.
pub(crate) const PRODUCT: usize = 1;

/// The table as it fits: its font size, the columns' widths and each row's product lines.
pub(crate) struct TableLayout {
    pub(crate) size: f32,
    pub(crate) widths: Vec<f32>,
    pub(crate) header_height: f32,
    pub(crate) products: Vec<Vec<String>>,
    pub(crate) row_heights: Vec<f32>,
}

/// A cell's padding at a font size: left and right, top and bottom.
pub(crate) fn cell_padding(size: f32) -> (f32, f32) {
    (size * 0.4, size * 0.45)
}

impl Table {
    pub(crate) fn new(document: &InvoiceDocument) -> Self {
        let items = document
            .products
            .iter()
            .map(|p| (p.name.clone(), p.color.clone(), p.size.clone()))
            .collect();
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
                    sgst_header(&document.seller),
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
        Self { columns, items }
    }

    /// A credit note's lines: what goes back, and (a registered seller's) its taxable value
    /// and tax reversed at the invoiced rates.
    pub(crate) fn credit_note(note: &CreditNoteDocument) -> Self {
        let lines = &note.amounts.lines;
        let products = &note.products;
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
        ];
        if note.shows_tax() {
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
            let taxes: Vec<GstTax> = lines.iter().map(|l| l.tax).collect();
            if note.amounts.intra_state {
                columns.push(column(
                    &["CGST"],
                    Align::Right,
                    money_cells(&|i| taxes[i].cgst()),
                ));
                columns.push(column(
                    sgst_header(&note.seller),
                    Align::Right,
                    money_cells(&|i| taxes[i].sgst()),
                ));
            } else {
                columns.push(column(
                    &["IGST"],
                    Align::Right,
                    money_cells(&|i| taxes[i].igst()),
                ));
            }
        }
        columns.push(column(
            &["Amount"],
            Align::Right,
            money_cells(&|i| lines[i].credited.amount),
        ));
        let items = products
            .iter()
            .map(|p| (p.name.clone(), p.color.clone(), p.size.clone()))
            .collect();
        Self { columns, items }
    }

    /// The largest font size whose table fits in `space` points of height with the product
    /// names in up to two lines, else in one line. A cart's 20 lines always fit (the tests
    /// try the longest texts); more than the smallest size holds would run off the page.
    pub(crate) fn layout(&self, fonts: &Fonts, space: f32) -> TableLayout {
        let mut last = None;
        for max_lines in [2, 1] {
            for size in TABLE_SIZES {
                let layout = self.layout_at(fonts, size, max_lines);
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

    pub(crate) fn layout_at(&self, fonts: &Fonts, size: f32, max_lines: usize) -> TableLayout {
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
        let products: Vec<Vec<String>> = self
            .items
            .iter()
            .map(|(name, color, size)| {
                product_lines(
                    fonts,
                    body,
                    name,
                    color,
                    size.as_deref(),
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
    pub(crate) fn draw(&self, pen: &mut Pen, layout: &TableLayout, top: f32) -> f32 {
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
            let last = row + 1 == self.items.len();
            if last {
                pen.rule(MARGIN, RIGHT, y, 0.8, INK);
            } else {
                pen.rule(MARGIN, RIGHT, y, 0.4, RULE);
            }
        }
        y
    }

    pub(crate) fn header_lines(&self) -> usize {
        self.columns
            .iter()
            .map(|c| c.header.len())
            .max()
            .unwrap_or(1)
    }
}

/// The SGST column's header: `SGST`, or `UTGST` for a shop in a union territory without a
/// legislature.
pub(crate) fn sgst_header(seller: &Seller) -> &'static [&'static str] {
    match seller.state.state_tax_name() {
        "UTGST" => &["UTGST"],
        _ => &["SGST"],
    }
}
