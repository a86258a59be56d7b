//! The credit note PDF (decisions D22) read back as text with poppler's `pdftotext`.
//!
//! `PADUKA_INVOICE_PDF_DIR=/tmp/invoices cargo test -p paduka-invoice-pdf` keeps each one.

use chrono::NaiveDate;
use paduka_domain::gst::{GstRate, Gstin, Hsn};
use paduka_domain::invoice::{
    CreditNoteAmounts, CreditNoteDocument, CreditedLine, InvoiceAmounts, InvoiceItem,
    InvoiceProduct, Seller,
};
use paduka_domain::{Paise, Percent, State};

use crate::common::{assert_has, assert_lacks, keep, pages, text};

fn seller(gstin: Option<&str>) -> Seller {
    Seller {
        legal_name: "Paduka Footwear Private Limited".to_owned(),
        address: "No. 12, 3rd Cross, HAL 2nd Stage, Indiranagar\nBengaluru 560038".to_owned(),
        state: State::Karnataka,
        gstin: gstin.map(|g| Gstin::parse(g).unwrap()),
    }
}

/// The renderer's worked example (`render.rs`: ₹999 less 15 % twice at 5 %, ₹2,999 less
/// 10 % at 18 %, ₹4,397 less a ₹439 coupon: ₹3,958) given back whole, each line at its share
/// as the invoice spreads it.
fn note(place_of_supply: State, gstin: Option<&str>) -> CreditNoteDocument {
    let item = |rupees: &str, discount: i64, quantity: u32, rate: u8| InvoiceItem {
        sale_price: Paise::parse_rupees(rupees)
            .unwrap()
            .discounted(Percent::new(discount).unwrap()),
        quantity,
        rate: GstRate::new(rate).unwrap(),
    };
    let items = [item("999", 15, 2, 5), item("2999", 10, 1, 18)];
    let invoice =
        InvoiceAmounts::compute(&items, 439, 3_958, State::Karnataka, place_of_supply).unwrap();
    let lines: Vec<(CreditedLine, GstRate)> = invoice
        .lines
        .iter()
        .zip(&items)
        .enumerate()
        .map(|(line, (invoiced, item))| {
            let credited = CreditedLine {
                line,
                quantity: item.quantity,
                amount: invoiced.amount,
            };
            (credited, invoiced.rate)
        })
        .collect();
    let amounts = CreditNoteAmounts::compute(&lines, State::Karnataka, place_of_supply).unwrap();
    assert_eq!(
        (amounts.amount, amounts.taxable, amounts.tax),
        (invoice.amount, invoice.taxable, invoice.tax),
        "the whole invoice reversed"
    );
    CreditNoteDocument {
        number: "CN/26-27/000001".to_owned(),
        date: NaiveDate::from_ymd_opt(2026, 12, 2).unwrap(),
        original_invoice_no: "PDK/26-27/000001".to_owned(),
        original_invoice_date: NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
        order_id: "0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e".to_owned(),
        seller: seller(gstin),
        buyer_name: "Ananya Deshpande".to_owned(),
        buyer_address: "Flat 402, Sai Krupa Apartments, Baner Road, Aundh\nPune".to_owned(),
        buyer_pincode: "411007".to_owned(),
        place_of_supply,
        products: vec![
            InvoiceProduct {
                name: "Classic Leather Loafer".to_owned(),
                size: Some("9".to_owned()),
                color: String::new(),
                hsn: Hsn::parse("6403").unwrap(),
                quantity: 2,
                unit_price: Paise::from_stored(99_900),
            },
            InvoiceProduct {
                name: "Trail Runner Pro".to_owned(),
                size: Some("10".to_owned()),
                color: String::new(),
                hsn: Hsn::parse("6404").unwrap(),
                quantity: 1,
                unit_price: Paise::from_stored(299_900),
            },
        ],
        amounts,
    }
}

const GSTIN: &str = "29ABCDE1234F1ZW";

fn pdf(name: &str, note: &CreditNoteDocument) -> Vec<u8> {
    let bytes = paduka_invoice_pdf::render_credit_note(note).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    keep(name, &bytes);
    bytes
}

/// The text with every run of spaces made one, so a label and its value read as one line.
fn squeezed(text: &str) -> String {
    text.lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_credit_note_within_the_state_reverses_cgst_and_sgst_and_names_the_invoice() {
    let note = note(State::Karnataka, Some(GSTIN));
    let pdf = pdf("credit-note-intra-state", &note);
    let text = squeezed(&text(&pdf));
    assert_has(
        &text,
        &[
            "Credit Note",
            "CN/26-27/000001",
            "02 Dec 2026",
            "Original invoice: PDK/26-27/000001 dated 24 Nov 2026",
            "Paduka Footwear Private Limited",
            "GSTIN: 29ABCDE1234F1ZW",
            "State: Karnataka (29)",
            "Ananya Deshpande",
            "Place of supply: Karnataka (29)",
            "Classic Leather Loafer (Size: 9)",
            "Trail Runner Pro (Size: 10)",
            "CGST",
            "SGST",
            // As invoiced: ₹221.70 CGST and ₹221.68 SGST, ₹3,514.62 taxable.
            "₹221.70",
            "₹221.68",
            "₹3,514.62",
            "₹3,958.00",
            "Rupees Three Thousand Nine Hundred Fifty-Eight Only",
            "Tax payable on reverse charge: No",
            "This is a computer-generated credit note and needs no signature.",
        ],
    );
    assert_lacks(&text, &["IGST", "Tax Invoice", "CANCELLED"]);
    assert_eq!(pages(&pdf), 1);
}

#[test]
fn a_credit_note_to_another_state_reverses_igst() {
    let pdf = pdf(
        "credit-note-inter-state",
        &note(State::Maharashtra, Some(GSTIN)),
    );
    let text = squeezed(&text(&pdf));
    assert_has(
        &text,
        &[
            "Credit Note",
            "IGST",
            "₹443.38",
            "₹3,958.00",
            "Place of supply: Maharashtra (27)",
            "Tax payable on reverse charge: No",
        ],
    );
    assert_lacks(&text, &["CGST", "SGST"]);
}

#[test]
fn an_unregistered_shop_s_credit_note_shows_no_tax() {
    let pdf = pdf("credit-note-unregistered", &note(State::Karnataka, None));
    let text = squeezed(&text(&pdf));
    assert_has(
        &text,
        &[
            "Credit Note",
            "₹3,958.00",
            "Tax payable on reverse charge: No",
        ],
    );
    assert_lacks(&text, &["CGST", "IGST", "Taxable", "GSTIN"]);
}
