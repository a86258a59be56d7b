//! WooCommerce's export read by section 19's rules (decisions D46), and the photos every import
//! fetches from other sites.

use std::collections::HashMap;

use super::*;
use crate::catalog::{Handle, Product, Variant};

const HEADER: [&str; 21] = [
    "ID",
    "Type",
    "SKU",
    "Name",
    "Published",
    "Short description",
    "Description",
    "In stock?",
    "Stock",
    "Sale price",
    "Regular price",
    "Categories",
    "Tags",
    "Images",
    "Parent",
    "Attribute 1 name",
    "Attribute 1 value(s)",
    "Attribute 1 visible",
    "Attribute 2 name",
    "Attribute 2 value(s)",
    "Attribute 2 visible",
];

/// A WooCommerce row by column name; the others blank.
fn row<'a>(cells: &[(&str, &'a str)]) -> Vec<&'a str> {
    HEADER
        .iter()
        .map(|h| {
            cells
                .iter()
                .find(|(name, _)| name == h)
                .map_or("", |(_, v)| *v)
        })
        .collect()
}

fn woo(rows: Vec<Vec<&str>>) -> Table {
    let rows: Vec<&[&str]> = rows.iter().map(Vec::as_slice).collect();
    super::tests::table(&HEADER, &rows)
}

fn planned(table: &Table) -> ImportPlan {
    plan_import(
        read_table(table),
        &HashMap::new(),
        &[],
        &PhotoAddress::new("https://shop.example.in/api/v1/product/product-photo/"),
        None,
    )
}

fn product<'a>(plan: &'a ImportPlan, handle: &str) -> &'a PlannedProduct {
    plan.products
        .iter()
        .find(|p| p.handle.as_str() == handle)
        .unwrap_or_else(|| panic!("{handle} in {plan:#?}"))
}

fn words(product: &PlannedProduct) -> Vec<String> {
    product
        .draft
        .variants
        .iter()
        .map(|v| v.words().unwrap_or_default())
        .collect()
}

fn messages(plan: &ImportPlan) -> Vec<(u64, &str, &str)> {
    plan.warnings
        .iter()
        .map(|w| (w.row, w.column.as_str(), w.message.as_str()))
        .collect()
}

fn errors(plan: &ImportPlan) -> Vec<(u64, &str, &str)> {
    plan.errors
        .iter()
        .map(|e| (e.row, e.column.as_str(), e.message.as_str()))
        .collect()
}

fn rupees(variants: &[Variant]) -> Vec<(i64, i64)> {
    variants
        .iter()
        .map(|v| (v.price.paise() / 100, v.sale_price.paise() / 100))
        .collect()
}

/// A variable boot in Tan and Black, sizes UK 7 and UK 8: its variations come before it, one
/// names it by SKU and one by `id:`.
fn boots() -> Table {
    woo(vec![
        row(&[
            ("ID", "11"),
            ("Type", "variation"),
            ("SKU", "BOOT-TAN-7"),
            ("Published", "1"),
            ("In stock?", "1"),
            ("Stock", "3"),
            ("Sale price", "1299"),
            ("Regular price", "3299"),
            ("Images", "https://old.example/tan.jpg"),
            ("Parent", "BOOT"),
            ("Attribute 1 name", "Colour"),
            ("Attribute 1 value(s)", "Tan"),
            ("Attribute 2 name", "Size"),
            ("Attribute 2 value(s)", "UK 7"),
        ]),
        row(&[
            ("ID", "12"),
            ("Type", "variation"),
            ("Published", "1"),
            ("Stock", "-2"),
            ("Regular price", "3299"),
            ("Images", "https://old.example/tan.jpg"),
            ("Parent", "id:10"),
            ("Attribute 1 name", "Colour"),
            ("Attribute 1 value(s)", "Tan"),
            ("Attribute 2 name", "Size"),
            ("Attribute 2 value(s)", "UK 8"),
        ]),
        row(&[
            ("ID", "10"),
            ("Type", "variable"),
            ("SKU", "BOOT"),
            ("Name", "Chelsea Boot"),
            ("Published", "1"),
            ("Short description", "<p>Pull-on leather</p>"),
            ("Description", "Goodyear welted\\nLeather sole"),
            ("Categories", "Footwear > Boots, Sale"),
            ("Tags", "leather, winter"),
            (
                "Images",
                "https://old.example/boot.jpg, https://old.example/side.jpg",
            ),
            ("Attribute 1 name", "Colour"),
            ("Attribute 1 value(s)", "Tan, Black"),
            ("Attribute 2 name", "Size"),
            ("Attribute 2 value(s)", "UK 7, UK 8"),
        ]),
        // Black in every size the parent lists: its size left blank.
        row(&[
            ("ID", "13"),
            ("Type", "variation"),
            ("Published", "1"),
            ("In stock?", "0"),
            ("Sale price", "1499.50"),
            ("Regular price", "3299"),
            ("Images", "https://old.example/black.jpg"),
            ("Parent", "boot"),
            ("Attribute 1 name", "Colour"),
            ("Attribute 1 value(s)", "Black"),
            ("Attribute 2 name", "Size"),
        ]),
    ])
}

