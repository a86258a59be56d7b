//! Colours in the listing and in search (decisions D47): `color=` lists the products with a
//! variant of that colour, ignoring case; a search word that names a colour finds its products;
//! each listed product says the colour its card shows (`shownColor`).

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

crate::on_both_backends!(
    the_listing_of_one_colour_lists_the_products_that_have_it_ignoring_case,
    a_search_word_naming_a_colour_finds_its_products_and_says_the_colour,
);

const BLACK_AND_TAN: &str = r##"[{"name": "Black", "hex": "#111111", "photos": ["/api/v1/media/black-1"]}, {"name": "Tan", "hex": null, "photos": ["/api/v1/media/tan-1"]}]"##;

/// In "Boots": a Chelsea Boot in Black and Tan (₹4,999), a Desert Boot in Tan (₹2,999), a
/// Work Boot without colours (₹1,999) and a draft Prototype Boot in Black (₹9,999).
async fn shop(app: &TestApp) {
    let boots = app.category("Boots").await;
    for fields in [
        vec![
            ("name", "Chelsea Boot"),
            ("colors", BLACK_AND_TAN),
            ("color", "Black,Black,Tan"),
            ("type", "UK 7,UK 8,UK 8"),
            ("price", "4999,4999,4999"),
            ("stock", "2,2,2"),
        ],
        vec![
            ("name", "Desert Boot"),
            ("colors", r#"[{"name": "Tan"}]"#),
            ("color", "Tan"),
            ("type", "UK 8"),
            ("price", "2999"),
            ("stock", "2"),
        ],
        vec![("name", "Work Boot"), ("price", "1999"), ("quantity", "3")],
        vec![
            ("name", "Prototype Boot"),
            ("colors", r#"[{"name": "Black"}]"#),
            ("color", "Black"),
            ("type", "UK 8"),
            ("price", "9999"),
            ("stock", "1"),
            ("published", "false"),
        ],
    ] {
        let mut fields = fields;
        fields.push(("category", boots.as_str()));
        app.product(&fields, None).await;
    }
}

async fn listing(app: &TestApp, query: &str) -> Value {
    let path = format!("/product/get-products?{query}");
    app.get(&path, As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await
}

/// Each listed product's name and the colour its card shows.
fn shown(body: &Value) -> Vec<(String, Value)> {
    array(&body["products"])
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["shownColor"].clone(),
            )
        })
        .collect()
}

fn named(rows: &[(&str, Option<&str>)]) -> Vec<(String, Value)> {
    rows.iter()
        .map(|(name, colour)| ((*name).to_owned(), (*colour).into()))
        .collect()
}

async fn the_listing_of_one_colour_lists_the_products_that_have_it_ignoring_case(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;

    // Ignoring case, the draft in Black left out; each product shown in the colour asked, as
    // the product writes it.
    for black in ["Black", "bLaCk", "%20BLACK%20"] {
        let body = listing(&app, &format!("color={black}")).await;
        assert_eq!(
            shown(&body),
            named(&[("Chelsea Boot", Some("Black"))]),
            "{black}"
        );
        assert_eq!(body["total"], 1);
        assert_eq!(body["priceCeiling"], 4999.0);
    }
    let tan = listing(&app, "color=tan&sort=price-low").await;
    assert_eq!(
        shown(&tan),
        named(&[("Desert Boot", Some("Tan")), ("Chelsea Boot", Some("Tan"))])
    );
    // Counted, paged and priced within the colour.
    let page = listing(
        &app,
        "color=TAN&page=2&limit=1&sort=price-low&maxPrice=4999",
    )
    .await;
    assert_eq!(shown(&page), named(&[("Chelsea Boot", Some("Tan"))]));
    assert_eq!(
        (page["total"].clone(), page["count"].clone()),
        (2.into(), 1.into())
    );
    let cheap = listing(&app, "color=tan&maxPrice=3000").await;
    assert_eq!(shown(&cheap), named(&[("Desert Boot", Some("Tan"))]));
    assert_eq!(
        cheap["priceCeiling"], 4999.0,
        "the ceiling leaves maxPrice out"
    );

    // A colour nobody has: an empty list, not an error.
    let purple = listing(&app, "color=Purple").await;
    assert_eq!(
        (purple["total"].clone(), shown(&purple)),
        (0.into(), vec![])
    );
    assert_eq!(purple["priceCeiling"], 0.0);
    // Empty is absent; without a colour nobody is shown in one.
    let all = listing(&app, "color=&sort=price-low").await;
    assert_eq!(
        shown(&all),
        named(&[
            ("Work Boot", None),
            ("Desert Boot", None),
            ("Chelsea Boot", None)
        ])
    );
    // Longer than any colour's name: refused, as a size too long is.
    let long = format!("/product/get-products?color={}", "b".repeat(41));
    let refused = app.get(&long, As::Anonymous).await;
    let body = refused.answers(StatusCode::BAD_REQUEST).await;
    assert_eq!(body["message"], "color must be at most 40 characters");

    // An admin's listing has the draft too.
    let admins = app
        .get("/product/get-products?color=black", As::Admin)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(
        shown(&admins),
        named(&[
            ("Prototype Boot", Some("Black")),
            ("Chelsea Boot", Some("Black"))
        ])
    );
}

async fn a_search_word_naming_a_colour_finds_its_products_and_says_the_colour(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;

    let black_boot = listing(&app, "q=black%20boot").await;
    assert_eq!(
        shown(&black_boot),
        named(&[("Chelsea Boot", Some("Black"))]),
        "the draft in Black is never found"
    );
    let tan = listing(&app, "q=TAN&sort=price-low").await;
    assert_eq!(
        shown(&tan),
        named(&[("Desert Boot", Some("Tan")), ("Chelsea Boot", Some("Tan"))])
    );
    // Found through a typo: shown in the colour it was corrected to.
    let typo = listing(&app, "q=blakc%20boot").await;
    assert_eq!(typo["correctedQ"], "black boot");
    assert_eq!(shown(&typo), named(&[("Chelsea Boot", Some("Black"))]));
    // Words that name no colour: found as before, shown in none.
    let boots = listing(&app, "q=boot&sort=price-low").await;
    assert_eq!(
        shown(&boots),
        named(&[
            ("Work Boot", None),
            ("Desert Boot", None),
            ("Chelsea Boot", None)
        ])
    );
    // The listing's colour wins over the words'.
    let both = listing(&app, "q=boot%20tan&color=Black").await;
    assert_eq!(shown(&both), named(&[("Chelsea Boot", Some("Black"))]));
    // A colour's words find nothing else.
    let nothing = listing(&app, "q=purple%20boot").await;
    assert_eq!(nothing["total"], 0);
}
