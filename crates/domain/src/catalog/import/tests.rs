use std::collections::HashMap;

use chrono::DateTime;
use proptest::prelude::*;

use super::*;
use crate::catalog::{CategoryRef, Handle, Product, ProductRating, Variant};
use crate::gst::Hsn;
use crate::{CategoryId, Paise, Percent, ProductId};

const PHOTOS: &str = "https://shop.example.in/api/v1/product/product-photo/";

fn photos() -> PhotoAddress {
    PhotoAddress::new(PHOTOS)
}

fn size(label: &str, paise: i64, discount: i64, stock: Option<u32>) -> Variant {
    Variant {
        color: String::new(),
        label: Some(label.into()),
        model: None,
        price: Paise::from_stored(paise),
        sale_price: Paise::from_stored(paise).discounted(Percent::new(discount).unwrap()),
        stock,
    }
}

/// "Trail Runner" in Sneakers: UK 7 and UK 8 at ₹1000 with 15% off, 3 and 4 pairs.
pub(super) fn runner() -> Product {
    let at = DateTime::from_timestamp(0, 0).unwrap();
    Product {
        id: ProductId::new("p-1"),
        product_code: "PDK-1".into(),
        handle: Handle::from_name("Trail Runner"),
        name: "Trail Runner".into(),
        info: "Light".into(),
        variants: vec![
            size("UK 7", 100_000, 15, Some(3)),
            size("UK 8", 100_000, 15, Some(4)),
        ],
        descriptions: vec!["Grippy".into(), "Breathable".into()],
        specifications: vec!["Sole: rubber".into()],
        material: "Mesh".into(),
        tags: vec!["road".into(), "trail".into()],
        seller: None,
        category: CategoryRef {
            id: CategoryId::new("cat-1"),
            name: "Sneakers".into(),
        },
        quantity: 7,
        shipping: true,
        other_photos: vec!["https://cdn.example.in/side.jpg".into()],
        colors: vec![],
        hsn: Some(Hsn::parse("6404").unwrap()),
        published: true,
        size_chart: None,
        has_photo: true,
        photo_version: Some("v1".into()),
        rating: ProductRating::default(),
        created_at: at,
        updated_at: at,
    }
}

fn by_handle(products: &[Product]) -> HashMap<Handle, Product> {
    products
        .iter()
        .map(|p| (p.handle.clone(), p.clone()))
        .collect()
}

fn plan(table: &Table, shop: &[Product]) -> ImportPlan {
    let categories: Vec<String> = shop.iter().map(|p| p.category.name.clone()).collect();
    plan_import(
        read_table(table),
        &by_handle(shop),
        &categories,
        &photos(),
        None,
    )
}

fn plan_with_zip(table: &Table, shop: &[Product], zip: Option<&PhotoFiles>) -> ImportPlan {
    let categories: Vec<String> = shop.iter().map(|p| p.category.name.clone()).collect();
    plan_import(
        read_table(table),
        &by_handle(shop),
        &categories,
        &photos(),
        zip,
    )
}

pub(super) fn table(header: &[&str], rows: &[&[&str]]) -> Table {
    Table {
        header: header.iter().map(|h| h.to_string()).collect(),
        rows: rows
            .iter()
            .enumerate()
            .map(|(i, cells)| Row {
                line: i as u64 + 2,
                cells: cells.iter().map(|c| c.to_string()).collect(),
            })
            .collect(),
    }
}

fn cell<'a>(table: &'a Table, row: usize, header: &str) -> &'a str {
    let i = table.header.iter().position(|h| h == header).unwrap();
    &table.rows[row].cells[i]
}

#[test]
fn amounts_are_rupees_with_paise_only_when_there_are_any() {
    assert_eq!(format_rupees(Paise::from_stored(90_000)), "900");
    assert_eq!(format_rupees(Paise::from_stored(475_518)), "4755.18");
    assert_eq!(format_rupees(Paise::from_stored(1_250)), "12.50");
}

#[test]
fn the_price_is_what_a_size_sells_at_and_a_higher_compare_at_price_its_mrp() {
    let rupees = |r: i64| Paise::from_stored(r * 100);
    assert_eq!(
        mrp_and_sale_price(rupees(1299), Some(rupees(3299))),
        (rupees(3299), rupees(1299))
    );
    // No compare-at price, or one not above the price: the price is the MRP too.
    assert_eq!(
        mrp_and_sale_price(rupees(900), None),
        (rupees(900), rupees(900))
    );
    assert_eq!(
        mrp_and_sale_price(rupees(900), Some(rupees(800))),
        (rupees(900), rupees(900))
    );
}

