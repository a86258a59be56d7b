//! Search (decisions D27): the listing's `q` forgiving typos and taking synonyms and Hindi,
//! `size` and `inStock`, `correctedQ`, the search box's suggestions, the admin's misses, and
//! a product written through one instance found through another.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    a_search_finds_through_typos_synonyms_and_hindi_and_says_how_it_corrected,
    searches_that_found_something_before_find_the_same,
    every_query_the_old_like_search_answered_finds_the_same_products_and_maybe_more,
    suggestions_are_five_at_most_with_name_photo_and_price,
    size_and_stock_filter_the_listing_and_the_suggestions,
    searches_that_list_nothing_are_counted_for_the_admin,
    a_product_written_through_one_instance_is_found_through_another,
);

/// The shop of these tests: Running Sneakers (UK 8 sold out, UK 9 in stock), a Kolhapuri
/// sold out, Bathroom Slippers described in Hindi, a Chelsea Boot (2 pairs, no sizes).
async fn shop(app: &TestApp) {
    let sneakers = app.category("Sneakers").await;
    let ethnic = app.category("Ethnic").await;
    let boots = app.category("Boots").await;
    for fields in [
        vec![
            ("name", "Running Sneakers"),
            ("type", "UK 8,UK 9"),
            ("price", "2499,2499"),
            ("stock", "0,3"),
            ("category", &sneakers),
            ("material", "Mesh"),
        ],
        vec![
            ("name", "Kolhapuri Classic"),
            ("type", "UK 8"),
            ("price", "999"),
            ("quantity", "0"),
            ("category", &ethnic),
            ("tags", "handmade"),
        ],
        vec![
            ("name", "Bathroom Slippers"),
            ("type", "UK 8"),
            ("price", "299"),
            ("quantity", "4"),
            ("category", &ethnic),
            ("description", "हवाई चप्पल"),
        ],
        vec![
            ("name", "Chelsea Boot"),
            ("price", "4999"),
            ("quantity", "2"),
            ("category", &boots),
            ("material", "Suède leather"),
        ],
    ] {
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

fn names(body: &Value) -> Vec<String> {
    array(&body["products"])
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

async fn a_search_finds_through_typos_synonyms_and_hindi_and_says_how_it_corrected(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;
    // (q, the names listed, correctedQ)
    let table: &[(&str, &[&str], Value)] = &[
        ("sneakr", &["Running Sneakers"], json!("sneakers")),
        ("trainers", &["Running Sneakers"], Value::Null),
        ("Kolapuri", &["Kolhapuri Classic"], json!("kolhapuri")),
        ("chappal", &["Bathroom Slippers"], Value::Null),
        ("चप्पल", &["Bathroom Slippers"], Value::Null),
        ("suede", &["Chelsea Boot"], Value::Null),
        ("ETHNIC handmade", &["Kolhapuri Classic"], Value::Null),
        ("chelsea sneakr", &[], Value::Null),
        ("boto", &[], Value::Null),
    ];
    for (q, expected, corrected) in table {
        let body = listing(&app, &format!("q={}", urlencode(q))).await;
        assert_eq!(names(&body), *expected, "{q}");
        assert_eq!(body["correctedQ"], *corrected, "{q}");
    }
    // Without q there is nothing to correct.
    assert_eq!(listing(&app, "").await["correctedQ"], Value::Null);
}

async fn searches_that_found_something_before_find_the_same(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;
    // Substrings of any listed field, in any case, every word somewhere.
    for (q, expected) in [
        ("SNEAK", vec!["Running Sneakers"]),
        ("athro", vec!["Bathroom Slippers"]),
        ("boot leather", vec!["Chelsea Boot"]),
        ("mesh", vec!["Running Sneakers"]),
        ("ethnic", vec!["Bathroom Slippers", "Kolhapuri Classic"]),
    ] {
        let body = listing(&app, &format!("q={}", urlencode(q))).await;
        assert_eq!(names(&body), expected, "{q}");
        assert_eq!(body["correctedQ"], Value::Null, "{q}");
    }
}

/// The listing's search before tantivy (until issue 24): every whitespace-separated word of
/// `q`, lower-cased, inside the name, info, material, category or one tag, lower-cased.
fn found_by_like(q: &str, product: &[String]) -> bool {
    q.split_whitespace()
        .map(str::to_lowercase)
        .all(|word| product.iter().any(|field| field.contains(&word)))
}

/// Queries a shopper could have typed that the old search answered: every word of every
/// searched field, its pieces of 3 and 5 characters (punctuation inside too: `w-to`), and
/// the name's neighbouring word pairs, in the case they were written.
fn queries_of(product: &[String], name: &str) -> Vec<String> {
    let mut queries = Vec::new();
    for token in product.iter().flat_map(|field| field.split_whitespace()) {
        let chars: Vec<char> = token.chars().collect();
        queries.push(token.to_owned());
        for width in [3, 5] {
            for piece in chars.windows(width) {
                queries.push(piece.iter().collect());
            }
        }
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    for pair in words.windows(2) {
        queries.push(pair.join(" "));
    }
    queries
}

async fn every_query_the_old_like_search_answered_finds_the_same_products_and_maybe_more(
    db: &TestDb,
) {
    use paduka_server::demo::catalog::{CATEGORIES, PRODUCTS};
    let app = spawn_app_on(db).await;
    let mut categories = Vec::new();
    for category in &CATEGORIES {
        categories.push(app.category(category.name).await);
    }
    // The demo catalog, each product's searched fields as the old search read them.
    let mut catalog: Vec<(String, Vec<String>)> = Vec::new();
    for demo in &PRODUCTS {
        let price = demo.price.to_string();
        let fields = [
            ("name", demo.name),
            ("info", demo.info),
            ("material", demo.material),
            ("tags", demo.tags),
            ("description", demo.description),
            ("price", &price),
            ("category", &categories[demo.category]),
        ];
        app.product(&fields, None).await;
        let mut searched = vec![
            demo.name.to_lowercase(),
            demo.info.to_lowercase(),
            demo.material.to_lowercase(),
            CATEGORIES[demo.category].name.to_lowercase(),
        ];
        searched.extend(demo.tags.split(',').map(|tag| tag.trim().to_lowercase()));
        catalog.push((demo.name.to_owned(), searched));
    }
    let mut queries: Vec<String> = PRODUCTS
        .iter()
        .zip(&catalog)
        .flat_map(|(demo, (_, searched))| {
            let written = [demo.name, demo.info, demo.material, demo.tags]
                .iter()
                .map(|field| field.replace(',', " "))
                .collect::<Vec<_>>();
            let mut queries = queries_of(&written, demo.name);
            queries.extend(queries_of(searched, demo.name));
            queries
        })
        .collect();
    queries.sort();
    queries.dedup();
    assert!(queries.len() > 1_000, "{} queries", queries.len());
    let mut checked = 0;
    for q in &queries {
        let before: Vec<&str> = catalog
            .iter()
            .filter(|(_, searched)| found_by_like(q, searched))
            .map(|(name, _)| name.as_str())
            .collect();
        if before.is_empty() {
            continue;
        }
        let now = names(&listing(&app, &format!("q={}", urlencode(q))).await);
        let missing: Vec<&&str> = before
            .iter()
            .filter(|name| !now.iter().any(|n| n == *name))
            .collect();
        assert!(missing.is_empty(), "q={q:?} no longer finds {missing:?}");
        checked += 1;
    }
    assert!(checked > 1_000, "{checked} queries checked");
}

async fn suggestions_are_five_at_most_with_name_photo_and_price(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sandals").await;
    for i in 0..7 {
        let name = format!("Sandal {i}");
        let fields = [
            ("name", name.as_str()),
            ("price", "1000"),
            ("discount", "10"),
            ("category", category.as_str()),
        ];
        app.product(&fields, None).await;
    }
    let body = app
        .get("/product/suggest?q=sandl", As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await;
    let products = array(&body["products"]);
    assert_eq!(products.len(), 5);
    assert_eq!(products[0]["name"], json!("Sandal 6"), "newest first");
    assert_eq!(products[0]["price"], json!(900.0));
    assert_eq!(products[0]["photo"], Value::Null, "no photo given");
    assert!(products[0]["_id"].is_string());

    let body = app
        .get("/product/suggest?q=", As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(body, json!({"success": true, "products": []}));
    app.get("/product/suggest?q=a&inStock=maybe", As::Anonymous)
        .await
        .refuses(StatusCode::BAD_REQUEST, "inStock must be true or false")
        .await;
}

async fn size_and_stock_filter_the_listing_and_the_suggestions(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;
    for (query, expected) in [
        ("size=UK%208", vec!["Bathroom Slippers"]),
        ("size=UK%209", vec!["Running Sneakers"]),
        ("size=UK%2012", vec![]),
        (
            "inStock=true",
            vec!["Chelsea Boot", "Bathroom Slippers", "Running Sneakers"],
        ),
        ("q=sneakers&size=UK%208", vec![]),
        ("q=kolhapuri&inStock=true", vec![]),
    ] {
        assert_eq!(names(&listing(&app, query).await), expected, "{query}");
    }
    let body = app
        .get("/product/suggest?q=ethnic&inStock=true", As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(names(&body), ["Bathroom Slippers"]);
}

async fn searches_that_list_nothing_are_counted_for_the_admin(db: &TestDb) {
    // Behind a proxy of ours, as a shop is: the clients are the forwarded addresses.
    let app = spawn_app_on_with(db, |settings| {
        settings.server.trusted_proxies = paduka_http::TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await;
    shop(&app).await;
    let search_from = |client: &'static str, q: String| {
        let request = app.request(
            reqwest::Method::GET,
            &format!("/product/get-products?q={q}"),
            As::Anonymous,
        );
        async move {
            let reply = request
                .header("X-Forwarded-For", client)
                .send()
                .await
                .unwrap();
            reply.answers(StatusCode::OK).await
        }
    };
    let (asha, ravi) = ("203.0.113.7", "198.51.100.2");
    // One client searching the same words all day counts once.
    for q in ["Mojdi", "mojdi ", "MOJDI", "zzzz", "sneakers&size=UK%208"] {
        search_from(asha, q.to_owned()).await;
    }
    search_from(ravi, "mojdi".to_owned()).await;
    // Not a shopper's words for a product: more than 5 words, or more than 64 letters.
    search_from(ravi, "one two three four five six".to_owned()).await;
    search_from(ravi, "x".repeat(65)).await;
    // Found, or only suggested: not misses.
    listing(&app, "q=boot").await;
    app.get("/product/suggest?q=qqqq", As::Anonymous)
        .await
        .answers(StatusCode::OK)
        .await;

    let body = app
        .get("/product/search-misses", As::Admin)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(
        body,
        json!({"success": true, "misses": [
            {"q": "mojdi", "count": 2},
            {"q": "sneakers", "count": 1},
            {"q": "zzzz", "count": 1},
        ]})
    );
    app.get("/product/search-misses", As::Shopper)
        .await
        .answers(StatusCode::FORBIDDEN)
        .await;
}

async fn a_product_written_through_one_instance_is_found_through_another(db: &TestDb) {
    let app = spawn_app_on(db).await;
    shop(&app).await;
    let other = spawn_instance_on(db).await;
    let search = |q: &'static str| {
        let client = app.client.clone();
        let url = format!("{other}/api/v1/product/get-products?q={q}");
        async move {
            let body: Value = client.get(url).send().await.unwrap().json().await.unwrap();
            names(&body)
        }
    };
    assert_eq!(search("mojdi").await, Vec::<String>::new());

    let category = app.category("Juttis").await;
    let fields = [
        ("name", "Rajasthani Mojdi"),
        ("price", "1499"),
        ("category", category.as_str()),
    ];
    app.product(&fields, None).await;
    // The other instance learns of the write from the database's change counters, a few
    // times a second; the deadline only keeps a broken build from waiting for ever.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let found = search("mojdi").await;
        if found == ["Rajasthani Mojdi"] || Instant::now() > deadline {
            assert_eq!(found, ["Rajasthani Mojdi"]);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(search("rajastani").await, ["Rajasthani Mojdi"]);
}

/// `text` as a query value.
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
