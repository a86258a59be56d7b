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