#[test]
fn a_woocommerce_export_is_told_apart_by_its_header_and_its_variations_are_the_variants() {
    let plan = planned(&boots());
    assert_eq!(errors(&plan), []);
    assert_eq!(plan.products.len(), 1);
    let boot = product(&plan, "boot");
    assert_eq!(boot.line, 4, "the product is its parent's row");
    assert_eq!(boot.draft.name, "Chelsea Boot");
    assert_eq!(boot.category, "Boots", "the first path's last part");
    assert_eq!(boot.draft.info, "<p>Pull-on leather</p>");
    assert_eq!(boot.draft.descriptions, ["Goodyear welted", "Leather sole"]);
    assert_eq!(boot.draft.tags, ["leather", "winter"]);
    assert!(boot.draft.published);
    assert_eq!(
        words(boot),
        ["Tan, UK 7", "Tan, UK 8", "Black, UK 7", "Black, UK 8"]
    );
    // Regular price is the MRP, the sale price (else the regular price) what it sells at.
    assert_eq!(
        rupees(&boot.draft.variants),
        [(3299, 1299), (3299, 3299), (3299, 1499), (3299, 1499)]
    );
    assert_eq!(boot.draft.variants[2].sale_price.paise(), 149_950);
    let stocks: Vec<Option<u32>> = boot.draft.variants.iter().map(|v| v.stock).collect();
    assert_eq!(stocks, [Some(3), Some(0), Some(0), Some(0)]);
    let models: Vec<Option<&str>> = boot
        .draft
        .variants
        .iter()
        .map(|v| v.model.as_deref())
        .collect();
    assert_eq!(models, [Some("BOOT-TAN-7"), None, None, None]);
    assert_eq!(
        messages(&plan),
        [
            (3, "Stock", "Stock -2 is below 0: 0 pairs"),
            (5, "Stock", "Stock is blank: 0 pairs"),
        ]
    );
}

#[test]
fn every_photo_on_another_site_is_fetched_the_first_image_the_products_own() {
    let plan = planned(&boots());
    let boot = product(&plan, "boot");
    assert_eq!(
        boot.photo,
        PhotoPlan::Fetch(PhotoCell {
            line: 4,
            column: "Images".into(),
            src: "https://old.example/boot.jpg".into(),
        })
    );
    let fetches: Vec<(u64, &str, &PhotoSlot)> = boot
        .fetches
        .iter()
        .map(|f| (f.cell.line, f.cell.src.as_str(), &f.slot))
        .collect();
    assert_eq!(
        fetches,
        [
            (4, "https://old.example/side.jpg", &PhotoSlot::Gallery),
            (
                2,
                "https://old.example/tan.jpg",
                &PhotoSlot::Colour("Tan".into())
            ),
            (
                5,
                "https://old.example/black.jpg",
                &PhotoSlot::Colour("Black".into())
            ),
        ]
    );
    // Fetched and kept on this shop: every photo a path here.
    let stored = |src: &str| Some(format!("/api/v1/media/{}", src.rsplit('/').next().unwrap()));
    let resolved = boot.with_photos(stored, None);
    assert_eq!(resolved.missing, Vec::<&PhotoFetch>::new());
    assert_eq!(resolved.draft.other_photos, ["/api/v1/media/side.jpg"]);
    assert_eq!(resolved.draft.colors[0].photos, ["/api/v1/media/tan.jpg"]);
    assert_eq!(resolved.draft.colors[1].photos, ["/api/v1/media/black.jpg"]);
}

