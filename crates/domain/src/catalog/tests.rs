use chrono::DateTime;

use super::*;
use crate::{CategoryId, Percent, ProductId};

fn input() -> ProductInput {
    ProductInput {
        name: Some("Trail Runner".into()),
        prices: vec!["2499".into(), "2599.50".into()],
        category: Some("cat-1".into()),
        ..Default::default()
    }
}

#[test]
fn a_minimal_product_gets_zero_discounts_and_no_labels() {
    let draft = ProductDraft::parse(input()).unwrap();
    assert_eq!(draft.variants.len(), 2);
    assert_eq!(draft.variants[1].price.paise(), 259_950);
    assert!(
        draft
            .variants
            .iter()
            .all(|v| v.discount() == Percent::ZERO && v.sale_price == v.price && v.label.is_none())
    );
    assert_eq!(draft.quantity, 0);
    assert!(draft.shipping);
}

#[test]
fn variant_lists_must_match_the_prices() {
    let mut bad = input();
    bad.types = vec!["UK 7".into()];
    assert_eq!(
        ProductDraft::parse(bad).unwrap_err().message(),
        "Give as many types as prices (2), or none"
    );
    let mut good = input();
    good.types = vec!["UK 7".into(), "UK 8".into()];
    good.discounts = vec!["10".into(), "0".into()];
    let draft = ProductDraft::parse(good).unwrap();
    assert_eq!(draft.variants[0].label.as_deref(), Some("UK 7"));
    assert_eq!(draft.variants[0].sale_price.paise(), 224_910);
    assert_eq!(draft.variants[0].discount().value(), 10);
}

fn sized(prices: &[&str], discounts: &[&str], sale_prices: &[&str]) -> ProductInput {
    let list = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    ProductInput {
        types: list(&["UK 7", "UK 8"][..prices.len()]),
        prices: list(prices),
        discounts: list(discounts),
        sale_prices: list(sale_prices),
        ..input()
    }
}

#[test]
fn an_exact_sale_price_is_kept_to_the_paisa_and_the_discount_derived_from_it() {
    let draft = ProductDraft::parse(sized(&["3299", "3299"], &[], &["1299", "3299"])).unwrap();
    let [imported, full] = &draft.variants[..] else {
        panic!("two sizes")
    };
    assert_eq!(imported.sale_price.paise(), 129_900);
    assert_eq!(imported.discount().value(), 60);
    // A sale price equal to the MRP: no discount.
    assert_eq!(full.discount().value(), 0);
    // Given, the sale price wins over a discount sent with it.
    let draft = ProductDraft::parse(sized(&["3299"], &["10"], &["1299"])).unwrap();
    assert_eq!(draft.variants[0].sale_price.paise(), 129_900);
}

#[test]
fn a_sale_price_above_its_mrp_is_refused() {
    let refused = ProductDraft::parse(sized(&["3299", "999"], &[], &["1299", "999.01"]));
    assert_eq!(
        refused.unwrap_err().message(),
        "Sale price ₹999.01 is above its MRP ₹999: nothing may sell above the MRP"
    );
    assert_eq!(
        ProductDraft::parse(sized(&["3299", "999"], &[], &["1299"]))
            .unwrap_err()
            .message(),
        "Give as many sale prices as prices (2), or none"
    );
}

#[test]
fn resaving_without_sale_prices_keeps_an_unchanged_sizes_and_reprices_a_changed_one() {
    let before = ProductDraft::parse(sized(&["3299", "3299"], &[], &["1299", "1299"]))
        .unwrap()
        .variants;
    // The form sends the prices and the derived discounts back (60 %), the UK 8 at a new MRP.
    let mut resaved = ProductDraft::parse(sized(&["3299", "3499"], &["60", "60"], &[])).unwrap();
    resaved.keep_sale_prices(&before);
    assert_eq!(resaved.variants[0].sale_price.paise(), 129_900);
    // Changed: its price less its discount, as the spec's calls always priced it.
    assert_eq!(resaved.variants[1].sale_price.paise(), 139_960);
    // A changed discount reprices too.
    let mut rediscounted = ProductDraft::parse(sized(&["3299"], &["50"], &[])).unwrap();
    rediscounted.keep_sale_prices(&before);
    assert_eq!(rediscounted.variants[0].sale_price.paise(), 164_950);
    // Sale prices given are never replaced.
    let mut given = ProductDraft::parse(sized(&["3299"], &["60"], &["1300"])).unwrap();
    given.keep_sale_prices(&before);
    assert_eq!(given.variants[0].sale_price.paise(), 130_000);
    // Sizes are matched by their label, wherever they moved.
    let mut swapped = ProductDraft::parse(ProductInput {
        types: vec!["UK 8".into(), "UK 7".into()],
        ..sized(&["3299", "3299"], &["60", "60"], &[])
    })
    .unwrap();
    swapped.keep_sale_prices(&before);
    assert!(
        swapped
            .variants
            .iter()
            .all(|v| v.sale_price.paise() == 129_900)
    );
}