#[test]
fn the_export_has_a_row_per_size_with_the_product_on_the_first_and_its_photos_in_turn() {
    let mut pooled = runner();
    pooled.id = ProductId::new("p-2");
    pooled.handle = Handle::from_name("Kolhapuri");
    pooled.name = "Kolhapuri".into();
    pooled.variants = vec![size("6", 90_000, 0, None), size("7", 90_000, 0, None)];
    pooled.quantity = 9;
    pooled.has_photo = false;
    pooled.other_photos = vec!["/a.jpg".into(), "/b.jpg".into(), "/c.jpg".into()];
    let table = export_table(&[runner(), pooled], &photos());

    assert_eq!(table.header[..3], ["Handle", "Title", "Body (HTML)"]);
    assert_eq!(table.rows.len(), 2 + 3);
    assert_eq!(cell(&table, 0, "Handle"), "trail-runner");
    assert_eq!(cell(&table, 0, "Body (HTML)"), "Grippy\nBreathable");
    assert_eq!(cell(&table, 0, "Tags"), "road, trail");
    assert_eq!(cell(&table, 0, "Type"), "Sneakers");
    assert_eq!(cell(&table, 0, "Variant Price"), "850");
    assert_eq!(cell(&table, 0, "Variant Compare At Price"), "1000");
    assert_eq!(cell(&table, 1, "Variant Inventory Qty"), "4");
    assert_eq!(cell(&table, 1, "Title"), "");
    assert_eq!(cell(&table, 0, "Image Src"), format!("{PHOTOS}p-1"));
    assert_eq!(
        cell(&table, 1, "Image Src"),
        "https://cdn.example.in/side.jpg"
    );
    assert_eq!(cell(&table, 1, "Image Position"), "2");
    assert_eq!(cell(&table, 0, "HSN"), "6404");
    // The pool on the first size only; the third photo on a row of its own.
    assert_eq!(cell(&table, 2, "Variant Inventory Qty"), "9");
    assert_eq!(cell(&table, 3, "Variant Inventory Qty"), "");
    assert_eq!(cell(&table, 2, "Image Position"), "2");
    assert_eq!(cell(&table, 4, "Handle"), "kolhapuri");
    assert_eq!(cell(&table, 4, "Variant Price"), "");
    assert_eq!(cell(&table, 4, "Image Src"), "/c.jpg");
    assert_eq!(cell(&table, 4, "Image Position"), "4");
}

#[test]
fn importing_the_shops_own_export_changes_nothing() {
    let mut pooled = runner();
    pooled.id = ProductId::new("p-2");
    pooled.handle = Handle::from_name("मोजरी जूती");
    pooled.name = "मोजरी \"जूती\", classic".into();
    pooled.variants = vec![size("6", 90_050, 10, None), size("7", 90_000, 0, None)];
    pooled.quantity = 9;
    pooled.hsn = None;
    pooled.shipping = false;
    let shop = [runner(), pooled];
    let plan = plan(&export_table(&shop, &photos()), &shop);
    assert_eq!(plan.errors, []);
    assert_eq!(plan.warnings, []);
    assert_eq!(
        (plan.created(), plan.updated(), plan.unchanged()),
        (0, 0, 2)
    );
    assert!(plan.new_categories.is_empty());
}

#[test]
fn a_new_handle_creates_a_product_and_its_missing_category() {
    let file = table(
        &[
            "Handle",
            "Title",
            "Type",
            "Option1 Name",
            "Option1 Value",
            "Variant Price",
            "Variant Compare At Price",
            "Variant Inventory Qty",
            "Vendor",
        ],
        &[
            &[
                "mojari", "Mojari", "Ethnic", "Size", "UK 7", "850", "1000", "2", "Acme",
            ],
            &["mojari", "", "", "", "UK 8", "850", "1000", "5", ""],
        ],
    );
    let plan = plan(&file, &[runner()]);
    assert_eq!(plan.errors, []);
    assert_eq!(plan.created(), 1);
    assert_eq!(plan.new_categories, ["Ethnic"]);
    let draft = &plan.products[0].draft;
    assert_eq!(draft.name, "Mojari");
    assert_eq!(draft.variants[1].label.as_deref(), Some("UK 8"));
    assert_eq!(draft.variants[1].stock, Some(5));
    assert_eq!(draft.variants[1].discount().value(), 15);
    assert_eq!(draft.variants[1].sale_price, Paise::from_stored(85_000));
    assert_eq!(draft.quantity, 7);
    assert_eq!(plan.products[0].photo, PhotoPlan::Keep);
}

#[test]
fn a_known_handle_updates_and_columns_the_file_lacks_keep_what_the_product_has() {
    let file = table(
        &["Handle", "Title", "Option1 Value", "Variant Price"],
        &[&["trail-runner", "Trail Runner II", "UK 7", "850"]],
    );
    let plan = plan(&file, &[runner()]);
    assert_eq!(plan.errors, []);
    assert_eq!(
        plan.products[0].change,
        Change::Update(ProductId::new("p-1"))
    );
    let draft = &plan.products[0].draft;
    assert_eq!(draft.name, "Trail Runner II");
    assert_eq!(
        (draft.info.as_str(), draft.material.as_str()),
        ("Light", "Mesh")
    );
    assert_eq!(draft.hsn, runner().hsn);
    assert_eq!(plan.products[0].category, "Sneakers");
    // One size now, without a compare-at price: ₹850, no discount.
    assert_eq!(draft.variants.len(), 1);
    assert_eq!(draft.variants[0].price, Paise::from_stored(85_000));
}