#[test]
fn a_blank_value_is_every_value_the_parent_lists_and_a_repeat_it_makes_keeps_the_first() {
    let table = woo(vec![
        row(&[
            ("ID", "20"),
            ("Type", "variable"),
            ("Name", "Court Sneaker"),
            ("Categories", "Sneakers"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "White, Navy"),
            ("Attribute 2 name", "Shoe size"),
            ("Attribute 2 value(s)", "6, 7"),
        ]),
        // Navy, 7 on its own first, then Navy in any size: its 7 is the first's.
        row(&[
            ("Type", "variation"),
            ("Stock", "1"),
            ("Regular price", "2499"),
            ("Parent", "id:20"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "Navy"),
            ("Attribute 2 name", "Shoe size"),
            ("Attribute 2 value(s)", "7"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Stock", "4"),
            ("Regular price", "2299"),
            ("Parent", "id:20"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "Navy"),
            ("Attribute 2 name", "Shoe size"),
        ]),
        // Any colour, any size.
        row(&[
            ("Type", "variation"),
            ("Stock", "9"),
            ("Regular price", "1999"),
            ("Parent", "id:20"),
            ("Attribute 1 name", "Color"),
            ("Attribute 2 name", "Shoe size"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let sneaker = product(&plan, "court-sneaker");
    assert_eq!(
        words(sneaker),
        ["Navy, 7", "Navy, 6", "White, 6", "White, 7"]
    );
    assert_eq!(
        rupees(&sneaker.draft.variants),
        [(2499, 2499), (2299, 2299), (1999, 1999), (1999, 1999)],
        "each the price of the row that made it first"
    );
    let stocks: Vec<Option<u32>> = sneaker.draft.variants.iter().map(|v| v.stock).collect();
    assert_eq!(stocks, [Some(1), Some(4), Some(9), Some(9)]);
    assert_eq!(
        messages(&plan),
        [
            (
                4,
                "Attribute 1 value(s)",
                "Navy, 7 is on row 3 already: the first is kept"
            ),
            (
                5,
                "Attribute 1 value(s)",
                "Navy, 6 is on row 4 already: the first is kept"
            ),
            (
                5,
                "Attribute 1 value(s)",
                "Navy, 7 is on row 3 already: the first is kept"
            ),
        ]
    );

    // Two variations that name the same colour and size are still an error.
    let twice = woo(vec![
        row(&[
            ("ID", "20"),
            ("Type", "variable"),
            ("Name", "Court Sneaker"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "6"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Regular price", "2499"),
            ("Parent", "id:20"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "6"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Regular price", "2499"),
            ("Parent", "id:20"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "6"),
        ]),
    ]);
    let refused = planned(&twice);
    assert_eq!(
        errors(&refused),
        [(4, "Attribute 1 value(s)", "Size 6 is on row 3 already")]
    );
    assert_eq!(refused.invalid, 1);
}

#[test]
fn grouped_and_external_products_are_skipped_with_a_warning_and_so_are_their_variations() {
    let table = woo(vec![
        row(&[
            ("ID", "1"),
            ("Type", "simple, downloadable, virtual"),
            ("SKU", "gift-card"),
            ("Name", "Gift card"),
            ("Regular price", "500"),
        ]),
        row(&[
            ("ID", "2"),
            ("Type", "grouped"),
            ("Name", "Logo collection"),
        ]),
        row(&[
            ("ID", "3"),
            ("Type", "external"),
            ("SKU", "pennant"),
            ("Name", "Pennant"),
            ("Regular price", "11.05"),
        ]),
        row(&[
            ("ID", "4"),
            ("Type", "variable-subscription"),
            ("SKU", "club"),
            ("Name", "Sock club"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Regular price", "300"),
            ("Parent", "club"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    assert_eq!(
        plan.products.len(),
        1,
        "the simple one, downloadable or not"
    );
    assert_eq!(plan.products[0].handle.as_str(), "gift-card");
    assert_eq!(
        messages(&plan),
        [
            (
                2,
                "Categories",
                "Categories is empty: the product is in Uncategorised"
            ),
            (2, "Stock", "Stock is blank: 0 pairs"),
            (
                3,
                "Type",
                "Type grouped: not imported (only simple and variable products and their variations are)"
            ),
            (
                4,
                "Type",
                "Type external: not imported (only simple and variable products and their variations are)"
            ),
            (
                5,
                "Type",
                "Type variable-subscription: not imported (only simple and variable products and their variations are)"
            ),
        ]
    );
}

#[test]
fn a_header_in_another_language_is_refused_naming_the_english_headers() {
    for header in [
        // French
        &[
            "ID",
            "Type",
            "UGS",
            "Nom",
            "Publié",
            "Prix promo",
            "Tarif régulier",
            "Catégories",
            "Attribut 1 nom",
            "Attribut 1 valeur(s)",
        ][..],
        // German: `Name` is the same word.
        &[
            "ID",
            "Typ",
            "Artikelnummer",
            "Name",
            "Veröffentlicht",
            "Angebotspreis",
            "Regulärer Preis",
            "Kategorien",
            "Eigenschaft 1 Name",
            "Eigenschaft 1 Wert(e)",
        ][..],
    ] {
        let table = Table {
            header: header.iter().map(|h| (*h).to_owned()).collect(),
            rows: vec![Row {
                line: 2,
                cells: vec!["1".into(), "simple".into()],
            }],
        };
        let plan = planned(&table);
        assert_eq!(plan.products.len(), 0);
        assert_eq!(plan.errors.len(), 1);
        let error = &plan.errors[0];
        assert_eq!((error.row, error.column.as_str()), (1, "ID"));
        assert!(
            error
                .message
                .starts_with("This looks like a WooCommerce export whose header is not in English"),
            "{}",
            error.message
        );
        assert!(
            error
                .message
                .contains("ID, Type, SKU, Name, Published, Short description, Description, Sale price, Regular price, Categories, Tags, Images, Stock, In stock?, Parent, Attribute 1 name, Attribute 1 value(s)"),
            "{}",
            error.message
        );
    }
    // Neither Shopify's nor WooCommerce's: both named.
    let other = Table {
        header: vec!["Product".into(), "Cost".into()],
        rows: vec![],
    };
    let plan = planned(&other);
    assert!(
        plan.errors[0]
            .message
            .contains("Handle (Shopify's product CSV)")
            && plan.errors[0].message.contains("WooCommerce's ID, Type"),
        "{}",
        plan.errors[0].message
    );
}

#[test]
fn an_escaped_comma_is_a_comma_and_an_escaped_line_break_a_line() {
    let table = woo(vec![row(&[
        ("Type", "simple"),
        ("SKU", "KOLHAPURI-1"),
        ("Name", "Kolhapuri"),
        ("Regular price", "1,5"),
        (
            "Description",
            "Hand stitched\\nTan, natural dye\\n\\\\n is kept",
        ),
        (
            "Categories",
            "Sandals\\, flats > Kolhapuri\\, classic, Sale",
        ),
        ("Tags", "ethnic\\, hand made, summer"),
        ("Attribute 1 name", "Material"),
        (
            "Attribute 1 value(s)",
            "Leather\\, vegetable tanned, Rubber",
        ),
    ])]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let kolhapuri = product(&plan, "kolhapuri-1");
    assert_eq!(kolhapuri.category, "Kolhapuri, classic");
    assert_eq!(kolhapuri.draft.tags, ["ethnic, hand made", "summer"]);
    assert_eq!(
        kolhapuri.draft.descriptions,
        ["Hand stitched", "Tan, natural dye", "\\n is kept"]
    );
    // A simple product's attribute of several values describes it.
    assert_eq!(
        kolhapuri.draft.specifications,
        ["Material: Leather, vegetable tanned, Rubber"]
    );
    let variant = &kolhapuri.draft.variants[0];
    assert_eq!(
        (variant.label.as_deref(), variant.model.as_deref()),
        (None, Some("KOLHAPURI-1")),
        "one variant without a size, its model the SKU"
    );
    assert_eq!(
        kolhapuri.draft.variants[0].sale_price.paise(),
        150,
        "the shop's decimal comma"
    );
}

#[test]
fn stock_blank_while_sold_is_the_setting_blank_otherwise_0_and_parent_one_pool() {
    let table = woo(vec![
        row(&[
            ("Type", "simple"),
            ("Name", "Jutti"),
            ("Categories", "Ethnic"),
            ("In stock?", "1"),
            ("Regular price", "799"),
            ("Stock", ""),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "UK 7"),
        ]),
        row(&[
            ("Type", "simple"),
            ("Name", "Mojari"),
            ("Categories", "Ethnic"),
            ("In stock?", "0"),
            ("Regular price", "899"),
        ]),
        row(&[
            ("ID", "7"),
            ("Type", "variable"),
            ("Name", "Slider"),
            ("Categories", "Sliders"),
            ("Stock", "12"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "S, M"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:7"),
            ("Stock", "parent"),
            ("Regular price", "499"),
            ("Attribute 1 name", "Size"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let jutti = product(&plan, "jutti");
    assert_eq!(words(jutti), ["UK 7"]);
    assert_eq!(jutti.draft.variants[0].stock, Some(10));
    assert_eq!(product(&plan, "mojari").draft.variants[0].stock, Some(0));
    let slider = product(&plan, "slider");
    assert_eq!(words(slider), ["S", "M"]);
    assert_eq!(slider.draft.quantity, 12, "one pool: the product's stock");
    assert!(slider.draft.variants.iter().all(|v| v.stock.is_none()));
    assert_eq!(
        messages(&plan),
        [
            (
                2,
                "Stock",
                "Stock is blank and In stock? is 1 (stock not managed): 10 pairs"
            ),
            (3, "Stock", "Stock is blank: 0 pairs"),
        ]
    );
}

#[test]
fn still_errors_a_price_that_is_not_a_number_no_price_and_more_than_250_variants() {
    let table = woo(vec![
        row(&[
            ("Type", "simple"),
            ("Name", "Priced"),
            ("Regular price", "ten"),
        ]),
        row(&[("Type", "simple"), ("Name", "Free")]),
        row(&[("ID", "9"), ("Type", "variable"), ("Name", "Orphan")]),
        row(&[
            ("Type", "variation"),
            ("Parent", "nowhere"),
            ("Regular price", "10"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(
        errors(&plan),
        [
            (
                2,
                "Regular price",
                "Regular price \"ten\" must be a number of rupees of at least 0, with at most 2 decimals"
            ),
            (
                3,
                "Regular price",
                "A product needs at least one size with a price"
            ),
            (
                4,
                "Regular price",
                "A product needs at least one size with a price"
            ),
            (
                5,
                "Parent",
                "Parent nowhere is not in the file: a variation needs its variable product's row"
            ),
        ]
    );
    assert_eq!((plan.products.len(), plan.invalid), (0, 4));

    // 16 colours x 16 sizes from one variation of blank values: 256.
    let sixteen = |prefix: &str| {
        (1..=16)
            .map(|i| format!("{prefix}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let colours = sixteen("Colour ");
    let sizes = sixteen("EU ");
    let many = woo(vec![
        row(&[
            ("ID", "1"),
            ("Type", "variable"),
            ("Name", "Many"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", &colours),
            ("Attribute 2 name", "Size"),
            ("Attribute 2 value(s)", &sizes),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:1"),
            ("Regular price", "10"),
            ("Attribute 1 name", "Color"),
            ("Attribute 2 name", "Size"),
        ]),
    ]);
    let refused = planned(&many);
    assert_eq!(
        errors(&refused),
        [(3, "Parent", "A product can have at most 250 sizes")]
    );
}

#[test]
fn other_attributes_join_the_size_label_with_one_warning_and_a_parents_own_describe_it() {
    let table = woo(vec![
        row(&[
            ("ID", "5"),
            ("Type", "variable"),
            ("Name", "Hoodie"),
            ("Categories", "Hoodies"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "Blue, Red"),
            ("Attribute 2 name", "Logo"),
            ("Attribute 2 value(s)", "Yes, No"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:5"),
            ("Regular price", "45"),
            ("Sale price", "42"),
            ("Stock", "1"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "Red"),
            ("Attribute 2 name", "Logo"),
            ("Attribute 2 value(s)", "No"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:5"),
            ("Regular price", "45"),
            ("Stock", "1"),
            ("Attribute 1 name", "Color"),
            ("Attribute 1 value(s)", "Blue"),
            ("Attribute 2 name", "Logo"),
            ("Attribute 2 value(s)", "Yes"),
        ]),
        row(&[
            ("ID", "6"),
            ("Type", "variable"),
            ("Name", "Loafer"),
            ("Categories", "Loafers"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "8, 9"),
            ("Attribute 2 name", "Material"),
            ("Attribute 2 value(s)", "Suede"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:6"),
            ("Regular price", "2999"),
            ("Stock", "2"),
            ("Attribute 1 name", "Size"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let hoodie = product(&plan, "hoodie");
    assert_eq!(words(hoodie), ["Red, No", "Blue, Yes"]);
    assert_eq!(rupees(&hoodie.draft.variants), [(45, 42), (45, 45)]);
    assert_eq!(
        messages(&plan),
        [(
            2,
            "Attribute 2 name",
            "Attribute 2 name Logo kept in the size label"
        )]
    );
    let loafer = product(&plan, "loafer");
    assert_eq!(words(loafer), ["8", "9"]);
    assert_eq!(loafer.draft.specifications, ["Material: Suede"]);
}

#[test]
fn handles_come_from_the_sku_else_the_name_and_published_0_or_minus_1_is_a_draft() {
    let table = woo(vec![
        row(&[
            ("Type", "simple"),
            ("SKU", "Woo-Tshirt-Logo"),
            ("Name", "T-Shirt with Logo"),
            ("Published", "1"),
            ("Regular price", "18"),
            ("Categories", "Tshirts"),
            ("Stock", "1"),
        ]),
        row(&[
            ("Type", "simple"),
            ("Name", "Beanie™ 🧢"),
            ("Published", "0"),
            ("Regular price", "20"),
            ("Categories", "Hats"),
            ("Stock", "1"),
        ]),
        row(&[
            ("Type", "simple"),
            ("Name", "Beanie"),
            ("Published", "-1"),
            ("Regular price", "20"),
            ("Categories", "Hats"),
            ("Stock", "1"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let handles: Vec<(&str, bool)> = plan
        .products
        .iter()
        .map(|p| (p.handle.as_str(), p.draft.published))
        .collect();
    assert_eq!(
        handles,
        [
            ("woo-tshirt-logo", true),
            ("beanie", false),
            ("beanie-2", false)
        ]
    );
    assert_eq!(
        messages(&plan),
        [(
            4,
            "Name",
            "Name \"Beanie\" makes the handle beanie, which row 3's product has: imported as beanie-2"
        )]
    );
}

#[test]
fn a_blank_category_is_uncategorised_with_a_warning_and_a_switched_off_variation_is_left_out() {
    let table = woo(vec![
        row(&[
            ("ID", "1"),
            ("Type", "variable"),
            ("Name", "Sandal"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "6, 7"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:1"),
            ("Published", "1"),
            ("Regular price", "500"),
            ("Stock", "1"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "6"),
        ]),
        row(&[
            ("Type", "variation"),
            ("Parent", "id:1"),
            ("Published", "0"),
            ("Regular price", "500"),
            ("Attribute 1 name", "Size"),
            ("Attribute 1 value(s)", "7"),
        ]),
    ]);
    let plan = planned(&table);
    assert_eq!(errors(&plan), []);
    let sandal = product(&plan, "sandal");
    assert_eq!(sandal.category, UNCATEGORISED);
    assert_eq!(words(sandal), ["6"]);
    assert_eq!(
        messages(&plan),
        [
            (
                2,
                "Categories",
                "Categories is empty: the product is in Uncategorised"
            ),
            (
                4,
                "Published",
                "Published 0: a variation switched off in WooCommerce, not imported"
            ),
        ]
    );
}

/// A Shopify file whose `Variant Image`s are on another shop.
fn shopify_with_variant_images(colour: bool) -> Table {
    let header = [
        "Handle",
        "Title",
        "Type",
        "Option1 Name",
        "Option1 Value",
        "Option2 Name",
        "Option2 Value",
        "Variant Price",
        "Variant Image",
        "Image Src",
        "Image Position",
    ];
    let (name, tan, black) = if colour {
        ("Color", "Tan", "Black")
    } else {
        ("", "", "")
    };
    let rows: [&[&str]; 2] = [
        &[
            "boot",
            "Boot",
            "Boots",
            "Size",
            "UK 7",
            name,
            tan,
            "999",
            "https://cdn.shopify.com/tan.jpg",
            "https://cdn.shopify.com/main.jpg",
            "1",
        ],
        &[
            "boot",
            "",
            "",
            "",
            "UK 8",
            "",
            black,
            "999",
            "https://cdn.shopify.com/main.jpg",
            "",
            "",
        ],
    ];
    super::tests::table(&header, &rows)
}

#[test]
fn a_variant_image_on_another_site_is_fetched_as_its_colours_photo_or_joins_the_gallery() {
    let plan = planned(&shopify_with_variant_images(true));
    assert_eq!(errors(&plan), []);
    assert_eq!(messages(&plan), [], "nothing said: it is fetched");
    let fetches: Vec<(&str, &PhotoSlot)> = plan.products[0]
        .fetches
        .iter()
        .map(|f| (f.cell.src.as_str(), &f.slot))
        .collect();
    assert_eq!(
        fetches,
        [
            (
                "https://cdn.shopify.com/tan.jpg",
                &PhotoSlot::Colour("Tan".into())
            ),
            (
                "https://cdn.shopify.com/main.jpg",
                &PhotoSlot::Colour("Black".into())
            ),
        ]
    );
    assert_eq!(plan.products[0].fetches[0].cell.column, "Variant Image");

    // Without colours: one more gallery photo, never the product's own photo again.
    let plan = planned(&shopify_with_variant_images(false));
    assert_eq!(errors(&plan), []);
    let boot = &plan.products[0];
    assert_eq!(boot.draft.other_photos, ["https://cdn.shopify.com/tan.jpg"]);
    assert_eq!(
        boot.fetches,
        [PhotoFetch {
            cell: PhotoCell {
                line: 2,
                column: "Variant Image".into(),
                src: "https://cdn.shopify.com/tan.jpg".into(),
            },
            slot: PhotoSlot::Gallery,
        }]
    );
}

#[test]
fn a_photo_that_cannot_be_fetched_is_left_out_and_the_product_keeps_the_ones_it_had() {
    let mut shop: Product = super::tests::runner();
    shop.handle = Handle::parse("boot").unwrap();
    shop.other_photos = vec!["/api/v1/media/old-side".into()];
    let mut existing = HashMap::new();
    existing.insert(shop.handle.clone(), shop.clone());
    let table = woo(vec![row(&[
        ("Type", "simple"),
        ("SKU", "boot"),
        ("Name", "Boot"),
        ("Regular price", "999"),
        (
            "Images",
            "https://old.example/main.jpg, https://old.example/side.jpg, https://old.example/gone.jpg",
        ),
    ])]);
    let plan = plan_import(
        read_table(&table),
        &existing,
        &[],
        &PhotoAddress::new("https://shop.example.in/api/v1/product/product-photo/"),
        None,
    );
    let boot = &plan.products[0];
    assert_eq!(boot.change, Change::Update(shop.id.clone()));
    let stored = |src: &str| {
        (src == "https://old.example/side.jpg").then(|| "/api/v1/media/side".to_owned())
    };
    let resolved = boot.with_photos(stored, Some(&shop));
    assert_eq!(
        resolved
            .missing
            .iter()
            .map(|f| f.cell.src.as_str())
            .collect::<Vec<_>>(),
        ["https://old.example/gone.jpg"]
    );
    assert_eq!(
        resolved.draft.other_photos,
        ["/api/v1/media/side", "/api/v1/media/old-side"],
        "the file's that could be used, then the product's own"
    );
    // A new product has only those that could be used.
    let new = boot.with_photos(stored, None);
    assert_eq!(new.draft.other_photos, ["/api/v1/media/side"]);
}