#[test]
fn each_broken_rule_is_named() {
    type BreakRule = fn(&mut ProductInput);
    let cases: Vec<(BreakRule, &str)> = vec![
        (|i| i.name = Some("  ".into()), "Name is required"),
        (|i| i.prices.clear(), "At least one price is required"),
        (
            |i| i.prices = vec!["-5".into()],
            "must be a number of rupees",
        ),
        (
            |i| i.discounts = vec!["10".into(), "101".into()],
            "Discount must be",
        ),
        (|i| i.quantity = Some("-1".into()), "Quantity must be"),
        (|i| i.quantity = Some("2.5".into()), "Quantity must be"),
        (|i| i.category = None, "Category is required"),
        (
            |i| i.other_photos = vec!["javascript:alert(1)".into()],
            "Other photo",
        ),
    ];
    for (break_rule, expected) in cases {
        let mut bad = input();
        break_rule(&mut bad);
        let message = ProductDraft::parse(bad).unwrap_err().to_string();
        assert!(
            message.contains(expected),
            "{message:?} should mention {expected:?}"
        );
    }
}

#[test]
fn a_stock_list_tracks_sizes_and_its_sum_is_the_quantity() {
    let mut sized = input();
    sized.stocks = vec!["3".into(), " 0 ".into()];
    sized.quantity = Some("99".into());
    let draft = ProductDraft::parse(sized).unwrap();
    assert_eq!(draft.variants[0].stock, Some(3));
    assert_eq!(draft.variants[1].stock, Some(0));
    assert_eq!(
        draft.quantity, 3,
        "the form's quantity is not used per size"
    );

    let pooled = ProductDraft::parse(input()).unwrap();
    assert!(pooled.variants.iter().all(|v| v.stock.is_none()));

    for (stocks, expected) in [
        (
            vec!["3"],
            "Give as many stock numbers as prices (2), or none",
        ),
        (
            vec!["3", "-1"],
            "Stock must be a whole number of at least 0",
        ),
        (
            vec!["3", "1.5"],
            "Stock must be a whole number of at least 0",
        ),
        (
            vec!["3", "1000001"],
            "Stock must be a whole number of at least 0",
        ),
    ] {
        let mut bad = input();
        bad.stocks = stocks.into_iter().map(str::to_owned).collect();
        assert_eq!(ProductDraft::parse(bad).unwrap_err().message(), expected);
    }
}

fn product_with(variants: Vec<Variant>, quantity: u32) -> Product {
    Product {
        id: ProductId::new("p"),
        product_code: "P".into(),
        handle: Handle::from_name("P"),
        name: "Runner".into(),
        info: String::new(),
        variants,
        descriptions: vec![],
        specifications: vec![],
        material: String::new(),
        tags: vec![],
        seller: None,
        category: CategoryRef {
            id: CategoryId::new("c"),
            name: "Running".into(),
        },
        quantity,
        shipping: true,
        other_photos: vec![],
        hsn: None,
        published: true,
        has_photo: false,
        photo_version: None,
        rating: ProductRating::default(),
        created_at: DateTime::UNIX_EPOCH,
        updated_at: DateTime::UNIX_EPOCH,
    }
}