#[test]
fn the_2025_layout_is_told_apart_by_its_header() {
    let file = table(
        &[
            "Title",
            "URL handle",
            "Description",
            "Product category",
            "Type",
            "Option1 name",
            "Option1 value",
            "SKU",
            "Price",
            "Compare-at price",
            "Inventory quantity",
            "Product image URL",
            "Image position",
        ],
        &[
            &[
                "Mojari",
                "mojari",
                "Hand made\nLeather",
                "Apparel > Shoes",
                "Ethnic",
                "Size",
                "UK 7",
                "MJ-7",
                "999",
                "1149",
                "2",
                "https://cdn.example.in/m.jpg",
                "1",
            ],
            &[
                "",
                "mojari",
                "",
                "",
                "",
                "",
                "UK 8",
                "MJ-8",
                "999",
                "1149",
                "3",
                "https://cdn.example.in/m2.jpg",
                "2",
            ],
        ],
    );
    let plan = plan(&file, &[]);
    assert_eq!(plan.errors, []);
    let product = &plan.products[0];
    assert_eq!(product.category, "Ethnic");
    assert_eq!(product.draft.descriptions, ["Hand made", "Leather"]);
    assert_eq!(product.draft.variants[0].model.as_deref(), Some("MJ-7"));
    assert_eq!(
        product.photo,
        PhotoPlan::Fetch(PhotoCell {
            line: 2,
            column: "Product image URL".into(),
            src: "https://cdn.example.in/m.jpg".into()
        })
    );
    assert_eq!(
        product.draft.other_photos,
        ["https://cdn.example.in/m2.jpg"]
    );
    // Sold at exactly 999, 13 % (rounded down) off 1149.
    assert_eq!(
        product.draft.variants[0].sale_price,
        Paise::from_stored(99_900)
    );
    assert_eq!(product.draft.variants[0].discount().value(), 13);
    assert_eq!(plan.warnings, []);
}

#[test]
fn a_size_sells_at_exactly_the_files_price_under_its_compare_at_mrp() {
    let file = table(
        &[
            "Handle",
            "Title",
            "Type",
            "Variant Price",
            "Variant Compare At Price",
        ],
        &[
            &["sneaker", "Sneaker", "Sale", "1299", "3299"],
            &["odd", "Odd", "Sale", "497", "1000"],
        ],
    );
    let plan = plan(&file, &[]);
    assert_eq!(plan.errors, []);
    // No price is moved, so nothing to warn about.
    assert_eq!(plan.warnings, []);
    let sneaker = &plan.products[0].draft.variants[0];
    assert_eq!(
        (sneaker.price, sneaker.sale_price),
        (Paise::from_stored(329_900), Paise::from_stored(129_900))
    );
    assert_eq!(sneaker.discount().value(), 60);
    let odd = &plan.products[1].draft.variants[0];
    assert_eq!(odd.sale_price, Paise::from_stored(49_700));
    assert_eq!(odd.discount().value(), 50);
}

#[test]
fn the_shops_export_of_an_exact_price_imports_back_unchanged() {
    let mut product = runner();
    for variant in &mut product.variants {
        variant.price = Paise::from_stored(329_900);
        variant.sale_price = Paise::from_stored(129_900);
    }
    let shop = [product];
    let file = export_table(&shop, &photos());
    let plan = plan(&file, &shop);
    assert_eq!(plan.errors, []);
    assert_eq!(plan.unchanged(), 1, "{:?}", plan.products);
}

fn plan_fn(file: &Table) -> ImportPlan {
    plan(file, &[])
}

#[test]
fn every_wrong_cell_is_named_by_its_line_and_header_as_written() {
    let file = table(
        &[
            "handle",
            "Title",
            "Type",
            "Variant Price",
            " Variant Inventory Qty ",
            "HSN",
        ],
        &[
            &["ok0", "T", "S", "10", "1", ""],
            &["ok", "Ok", "S", "ten", "1", ""],
            &["ok2", "Ok", "S", "10", "x", "12"],
            &["ok3", "", "S", "10", "", ""],
        ],
    );
    let plan = plan(&file, &[]);
    let found: Vec<(u64, &str)> = plan
        .errors
        .iter()
        .map(|e| (e.row, e.column.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (3, "Variant Price"),
            (4, "HSN"),
            (4, " Variant Inventory Qty "),
            (5, "Title")
        ]
    );
    assert_eq!((plan.products.len(), plan.invalid), (1, 3));
    assert_eq!(
        plan.errors[0].message,
        "Variant Price \"ten\" must be a number of rupees of at least 0, with at most 2 decimals"
    );
}

