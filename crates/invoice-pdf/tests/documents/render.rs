//! The invoice PDF read back as text with poppler's `pdftotext`, and its pages counted with
//! `pdfinfo` (Debian's poppler-utils; CI installs it). Without them these tests fail: a PDF
//! that no one has read is not tested.
//!
//! `PADUKA_INVOICE_PDF_DIR=/tmp/invoices cargo test -p paduka-invoice-pdf` also keeps each
//! fixture's PDF there, to look at (`pdftoppm -png -r 80`).

use chrono::NaiveDate;
use paduka_domain::gst::{GstRate, Gstin, Hsn};
use paduka_domain::invoice::{
    InvoiceAmounts, InvoiceDocument, InvoiceItem, InvoiceKind, InvoiceProduct, Seller,
};
use paduka_domain::money::{PricedLine, order_amount_rupees};
use paduka_domain::{Paise, Percent, State};

use crate::common::{assert_has, assert_lacks, keep, pages, text, words};

/// One line: name, size, HSN, catalogue price in rupees, sale discount, quantity, GST rate.
struct Line(
    &'static str,
    Option<&'static str>,
    &'static str,
    &'static str,
    i64,
    u32,
    u8,
);

fn seller(state: State, gstin: Option<&str>) -> Seller {
    Seller {
        legal_name: "Paduka Footwear Private Limited".to_owned(),
        address: "No. 12, 3rd Cross, HAL 2nd Stage, Indiranagar\nBengaluru 560038".to_owned(),
        state,
        gstin: gstin.map(|g| Gstin::parse(g).unwrap()),
    }
}

fn document(
    seller: Seller,
    place_of_supply: State,
    lines: &[Line],
    coupon: Option<(&str, i64)>,
) -> InvoiceDocument {
    let items: Vec<InvoiceItem> = lines
        .iter()
        .map(|l| InvoiceItem {
            sale_price: Paise::parse_rupees(l.3)
                .unwrap()
                .discounted(Percent::new(l.4).unwrap()),
            quantity: l.5,
            rate: GstRate::new(l.6).unwrap(),
        })
        .collect();
    let priced: Vec<PricedLine> = items
        .iter()
        .map(|i| PricedLine {
            sale_price: i.sale_price,
            quantity: i.quantity,
        })
        .collect();
    let coupon_rupees = coupon.map_or(0, |c| c.1);
    let amount = order_amount_rupees(&priced) - coupon_rupees;
    let amounts =
        InvoiceAmounts::compute(&items, coupon_rupees, amount, seller.state, place_of_supply)
            .unwrap();
    InvoiceDocument {
        kind: if seller.gstin.is_some() {
            InvoiceKind::TaxInvoice
        } else {
            InvoiceKind::BillOfSupply
        },
        number: "PDK/26-27/000001".to_owned(),
        date: NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
        order_id: "0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e".to_owned(),
        cancelled: false,
        seller,
        buyer_name: "Ananya Deshpande".to_owned(),
        buyer_address: "Flat 402, Sai Krupa Apartments, Baner Road, Aundh\nPune".to_owned(),
        buyer_pincode: "411007".to_owned(),
        place_of_supply,
        payment: "Paid online (pay_QF3k9ZxY2mB7aP)".to_owned(),
        coupon_code: coupon.map(|c| c.0.to_owned()),
        products: lines
            .iter()
            .zip(&items)
            .map(|(l, i)| InvoiceProduct {
                name: l.0.to_owned(),
                size: l.1.map(str::to_owned),
                color: String::new(),
                hsn: Hsn::parse(l.2).unwrap(),
                quantity: i.quantity,
                unit_price: Paise::parse_rupees(l.3).unwrap(),
            })
            .collect(),
        amounts,
    }
}

/// The domain's worked example: ₹999 less 15 % twice at 5 %, ₹2,999 less 10 % at 18 %,
/// ₹4,397 less a ₹439 coupon: ₹3,958.
fn two_lines() -> Vec<Line> {
    vec![
        Line("Classic Leather Loafer", Some("9"), "6403", "999", 15, 2, 5),
        Line("Trail Runner Pro", Some("10"), "6404", "2999", 10, 1, 18),
    ]
}

const GSTIN: &str = "29ABCDE1234F1ZW";

fn intra_state() -> InvoiceDocument {
    document(
        seller(State::Karnataka, Some(GSTIN)),
        State::Karnataka,
        &two_lines(),
        Some(("FESTIVE10", 439)),
    )
}

fn inter_state() -> InvoiceDocument {
    document(
        seller(State::Karnataka, Some(GSTIN)),
        State::Maharashtra,
        &two_lines(),
        Some(("FESTIVE10", 439)),
    )
}

fn bill_of_supply() -> InvoiceDocument {
    document(
        seller(State::Karnataka, None),
        State::Maharashtra,
        &two_lines(),
        Some(("FESTIVE10", 439)),
    )
}