proptest::proptest! {
    #[test]
    fn what_can_be_sold_of_a_size_is_its_own_stock_or_the_pool(
        stocks in proptest::collection::vec(0_u32..=1_000_000, 1..=ProductDraft::MAX_VARIANTS),
        pool in 0_u32..=1_000_000,
        per_size: bool,
    ) {
        let mut form = ProductInput {
            name: Some("Runner".into()),
            category: Some("c".into()),
            prices: stocks.iter().map(|_| "100".to_owned()).collect(),
            quantity: Some(pool.to_string()),
            ..Default::default()
        };
        if per_size {
            form.stocks = stocks.iter().map(u32::to_string).collect();
        }
        let draft = ProductDraft::parse(form).unwrap();
        let product = product_with(draft.variants, draft.quantity);
        proptest::prop_assert_eq!(product.tracks_sizes(), per_size);
        let total: u32 = stocks.iter().sum();
        for (index, stock) in stocks.iter().enumerate() {
            let expected = if per_size { *stock } else { pool };
            proptest::prop_assert_eq!(product.available(index), expected);
        }
        proptest::prop_assert_eq!(product.quantity, if per_size { total } else { pool });
        proptest::prop_assert_eq!(product.available(stocks.len()), 0, "no such size");
        proptest::prop_assert_eq!(
            product.stock_per_size(),
            per_size.then(|| stocks.clone())
        );
    }
}

#[test]
fn an_hsn_code_is_4_to_8_digits_or_left_to_the_shop() {
    let mut own = input();
    own.hsn = Some(" 640399 ".into());
    assert_eq!(
        ProductDraft::parse(own).unwrap().hsn.unwrap().as_str(),
        "640399"
    );
    let mut blank = input();
    blank.hsn = Some(" ".into());
    assert_eq!(ProductDraft::parse(blank).unwrap().hsn, None);
    let mut bad = input();
    bad.hsn = Some("64A3".into());
    assert!(
        ProductDraft::parse(bad)
            .unwrap_err()
            .message()
            .contains("HSN code")
    );
}

#[test]
fn category_images_are_urls_or_local_paths() {
    assert!(CategoryDraft::parse(Some("Boots"), Some("https://x.in/b.png")).is_ok());
    assert!(CategoryDraft::parse(Some("Boots"), Some("/api/v1/media/1")).is_ok());
    assert!(CategoryDraft::parse(Some("Boots"), Some("//evil.example/x.png")).is_err());
    assert!(CategoryDraft::parse(Some("Boots"), Some("ftp://x.in/b.png")).is_err());
    assert!(CategoryDraft::parse(Some(" "), None).is_err());
}

#[test]
fn the_average_rating_is_zero_before_reviews() {
    assert_eq!(ProductRating::default().average(), 0.0);
    assert_eq!(
        ProductRating {
            total_stars: 9,
            reviews: 2
        }
        .average(),
        4.5
    );
}

#[test]
fn a_product_is_published_unless_the_form_says_it_is_a_draft() {
    assert!(ProductDraft::parse(input()).unwrap().published);
    for (text, published) in [
        ("", true),
        ("true", true),
        ("FALSE", false),
        (" off ", false),
    ] {
        let mut form = input();
        form.published = Some(text.into());
        assert_eq!(
            ProductDraft::parse(form).unwrap().published,
            published,
            "{text:?}"
        );
    }
    let mut bad = input();
    bad.published = Some("later".into());
    assert_eq!(
        ProductDraft::parse(bad).unwrap_err().message(),
        "Published must be true or false"
    );
}

#[test]
fn an_update_that_leaves_published_out_keeps_the_product_a_draft() {
    let mut draft = product_with(vec![], 0);
    draft.published = false;
    assert!(!ProductDraft::parse(input().over(&draft)).unwrap().published);
    let mut publish = input();
    publish.published = Some("true".into());
    assert!(ProductDraft::parse(publish.over(&draft)).unwrap().published);
}

#[test]
fn a_draft_is_seen_by_admins_only_and_never_ordered() {
    let mut product = product_with(vec![], 3);
    assert!(product.shown_to(Audience::Shoppers) && product.shown_to(Audience::Admins));
    assert!(product.may_be_ordered());
    product.published = false;
    assert!(!product.shown_to(Audience::Shoppers));
    assert!(product.shown_to(Audience::Admins));
    assert!(!product.may_be_ordered());
}
