use paduka_application::catalog::{
    ProductConflict, ProductQuery, ProductRecord, ProductRepository, ProductSort, ReviewRecord,
    ReviewRepository,
};
use paduka_domain::catalog::{
    CategoryRef, Colour, ColourKey, Handle, Product, ProductRating, StoredImage, Variant,
};
use paduka_domain::returns::{ChartSize, SizeChart};
use paduka_domain::review::ReviewDraft;
use paduka_domain::{CategoryId, Paise, ProductId, ReviewId, UserId};
use std::sync::Arc;

use paduka_application::catalog::ProductSearch;
use paduka_domain::catalog::search::{SearchQuery, Synonyms};
use paduka_persistence::{DieselProductRepository, DieselReviewRepository};
use paduka_search::TantivySearch;

use crate::helpers::{Seed, TestDb, assert_conflict, assert_not_found, at, png, record, variant};

crate::on_both_backends!(
    a_created_product_reads_back_every_field,
    listing_filters_by_category_first_price_and_every_search_word,
    a_search_forgives_typos_takes_synonyms_and_hindi_ranks_names_first_and_filters_sizes_in_stock,
    listing_sorts_each_way_and_pages_with_the_total_before_paging,
    listing_takes_several_categories_and_gives_the_price_ceiling_without_the_price_filter,
    listing_one_colour_lists_products_with_a_variant_of_it_ignoring_case,
    a_colour_a_variant_has_is_a_search_word_of_its_product,
    variants_made_before_colour_keys_get_theirs_when_the_shop_starts,
    random_picks_are_distinct_products_and_at_most_the_count,
    updating_replaces_variants_and_lists_and_keeps_the_photo_unless_given,
    a_product_s_own_size_chart_is_kept_until_a_form_sends_another,
    deleting_a_product_takes_its_variants_lists_photo_and_reviews_along,
    a_taken_product_code_or_a_missing_category_or_seller_is_a_conflict,
    unknown_products_are_absent_or_not_found,
);

/// SHA-256 of `abc`, the photo most tests store.
const ABC_SHA256: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

/// An admin `admin` and the categories `boots` (Boots) and `sneakers` (Sneakers).
async fn shop(db: &TestDb) -> DieselProductRepository {
    let seed = Seed::new(db);
    seed.admin("admin").await;
    seed.category("boots", "Boots").await;
    seed.category("sneakers", "Sneakers").await;
    DieselProductRepository::new(db.db())
}

fn ids(products: &[Product]) -> Vec<&str> {
    products.iter().map(|p| p.id.as_str()).collect()
}