#[test]
fn a_header_without_a_handle_column_is_refused_on_line_one() {
    let plan = plan(&table(&["Name", "Price"], &[&["a", "1"]]), &[]);
    assert_eq!(plan.errors.len(), 1);
    assert_eq!(
        (plan.errors[0].row, plan.errors[0].column.as_str()),
        (1, "Name")
    );
}

#[test]
fn a_blank_quantity_among_counted_sizes_is_0_with_a_warning() {
    let file = table(
        &[
            "Handle",
            "Title",
            "Type",
            "Variant Price",
            "Variant Inventory Qty",
        ],
        &[
            &["a", "A", "S", "10", "1"],
            &["a", "", "", "10", "2"],
            &["a", "", "", "10", ""],
        ],
    );
    let plan = plan(&file, &[]);
    assert_eq!(plan.errors, []);
    assert_eq!(stocks_of(&plan.products[0]), Some(vec![1, 2, 0]));
    assert_eq!(
        plan.warnings,
        [RowWarning {
            row: 4,
            column: "Variant Inventory Qty".into(),
            message: "Variant Inventory Qty is blank: 0 pairs".into(),
        }]
    );
}

/// A Shopify export's columns (2024), as far as these tests read them.
const SHOPIFY: [&str; 9] = [
    "Handle",
    "Title",
    "Product Category",
    "Type",
    "Option1 Name",
    "Option1 Value",
    "Variant Inventory Tracker",
    "Variant Inventory Qty",
    "Variant Price",
];

fn stocks_of(product: &PlannedProduct) -> Option<Vec<u32>> {
    product.draft.variants.iter().map(|v| v.stock).collect()
}

fn warnings_of(plan: &ImportPlan) -> Vec<(u64, &str, &str)> {
    plan.warnings
        .iter()
        .map(|w| (w.row, w.column.as_str(), w.message.as_str()))
        .collect()
}

#[test]
fn an_empty_type_is_the_last_part_of_the_product_category_else_uncategorised() {
    let file = table(
        &SHOPIFY,
        &[
            &[
                "air",
                "Air",
                "Apparel & Accessories > Shoes > Sneakers",
                "",
                "Size",
                "8",
                "shopify",
                "3",
                "999",
            ],
            &["bare", "Bare", "", "", "Size", "8", "shopify", "3", "999"],
            &[
                "typed",
                "Typed",
                "Apparel > Shoes",
                "Boots",
                "Size",
                "8",
                "shopify",
                "3",
                "999",
            ],
        ],
    );
    let typed = plan(&file, &[]);
    assert_eq!(typed.errors, []);
    let categories: Vec<&str> = typed.products.iter().map(|p| p.category.as_str()).collect();
    assert_eq!(categories, ["Sneakers", UNCATEGORISED, "Boots"]);
    assert_eq!(typed.new_categories, ["Sneakers", UNCATEGORISED, "Boots"]);
    assert_eq!(
        warnings_of(&typed),
        [
            (
                2,
                "Type",
                "Type is empty: the product is in Sneakers, from Product Category"
            ),
            (3, "Type", "Type is empty: the product is in Uncategorised"),
        ]
    );

    // A file without a Type column: a known product keeps its category, a new one is
    // Uncategorised.
    let file = table(
        &["Handle", "Title", "Variant Price"],
        &[
            &["trail-runner", "Trail Runner", "850"],
            &["new", "New", "9"],
        ],
    );
    let known = plan(&file, &[runner()]);
    assert_eq!(known.products[0].category, "Sneakers");
    assert_eq!(known.products[1].category, UNCATEGORISED);
    assert_eq!(
        warnings_of(&known),
        [(
            3,
            "Type",
            "The file has no Type: the product is in Uncategorised"
        )]
    );
}

#[test]
fn stock_shopify_does_not_count_is_the_setting_and_below_0_is_0() {
    let file = table(
        &SHOPIFY,
        &[
            &["free", "Free", "", "Shoes", "Size", "7", "", "", "999"],
            &["free", "", "", "", "", "8", "", "", "999"],
            &[
                "sold", "Sold", "", "Shoes", "Size", "7", "shopify", "-3", "999",
            ],
            &["sold", "", "", "", "", "8", "shopify", "2", "999"],
            &["kept", "Kept", "", "Shoes", "Size", "7", "", "4", "999"],
        ],
    );
    let plan = plan_import(
        read_table_with(&file, ImportRules { uncounted_stock: 6 }),
        &HashMap::new(),
        &[],
        &photos(),
        None,
    );
    assert_eq!(plan.errors, []);
    let stocks: Vec<Option<Vec<u32>>> = plan.products.iter().map(stocks_of).collect();
    assert_eq!(stocks, [Some(vec![6, 6]), Some(vec![0, 2]), Some(vec![4])]);
    let untracked = "Variant Inventory Qty is blank and Variant Inventory Tracker is empty \
                     (stock not tracked): 6 pairs";
    assert_eq!(
        warnings_of(&plan),
        [
            (2, "Variant Inventory Qty", untracked),
            (3, "Variant Inventory Qty", untracked),
            (
                4,
                "Variant Inventory Qty",
                "Variant Inventory Qty -3 is below 0: 0 pairs"
            ),
        ]
    );
    assert_eq!(
        read_table(&file).products[0].stocks,
        [DEFAULT_UNCOUNTED_STOCK; 2],
        "10 pairs unless the shop says otherwise"
    );
}

