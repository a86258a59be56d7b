//! The packing slip ([`PackingSlip`]) of a parcel the shop ships itself with the manual
//! courier (decisions D15): the label stuck on the parcel, with who sends it, who gets it, the
//! courier's AWB as a Code 128 barcode, what is inside and the cash to collect.
//!
//! The page is A6 portrait, 105 x 148 mm, the common size of shipping labels: a thermal label
//! printer's 4 x 6 inch label (102 x 152 mm) takes it fitted to its width at 97 %, still
//! readable and scannable, and it is a quarter of an A4 sheet, which an office printer prints
//! at its true size to be cut out and taped on. On that page, from the top:
//! the sender, the buyer in large bold, the courier and the barcode with the AWB under it, the
//! order (with `Exchange for order <id>` for the replacement order of a size exchange), the
//! lines (as many as fit, then `+3 more`), and at the foot, in a box, `Collect ₹1800` for a
//! cash-on-delivery order still unpaid or `Prepaid`.

use krilla::geom::Rect;
use paduka_domain::order::{PackingSlip, SlipLine};

use crate::barcode::Barcode;
use crate::pen::{INK, Pen, RULE};
use crate::text::{Fonts, Style, clean, ellipsize, wrap, wrap_clamped};

/// A6 in points.
pub(crate) const PAGE_WIDTH: f32 = 297.64;
pub(crate) const PAGE_HEIGHT: f32 = 419.53;
/// 5 mm: the text stays clear of a label's edge, or of a rough cut.
const MARGIN: f32 = 14.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;

const LABEL: Style = Style::muted(6.5);
/// The widest module (thinnest bar) a short AWB is drawn with, 0.53 mm; a long one has
/// narrower modules, so that 40 characters in code set B (495 modules with the quiet zones)
/// still fit the page's width, at 0.585 pt (0.21 mm, 1.6 dots of a 203 dpi label printer; zbar
/// decodes such a symbol rasterised at 203 dpi, but not at 0.54 pt, within the text's margins).
pub(crate) const MAX_MODULE: f32 = 1.5;
/// The barcode's quiet zones are white already: the symbol may reach this close to the page's
/// edges, closer than the text.
pub(crate) const BARCODE_MARGIN: f32 = 4.0;
pub(crate) const BAR_HEIGHT: f32 = 50.0;
/// The box at the foot with the cash to collect, or `Prepaid`.
const PAYMENT_HEIGHT: f32 = 30.0;
const PAYMENT_STYLE: Style = Style::bold(16.0);
/// The lines' type sizes, tried from the first until every line fits.
const LINE_SIZES: [f32; 4] = [8.5, 8.0, 7.5, 7.0];

pub(crate) fn draw(pen: &mut Pen, slip: &PackingSlip, barcode: &Barcode) {
    let y = draw_sender(pen, slip, MARGIN);
    let y = draw_buyer(pen, slip, y);
    let y = draw_shipment(pen, slip, barcode, y);
    let y = draw_order(pen, slip, y);
    let payment_top = PAGE_HEIGHT - MARGIN - PAYMENT_HEIGHT;
    draw_lines(pen, &slip.lines, y, payment_top - 6.0);
    draw_payment(pen, slip.collect_rupees, payment_top);
}

/// A section's label (`FROM`) with its top at `top`; returns its baseline.
fn label(pen: &mut Pen, top: f32, text: &str) -> f32 {
    let baseline = top + LABEL.size;
    pen.text(MARGIN, baseline, text, LABEL);
    baseline
}

/// A thin rule below the baseline `y` of text in `style`, between two sections; returns the
/// top of the next.
fn separate(pen: &mut Pen, y: f32, style: Style) -> f32 {
    let rule = y + style.size * 0.3 + 4.0;
    pen.rule(MARGIN, RIGHT, rule, 0.5, RULE);
    rule + 5.0
}

/// Lines of text in `style` below the baseline `y`, a leading of their own apart; returns the
/// last one's baseline (`y` when there are none).
fn lines_below(pen: &mut Pen, y: f32, lines: &[String], style: Style) -> f32 {
    pen.lines(MARGIN, y + style.leading(), lines, style) - style.leading()
}

/// The shop: its name and its address in one or two lines. Returns the next section's top.
fn draw_sender(pen: &mut Pen, slip: &PackingSlip, top: f32) -> f32 {
    let fonts = pen.fonts;
    let y = label(pen, top, "FROM");
    let name_style = Style::bold(8.5);
    let name = ellipsize(
        fonts,
        name_style,
        clean(&slip.shop_name).trim(),
        CONTENT_WIDTH,
    );
    let y = lines_below(pen, y, &[name], name_style);
    let body = Style::regular(7.5);
    // The address's lines run on, separated by commas: the sender needs little room.
    let address = slip
        .shop_address
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let address = wrap_clamped(fonts, body, &address, CONTENT_WIDTH, 2);
    let y = lines_below(pen, y, &address, body);
    separate(pen, y, body)
}

