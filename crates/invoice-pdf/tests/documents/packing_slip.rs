//! The packing slip read back as text with `pdftotext -layout`, and its pages counted with
//! `pdfinfo` (see `common`). That its barcode holds the AWB is tested on the rectangles it
//! is drawn with, in the crate's own tests.
//!
//! `PADUKA_INVOICE_PDF_DIR=/tmp/invoices cargo test -p paduka-invoice-pdf` also keeps each
//! slip's PDF there, to look at (`pdftoppm -png -r 100`).

use chrono::NaiveDate;
use paduka_domain::order::{Awb, CourierName, PackingSlip, SlipLine};
use paduka_domain::{OrderId, State};

use crate::common::{assert_has, assert_lacks, keep, pages, text, words};

fn line(name: &str, size: Option<&str>, quantity: u32) -> SlipLine {
    SlipLine {
        name: name.to_owned(),
        size: size.map(str::to_owned),
        quantity,
    }
}

/// An unpaid cash-on-delivery order of two lines.
fn cod() -> PackingSlip {
    PackingSlip {
        shop_name: "Paduka Footwear Private Limited".to_owned(),
        shop_address: "No. 12, 3rd Cross, HAL 2nd Stage, Indiranagar\nBengaluru 560038".to_owned(),
        order_id: OrderId::new("0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e"),
        exchange_for: None,
        ordered_on: NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(),
        buyer_name: "Ananya Deshpande".to_owned(),
        buyer_phone: Some("+91 98765 43210".to_owned()),
        address: "Flat 402, Sai Krupa Apartments, Baner Road, Aundh\nPune".to_owned(),
        pincode: "411007".to_owned(),
        state: Some(State::Maharashtra),
        courier: CourierName::parse("Delhivery").unwrap(),
        awb: Awb::parse("DL1234567890IN").unwrap(),
        lines: vec![
            line("Mojari", Some("UK 8"), 2),
            line("Ortho Comfort Slide", None, 1),
        ],
        collect_rupees: 1800,
    }
}

fn prepaid() -> PackingSlip {
    PackingSlip {
        buyer_phone: None,
        awb: Awb::parse("123456789012").unwrap(),
        collect_rupees: 0,
        ..cod()
    }
}

fn pdf(name: &str, slip: &PackingSlip) -> Vec<u8> {
    let bytes = paduka_invoice_pdf::render_packing_slip(slip).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    keep(name, &bytes);
    bytes
}

/// Every word lies on the A6 page, inside its 14 pt margins (less a little for the glyphs'
/// boxes as poppler measures them).
fn assert_inside_the_margins(pdf: &[u8]) {
    let (width, height) = (297.64, 419.53);
    for (text, x_min, y_min, x_max, y_max) in words(pdf) {
        assert!(
            x_min >= 12.0 && x_max <= width - 12.0 && y_min >= 10.0 && y_max <= height - 10.0,
            "{text:?} at ({x_min}, {y_min})-({x_max}, {y_max}) is outside the margins"
        );
    }
}

#[test]
fn a_cash_on_delivery_slip_shows_the_cash_to_collect() {
    let pdf = pdf("slip-cod", &cod());
    assert_eq!(pages(&pdf), 1);
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "FROM",
            "Paduka Footwear Private Limited",
            "No. 12, 3rd Cross, HAL 2nd Stage, Indiranagar, Bengaluru 560038",
            "TO",
            "Ananya Deshpande",
            "Flat 402, Sai Krupa Apartments, Baner",
            "Road, Aundh",
            "Pune",
            "411007, Maharashtra",
            "Phone +91 98765 43210",
            "Delhivery",
            "DL1234567890IN",
            "Order 0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e",
            "Ordered 27 Nov 2026",
            "3 pieces",
            "2 x Mojari (UK 8)",
            "1 x Ortho Comfort Slide",
            // Whole rupees as the invoice writes them, grouped in the Indian way.
            "Collect ₹1800",
        ],
    );
    assert_lacks(&text, &["Prepaid", "more"]);
    assert_inside_the_margins(&pdf);
}

#[test]
fn a_prepaid_slip_says_prepaid() {
    let pdf = pdf("slip-prepaid", &prepaid());
    assert_eq!(pages(&pdf), 1);
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "Ananya Deshpande",
            "411007, Maharashtra",
            "123456789012",
            "2 x Mojari (UK 8)",
            "Prepaid",
        ],
    );
    // No phone once the account is gone, and nothing to collect.
    assert_lacks(&text, &["Phone", "Collect", "₹"]);
}