#[test]
fn a_handle_not_in_handle_form_is_made_one_with_a_warning() {
    let file = table(
        &["Handle", "Title", "Type", "Variant Price"],
        &[
            &["Trail-Runner™", "Trail Runner", "Shoes", "999"],
            &["Trail-Runner™", "", "", "999"],
            &["Sandal 🌞 Summer", "Sandal", "Shoes", "499"],
            &["", "Nameless", "Shoes", "1"],
        ],
    );
    let plan = plan(&file, &[]);
    let handles: Vec<&str> = plan.products.iter().map(|p| p.handle.as_str()).collect();
    assert_eq!(handles, ["trail-runner", "sandal-summer"]);
    assert_eq!(
        plan.products[0].draft.variants.len(),
        2,
        "one product, two rows"
    );
    assert_eq!(
        warnings_of(&plan),
        [
            (
                2,
                "Handle",
                "Handle \"Trail-Runner™\" is not in handle form: imported as trail-runner"
            ),
            (
                4,
                "Handle",
                "Handle \"Sandal 🌞 Summer\" is not in handle form: imported as sandal-summer"
            ),
        ]
    );
    assert_eq!(
        (plan.errors[0].row, plan.errors[0].message.as_str()),
        (5, "Handle is required")
    );
    assert_eq!(plan.invalid, 1);
}

#[test]
fn still_errors_a_price_that_is_not_a_number_two_rows_of_one_size_no_price() {
    let file = table(
        &[
            "Handle",
            "Title",
            "Type",
            "Option1 Name",
            "Option1 Value",
            "Variant Price",
        ],
        &[
            &["a", "A", "S", "Size", "7", "ten"],
            &["b", "B", "S", "Size", "7", "10"],
            &["b", "", "", "", "7", "10"],
            &["c", "C", "S", "Size", "7", ""],
        ],
    );
    let plan = plan(&file, &[]);
    let found: Vec<(u64, &str)> = plan
        .errors
        .iter()
        .map(|e| (e.row, e.column.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (2, "Variant Price"),
            (4, "Option1 Value"),
            (5, "Variant Price")
        ]
    );
    assert_eq!(plan.errors[1].message, "Size 7 is on row 3 already");
    assert!(plan.products.is_empty());
    assert_eq!(plan.invalid, 3);
}

#[test]
fn a_changed_stock_or_photo_is_an_update() {
    let mut export = export_table(&[runner()], &photos());
    let qty = export
        .header
        .iter()
        .position(|h| h == "Variant Inventory Qty")
        .unwrap();
    export.rows[1].cells[qty] = "9".into();
    let changed = plan(&export, &[runner()]);
    assert_eq!(changed.updated(), 1);
    assert_eq!(changed.products[0].draft.quantity, 12);

    let mut export = export_table(&[runner()], &photos());
    let src = export.header.iter().position(|h| h == "Image Src").unwrap();
    export.rows[0].cells[src] = "https://cdn.example.in/new.jpg".into();
    let plan = plan(&export, &[runner()]);
    assert_eq!(plan.updated(), 1);
    assert!(plan.fetches());
}

proptest! {
    #[test]
    fn export_then_import_is_identity(
        name in "[a-zA-Z0-9 \"',\\u{0915}-\\u{0939}\\u{093E}-\\u{094D}]{1,40}",
        info in "[a-zA-Z \"',\\n\\u{0915}-\\u{0939}]{0,60}",
        descriptions in prop::collection::vec("[a-zA-Z\"' \\u{0915}-\\u{0939}]{1,20}", 0..3),
        prices in prop::collection::vec((300i64..10_000_000, 0.0f64..=1.0, 0u32..50), 1..6),
        pooled in any::<bool>(),
    ) {
        let mut product = runner();
        product.name = name.trim().to_owned();
        prop_assume!(!product.name.is_empty());
        product.handle = Handle::from_name(&product.name);
        product.info = info.trim().to_owned();
        product.descriptions = descriptions.iter().map(|d| d.trim().to_owned()).filter(|d| !d.is_empty()).collect();
        product.variants = prices
            .iter()
            .enumerate()
            .map(|(i, (paise, sold, stock))| Variant {
                // Any exact price up to the MRP.
                sale_price: Paise::from_stored((*paise as f64 * sold) as i64),
                ..size(&format!("UK {i}"), *paise, 0, (!pooled).then_some(*stock))
            })
            .collect();
        product.quantity = if pooled { 5 } else { prices.iter().map(|p| p.2).sum() };
        let shop = [product];
        let plan = plan(&export_table(&shop, &photos()), &shop);
        prop_assert_eq!(&plan.errors, &vec![]);
        prop_assert_eq!(plan.unchanged(), 1, "{:?}", plan.products);
    }
}

