use paduka_domain::Paise;

use super::*;
use crate::text::*;

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
fn the_vendored_fonts_carry_no_hinting_for_every_pdf_to_embed_again() {
    use skrifa::raw::TableProvider;
    use skrifa::raw::types::Tag;

    for (data, glyphs) in [(REGULAR, 6253), (BOLD, 6196)] {
        let font = skrifa::FontRef::new(data).unwrap();
        for tag in [b"fpgm", b"prep", b"cvt ", b"hdmx"] {
            assert!(font.table_data(Tag::new(tag)).is_none());
        }
        assert_eq!(font.maxp().unwrap().max_size_of_instructions(), Some(0));
        assert_eq!(
            font.maxp().unwrap().num_glyphs(),
            glyphs,
            "every glyph kept"
        );
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
    let name = "Women's Embroidered Jutti with Cushioned Insole and Mirror Work, Festive Edition";
    let lines = product_lines(&fonts, style, name, "", Some("UK 6"), width, 2);
    assert_eq!(lines.len(), 2);
    assert!(lines[1].ends_with("… (Size: UK 6)"), "{lines:?}");
    assert!(lines.iter().all(|l| fonts.regular.width(l, 8.0) <= width));
    // A name that fits keeps its size beside it, never split inside.
    let lines = product_lines(&fonts, style, "Trail Runner Pro", "", Some("10"), width, 2);
    assert_eq!(lines, ["Trail Runner Pro (Size: 10)"]);
    let lines = product_lines(&fonts, style, name, "", None, width, 2);
    assert!(lines[1].ends_with('…'));
}

#[test]
fn a_coloured_line_names_its_colour_and_size_in_one_bracket() {
    let fonts = Fonts::new();
    let style = Style::regular(8.0);
    let lines = product_lines(
        &fonts,
        style,
        "Monsoon Knit Slip-On",
        "Tan",
        Some("UK 8"),
        400.0,
        2,
    );
    assert_eq!(lines, ["Monsoon Knit Slip-On (Tan, UK 8)"]);
    let lines = product_lines(&fonts, style, "Monsoon Knit Slip-On", "Tan", None, 400.0, 2);
    assert_eq!(lines, ["Monsoon Knit Slip-On (Tan)"]);
    let name = "Women's Embroidered Jutti with Cushioned Insole and Mirror Work, Festive Edition";
    let lines = product_lines(&fonts, style, name, "Black", Some("UK 6"), 120.0, 2);
    assert!(lines[1].ends_with("… (Black, UK 6)"), "{lines:?}");
}

mod packing_slip {
    use barcoders::sym::code128::Code128;
    use paduka_domain::order::SlipLine;

    use crate::barcode::{Barcode, QUIET_ZONE, code_sets, encoding};
    use crate::slip::{
        BAR_HEIGHT, BARCODE_MARGIN, MAX_MODULE, PAGE_WIDTH, barcode_place, line_text, line_texts,
        payment_text,
    };
    use crate::text::{Fonts, Style};

    /// The longest AWB, none of it digits: every character a symbol in code set B.
    const WIDEST_AWB: &str = "ABCDEFGHIJ-KLMNOPQRS-TUVWXYZabc-defghijk";

    fn bits(text: &str) -> Vec<u8> {
        text.bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| b - b'0')
            .collect()
    }

    #[test]
    fn code_sets_write_digit_runs_in_code_c_only_when_that_is_shorter() {
        let cases = [
            ("123456789012", "Ć123456789012"),
            ("1234567890123", "Ć123456789012Ɓ3"),
            ("DL12345678IN", "ƁDLĆ12345678ƁIN"),
            // Four digits inside: C costs as much as B.
            ("AB1234CD", "ƁAB1234CD"),
            ("AB1234", "ƁABĆ1234"),
            ("AB12345", "ƁAB1Ć2345"),
            ("1234AB", "Ć1234ƁAB"),
            ("123AB", "Ɓ123AB"),
            ("12AB", "Ɓ12AB"),
            ("AWB-4X", "ƁAWB-4X"),
            (WIDEST_AWB, &format!("Ɓ{WIDEST_AWB}")),
        ];
        for (awb, sets) in cases {
            assert_eq!(code_sets(awb), sets, "{awb}");
        }
    }

    #[test]
    fn code_c_never_makes_a_symbol_longer_than_code_b_alone() {
        let awbs = [
            "1",
            "12",
            "123",
            "1234",
            "A1B22C333D4444E55555F666666",
            "9-87-654-3210-98765-432109-8765432",
            "0000000000000000000000000000000000000000",
            "X000000000000000000000000000000000000000",
            "00000000000000000000000000000000000000-0",
        ];
        for awb in awbs {
            let b_only = Code128::new(format!("Ɓ{awb}")).unwrap().encode();
            assert!(encoding(awb).unwrap().len() <= b_only.len(), "{awb}");
        }
    }

    #[test]
    fn known_encodings() {
        // Start C, 12, 34, the checksum (105 + 12 + 2 x 34) mod 103 = 82, stop.
        assert_eq!(
            encoding("1234").unwrap(),
            bits("11010011100 10110011100 10001011000 10010011110 1100011101011")
        );
        // ISO/IEC 15417's example in code set B: start B ... checksum 55, stop.
        let symbol = encoding("PJJ123C").unwrap();
        assert_eq!(symbol.len(), 11 * 9 + 13);
        assert_eq!(symbol[..11], bits("11010010000"));
        assert_eq!(
            symbol[symbol.len() - 24..],
            bits("11101000110 1100011101011")
        );
    }

    /// The modules the rectangles cover, read back the way a scanner would: one sample at the
    /// middle of each module.
    fn modules_drawn(barcode: &Barcode, x: f32, module: f32) -> Vec<bool> {
        let rects = barcode.rects(x, 100.0, module, BAR_HEIGHT);
        for rect in &rects {
            assert_eq!(rect.top(), 100.0);
            assert_eq!(rect.height(), BAR_HEIGHT);
        }
        let left = x + QUIET_ZONE as f32 * module;
        (0..barcode.modules.len())
            .map(|at| {
                let middle = left + (at as f32 + 0.5) * module;
                rects
                    .iter()
                    .any(|rect| rect.left() <= middle && middle <= rect.right())
            })
            .collect()
    }

    #[test]
    fn the_bars_drawn_are_the_crates_encoding_with_quiet_zones_on_the_page() {
        for awb in [
            "AWB1234",
            "123456789012",
            "DL12345678IN",
            "ab-CD-0099",
            WIDEST_AWB,
        ] {
            let barcode = Barcode::new(awb).unwrap();
            let expected: Vec<bool> = Code128::new(code_sets(awb))
                .unwrap()
                .encode()
                .into_iter()
                .map(|module| module == 1)
                .collect();
            let (x, module) = barcode_place(&barcode);
            assert_eq!(modules_drawn(&barcode, x, module), expected, "{awb}");
            // Bars start and end the symbol; the quiet zones and the page's margins stay clear.
            let rects = barcode.rects(x, 100.0, module, BAR_HEIGHT);
            let first = rects.first().unwrap().left();
            let last = rects.last().unwrap().right();
            let width = barcode.width_with_quiet_zones() as f32 * module;
            assert!((first - (x + 10.0 * module)).abs() < 1e-3, "{awb}");
            assert!((x + width - 10.0 * module - last).abs() < 1e-3, "{awb}");
            assert!(x >= BARCODE_MARGIN - 1e-3, "{awb}");
            assert!(x + width <= PAGE_WIDTH - BARCODE_MARGIN + 1e-3, "{awb}");
            assert!(module <= MAX_MODULE);
        }
        // The widest AWB: 40 symbols in code set B, 495 modules with the quiet zones, still
        // 0.585 pt a module, across the whole page.
        let widest = Barcode::new(WIDEST_AWB).unwrap();
        assert_eq!(widest.width_with_quiet_zones(), 11 * 42 + 13 + 20);
        let (x, module) = barcode_place(&widest);
        assert!(module > 0.58, "{module}");
        assert!((x - BARCODE_MARGIN).abs() < 1e-3, "{x}");
        // A short AWB is drawn with the widest modules.
        assert_eq!(
            barcode_place(&Barcode::new("123456789012").unwrap()).1,
            MAX_MODULE
        );
    }

    #[test]
    fn the_bars_are_runs_of_the_modules() {
        let barcode = Barcode {
            modules: [true, true, false, true, false, false, true, true, true]
                .into_iter()
                .collect(),
        };
        assert_eq!(barcode.bars(), [(0, 2), (3, 1), (6, 3)]);
    }

    #[test]
    fn the_cash_to_collect_is_whole_rupees_as_the_shop_s_texts_write_them() {
        assert_eq!(payment_text(1800), "Collect ₹1800");
        assert_eq!(payment_text(899), "Collect ₹899");
        assert_eq!(payment_text(125_000), "Collect ₹125000");
        assert_eq!(payment_text(0), "Prepaid");
    }

    #[test]
    fn a_line_keeps_its_quantity_and_size_and_the_rest_are_counted() {
        let fonts = Fonts::new();
        let style = Style::regular(8.0);
        let line = |name: &str, size: Option<&str>| SlipLine {
            name: name.to_owned(),
            size: size.map(str::to_owned),
            quantity: 2,
        };
        assert_eq!(
            line_text(&fonts, &line("Mojari", Some("UK 8")), style, 200.0),
            "2 x Mojari (UK 8)"
        );
        assert_eq!(
            line_text(&fonts, &line("Ortho Comfort Slide", None), style, 200.0),
            "2 x Ortho Comfort Slide"
        );
        let long = line(
            "Handcrafted Kolhapuri Chappal in Tan Vegetable-Tanned Leather with Braided Toe Strap",
            Some("UK 10"),
        );
        let text = line_text(&fonts, &long, style, 200.0);
        assert!(text.starts_with("2 x Handcrafted"), "{text}");
        assert!(text.ends_with("… (UK 10)"), "{text}");
        assert!(fonts.regular.width(&text, 8.0) <= 200.0);

        let lines = vec![long; 20];
        let texts = line_texts(&fonts, &lines, style, 7);
        assert_eq!(texts.len(), 7);
        assert_eq!(texts[6], "+14 more");
        assert_eq!(line_texts(&fonts, &lines[..7], style, 7).len(), 7);
        assert!(!line_texts(&fonts, &lines[..7], style, 7)[6].starts_with('+'));
    }
}