#[test]
fn a_replacement_order_s_slip_names_the_order_it_replaces_and_collects_nothing() {
    let slip = PackingSlip {
        order_id: OrderId::new("0193f2b0-1111-7b3a-9d2e-5f6a7b8c9d0e"),
        exchange_for: Some(OrderId::new("0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e")),
        lines: vec![line("Mojari", Some("UK 9"), 1)],
        ..prepaid()
    };
    let pdf = pdf("slip-exchange", &slip);
    assert_eq!(pages(&pdf), 1);
    assert_inside_the_margins(&pdf);
    let text = text(&pdf);
    assert_has(
        &text,
        &[
            "Order 0193f2b0-1111-7b3a-9d2e-5f6a7b8c9d0e",
            "Exchange for order 0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e",
            "1 x Mojari (UK 9)",
            "Prepaid",
        ],
    );
    assert_lacks(&text, &["Collect", "₹"]);
    // Any other slip says nothing of an exchange.
    let plain = crate::common::text(&paduka_invoice_pdf::render_packing_slip(&prepaid()).unwrap());
    assert_lacks(&plain, &["Exchange"]);
}

#[test]
fn the_longest_awb_and_twenty_long_lines_fit_one_page() {
    const NAMES: [&str; 4] = [
        "Handcrafted Kolhapuri Chappal in Tan Vegetable-Tanned Leather with Braided Toe Strap",
        "Women's Embroidered Jutti with Cushioned Insole and Mirror Work, Festive Edition",
        "Kids' Light-Up Sneakers",
        "Ortho Comfort Slide",
    ];
    let long = "Building 7, Tower B, Prestige Tech Park, Outer Ring Road, Kadubeesanahalli, \
                Marathahalli, Near the Big Flyover, Opposite the Lake, Bengaluru, Karnataka";
    let awb = "ABCDEFGHIJ-KLMNOPQRS-TUVWXYZabc-defghijk";
    let worst = PackingSlip {
        shop_name: format!("{} Trading Company Private Limited", NAMES[0]),
        shop_address: format!("{long}\n{long}"),
        buyer_name: format!("{} Buyer", NAMES[1]),
        address: format!("{long}, {long}"),
        courier: CourierName::parse(&"Very Long Courier Name Logistics ".repeat(2)[..60]).unwrap(),
        awb: Awb::parse(awb).unwrap(),
        lines: (0..20)
            .map(|i| line(NAMES[i % 4], Some(["UK 10", "6", "EU 38", "11"][i % 4]), 1))
            .collect(),
        collect_rupees: 99_999,
        ..cod()
    };
    assert_eq!(awb.len(), 40);
    // The same with a line more in the order's section, a replacement order's.
    let replaced = "0193f2a4-7c1e-7b3a-9d2e-5f6a7b8c9d0e";
    let exchange = PackingSlip {
        exchange_for: Some(OrderId::new(replaced)),
        ..worst.clone()
    };
    for (name, slip) in [
        ("slip-worst-case", &worst),
        ("slip-worst-exchange", &exchange),
    ] {
        let pdf = pdf(name, slip);
        assert_eq!(pages(&pdf), 1, "{name}");
        assert_inside_the_margins(&pdf);
        let text = text(&pdf);
        // The AWB whole, the lines that fit cut with an ellipsis but with their size, the
        // others counted; the cash to collect still at the foot.
        assert_has(
            &text,
            &[
                awb,
                "1 x Handcrafted Kolhapuri",
                "… (UK 10)",
                "more",
                "20 pieces",
                "Collect ₹99999",
                "Phone +91 98765 43210",
            ],
        );
        let shown = text.matches(" x ").count();
        let more: usize = text
            .split('+')
            .skip(1)
            .find_map(|rest| rest.split_once(" more")?.0.parse().ok())
            .expect("+N more");
        assert_eq!(shown + more, 20, "{text}");
        if slip.exchange_for.is_some() {
            assert_has(&text, &[&format!("Exchange for order {replaced}")]);
        } else {
            assert_has(&text, &["… (6)"]);
        }
    }
}

#[test]
fn the_same_slip_gives_the_same_bytes() {
    let slip = cod();
    assert_eq!(
        paduka_invoice_pdf::render_packing_slip(&slip).unwrap(),
        paduka_invoice_pdf::render_packing_slip(&slip).unwrap()
    );
}