/// The buyer in large bold: the name, the address as given (in smaller type when it is long),
/// the pincode and state, the phone. Returns the next section's top.
fn draw_buyer(pen: &mut Pen, slip: &PackingSlip, top: f32) -> f32 {
    let fonts = pen.fonts;
    let y = label(pen, top, "TO");
    let name_style = Style::bold(14.0);
    let name = wrap_clamped(fonts, name_style, &slip.buyer_name, CONTENT_WIDTH, 2);
    let mut y = lines_below(pen, y, &name, name_style);
    let (mut last, address) = buyer_address(fonts, &slip.address);
    y = lines_below(pen, y, &address, last);

    let pincode = clean(&slip.pincode).trim().to_owned();
    let place = match slip.state {
        Some(state) if !pincode.is_empty() => format!("{pincode}, {}", state.name()),
        Some(state) => state.name().to_owned(),
        None => pincode,
    };
    if !place.is_empty() {
        last = Style::bold(13.0);
        let place = ellipsize(fonts, last, &place, CONTENT_WIDTH);
        y = lines_below(pen, y, &[place], last);
    }
    let phone = slip
        .buyer_phone
        .as_deref()
        .map(|phone| clean(phone).trim().to_owned())
        .filter(|phone| !phone.is_empty());
    if let Some(phone) = phone {
        last = Style::bold(11.0);
        let phone = ellipsize(fonts, last, &format!("Phone {phone}"), CONTENT_WIDTH);
        y = lines_below(pen, y, &[phone], last);
    }
    separate(pen, y, last)
}

/// The buyer's address at the largest size that holds it in four lines; a longer one in five
/// lines of the smallest, cut with an ellipsis.
fn buyer_address(fonts: &Fonts, address: &str) -> (Style, Vec<String>) {
    for size in [11.0, 10.0, 9.0] {
        let style = Style::bold(size);
        let lines = wrap(fonts, style, address, CONTENT_WIDTH);
        if lines.len() <= 4 {
            return (style, lines);
        }
    }
    let style = Style::bold(8.0);
    (style, wrap_clamped(fonts, style, address, CONTENT_WIDTH, 5))
}

/// The courier's name, the AWB's barcode and the AWB under it. Returns the next section's top.
fn draw_shipment(pen: &mut Pen, slip: &PackingSlip, barcode: &Barcode, top: f32) -> f32 {
    let y = label(pen, top, "COURIER");
    let courier_style = Style::bold(10.0);
    let courier = ellipsize(
        pen.fonts,
        courier_style,
        clean(slip.courier.as_str()).trim(),
        CONTENT_WIDTH,
    );
    let y = lines_below(pen, y, &[courier], courier_style);

    let (x, module) = barcode_place(barcode);
    let bars_top = y + 7.0;
    barcode.draw(pen, x, bars_top, module, BAR_HEIGHT);

    // The AWB in the largest type that fits the width: it is never cut.
    let awb = slip.awb.as_str();
    let awb_style = [11.0, 10.0, 9.0, 8.0]
        .into_iter()
        .map(Style::bold)
        .find(|style| pen.width(awb, *style) <= CONTENT_WIDTH)
        .unwrap_or(Style::bold(7.0));
    let y = bars_top + BAR_HEIGHT + 3.0 + awb_style.size;
    pen.text_centered(PAGE_WIDTH / 2.0, y, awb, awb_style);
    separate(pen, y, awb_style)
}

/// Where the barcode goes: the left edge of its quiet zone and its module's width, centred on
/// the page, its modules as wide as the page allows up to [`MAX_MODULE`].
pub(crate) fn barcode_place(barcode: &Barcode) -> (f32, f32) {
    let modules = barcode.width_with_quiet_zones() as f32;
    let module = ((PAGE_WIDTH - 2.0 * BARCODE_MARGIN) / modules).min(MAX_MODULE);
    ((PAGE_WIDTH - modules * module) / 2.0, module)
}

/// `Order <id>` and `Ordered <date>`, on one line when they fit, else on two; for a
/// replacement order, `Exchange for order <id>` in bold below. Returns the next section's top.
fn draw_order(pen: &mut Pen, slip: &PackingSlip, top: f32) -> f32 {
    let style = Style::regular(8.0);
    let order = format!("Order {}", clean(slip.order_id.as_str()).trim());
    let date = format!("Ordered {}", slip.ordered_on.format("%d %b %Y"));
    let order = ellipsize(pen.fonts, style, &order, CONTENT_WIDTH);
    let mut y = top + style.size;
    pen.text(MARGIN, y, &order, style);
    if pen.width(&order, style) + 12.0 + pen.width(&date, style) > CONTENT_WIDTH {
        y += style.leading();
        pen.text(MARGIN, y, &date, style);
    } else {
        pen.text_right(RIGHT, y, &date, style);
    }
    let mut last = style;
    if let Some(replaced) = &slip.exchange_for {
        // In bold when it fits, else smaller: the packer needs the whole id.
        let exchange = exchange_text(replaced.as_str());
        last = [Style::bold(8.0), Style::regular(8.0), Style::regular(7.0)]
            .into_iter()
            .find(|style| pen.width(&exchange, *style) <= CONTENT_WIDTH)
            .unwrap_or(Style::regular(7.0));
        let exchange = ellipsize(pen.fonts, last, &exchange, CONTENT_WIDTH);
        y += last.leading();
        pen.text(MARGIN, y, &exchange, last);
    }
    separate(pen, y, last)
}