/// A file of two products whose photos are on their second rows (extra image rows).
fn with_photos(first: &str, second: &str) -> Table {
    table(
        &[
            "Handle",
            "Title",
            "Type",
            "Variant Price",
            "Image Src",
            "Image Position",
        ],
        &[
            &["jutti", "Jutti", "Ethnic", "999", "", ""],
            &["jutti", "", "", "", first, "1"],
            &["jutti", "", "", "", "https://cdn.example.in/j2.jpg", "2"],
            &["mojari", "Mojari", "Ethnic", "899", "", ""],
            &["mojari", "", "", "", second, "1"],
        ],
    )
}

#[test]
fn a_photo_that_is_not_a_web_address_names_a_file_of_the_photos_zip() {
    let mut zip = PhotoFiles::new();
    zip.insert("photos/jutti.jpg", vec![1]);
    zip.insert("mojari.png", vec![2]);
    zip.insert("unused.png", vec![3]);
    let file = with_photos("jutti.jpg", "https://cdn.example.in/m.jpg");
    let plan = plan_with_zip(&file, &[], Some(&zip));
    assert_eq!(plan.errors, []);
    assert_eq!(
        plan.products[0].photo,
        PhotoPlan::FromZip {
            cell: PhotoCell {
                line: 3,
                column: "Image Src".into(),
                src: "jutti.jpg".into()
            },
            path: "photos/jutti.jpg".into()
        }
    );
    assert_eq!(
        plan.products[0].draft.other_photos,
        ["https://cdn.example.in/j2.jpg"]
    );
    assert_eq!(
        plan.products[1]
            .photo
            .cell()
            .map(|c| (c.line, c.src.as_str())),
        Some((6, "https://cdn.example.in/m.jpg"))
    );
    assert!(plan.fetches());
    assert_eq!(plan.zip_paths(), ["photos/jutti.jpg"]);
}

#[test]
fn a_file_name_without_its_file_is_refused_on_its_row() {
    let file = with_photos("jutti.jpg", "mojari.png");
    let mut zip = PhotoFiles::new();
    zip.insert("jutti.jpg", vec![1]);
    let plan = plan_with_zip(&file, &[], Some(&zip));
    assert_eq!(
        plan.errors,
        [RowError {
            row: 6,
            column: "Image Src".into(),
            message: "Image Src \"mojari.png\" is not a web address, and the photos zip has no \
                      file mojari.png"
                .into()
        }]
    );
    let plan = plan_with_zip(&file, &[], None);
    let rows: Vec<(u64, &str)> = plan
        .errors
        .iter()
        .map(|e| (e.row, e.column.as_str()))
        .collect();
    assert_eq!(rows, [(3, "Image Src"), (6, "Image Src")]);
    assert!(
        plan.errors[0].message.contains("no photos zip was sent"),
        "{:?}",
        plan.errors
    );
}

#[test]
fn other_photos_must_be_addresses_and_are_refused_on_their_own_row() {
    let file = with_photos(
        "https://cdn.example.in/j.jpg",
        "https://cdn.example.in/m.jpg",
    );
    let mut file = file;
    file.rows[2].cells[4] = "side.jpg".into();
    let plan = plan(&file, &[]);
    assert_eq!(
        plan.errors,
        [RowError {
            row: 4,
            column: "Image Src".into(),
            message: "Image \"side.jpg\" must be an http(s) URL or a path on this server".into()
        }]
    );
}

#[test]
fn skus_on_some_sizes_only_are_kept_on_those_sizes() {
    // Shopify's own sample file: the first size has no SKU, the others have.
    let file = table(
        &[
            "Handle",
            "Title",
            "Type",
            "Option1 Value",
            "Variant SKU",
            "Variant Price",
        ],
        &[
            &["tee", "Tee", "Shirts", "Lithograph", "", "25"],
            &["tee", "", "", "Small", "tee-s", "19.99"],
        ],
    );
    let plan = plan(&file, &[]);
    assert_eq!(plan.errors, []);
    let models: Vec<Option<&str>> = plan.products[0]
        .draft
        .variants
        .iter()
        .map(|v| v.model.as_deref())
        .collect();
    assert_eq!(models, [None, Some("tee-s")]);
}