/// A full cart: 20 lines, long names, every one with a size.
fn twenty_lines() -> InvoiceDocument {
    const NAMES: [&str; 5] = [
        "Handcrafted Kolhapuri Chappal in Tan Vegetable-Tanned Leather with Braided Toe Strap",
        "Men's Formal Oxford",
        "Women's Embroidered Jutti with Cushioned Insole and Mirror Work, Festive Edition",
        "Kids' Light-Up Sneakers",
        "Ortho Comfort Slide",
    ];
    const SIZES: [Option<&str>; 5] = [Some("9"), Some("10"), Some("UK 6"), None, Some("11")];
    let lines: Vec<Line> = (0..20)
        .map(|i| {
            Line(
                NAMES[i % 5],
                SIZES[i % 5],
                if i % 2 == 0 { "6403" } else { "64041190" },
                ["1299", "2999.50", "849", "45999", "3499"][i % 5],
                [0, 10, 25, 5, 0][i % 5],
                (i % 3 + 1) as u32,
                if i % 5 == 1 || i % 5 == 3 { 18 } else { 5 },
            )
        })
        .collect();
    document(
        seller(State::Karnataka, Some(GSTIN)),
        State::Karnataka,
        &lines,
        Some(("BIGCART", 2000)),
    )
}

fn pdf(name: &str, document: &InvoiceDocument) -> Vec<u8> {
    let bytes = paduka_invoice_pdf::render(document).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    keep(name, &bytes);
    bytes
}

#[test]
fn a_tax_invoice_within_the_state_shows_cgst_and_sgst() {
    let document = intra_state();
    // The figures the domain's worked example checks: CGST ₹221.70 and SGST ₹221.68.
    assert_eq!(document.amounts.tax.cgst(), Paise::from_stored(22_170));
    assert_eq!(document.amounts.tax.sgst(), Paise::from_stored(22_168));
    let pdf = pdf("intra-state", &document);
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "Tax Invoice",
            "Paduka Footwear Private Limited",
            "GSTIN: 29ABCDE1234F1ZW",
            "State: Karnataka (29)",
            "PDK/26-27/000001",
            "24 Nov 2026",
            "0193f2a4-",
            "Paid online (pay_QF3k9ZxY2mB7aP)",
            "Ananya Deshpande",
            "411007",
            "Place of supply: Karnataka (29)",
            "Classic Leather Loafer (Size: 9)",
            "Trail Runner Pro (Size: 10)",
            "6403",
            "6404",
            "CGST",
            "SGST",
            "₹221.70",
            "₹221.68",
            // Per line: 7,279 paise of tax on the first line, 37,059 on the second.
            "₹36.40",
            "₹36.39",
            "₹185.30",
            "₹185.29",
            "₹3,514.62",
            "₹3,958.00",
            "₹4,997.00",
            "FESTIVE10",
            "₹439.00",
            "Rupees Three Thousand Nine Hundred Fifty-Eight Only",
            "Prices are inclusive of GST.",
            "Tax payable on reverse charge: No",
            "This is a computer-generated invoice and needs no signature.",
            "For Paduka Footwear Private Limited",
        ],
    );
    assert_lacks(&text, &["IGST", "UTGST", "CANCELLED"]);
    assert_eq!(pages(&pdf), 1);
}

#[test]
fn a_tax_invoice_to_another_state_shows_igst() {
    let pdf = pdf("inter-state", &inter_state());
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "Tax Invoice",
            "GSTIN: 29ABCDE1234F1ZW",
            "Place of supply: Maharashtra (27)",
            "IGST",
            "₹72.79",
            "₹370.59",
            "₹443.38",
            "₹3,958.00",
        ],
    );
    assert_lacks(&text, &["CGST", "SGST"]);
    assert_eq!(pages(&pdf), 1);
}

#[test]
fn a_bill_of_supply_shows_no_tax_at_all() {
    let pdf = pdf("bill-of-supply", &bill_of_supply());
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "Bill of Supply",
            "PDK/26-27/000001",
            "Tax payable on reverse charge: No",
            "Place of supply: Maharashtra (27)",
            "6403",
            "6404",
            "₹3,958.00",
            "Rupees Three Thousand Nine Hundred Fifty-Eight Only",
        ],
    );
    assert_lacks(
        &text,
        &[
            "Tax Invoice",
            "CGST",
            "SGST",
            "IGST",
            "GSTIN",
            "GST %",
            "Taxable",
            "inclusive of GST",
        ],
    );
    assert_eq!(pages(&pdf), 1);
}

#[test]
fn a_cancelled_invoice_is_stamped() {
    let mut document = intra_state();
    document.cancelled = true;
    document.payment = "Cash on delivery: not collected".to_owned();
    let text = text(&pdf("cancelled", &document));
    assert_has(&text, &["CANCELLED", "Tax Invoice", "PDK/26-27/000001"]);
}

#[test]
fn a_shop_in_a_union_territory_charges_utgst() {
    let document = document(
        seller(State::Chandigarh, Some("04ABCDE1234F1Z8")),
        State::Chandigarh,
        &two_lines(),
        None,
    );
    let text = text(&pdf("utgst", &document));
    assert_has(&text, &["CGST", "UTGST", "₹4,397.00"]);
    assert_lacks(&text, &["SGST ", "IGST", "coupon"]);
}