/// `Exchange for order <id>` (decisions D24): the parcel replaces pairs of that order.
pub(crate) fn exchange_text(replaced: &str) -> String {
    format!("Exchange for order {}", clean(replaced).trim())
}

/// What the lines show in `rows` rows: each line's text, or when they are more, one row fewer
/// and `+N more` for the rest.
pub(crate) fn line_texts(
    fonts: &Fonts,
    lines: &[SlipLine],
    style: Style,
    rows: usize,
) -> Vec<String> {
    let shown = if lines.len() > rows {
        rows.saturating_sub(1)
    } else {
        lines.len()
    };
    let mut texts: Vec<String> = lines[..shown]
        .iter()
        .map(|line| line_text(fonts, line, style, CONTENT_WIDTH))
        .collect();
    if shown < lines.len() {
        texts.push(format!("+{} more", lines.len() - shown));
    }
    texts
}

/// `2 x Mojari (UK 8)`: the name cut with an ellipsis to fit `width`, the size kept.
pub(crate) fn line_text(fonts: &Fonts, line: &SlipLine, style: Style, width: f32) -> String {
    let face = fonts.face(style.bold);
    let quantity = format!("{} x ", line.quantity);
    let size = line
        .size
        .as_deref()
        .map(|size| clean(size).trim().to_owned())
        .filter(|size| !size.is_empty())
        .map(|size| {
            // A size is short; a label that is not is cut too, to half the width.
            let size = ellipsize(fonts, style, &size, width / 2.0);
            format!(" ({size})")
        })
        .unwrap_or_default();
    let room = width - face.width(&quantity, style.size) - face.width(&size, style.size);
    let name = ellipsize(fonts, style, clean(&line.name).trim(), room);
    format!("{quantity}{name}{size}")
}

/// The parcel's contents from `top`, above `bottom`: every line at the largest size that
/// holds them all, else as many as fit at the smallest and `+N more`.
fn draw_lines(pen: &mut Pen, lines: &[SlipLine], top: f32, bottom: f32) {
    let fonts = pen.fonts;
    let y = label(pen, top, "CONTENTS");
    let pieces: u64 = lines.iter().map(|line| u64::from(line.quantity)).sum();
    let pieces = if pieces == 1 {
        "1 piece".to_owned()
    } else {
        format!("{pieces} pieces")
    };
    pen.text_right(RIGHT, y, &pieces, LABEL);
    let first_top = y + 3.0;
    // How many lines of a size fit: the first baseline a size below the top, the next each a
    // leading lower, the last one's descent above the bottom.
    let rows = |style: Style| -> usize {
        let room = bottom - first_top - style.size * 1.25;
        if room < 0.0 {
            0
        } else {
            (room / style.leading()) as usize + 1
        }
    };
    let style = LINE_SIZES
        .into_iter()
        .map(Style::regular)
        .find(|style| rows(*style) >= lines.len())
        .unwrap_or(Style::regular(LINE_SIZES[LINE_SIZES.len() - 1]));
    let texts = line_texts(fonts, lines, style, rows(style));
    pen.lines(MARGIN, first_top + style.size, &texts, style);
}

/// `Collect ₹1800` in a box (the order's whole rupees, as the spec writes amounts in the
/// shop's texts: no separators, what the courier types into their cash sheet), or
/// `Prepaid` when there is nothing to collect.
fn draw_payment(pen: &mut Pen, collect_rupees: i64, top: f32) {
    let text = payment_text(collect_rupees);
    let frame = Rect::from_xywh(MARGIN, top, CONTENT_WIDTH, PAYMENT_HEIGHT).expect("a box");
    let border = if collect_rupees > 0 { 2.0 } else { 1.0 };
    pen.rect(frame, None, Some((border, INK)));
    let baseline = top + PAYMENT_HEIGHT / 2.0 + PAYMENT_STYLE.size * 0.36;
    pen.text_centered(PAGE_WIDTH / 2.0, baseline, &text, PAYMENT_STYLE);
}

pub(crate) fn payment_text(collect_rupees: i64) -> String {
    if collect_rupees > 0 {
        format!("Collect ₹{collect_rupees}")
    } else {
        "Prepaid".to_owned()
    }
}