#[test]
fn text_that_would_start_a_formula_is_exported_after_a_quote_and_imported_without_it() {
    let mut product = runner();
    product.name = "=HYPERLINK(\"x\")".into();
    product.descriptions = vec!["- Leather sole".into(), "-Light".into()];
    product.info = "＋91 made".into();
    product.tags = vec!["@home".into()];
    product.material = "'90s canvas".into();
    let export = export_table(&[product.clone()], &photos());
    assert_eq!(cell(&export, 0, "Title"), "'=HYPERLINK(\"x\")");
    assert_eq!(cell(&export, 0, "Body (HTML)"), "'- Leather sole\n-Light");
    assert_eq!(cell(&export, 0, "Info"), "'＋91 made");
    assert_eq!(cell(&export, 0, "Tags"), "'@home");
    assert_eq!(
        cell(&export, 0, "Material"),
        "'90s canvas",
        "not a formula: as it is"
    );
    assert_eq!(cell(&export, 0, "Variant Price"), "850");

    let plan = plan(&export, &[product]);
    assert_eq!(plan.errors, []);
    assert_eq!(plan.unchanged(), 1, "the export imports back unchanged");
    let file = table(
        &["Handle", "Title", "Type", "Variant Price"],
        &[
            &["quoted", "''=x", "Shoes", "1"],
            &["plain", "'-5 off", "Shoes", "1"],
        ],
    );
    let names: Vec<String> = plan_fn(&file)
        .products
        .iter()
        .map(|p| p.draft.name.clone())
        .collect();
    assert_eq!(
        names,
        ["''=x", "-5 off"],
        "one quote taken off, only before a formula"
    );
}

#[test]
fn a_draft_is_exported_as_shopifys_status_draft_and_imports_back_unchanged() {
    let mut draft = runner();
    draft.published = false;
    let table = export_table(&[draft.clone()], &photos());
    assert_eq!(cell(&table, 0, "Status"), "draft");
    assert_eq!(cell(&table, 1, "Status"), "");
    assert_eq!(
        cell(&export_table(&[runner()], &photos()), 0, "Status"),
        "active"
    );
    let planned = plan(&table, &[draft]);
    assert_eq!(planned.errors, []);
    assert_eq!((planned.updated(), planned.unchanged()), (0, 1));
    // Published again in the file: an update that publishes it.
    let mut published = runner();
    published.published = false;
    let planned = plan(&export_table(&[runner()], &photos()), &[published]);
    assert_eq!(planned.updated(), 1);
    assert!(planned.products[0].draft.published);
}

#[test]
fn status_draft_or_archived_or_published_false_imports_a_draft() {
    let header = [
        "Handle",
        "Title",
        "Type",
        "Option1 Value",
        "Variant Price",
        "Status",
        "Published",
    ];
    for (status, published, expected) in [
        ("active", "TRUE", true),
        ("", "", true),
        ("draft", "", false),
        ("Archived", "TRUE", false),
        ("active", "FALSE", false),
        ("", "false", false),
    ] {
        let file = table(
            &header,
            &[&[
                "mojari", "Mojari", "Ethnic", "UK 7", "850", status, published,
            ]],
        );
        let planned = plan(&file, &[]);
        assert_eq!(planned.errors, [], "{status:?} {published:?}");
        assert_eq!(
            planned.products[0].draft.published, expected,
            "{status:?} {published:?}"
        );
    }
    let file = table(
        &header,
        &[&["mojari", "Mojari", "Ethnic", "UK 7", "850", "hidden", ""]],
    );
    assert_eq!(
        plan(&file, &[]).errors,
        [RowError {
            row: 2,
            column: "Status".into(),
            message: "Status must be active, draft or archived".into(),
        }]
    );
}

#[test]
fn a_file_without_status_keeps_a_drafts_state() {
    let mut draft = runner();
    draft.published = false;
    let file = table(
        &["Handle", "Title", "Option1 Value", "Variant Price"],
        &[&["trail-runner", "Trail Runner II", "UK 7", "850"]],
    );
    let planned = plan(&file, &[draft]);
    assert!(!planned.products[0].draft.published);
    let new = table(
        &["Handle", "Title", "Type", "Option1 Value", "Variant Price"],
        &[&["mojari", "Mojari", "Ethnic", "UK 7", "850"]],
    );
    assert!(plan(&new, &[]).products[0].draft.published);
}

/// Colours in the file (decisions D44).
mod colours {
    use super::*;
    use crate::catalog::Colour;