/// The page `query` lists; its words searched as the catalog service searches them, through
/// the search index over this database.
async fn listed(products: &DieselProductRepository, query: ProductQuery) -> (Vec<String>, u64) {
    let hits = match query.text.as_deref().and_then(SearchQuery::parse) {
        Some(words) => Some(
            TantivySearch::new(Arc::new(products.clone()), Synonyms::default())
                .search(&words, 0)
                .await
                .unwrap(),
        ),
        None => None,
    };
    let page = products.list(&query, hits.as_ref()).await.unwrap();
    (
        ids(&page.products).into_iter().map(str::to_owned).collect(),
        page.total,
    )
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

async fn a_created_product_reads_back_every_field(db: &TestDb) {
    let products = shop(db).await;
    let mut full = record("PDK-TRAIL", "Trail Runner", "sneakers", "admin", 10);
    full.draft.info = "Light and grippy".into();
    full.draft.material = "Mesh".into();
    full.draft.variants = vec![
        variant(Some("UK 8"), 2499, 10),
        variant(Some("UK 9"), 2599, 0),
        variant(None, 2699, 5),
    ];
    // Its colours, in order, and each variant's (decisions D44).
    full.draft.colors = vec![
        Colour {
            name: "Tan".into(),
            hex: Some("#A0522D".into()),
            photos: strings(&["/api/v1/media/tan-1", "/api/v1/media/tan-2"]),
        },
        Colour {
            name: "Black".into(),
            hex: None,
            photos: vec![],
        },
    ];
    for (variant, colour) in full.draft.variants.iter_mut().zip(["Tan", "Tan", "Black"]) {
        variant.color = colour.into();
    }
    full.draft.descriptions = strings(&["Breathes", "Grips"]);
    full.draft.specifications = strings(&["Rubber sole", "300 g"]);
    full.draft.tags = strings(&["trail", "running", "outdoor"]);
    full.draft.other_photos = strings(&["/api/v1/media/m1", "https://cdn.example/side.png"]);
    full.draft.quantity = 7;
    full.draft.shipping = false;
    full.draft.hsn = Some(paduka_domain::gst::Hsn::parse("6404").unwrap());
    full.photo = Some(png(b"abc"));

    let id = ProductId::new("p-trail");
    let created = products.create(&id, full.clone()).await.unwrap();
    let expected = Product {
        id: id.clone(),
        product_code: "PDK-TRAIL".into(),
        handle: Handle::from_name("Trail Runner"),
        name: "Trail Runner".into(),
        info: "Light and grippy".into(),
        variants: full.draft.variants.clone(),
        descriptions: full.draft.descriptions.clone(),
        specifications: full.draft.specifications.clone(),
        material: "Mesh".into(),
        tags: full.draft.tags.clone(),
        seller: Some(UserId::new("admin")),
        category: CategoryRef {
            id: CategoryId::new("sneakers"),
            name: "Sneakers".into(),
        },
        quantity: 7,
        shipping: false,
        other_photos: full.draft.other_photos.clone(),
        colors: full.draft.colors.clone(),
        hsn: full.draft.hsn.clone(),
        published: true,
        size_chart: None,
        has_photo: true,
        photo_version: Some(ABC_SHA256[..16].to_owned()),
        rating: ProductRating::default(),
        created_at: at(10),
        updated_at: at(10),
    };
    assert_eq!(created, expected);
    assert_eq!(products.find(&id).await.unwrap(), Some(expected.clone()));
    let page = products.list(&ProductQuery::default(), None).await.unwrap();
    assert_eq!(page.products, vec![expected]);
    assert_eq!(page.total, 1);
    assert_eq!(
        products.photo(&id).await.unwrap(),
        Some(StoredImage {
            content_type: "image/png".into(),
            bytes: b"abc".to_vec(),
            sha256: ABC_SHA256.into(),
        })
    );

    let bare_id = ProductId::new("p-bare");
    let bare = products
        .create(&bare_id, record("PDK-BARE", "Plain", "boots", "admin", 11))
        .await
        .unwrap();
    assert!(!bare.has_photo);
    assert_eq!(bare.photo_version, None);
    assert!(bare.tags.is_empty() && bare.descriptions.is_empty() && bare.other_photos.is_empty());
    assert_eq!(bare.variants, vec![variant(None, 1000, 0)]);
    assert_eq!(products.photo(&bare_id).await.unwrap(), None);
}

async fn listing_filters_by_category_first_price_and_every_search_word(db: &TestDb) {
    let products = shop(db).await;
    let mut trail = record("T", "Trail Runner", "sneakers", "admin", 1);
    // The second variant is cheap, but the price filter looks at the first only.
    trail.draft.variants = vec![
        variant(Some("UK 8"), 2499, 0),
        variant(Some("UK 9"), 999, 0),
    ];
    trail.draft.material = "Mesh".into();
    trail.draft.info = "Grippy sole".into();
    trail.draft.tags = strings(&["Outdoor"]);
    trail.draft.descriptions = strings(&["leather free"]);
    let mut chelsea = record("C", "Chelsea Boot", "boots", "admin", 2);
    chelsea.draft.variants = vec![variant(None, 4999, 0)];
    chelsea.draft.material = "Leather".into();
    chelsea.draft.info = "Water_proof, 100% sealed".into();
    let mut desert = record("D", "Desert Boot", "boots", "admin", 3);
    desert.draft.variants = vec![variant(None, 1999, 0)];
    desert.draft.material = "Suede".into();
    desert.draft.tags = strings(&["desert", "SUMMER"]);
    for (id, r) in [("trail", trail), ("chelsea", chelsea), ("desert", desert)] {
        products.create(&ProductId::new(id), r).await.unwrap();
    }

    let query = |f: fn(&mut ProductQuery)| {
        let mut q = ProductQuery::default();
        f(&mut q);
        q
    };
    let text = |t: &str| ProductQuery {
        text: Some(t.to_owned()),
        ..ProductQuery::default()
    };

    assert_eq!(
        listed(&products, ProductQuery::default()).await,
        (strings(&["desert", "chelsea", "trail"]), 3)
    );
    assert_eq!(
        listed(
            &products,
            query(|q| q.categories = vec![CategoryId::new("boots")])
        )
        .await,
        (strings(&["desert", "chelsea"]), 2)
    );
    assert_eq!(
        listed(
            &products,
            query(|q| q.max_price = Some(Paise::from_rupees(2499).unwrap()))
        )
        .await,
        (strings(&["desert", "trail"]), 2),
        "the limit is inclusive"
    );
    assert_eq!(
        listed(
            &products,
            query(|q| q.max_price = Some(Paise::from_rupees(2000).unwrap()))
        )
        .await,
        (strings(&["desert"]), 1),
        "only the first variant's price counts"
    );
    // Name, case-insensitively.
    assert_eq!(
        listed(&products, text("BOOT")).await.0,
        strings(&["desert", "chelsea"])
    );
    // Every word must match somewhere: name and material.
    assert_eq!(
        listed(&products, text("boot  leather")).await.0,
        strings(&["chelsea"])
    );
    // A tag, an info word, a material, the category name.
    assert_eq!(
        listed(&products, text("outdoor")).await.0,
        strings(&["trail"])
    );
    assert_eq!(
        listed(&products, text("summer")).await.0,
        strings(&["desert"])
    );
    assert_eq!(
        listed(&products, text("grippy")).await.0,
        strings(&["trail"])
    );
    assert_eq!(
        listed(&products, text("suede")).await.0,
        strings(&["desert"])
    );
    assert_eq!(
        listed(&products, text("sneakers")).await.0,
        strings(&["trail"])
    );
    // Descriptions too (decisions D27).
    assert_eq!(listed(&products, text("free")).await.0, strings(&["trail"]));
    // Wildcards in the search are plain characters.
    assert_eq!(listed(&products, text("_")).await.0, strings(&["chelsea"]));
    assert_eq!(
        listed(&products, text("100%")).await.0,
        strings(&["chelsea"])
    );
    // One typo in a word of 5 letters or more finds it.
    assert_eq!(
        listed(&products, text("r_nner")).await.0,
        strings(&["trail"])
    );
    // Filters combine.
    let boots_with_suede = ProductQuery {
        categories: vec![CategoryId::new("boots")],
        text: Some("boot".into()),
        max_price: Some(Paise::from_rupees(3000).unwrap()),
        ..ProductQuery::default()
    };
    assert_eq!(
        listed(&products, boots_with_suede).await,
        (strings(&["desert"]), 1)
    );
    assert_eq!(
        listed(&products, text("nothing-like-this")).await,
        (vec![], 0)
    );
}

async fn a_search_forgives_typos_takes_synonyms_and_hindi_ranks_names_first_and_filters_sizes_in_stock(
    db: &TestDb,
) {
    let products = shop(db).await;
    let sized = |label: &str, stock: u32| Variant {
        stock: Some(stock),
        ..variant(Some(label), 2499, 0)
    };
    let mut runner = record("R", "Running Sneakers", "sneakers", "admin", 1);
    runner.draft.variants = vec![sized("UK 8", 0), sized("UK 9", 3)];
    runner.draft.quantity = 3;
    let mut kolhapuri = record("K", "Kolhapuri Classic", "boots", "admin", 2);
    kolhapuri.draft.variants = vec![variant(Some("UK 8"), 999, 0), variant(Some("UK 9"), 999, 0)];
    kolhapuri.draft.quantity = 0;
    kolhapuri.draft.tags = strings(&["ethnic"]);
    let mut slippers = record("S", "Bathroom Slippers", "boots", "admin", 3);
    slippers.draft.variants = vec![variant(Some("UK 8"), 299, 0)];
    slippers.draft.quantity = 4;
    slippers.draft.descriptions = strings(&["हवाई चप्पल"]);
    let mut walker = record("W", "City Walker", "boots", "admin", 4);
    walker.draft.descriptions = strings(&["Wears like a sneaker"]);
    for (id, r) in [
        ("runner", runner),
        ("kolhapuri", kolhapuri),
        ("slippers", slippers),
        ("walker", walker),
    ] {
        products.create(&ProductId::new(id), r).await.unwrap();
    }
    let query = |text: Option<&str>, size: Option<&str>, in_stock: bool| ProductQuery {
        text: text.map(str::to_owned),
        size: size.map(str::to_owned),
        in_stock,
        ..ProductQuery::default()
    };
    // (query, size, in stock only, the products listed in order)
    type Row<'a> = (Option<&'a str>, Option<&'a str>, bool, &'a [&'a str]);
    let table: &[Row] = &[
        // A name match first, though older.
        (Some("sneaker"), None, false, &["runner", "walker"]),
        (Some("sneakr"), None, false, &["runner", "walker"]),
        (Some("Kolapuri"), None, false, &["kolhapuri"]),
        (Some("chappal"), None, false, &["slippers"]),
        (Some("चप्पल"), None, false, &["slippers"]),
        (Some("हवाई"), None, false, &["slippers"]),
        (Some("kolhapuri"), None, true, &[]),
        (Some("sneakers"), Some("UK 8"), false, &[]),
        (Some("sneakers"), Some("UK 9"), false, &["runner"]),
        // A pooled size is in stock while the pool is.
        (None, Some("UK 8"), false, &["slippers"]),
        (None, Some("UK 9"), false, &["runner"]),
        (None, Some("UK 10"), false, &[]),
        (None, None, true, &["walker", "slippers", "runner"]),
        (Some("zzzzzz"), None, false, &[]),
    ];
    for (text, size, in_stock, expected) in table {
        let (listed, total) = listed(&products, query(*text, *size, *in_stock)).await;
        assert_eq!(listed, strings(expected), "{text:?} {size:?} {in_stock}");
        assert_eq!(total, expected.len() as u64);
    }
    // Sorted another way, a search keeps that order.
    let cheapest_first = ProductQuery {
        sort: ProductSort::PriceLow,
        ..query(Some("boot"), None, false)
    };
    assert_eq!(
        listed(&products, cheapest_first).await.0,
        strings(&["slippers", "kolhapuri", "walker"])
    );
}

async fn listing_sorts_each_way_and_pages_with_the_total_before_paging(db: &TestDb) {
    let products = shop(db).await;
    // (id, seconds, price, discount)
    for (id, seconds, rupees, discount) in [
        ("a", 1, 3000, 10),
        ("b", 2, 1000, 30),
        ("c", 3, 2000, 0),
        ("d", 4, 4000, 20),
    ] {
        let mut r = record(&format!("CODE-{id}"), id, "boots", "admin", seconds);
        r.draft.variants = vec![variant(None, rupees, discount), variant(None, 1, 99)];
        products.create(&ProductId::new(id), r).await.unwrap();
    }
    let sorted = |sort| ProductQuery {
        sort,
        ..ProductQuery::default()
    };
    let expectations = [
        (ProductSort::Newest, ["d", "c", "b", "a"]),
        (ProductSort::Oldest, ["a", "b", "c", "d"]),
        (ProductSort::Discount, ["b", "d", "a", "c"]),
        (ProductSort::PriceLow, ["b", "c", "a", "d"]),
        (ProductSort::PriceHigh, ["d", "a", "c", "b"]),
    ];
    for (sort, order) in expectations {
        assert_eq!(
            listed(&products, sorted(sort)).await,
            (strings(&order), 4),
            "{sort:?}"
        );
    }

    let paged = |page, limit| ProductQuery {
        page,
        limit: Some(limit),
        ..ProductQuery::default()
    };
    assert_eq!(
        listed(&products, paged(1, 3)).await,
        (strings(&["d", "c", "b"]), 4)
    );
    assert_eq!(listed(&products, paged(2, 3)).await, (strings(&["a"]), 4));
    assert_eq!(
        listed(&products, paged(3, 3)).await,
        (vec![], 4),
        "past the end"
    );
    assert_eq!(
        listed(&products, paged(2, 2)).await,
        (strings(&["b", "a"]), 4)
    );
    assert_eq!(
        listed(&products, paged(0, 2)).await,
        (strings(&["d", "c"]), 4),
        "page 0 is 1"
    );
    assert_eq!(
        listed(&products, paged(1, 10)).await,
        (strings(&["d", "c", "b", "a"]), 4)
    );
    let cheap_second_page = ProductQuery {
        page: 2,
        limit: Some(1),
        sort: ProductSort::PriceLow,
        max_price: Some(Paise::from_rupees(3000).unwrap()),
        ..ProductQuery::default()
    };
    assert_eq!(
        listed(&products, cheap_second_page).await,
        (strings(&["c"]), 3)
    );
}

async fn listing_takes_several_categories_and_gives_the_price_ceiling_without_the_price_filter(
    db: &TestDb,
) {
    let products = shop(db).await;
    Seed::new(db).category("sandals", "Sandals").await;
    // (id, category, first variant's price); a cheaper second variant never counts.
    for (id, category, rupees) in [
        ("boot", "boots", 4999),
        ("runner", "sneakers", 2499),
        ("slide", "sandals", 799),
    ] {
        let mut r = record(&format!("CODE-{id}"), id, category, "admin", 1);
        r.draft.variants = vec![variant(None, rupees, 0), variant(None, 99_999, 0)];
        products.create(&ProductId::new(id), r).await.unwrap();
    }
    let page = |categories: &[&str], max_price: Option<u32>| ProductQuery {
        categories: categories.iter().map(|c| CategoryId::new(*c)).collect(),
        max_price: max_price.map(|r| Paise::from_rupees(r.into()).unwrap()),
        sort: ProductSort::PriceLow,
        ..ProductQuery::default()
    };
    let ceiling = |query| {
        let products = &products;
        async move {
            let page = products.list(&query, None).await.unwrap();
            (ids(&page.products).join(" "), page.price_ceiling)
        }
    };
    let rupees = |r: i64| Paise::from_rupees(r).unwrap();

    assert_eq!(
        ceiling(page(&["sneakers", "sandals"], None)).await,
        ("slide runner".to_owned(), rupees(2499)),
        "products of either category; the ceiling is over them only"
    );
    assert_eq!(
        ceiling(page(&[], Some(1000))).await,
        ("slide".to_owned(), rupees(4999)),
        "the price filter narrows the list, not the slider's maximum"
    );
    assert_eq!(
        ceiling(page(&["boots", "nowhere"], None)).await,
        ("boot".to_owned(), rupees(4999)),
        "an unknown category matches nothing of its own"
    );
    assert_eq!(
        ceiling(page(&["nowhere"], None)).await,
        (String::new(), Paise::ZERO)
    );
}

async fn random_picks_are_distinct_products_and_at_most_the_count(db: &TestDb) {
    let products = shop(db).await;
    assert!(products.random(5).await.unwrap().is_empty());
    for i in 0..8 {
        let r = record(&format!("CODE-{i}"), &format!("p{i}"), "boots", "admin", i);
        products
            .create(&ProductId::new(format!("p{i}")), r)
            .await
            .unwrap();
    }
    let mut picked: Vec<String> = ids(&products.random(5).await.unwrap())
        .into_iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(picked.len(), 5);
    picked.sort();
    picked.dedup();
    assert_eq!(picked.len(), 5, "no product twice");
    let all = products.random(20).await.unwrap();
    assert_eq!(all.len(), 8, "never more than there are");
    assert!(all.iter().all(|p| !p.variants.is_empty()), "whole products");
}

async fn updating_replaces_variants_and_lists_and_keeps_the_photo_unless_given(db: &TestDb) {
    let products = shop(db).await;
    let id = ProductId::new("p1");
    let mut first = record("OLD", "Old name", "boots", "admin", 1);
    first.draft.variants = vec![
        variant(Some("S"), 100, 0),
        variant(Some("M"), 200, 0),
        variant(Some("L"), 300, 0),
    ];
    first.draft.tags = strings(&["one", "two"]);
    first.draft.specifications = strings(&["spec"]);
    first.draft.colors = vec![Colour {
        name: "Tan".into(),
        hex: None,
        photos: strings(&["/api/v1/media/tan"]),
    }];
    for variant in &mut first.draft.variants {
        variant.color = "Tan".into();
    }
    first.photo = Some(png(b"abc"));
    products.create(&id, first).await.unwrap();
    DieselReviewRepository::new(db.db())
        .upsert(ReviewRecord {
            id: ReviewId::new("r1"),
            product: id.clone(),
            user: UserId::new("admin"),
            draft: ReviewDraft {
                rating: 4,
                comment: "ok".into(),
            },
            at: at(2),
        })
        .await
        .unwrap();

    let mut second = record("NEW", "New name", "sneakers", "admin", 5);
    second.draft.variants = vec![variant(Some("XL"), 450, 15)];
    second.draft.tags = strings(&["three"]);
    second.draft.quantity = 0;
    let updated = products.update(&id, second).await.unwrap();
    assert_eq!(updated.product_code, "NEW");
    assert_eq!(updated.name, "New name");
    assert_eq!(updated.category.name, "Sneakers");
    assert_eq!(updated.variants, vec![variant(Some("XL"), 450, 15)]);
    assert_eq!(updated.tags, strings(&["three"]));
    assert!(updated.colors.is_empty(), "colours are replaced too");
    assert!(
        updated.specifications.is_empty(),
        "lists are replaced, not merged"
    );
    assert_eq!(updated.quantity, 0);
    assert!(updated.has_photo, "no photo given keeps the current one");
    assert_eq!(updated.created_at, at(1));
    assert_eq!(updated.updated_at, at(5));
    assert_eq!(
        updated.rating,
        ProductRating {
            total_stars: 4,
            reviews: 1
        },
        "reviews stay"
    );
    assert_eq!(products.find(&id).await.unwrap(), Some(updated));
    assert_eq!(
        products.photo(&id).await.unwrap().unwrap().sha256,
        ABC_SHA256
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM product_variants"), 1);

    let mut third = record("NEW", "New name", "sneakers", "admin", 6);
    third.photo = Some(png(b"new photo"));
    products.update(&id, third).await.unwrap();
    let photo = products.photo(&id).await.unwrap().unwrap();
    assert_eq!(photo.bytes, b"new photo");
    assert_ne!(photo.sha256, ABC_SHA256);
    assert_eq!(photo.sha256.len(), 64);
}

async fn deleting_a_product_takes_its_variants_lists_photo_and_reviews_along(db: &TestDb) {
    let products = shop(db).await;
    let id = ProductId::new("p1");
    let mut r = record("P1", "Doomed", "boots", "admin", 1);
    r.draft.variants = vec![variant(None, 100, 0), variant(None, 200, 0)];
    r.draft.tags = strings(&["gone"]);
    r.photo = Some(png(b"abc"));
    products.create(&id, r).await.unwrap();
    let keep = ProductId::new("p2");
    products
        .create(&keep, record("P2", "Kept", "boots", "admin", 2))
        .await
        .unwrap();
    let reviews = DieselReviewRepository::new(db.db());
    for product in [&id, &keep] {
        reviews
            .upsert(ReviewRecord {
                id: ReviewId::new(format!("r-{product}")),
                product: product.clone(),
                user: UserId::new("admin"),
                draft: ReviewDraft {
                    rating: 5,
                    comment: "great".into(),
                },
                at: at(3),
            })
            .await
            .unwrap();
    }

    products.delete(&id).await.unwrap();
    assert_eq!(products.find(&id).await.unwrap(), None);
    assert_eq!(products.photo(&id).await.unwrap(), None);
    assert!(reviews.for_product(&id).await.unwrap().is_empty());
    let left = |table: &str| {
        db.count(&format!(
            "SELECT COUNT(*) AS n FROM {table} WHERE product_id = 'p1'"
        ))
    };
    for table in [
        "product_variants",
        "product_details",
        "product_photos",
        "reviews",
    ] {
        assert_eq!(left(table), 0, "{table} rows of the deleted product");
    }
    assert_eq!(
        reviews.for_product(&keep).await.unwrap().len(),
        1,
        "other products untouched"
    );
    assert_eq!(
        ids(&products
            .list(&ProductQuery::default(), None)
            .await
            .unwrap()
            .products),
        ["p2"]
    );
    assert_not_found(products.delete(&id).await);
}

async fn a_taken_product_code_or_a_missing_category_or_seller_is_a_conflict(db: &TestDb) {
    let products = shop(db).await;
    products
        .create(
            &ProductId::new("p1"),
            record("TAKEN", "One", "boots", "admin", 1),
        )
        .await
        .unwrap();
    products
        .create(
            &ProductId::new("p2"),
            record("FREE", "Two", "boots", "admin", 2),
        )
        .await
        .unwrap();

    let cases = [
        (
            "p3",
            record("TAKEN", "Three", "boots", "admin", 3),
            ProductConflict::DuplicateProductCode,
        ),
        (
            "p3",
            record("OTHER", "Three", "no-such-category", "admin", 3),
            ProductConflict::UnknownCategory,
        ),
        (
            "p3",
            record("OTHER", "Three", "boots", "no-such-user", 3),
            ProductConflict::UnknownSeller,
        ),
    ];
    for (id, record, expected) in cases {
        assert_conflict(products.create(&ProductId::new(id), record).await, expected);
    }
    let cases = [
        (
            record("TAKEN", "Two", "boots", "admin", 4),
            ProductConflict::DuplicateProductCode,
        ),
        (
            record("FREE", "Two", "no-such-category", "admin", 4),
            ProductConflict::UnknownCategory,
        ),
        (
            record("FREE", "Two", "boots", "no-such-user", 4),
            ProductConflict::UnknownSeller,
        ),
    ];
    for (record, expected) in cases {
        assert_conflict(
            products.update(&ProductId::new("p2"), record).await,
            expected,
        );
    }

    // Nothing of the refused writes was kept.
    assert_eq!(products.find(&ProductId::new("p3")).await.unwrap(), None);
    let p2 = products.find(&ProductId::new("p2")).await.unwrap().unwrap();
    assert_eq!((p2.product_code.as_str(), p2.updated_at), ("FREE", at(2)));
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM product_variants"), 2);
}

async fn unknown_products_are_absent_or_not_found(db: &TestDb) {
    let products = shop(db).await;
    let missing = ProductId::new("missing");
    assert_eq!(products.find(&missing).await.unwrap(), None);
    assert_eq!(products.photo(&missing).await.unwrap(), None);
    let update: ProductRecord = record("X", "X", "boots", "admin", 1);
    assert_not_found(products.update(&missing, update).await);
    assert_not_found(products.delete(&missing).await);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM products"), 0);
}

fn eu_chart(sizes: &[(&str, u32)]) -> SizeChart {
    SizeChart::new(
        sizes
            .iter()
            .map(|(label, foot_mm)| ChartSize {
                label: (*label).to_owned(),
                foot_mm: *foot_mm,
            })
            .collect(),
    )
    .unwrap()
}

async fn a_product_s_own_size_chart_is_kept_until_a_form_sends_another(db: &TestDb) {
    let products = shop(db).await;
    let id = ProductId::new("p1");
    let chart = eu_chart(&[("EU 40", 250), ("EU 41", 257)]);
    let mut first = record("EU", "Espadrille", "boots", "admin", 1);
    first.draft.variants = vec![
        variant(Some("EU 40"), 100, 0),
        variant(Some("EU 41"), 100, 0),
    ];
    first.draft.size_chart = Some(chart.clone());
    first.draft.size_chart_given = true;
    let created = products.create(&id, first.clone()).await.unwrap();
    assert_eq!(created.size_chart, Some(chart.clone()));

    // An import's draft, or a form that knows nothing of charts, sends none: kept.
    let mut silent = first.clone();
    silent.draft.size_chart = None;
    silent.draft.size_chart_given = false;
    silent.draft.name = "Espadrille II".into();
    let kept = products.update(&id, silent).await.unwrap();
    assert_eq!(kept.name, "Espadrille II");
    assert_eq!(kept.size_chart, Some(chart));

    let other = eu_chart(&[("EU 40", 249), ("EU 41", 256), ("EU 42", 263)]);
    let mut replaced = first.clone();
    replaced.draft.size_chart = Some(other.clone());
    let read = products.update(&id, replaced).await.unwrap();
    assert_eq!(read.size_chart, Some(other));
    assert_eq!(
        products.find(&id).await.unwrap().unwrap().size_chart,
        read.size_chart
    );

    let mut cleared = first;
    cleared.draft.size_chart = None;
    assert_eq!(
        products.update(&id, cleared).await.unwrap().size_chart,
        None
    );
}

/// A record in `colours`, one variant each at `rupees` (its first colour first); `offered`
/// colours only have variants, the rest none.
fn coloured(
    code: &str,
    name: &str,
    seconds: i64,
    colours: &[&str],
    offered: usize,
    rupees: i64,
) -> ProductRecord {
    let mut record = record(code, name, "boots", "admin", seconds);
    record.draft.colors = colours
        .iter()
        .map(|name| Colour {
            name: (*name).into(),
            hex: None,
            photos: vec![],
        })
        .collect();
    record.draft.variants = colours[..offered]
        .iter()
        .map(|colour| Variant {
            color: (*colour).into(),
            ..variant(Some("UK 8"), rupees, 0)
        })
        .collect();
    record
}

/// A boot in Black and Tan (Olive without a variant), a loafer in Tan, a sandal in GRÜN, a
/// draft in Black and a runner without colours.
async fn colour_shop(db: &TestDb) -> DieselProductRepository {
    let products = shop(db).await;
    let mut draft = coloured("X", "Secret Boot", 5, &["Black"], 1, 9999);
    draft.draft.published = false;
    for (id, record) in [
        (
            "boot",
            coloured("B", "Chelsea Boot", 1, &["Black", "Tan", "Olive"], 2, 4999),
        ),
        (
            "loafer",
            coloured("L", "Penny Loafer", 2, &["Tan"], 1, 2999),
        ),
        (
            "sandal",
            coloured("S", "Strap Sandal", 3, &["GRÜN"], 1, 1999),
        ),
        (
            "runner",
            record("R", "Trail Runner", "sneakers", "admin", 4),
        ),
        ("draft", draft),
    ] {
        products.create(&ProductId::new(id), record).await.unwrap();
    }
    products
}

fn in_colour(colour: &str) -> ProductQuery {
    ProductQuery {
        color: Some(ColourKey::of(colour)),
        ..ProductQuery::default()
    }
}

async fn listing_one_colour_lists_products_with_a_variant_of_it_ignoring_case(db: &TestDb) {
    let products = colour_shop(db).await;
    assert_eq!(
        listed(&products, in_colour("black")).await,
        (strings(&["boot"]), 1),
        "the draft in Black is not listed"
    );
    assert_eq!(
        listed(&products, in_colour("TAN")).await,
        (strings(&["loafer", "boot"]), 2)
    );
    // Ignoring case beyond ASCII, as the domain compares names.
    assert_eq!(
        listed(&products, in_colour("grün")).await,
        (strings(&["sandal"]), 1)
    );
    // A colour without a variant, or that no product has: nothing, not an error.
    assert_eq!(listed(&products, in_colour("olive")).await, (vec![], 0));
    assert_eq!(listed(&products, in_colour("purple")).await, (vec![], 0));

    // The count, the pages and the price ceiling are the colour's.
    let tan = |f: fn(&mut ProductQuery)| {
        let mut query = in_colour("tan");
        f(&mut query);
        query
    };
    let page = products
        .list(&tan(|q| q.limit = Some(1)), None)
        .await
        .unwrap();
    assert_eq!((ids(&page.products), page.total), (vec!["loafer"], 2));
    assert_eq!(page.price_ceiling, Paise::from_rupees(4999).unwrap());
    let cheap = products
        .list(
            &tan(|q| q.max_price = Some(Paise::from_rupees(3000).unwrap())),
            None,
        )
        .await
        .unwrap();
    assert_eq!((ids(&cheap.products), cheap.total), (vec!["loafer"], 1));
    assert_eq!(cheap.price_ceiling, Paise::from_rupees(4999).unwrap());
    // With other filters and a search.
    let chelsea_in_tan = ProductQuery {
        text: Some("chelsea".into()),
        ..in_colour("Tan")
    };
    assert_eq!(
        listed(&products, chelsea_in_tan).await,
        (strings(&["boot"]), 1)
    );
    let loafers_in_black = ProductQuery {
        text: Some("loafer".into()),
        ..in_colour("Black")
    };
    assert_eq!(listed(&products, loafers_in_black).await, (vec![], 0));
}

async fn a_colour_a_variant_has_is_a_search_word_of_its_product(db: &TestDb) {
    let products = colour_shop(db).await;
    let text = |t: &str| ProductQuery {
        text: Some(t.to_owned()),
        ..ProductQuery::default()
    };
    assert_eq!(
        listed(&products, text("black boot")).await.0,
        strings(&["boot"])
    );
    assert_eq!(
        listed(&products, text("tan")).await.0,
        strings(&["loafer", "boot"])
    );
    assert_eq!(
        listed(&products, text("grün")).await.0,
        strings(&["sandal"])
    );
    // Olive has no variant: a shopper cannot buy it, so it finds nothing.
    assert_eq!(
        listed(&products, text("olive")).await.0,
        Vec::<String>::new()
    );
}

async fn variants_made_before_colour_keys_get_theirs_when_the_shop_starts(db: &TestDb) {
    let products = colour_shop(db).await;
    // As the migration left them: coloured variants without their keys.
    db.execute("UPDATE product_variants SET color_key = ''");
    assert_eq!(listed(&products, in_colour("grün")).await, (vec![], 0));
    db.db().run_migrations().unwrap();
    assert_eq!(
        listed(&products, in_colour("grün")).await,
        (strings(&["sandal"]), 1)
    );
    assert_eq!(
        listed(&products, in_colour("Black")).await,
        (strings(&["boot"]), 1)
    );
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM product_variants WHERE color = '' AND color_key <> ''"),
        0,
        "a variant without a colour has no key"
    );
}
