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
        colors: vec![],
        hsn: None,
        published: true,
        size_chart: None,
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

/// Limits count the text as sent, as the API document's `maxLength` does: padding is trimmed
/// from what is kept, but is no room for more (the fuzzer sent 2,001 spaces as an image).
#[test]
fn category_limits_count_the_text_as_sent() {
    let message = |name: &str, image: &str| {
        CategoryDraft::parse(Some(name), Some(image))
            .map_err(|e| e.message().to_owned())
            .map(|draft| (draft.name, draft.image))
    };
    let sixty = "B".repeat(60);
    assert_eq!(message(&sixty, " "), Ok((sixty.clone(), String::new())));
    assert_eq!(
        message(&format!("{sixty} "), ""),
        Err("Name must be at most 60 characters".to_owned())
    );
    assert_eq!(
        message(" Boots ", &" ".repeat(2000)),
        Ok(("Boots".to_owned(), String::new()))
    );
    assert_eq!(
        message("Boots", &" ".repeat(2001)),
        Err("Image must be at most 2000 characters".to_owned())
    );
    assert_eq!(
        message(&" ".repeat(61), ""),
        Err("Name is required".to_owned())
    );
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

/// Colours (decisions D44): the product's colours, each variant's, and their limits.
mod colours {
    use super::*;

    fn colour(name: &str) -> ColourInput {
        ColourInput {
            name: name.into(),
            hex: None,
            photos: vec![],
        }
    }

    /// `colours` with `sizes` each: every colour in every size, colour by colour.
    fn coloured(colours: &[&str], sizes: &[&str]) -> ProductInput {
        let pairs: Vec<(&str, &str)> = colours
            .iter()
            .flat_map(|c| sizes.iter().map(move |s| (*c, *s)))
            .collect();
        ProductInput {
            name: Some("Monsoon Knit Slip-On".into()),
            category: Some("c".into()),
            prices: pairs.iter().map(|_| "2499".to_owned()).collect(),
            types: pairs.iter().map(|(_, s)| (*s).to_owned()).collect(),
            variant_colors: pairs.iter().map(|(c, _)| (*c).to_owned()).collect(),
            colors: Some(colours.iter().map(|c| colour(c)).collect()),
            ..Default::default()
        }
    }

    fn refusal(input: ProductInput) -> String {
        ProductDraft::parse(input).unwrap_err().message().to_owned()
    }

    #[test]
    fn a_variant_is_a_colour_and_a_size() {
        let mut input = coloured(&["Tan", "Black"], &["UK 7", "UK 8"]);
        input.colors.as_mut().unwrap()[0] = ColourInput {
            name: " Tan ".into(),
            hex: Some("#a0522D".into()),
            photos: vec!["/api/v1/media/tan-1".into(), "/api/v1/media/tan-2".into()],
        };
        // A variant names its colour in any case; it is kept as the colour is named.
        input.variant_colors[1] = "TAN".into();
        let draft = ProductDraft::parse(input).unwrap();
        assert_eq!(
            draft.colors[0],
            Colour {
                name: "Tan".into(),
                hex: Some("#a0522D".into()),
                photos: vec!["/api/v1/media/tan-1".into(), "/api/v1/media/tan-2".into()],
            }
        );
        assert_eq!(draft.colors[1].hex, None);
        let names: Vec<Option<String>> = draft.variants.iter().map(Variant::words).collect();
        assert_eq!(
            names,
            ["Tan, UK 7", "Tan, UK 8", "Black, UK 7", "Black, UK 8"].map(|n| Some(n.to_owned()))
        );
        assert!(draft.colors_given);
    }

    #[test]
    fn a_product_without_colours_has_empty_colour_names() {
        let draft = ProductDraft::parse(input()).unwrap();
        assert!(draft.colors.is_empty());
        assert!(draft.variants.iter().all(|v| v.color.is_empty()));
        assert!(!draft.colors_given);
        let none_sent = ProductInput {
            colors: Some(vec![]),
            ..input()
        };
        let draft = ProductDraft::parse(none_sent).unwrap();
        assert!(draft.colors.is_empty() && draft.colors_given);
    }

    #[test]
    fn at_most_twenty_colours() {
        let twenty: Vec<String> = (1..=20).map(|i| format!("Colour {i}")).collect();
        let names: Vec<&str> = twenty.iter().map(String::as_str).collect();
        assert_eq!(
            ProductDraft::parse(coloured(&names, &["UK 8"]))
                .unwrap()
                .colors
                .len(),
            20
        );
        let mut more = twenty.clone();
        more.push("Colour 21".into());
        let names: Vec<&str> = more.iter().map(String::as_str).collect();
        assert_eq!(
            refusal(coloured(&names, &["UK 8"])),
            "A product can have at most 20 colours"
        );
    }

    #[test]
    fn a_colour_name_is_1_to_40_characters_unique_ignoring_case() {
        let forty = "é".repeat(40);
        assert!(ProductDraft::parse(coloured(&[&forty], &["UK 8"])).is_ok());
        let forty_one = "é".repeat(41);
        assert_eq!(
            refusal(coloured(&[&forty_one], &["UK 8"])),
            "Colour name must be at most 40 characters"
        );
        let mut blank = coloured(&["Tan"], &["UK 8"]);
        blank.colors = Some(vec![colour("  ")]);
        assert_eq!(refusal(blank), "Colour name is required");
        assert_eq!(
            refusal(coloured(&["Tan", "TAN"], &["UK 8"])),
            "Colour \"TAN\" is given twice: each colour once"
        );
        let mut comma = coloured(&["Tan"], &["UK 8"]);
        comma.colors = Some(vec![colour("Tan, dark")]);
        assert_eq!(
            refusal(comma),
            "Colour name \"Tan, dark\" must not contain a comma"
        );
    }

    #[test]
    fn a_hex_is_hash_and_six_hex_digits_or_none() {
        for (hex, kept) in [
            (Some("#A0522D"), Some("#A0522D")),
            (Some("#ff00aa"), Some("#ff00aa")),
            (Some(" "), None),
            (None, None),
        ] {
            let mut input = coloured(&["Tan"], &["UK 8"]);
            input.colors.as_mut().unwrap()[0].hex = hex.map(str::to_owned);
            let draft = ProductDraft::parse(input).unwrap();
            assert_eq!(draft.colors[0].hex.as_deref(), kept);
        }
        for bad in ["A0522D", "#A0522", "#A0522DD", "#GG522D", "tan"] {
            let mut input = coloured(&["Tan"], &["UK 8"]);
            input.colors.as_mut().unwrap()[0].hex = Some(bad.into());
            assert_eq!(
                refusal(input),
                format!("Colour Tan's hex \"{bad}\" must be # and six hex digits, as #A0522D")
            );
        }
    }

    #[test]
    fn a_colour_photo_is_on_this_shop() {
        let mut input = coloured(&["Tan"], &["UK 8"]);
        input.colors.as_mut().unwrap()[0].photos = vec!["https://cdn.example.com/tan.jpg".into()];
        assert_eq!(
            refusal(input),
            "Colour Tan's photo \"https://cdn.example.com/tan.jpg\" must be a photo on this shop (a path such as /api/v1/media/...)"
        );
        let mut many = coloured(&["Tan"], &["UK 8"]);
        many.colors.as_mut().unwrap()[0].photos =
            (0..21).map(|i| format!("/api/v1/media/{i}")).collect();
        assert_eq!(refusal(many), "Colour Tan can have at most 20 photos");
    }

    #[test]
    fn every_variant_names_one_of_the_colours() {
        let mut missing = coloured(&["Tan", "Black"], &["UK 8"]);
        missing.variant_colors.pop();
        assert_eq!(
            refusal(missing),
            "Give a colour for each price (2): every variant of a product with colours has one"
        );
        let mut unknown = coloured(&["Tan", "Black"], &["UK 8"]);
        unknown.variant_colors[1] = "Brown".into();
        assert_eq!(
            refusal(unknown),
            "Variant colour \"Brown\" is not one of the product's colours"
        );
        let without = ProductInput {
            variant_colors: vec!["Tan".into(), "Tan".into()],
            ..input()
        };
        assert_eq!(
            refusal(without),
            "Variant colours need the product's colours: send colors, or no color"
        );
    }

    #[test]
    fn no_two_variants_of_one_colour_and_size() {
        let mut twice = coloured(&["Tan", "Black"], &["UK 7", "UK 8"]);
        twice.types[1] = "UK 7".into();
        assert_eq!(
            refusal(twice),
            "Two variants are Tan, UK 7: each colour and size once"
        );
        // The same size in two colours is two variants.
        assert!(ProductDraft::parse(coloured(&["Tan", "Black"], &["UK 7"])).is_ok());
        let sized_twice = ProductInput {
            types: vec!["UK 7".into(), "UK 7".into()],
            colors: Some(vec![]),
            ..input()
        };
        assert_eq!(
            refusal(sized_twice),
            "Two variants are UK 7: each colour and size once"
        );
        // A form that does not send colours is checked as before colours.
        let as_before = ProductInput {
            types: vec!["UK 7".into(), "UK 7".into()],
            ..input()
        };
        assert!(ProductDraft::parse(as_before).is_ok());
    }

    #[test]
    fn at_most_250_variants() {
        let sizes: Vec<String> = (0..25).map(|i| format!("EU {}", 30 + i)).collect();
        let sizes: Vec<&str> = sizes.iter().map(String::as_str).collect();
        let ten: Vec<String> = (1..=10).map(|i| format!("Colour {i}")).collect();
        let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
        assert_eq!(
            ProductDraft::parse(coloured(&ten, &sizes))
                .unwrap()
                .variants
                .len(),
            250
        );
        let mut more = coloured(&ten, &sizes);
        more.prices.push("2499".into());
        more.types.push("EU 99".into());
        more.variant_colors.push("Colour 1".into());
        assert_eq!(refusal(more), "A product can have at most 250 variants");
    }

    fn stored(input: ProductInput) -> Product {
        let draft = ProductDraft::parse(input).unwrap();
        Product {
            colors: draft.colors,
            ..product_with(draft.variants, 0)
        }
    }

    #[test]
    fn a_colour_is_offered_when_a_variant_has_it_and_named_ignoring_case() {
        let mut product = stored(coloured(&["Tan", "Black"], &["UK 8"]));
        product.colors.push(Colour {
            name: "Olive".into(),
            hex: None,
            photos: vec![],
        });
        let offered: Vec<&str> = product.offered_colours().map(|c| c.name.as_str()).collect();
        assert_eq!(offered, ["Tan", "Black"], "Olive has no variant");
        let named = |name: &str| {
            product
                .offered_colour(&ColourKey::of(name))
                .map(|c| c.name.clone())
        };
        assert_eq!(named("BLACK").as_deref(), Some("Black"));
        assert_eq!(named(" tan ").as_deref(), Some("Tan"));
        assert_eq!(named("Olive"), None);
        assert_eq!(named("Purple"), None);
        assert_eq!(ColourKey::given("  "), None);
    }

    #[test]
    fn a_listed_product_is_shown_in_the_colour_asked_else_the_one_searched() {
        let product = stored(coloured(&["Tan", "Black"], &["UK 8"]));
        let words = |q: &str| search::SearchQuery::parse(q).unwrap().words().to_vec();
        let shown = |asked: Option<&str>, q: &str| {
            search::shown_colour(&product, asked.map(ColourKey::of).as_ref(), &words(q))
                .map(|c| c.name.clone())
        };
        assert_eq!(shown(Some("black"), "tan boot").as_deref(), Some("Black"));
        assert_eq!(shown(None, "tan boot").as_deref(), Some("Tan"));
        assert_eq!(shown(None, "boot"), None);
        assert_eq!(shown(Some("Purple"), "tan"), None, "asked, and not offered");
    }

    #[test]
    fn an_update_without_colours_keeps_the_products() {
        let before = stored(coloured(&["Tan", "Black"], &["UK 8"]));
        // A form that knows nothing of colours: the same prices and sizes, a size twice.
        let mut resaved = ProductDraft::parse(ProductInput {
            types: vec!["UK 8".into(), "UK 8".into()],
            ..input()
        })
        .unwrap();
        resaved.keep_colors(&before).unwrap();
        assert_eq!(resaved.colors, before.colors);
        assert_eq!(
            resaved
                .variants
                .iter()
                .map(|v| v.color.as_str())
                .collect::<Vec<_>>(),
            ["Tan", "Black"]
        );
        // Kept by place, the colours are checked: a colour's size twice is refused.
        let mut swapped = ProductDraft::parse(ProductInput {
            types: vec!["UK 8".into(), "UK 9".into()],
            ..input()
        })
        .unwrap();
        swapped.keep_colors(&before).unwrap();
        let twice = stored(coloured(&["Tan"], &["UK 7", "UK 8"]));
        let mut same = ProductDraft::parse(ProductInput {
            types: vec!["UK 8".into(), "UK 8".into()],
            ..input()
        })
        .unwrap();
        assert_eq!(
            same.keep_colors(&twice).unwrap_err().message(),
            "Two variants are Tan, UK 8: each colour and size once"
        );
        // Other variants than before cannot be given colours by place.
        let mut three = ProductDraft::parse(ProductInput {
            prices: vec!["1".into(), "2".into(), "3".into()],
            ..input()
        })
        .unwrap();
        assert_eq!(
            three.keep_colors(&before).unwrap_err().message(),
            "This product has colours: send colors and a color for each price"
        );
        // Colours sent, even none, are what the product gets.
        let mut plain = ProductDraft::parse(ProductInput {
            colors: Some(vec![]),
            ..input()
        })
        .unwrap();
        plain.keep_colors(&before).unwrap();
        assert!(plain.colors.is_empty());
    }

    #[test]
    fn a_kept_sale_price_is_matched_by_colour_and_size() {
        let mut input = coloured(&["Tan", "Black"], &["UK 8"]);
        input.prices = vec!["3299".into(), "3299".into()];
        input.sale_prices = vec!["1299".into(), "1499".into()];
        let before = stored(input);
        // Re-saved in the other order, with the derived discounts (60 % and 54 %).
        let mut resaved = coloured(&["Tan", "Black"], &["UK 8"]);
        resaved.prices = vec!["3299".into(), "3299".into()];
        resaved.variant_colors = vec!["Black".into(), "Tan".into()];
        resaved.discounts = vec!["54".into(), "60".into()];
        let mut draft = ProductDraft::parse(resaved).unwrap();
        draft.keep_sale_prices(&before.variants);
        assert_eq!(draft.variants[0].sale_price.paise(), 149_900);
        assert_eq!(draft.variants[1].sale_price.paise(), 129_900);
    }

    #[test]
    fn a_line_is_named_by_its_colour_and_size() {
        assert_eq!(
            line_title("Monsoon Knit Slip-On", "Tan", Some("UK 8")),
            "Monsoon Knit Slip-On (Tan, UK 8)"
        );
        assert_eq!(
            line_title("Trail Runner", "", Some("UK 8")),
            "Trail Runner (UK 8)"
        );
        assert_eq!(
            line_title("Trail Runner", "Tan", None),
            "Trail Runner (Tan)"
        );
        assert_eq!(line_title("Trail Runner", "", None), "Trail Runner");
        assert_eq!(variant_words("", Some(" ")), None);
    }
}

#[test]
fn a_form_s_size_chart_is_its_own_an_empty_one_the_shop_s_and_none_sent_is_kept() {
    use crate::returns::ChartSizeInput;
    let row = |label: &str, cm: &str| ChartSizeInput {
        label: label.into(),
        foot_cm: cm.into(),
    };
    let with = |size_chart| ProductInput {
        size_chart,
        ..input()
    };
    let own =
        ProductDraft::parse(with(Some(vec![row("EU 40", "25"), row("EU 41", "25.7")]))).unwrap();
    assert!(own.size_chart_given);
    let sizes = own.size_chart.unwrap();
    assert_eq!(sizes.sizes()[1].label, "EU 41");
    assert_eq!(sizes.sizes()[1].foot_mm, 257);

    let emptied = ProductDraft::parse(with(Some(vec![]))).unwrap();
    assert!(emptied.size_chart_given && emptied.size_chart.is_none());
    let silent = ProductDraft::parse(with(None)).unwrap();
    assert!(!silent.size_chart_given && silent.size_chart.is_none());

    let refused = ProductDraft::parse(with(Some(vec![row("EU 41", "26"), row("EU 40", "25")])));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "A size chart's foot lengths grow with each size"
    );
}