    /// The Trail Runner in Tan (with its photos) and Black, each in UK 7 and UK 8.
    fn coloured() -> Product {
        let mut product = runner();
        product.colors = vec![
            Colour {
                name: "Tan".into(),
                hex: Some("#A0522D".into()),
                photos: vec!["/api/v1/media/tan-1".into(), "/api/v1/media/tan-2".into()],
            },
            Colour {
                name: "Black".into(),
                hex: None,
                photos: vec![],
            },
        ];
        product.variants = vec![
            Variant {
                color: "Tan".into(),
                ..size("UK 7", 100_000, 15, Some(3))
            },
            Variant {
                color: "Tan".into(),
                ..size("UK 8", 100_000, 15, Some(4))
            },
            Variant {
                color: "Black".into(),
                ..size("UK 7", 100_000, 15, Some(0))
            },
            Variant {
                color: "Black".into(),
                ..size("UK 8", 100_000, 15, Some(2))
            },
        ];
        product.quantity = 9;
        product
    }

    #[test]
    fn the_export_writes_colours_as_option2_and_imports_back_unchanged() {
        let shop = [coloured()];
        let exported = export_table(&shop, &photos());
        assert_eq!(cell(&exported, 0, "Option2 Name"), "Color");
        assert_eq!(cell(&exported, 2, "Option2 Value"), "Black");
        assert_eq!(cell(&exported, 1, "Variant Image"), "/api/v1/media/tan-1");
        assert_eq!(cell(&exported, 3, "Variant Image"), "");
        let plan = plan(&exported, &shop);
        assert_eq!(plan.errors, vec![]);
        assert_eq!(plan.unchanged(), 1, "{plan:?}");
    }

    #[test]
    fn any_option_is_the_size_or_the_colour_by_its_name() {
        let file = table(
            &[
                "Handle",
                "Title",
                "Type",
                "Option1 Name",
                "Option1 Value",
                "Option2 Name",
                "Option2 Value",
                "Option3 Name",
                "Option3 Value",
                "Variant Price",
                "Variant Image",
            ],
            &[
                &[
                    "boot",
                    "Boot",
                    "Boots",
                    "Colour:",
                    "Tan",
                    "Shoe Size",
                    "UK 8",
                    "Width",
                    "Wide",
                    "1299",
                    "/api/v1/media/tan",
                ],
                &[
                    "boot", "", "", "", "Black", "", "UK 8", "", "Wide", "1299", "",
                ],
            ],
        );
        let plan = plan(&file, &[]);
        assert_eq!(plan.errors, vec![]);
        let draft = &plan.products[0].draft;
        let names: Vec<Option<String>> = draft.variants.iter().map(Variant::words).collect();
        assert_eq!(
            names,
            [
                Some("Tan, UK 8 / Wide".to_owned()),
                Some("Black, UK 8 / Wide".to_owned())
            ]
        );
        assert_eq!(draft.colors[0].photos, ["/api/v1/media/tan"]);
        assert_eq!(
            plan.warnings
                .iter()
                .map(|w| w.message.as_str())
                .collect::<Vec<_>>(),
            ["Option3 Name Width kept in the size label"]
        );
    }

    #[test]
    fn only_a_colour_is_one_size_and_a_colour_and_size_twice_is_an_error() {
        let header = [
            "Handle",
            "Title",
            "Type",
            "Option1 Name",
            "Option1 Value",
            "Variant Price",
        ];
        let file = table(
            &header,
            &[
                &["tee", "Tee", "Tops", "Color", "Red", "499"],
                &["tee", "", "", "", "Blue", "499"],
            ],
        );
        let read = plan(&file, &[]);
        assert_eq!(read.errors, vec![]);
        let sizes: Vec<Option<String>> = read.products[0]
            .draft
            .variants
            .iter()
            .map(Variant::words)
            .collect();
        assert_eq!(
            sizes,
            [
                Some("Red, One size".to_owned()),
                Some("Blue, One size".to_owned())
            ]
        );
        let twice = table(
            &header,
            &[
                &["tee", "Tee", "Tops", "Color", "Red", "499"],
                &["tee", "", "", "", "red", "499"],
            ],
        );
        let refused = plan(&twice, &[]);
        assert_eq!(
            refused
                .errors
                .iter()
                .map(|e| e.message.as_str())
                .collect::<Vec<_>>(),
            ["red, One size is on row 2 already"]
        );
    }

    #[test]
    fn a_file_without_colours_never_drops_a_products_colours() {
        let shop = [coloured()];
        // The sizes as they were before colours: not the product's variants place by place.
        let file = table(
            &[
                "Handle",
                "Title",
                "Option1 Name",
                "Option1 Value",
                "Variant Price",
            ],
            &[
                &["trail-runner", "Trail Runner", "Size", "UK 7", "850"],
                &["trail-runner", "", "", "UK 8", "850"],
            ],
        );
        let plan = plan(&file, &shop);
        assert_eq!(
            plan.errors
                .iter()
                .map(|e| e.message.as_str())
                .collect::<Vec<_>>(),
            [
                "Trail Runner has colours, which an import cannot change yet: edit its colours and sizes in the admin's form"
            ]
        );
        assert!(plan.products.is_empty());
    }
}