#[test]
fn a_full_cart_of_twenty_lines_fits_one_page() {
    let document = twenty_lines();
    let pdf = pdf("twenty-lines", &document);
    assert_eq!(pages(&pdf), 1);
    let text = text(&pdf);
    assert_eq!(text.matches('\u{c}').count(), 1, "one page: one form feed");
    // Every line is there, the long names cut with an ellipsis but the size kept; the totals
    // and the footer follow.
    for n in 1..=20 {
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(&format!("{n} "))),
            "line {n} missing from:\n{text}"
        );
    }
    assert_has(
        &text,
        &[
            "…",
            "(Size: UK 6)",
            "Men's Formal Oxford (Size: 10)",
            "64041190",
            "BIGCART",
            &document.amounts.amount.in_indian_style(),
            "This is a computer-generated invoice and needs no signature.",
        ],
    );
}

#[test]
fn the_longest_texts_and_largest_amounts_still_fit_the_page() {
    let name = "Extraordinarily Long Handcrafted Premium Genuine Leather Kolhapuri Chappal \
                with Hand-Braided Toe Strap and Cushioned Memory-Foam Insole";
    let lines: Vec<Line> = (0..20)
        .map(|_| Line(name, Some("11"), "64041190", "99999.99", 0, 5, 28))
        .collect();
    let mut document = document(
        seller(State::Karnataka, Some(GSTIN)),
        State::Karnataka,
        &lines,
        Some(("WEDDINGSEASON2026MEN", 99_999)),
    );
    let long = "Building 7, Tower B, Prestige Tech Park, Outer Ring Road, Kadubeesanahalli, \
                Marathahalli, Near the Big Flyover, Opposite the Lake, Bengaluru, Karnataka";
    document.seller.legal_name = format!("{name} Trading Company Private Limited");
    document.seller.address = format!("{long}\n{long}");
    document.buyer_name = format!("{name} Buyer");
    document.buyer_address = format!("{long}, {long}");
    document.payment = format!("Cash on delivery: {} to be collected, {long}", "₹99,99,999");
    document.number = "LONGPREFIX/2026-27/1234567".to_owned();
    let pdf = pdf("worst-case", &document);
    assert_eq!(pages(&pdf), 1);
    let words = words(&pdf);
    let (width, height) = (595.28, 841.89);
    for (text, x_min, y_min, x_max, y_max) in &words {
        assert!(
            *x_min >= 30.0 && *x_max <= width - 30.0 && *y_min >= 30.0 && *y_max <= height - 30.0,
            "{text:?} at ({x_min}, {y_min})-({x_max}, {y_max}) is outside the margins"
        );
    }
    // The total is above the sign-off, and the last line's amount above the totals.
    let find = |wanted: &str| {
        words
            .iter()
            .filter(|w| w.0 == wanted)
            .map(|w| (w.2, w.4))
            .next_back()
            .unwrap_or_else(|| panic!("{wanted:?} not on the page"))
    };
    let total = find("Total");
    let sign_off = find("For");
    let gross = find("Gross");
    let twentieth = find("20");
    assert!(total.1 < sign_off.0, "the total overlaps the footer");
    assert!(twentieth.1 < gross.0, "the table overlaps the totals");
    let text = text(&pdf);
    assert_has(&text, &[&document.amounts.amount.in_indian_style(), "Only"]);
    assert_eq!(
        text.matches("… (Size: 11)").count(),
        20,
        "names cut, sizes kept:\n{text}"
    );
}

#[test]
fn every_character_of_latin_text_can_be_drawn() {
    // krilla subsets the fonts when the PDF is finished: names with any Latin-1 letter, the
    // rupee sign and typographic punctuation must not make it fail.
    let mut document = intra_state();
    let ascii: String = (' '..='~').collect();
    let latin1: String = ('\u{a0}'..='\u{ff}').collect();
    document.buyer_name = "ÀÁÂÃÄÅÆÇ Ñ ₹ – — ‘’ “” •".to_owned();
    document.buyer_address = format!("{latin1}\r\n{ascii}");
    document.products[0].name = format!("tab\tbed {ascii}");
    let text = text(&pdf("characters", &document));
    assert_has(
        &text,
        &["ÀÁÂÃÄÅÆÇ Ñ ₹ – — ‘’ “” •", "¡¢£¤¥", "tab bed", "!\"#$%"],
    );
}

/// The order mail carries it: the glyphs of both fonts embedded without their hinting keep
/// a two-line invoice near 24 kB (36 kB with it).
#[test]
fn an_invoice_is_a_small_attachment() {
    let bytes = paduka_invoice_pdf::render(&intra_state()).unwrap();
    assert!(bytes.len() < 28_000, "{} bytes", bytes.len());
}

#[test]
fn the_same_document_gives_the_same_bytes() {
    let document = intra_state();
    assert_eq!(
        paduka_invoice_pdf::render(&document).unwrap(),
        paduka_invoice_pdf::render(&document).unwrap()
    );
}
