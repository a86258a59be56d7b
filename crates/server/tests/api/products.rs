//! Products: the admin's forms, photos, the storefront's list and its cache.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

crate::on_both_backends!(
    a_product_keeps_every_field_from_the_form,
    the_photo_is_served_with_its_type_and_revalidates_with_304,
    updating_changes_the_fields_and_keeps_the_photo_when_none_is_sent,
    deleting_a_product_removes_it,
    product_writes_need_an_admin,
    each_broken_product_rule_is_a_400_that_changes_nothing,
    the_list_filters_sorts_searches_and_pages_on_the_server,
    an_unknown_product_is_not_found,
    the_list_shows_every_catalog_change_at_once_and_revalidates_with_304,
    the_banner_features_up_to_five_distinct_products_compressed_once,
    a_product_carries_its_own_hsn_code_or_the_shops,
);

async fn a_product_carries_its_own_hsn_code_or_the_shops(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sneakers").await;
    let fields = [
        ("name", "Canvas Low"),
        ("price", "1299"),
        ("category", &category),
        ("hsn", " 6404 "),
    ];
    let canvas = app.product(&fields, None).await;
    assert_eq!(canvas["hsn"], "6404");
    let id = id_of(&canvas).to_owned();

    let bad = app
        .update_product(
            &id,
            As::Admin,
            &[
                ("name", "Canvas Low"),
                ("price", "1299"),
                ("category", &category),
                ("hsn", "64-04"),
            ],
        )
        .await;
    bad.refuses(
        StatusCode::BAD_REQUEST,
        "HSN code must be 4 to 8 digits, e.g. 6403, not \"64-04\"",
    )
    .await;
    let kept = app.get_product(&id).await.answers(StatusCode::OK).await;
    assert_eq!(
        kept["product"]["hsn"], "6404",
        "a refused form changes nothing"
    );

    let cleared = app
        .update_product(
            &id,
            As::Admin,
            &[
                ("name", "Canvas Low"),
                ("price", "1299"),
                ("category", &category),
            ],
        )
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(
        cleared["product"]["hsn"],
        serde_json::Value::Null,
        "the shop's default again"
    );
}

fn photo_path(id: &str) -> String {
    format!("/product/product-photo/{id}")
}

/// "Chelsea" at ₹2999, with a photo, in a new category "Boots"; the product and the category.
async fn chelsea_with_a_photo(app: &TestApp) -> (serde_json::Value, String) {
    let category = app.category("Boots").await;
    let fields = [
        ("name", "Chelsea"),
        ("price", "2999"),
        ("category", &category),
    ];
    (app.product(&fields, Some(png())).await, category)
}

fn id_of(product: &serde_json::Value) -> &str {
    product["_id"].as_str().unwrap()
}

async fn a_product_keeps_every_field_from_the_form(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Running").await;
    let created = app
        .product(
            &[
                ("product_id", "RUN-1"),
                ("name", "Tempo"),
                ("info", "Daily trainer"),
                ("type", "UK 7,UK 8,UK 9"),
                ("description", "Springy,Breathable"),
                ("specifications", "Drop: 8 mm,Weight: 250 g"),
                ("material", "Mesh"),
                ("tags", "road,running"),
                ("price", "4599,4599.50,4699"),
                ("discount", "20,10,0"),
                ("category", &category),
                ("quantity", "12"),
                ("shipping", "true"),
                ("otherphoto", "/api/v1/media/a,https://img.example/b.png"),
            ],
            Some(png()),
        )
        .await;
    let body = app.get_product(id_of(&created)).await;
    let body = body.answers(StatusCode::OK).await;
    let mut product = body["product"].clone();
    // The product's page also reads its fit advice and size chart (decisions D38).
    assert_eq!(product["fit"], json!(null), "no returns yet");
    assert_eq!(
        array(&product["sizeChart"]).len(),
        10,
        "sized on the UK chart"
    );
    let fields = product.as_object_mut().unwrap();
    fields.remove("fit");
    fields.remove("sizeChart");
    assert_eq!(product, created);
    assert_eq!(product["product_id"], json!("RUN-1"));
    assert_eq!(product["type"], json!(["UK 7", "UK 8", "UK 9"]));
    assert_eq!(product["model"], json!([]));
    assert_eq!(product["price"], json!([4599.0, 4599.5, 4699.0]));
    assert_eq!(product["discount"], json!([20, 10, 0]));
    assert_eq!(product["description"], json!(["Springy", "Breathable"]));
    assert_eq!(
        product["specifications"],
        json!(["Drop: 8 mm", "Weight: 250 g"])
    );
    assert_eq!(product["tags"], json!(["road", "running"]));
    assert_eq!(
        product["otherphoto"],
        json!(["/api/v1/media/a", "https://img.example/b.png"])
    );
    assert_eq!(product["category"]["name"], json!("Running"));
    assert_eq!(product["quantity"], json!(12));
    assert_eq!(product["shipping"], json!(true));
    assert_eq!(product["hasPhoto"], json!(true));
    assert_eq!(product["numReviews"], json!(0));
    assert!(product["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(
        product.get("photo").is_none_or(|p| !p.is_array()),
        "no photo bytes in JSON"
    );

    let list = app.get("/product/get-products", As::Anonymous).await;
    let list = list.answers(StatusCode::OK).await;
    assert_eq!(list["success"], json!(true));
    assert_eq!(list["count"], json!(1));
    // The product as created, and the colour its card shows: none (decisions D47).
    let mut listed = list["products"][0].clone();
    let shown = listed.as_object_mut().unwrap().remove("shownColor");
    assert_eq!(shown, Some(json!(null)));
    assert_eq!(listed, created);
}

async fn the_photo_is_served_with_its_type_and_revalidates_with_304(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sneakers").await;
    let photo = png();
    let fields = [("name", "Court"), ("price", "999"), ("category", &category)];
    let product = app.product(&fields, Some(photo.clone())).await;
    let path = photo_path(id_of(&product));

    let response = app.get(&path, As::Anonymous).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/png");
    let cache_control = response.headers()["cache-control"].to_str().unwrap();
    assert!(cache_control.contains("max-age"), "{cache_control}");
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(
        response.bytes().await.unwrap().to_vec(),
        photo,
        "bytes exactly as uploaded"
    );

    let again = app.request(Method::GET, &path, As::Anonymous);
    let again = again.header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(again.bytes().await.unwrap().is_empty());

    let fields = [("name", "Plain"), ("price", "1"), ("category", &category)];
    let without = app.product(&fields, None).await;
    assert_eq!(without["hasPhoto"], json!(false));
    let missing = app.get(&photo_path(id_of(&without)), As::Anonymous).await;
    missing.answers(StatusCode::NOT_FOUND).await;
}

async fn updating_changes_the_fields_and_keeps_the_photo_when_none_is_sent(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (created, category) = chelsea_with_a_photo(&app).await;
    let id = id_of(&created);
    let changed = [
        ("name", "Chelsea Noir"),
        ("price", "3199,3299"),
        ("type", "UK 8,UK 9"),
        ("category", &category),
        ("quantity", "4"),
    ];
    let body = app.update_product(id, As::Admin, &changed).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["message"], json!("Product Updated Successfully"));
    assert_eq!(body["product"]["name"], json!("Chelsea Noir"));
    assert_eq!(body["product"]["price"], json!([3199.0, 3299.0]));
    assert_eq!(
        body["product"]["product_id"], created["product_id"],
        "the product code stays"
    );
    assert_eq!(body["product"]["hasPhoto"], json!(true));
    let photo = app.get(&photo_path(id), As::Anonymous).await;
    assert_eq!(photo.status(), StatusCode::OK);

    let fields = [("name", "X"), ("price", "1"), ("category", &category)];
    let unknown = app.update_product("nope", As::Admin, &fields).await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
}

async fn deleting_a_product_removes_it(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (created, _) = chelsea_with_a_photo(&app).await;
    let path = format!("/product/delete/{}", id_of(&created));
    let body = app.delete(&path, As::Admin).await;
    assert_eq!(
        body.answers(StatusCode::OK).await,
        json!({"success": true, "message": "Product Deleted successfully"})
    );
    let gone = app.get_product(id_of(&created)).await;
    gone.refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
    let photo = app.get(&photo_path(id_of(&created)), As::Anonymous).await;
    photo.answers(StatusCode::NOT_FOUND).await;
    let again = app.delete(&path, As::Admin).await;
    again.answers(StatusCode::NOT_FOUND).await;
}

async fn product_writes_need_an_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let id = app.boot("Chelsea").await;
    let category = app.category("Boots").await;
    let hacked = [("name", "Hacked"), ("price", "1"), ("category", &category)];
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        for response in [
            app.create_product(who, &hacked).await,
            app.update_product(&id, who, &hacked).await,
            app.delete(&format!("/product/delete/{id}"), who).await,
        ] {
            response.answers(status).await;
        }
    }
    assert_eq!(app.product_names("").await, vec!["Chelsea"]);
}

async fn each_broken_product_rule_is_a_400_that_changes_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Boots").await;
    let valid = [("name", "A"), ("price", "10"), ("category", &category)];
    // Each case: the valid form with fields changed, added or (`None`) left out.
    let cases: [&[(&str, Option<&str>)]; 12] = [
        &[("name", None)],
        &[("price", None)],
        &[("price", Some("-1"))],
        &[("price", Some("ten"))],
        &[("price", Some("10,20")), ("discount", Some("5"))],
        &[("discount", Some("101"))],
        &[("type", Some("UK 7,UK 8"))],
        &[("quantity", Some("-3"))],
        &[("quantity", Some("1.5"))],
        &[("category", None)],
        &[("category", Some("no-such-category"))],
        &[("seller", Some("no-such-admin"))],
    ];
    for changes in cases {
        let mut fields = valid.to_vec();
        for &(field, value) in changes {
            fields.retain(|f| f.0 != field);
            fields.extend(value.map(|value| (field, value)));
        }
        let refused = app.create_product(As::Admin, &fields).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{fields:?}");
        refused.answers(StatusCode::BAD_REQUEST).await;
    }
    let seller_is_shopper = [
        ("name", "A"),
        ("price", "10"),
        ("category", &category),
        ("seller", &app.shopper_id),
    ];
    let refused = app.create_product(As::Admin, &seller_is_shopper).await;
    let message = "Seller must be an admin";
    refused.refuses(StatusCode::BAD_REQUEST, message).await;
    assert!(app.product_names("").await.is_empty());
}

async fn the_list_filters_sorts_searches_and_pages_on_the_server(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let boots = app.category("Boots").await;
    let sandals = app.category("Sandals").await;
    app.product(
        &[
            ("name", "Chelsea"),
            ("price", "3000"),
            ("discount", "10"),
            ("category", &boots),
            ("tags", "leather"),
        ],
        None,
    )
    .await;
    app.product(
        &[
            ("name", "Slide"),
            ("price", "500"),
            ("discount", "40"),
            ("category", &sandals),
        ],
        None,
    )
    .await;
    app.product(
        &[
            ("name", "Hiker"),
            ("price", "7000,7100"),
            ("discount", "5,0"),
            ("category", &boots),
            ("material", "Leather nubuck"),
        ],
        None,
    )
    .await;

    let by_category = format!("?category={boots}");
    for (query, names, why) in [
        ("", vec!["Hiker", "Slide", "Chelsea"], "newest first"),
        ("?sort=oldest", vec!["Chelsea", "Slide", "Hiker"], "oldest"),
        (
            "?sort=price-low",
            vec!["Slide", "Chelsea", "Hiker"],
            "cheap",
        ),
        (
            "?sort=price-high",
            vec!["Hiker", "Chelsea", "Slide"],
            "dear",
        ),
        ("?sort=discount", vec!["Slide", "Chelsea", "Hiker"], "off"),
        (&by_category, vec!["Hiker", "Chelsea"], "category"),
        ("?maxPrice=3000", vec!["Slide", "Chelsea"], "price"),
        ("?q=LEATHER", vec!["Hiker", "Chelsea"], "any case"),
        ("?q=sandals", vec!["Slide"], "matches the category name"),
    ] {
        assert_eq!(app.product_names(query).await, names, "{why}");
    }

    let page = "/product/get-products?sort=oldest&page=2&limit=2";
    let page = app.get(page, As::Anonymous).await;
    let page = page.answers(StatusCode::OK).await;
    assert_eq!(page["count"], json!(1));
    assert_eq!(page["total"], json!(3));
    assert_eq!(page["products"][0]["name"], json!("Hiker"));
    assert_eq!(
        page["priceCeiling"],
        json!(6650.0),
        "the dearest first variant's sale price (7000 less 5 %)"
    );

    // Several categories, and the slider's ceiling ignores the price filter it bounds.
    let both = format!(
        "/product/get-products?category={sandals},{boots}&maxPrice=3000&sort=price-low&page=1&limit=1"
    );
    let both = app.get(&both, As::Anonymous).await;
    let both = both.answers(StatusCode::OK).await;
    assert_eq!(
        (
            both["count"].clone(),
            both["total"].clone(),
            both["priceCeiling"].clone()
        ),
        (json!(1), json!(2), json!(6650.0))
    );
    assert_eq!(both["products"][0]["name"], json!("Slide"));
    let sandals_only = format!("/product/get-products?category={sandals}");
    let sandals_only = app.get(&sandals_only, As::Anonymous).await;
    assert_eq!(
        sandals_only.answers(StatusCode::OK).await["priceCeiling"],
        json!(300.0)
    );

    for bad in [
        "?sort=cheapest",
        "?limit=0",
        "?limit=1000",
        "?page=0&limit=5",
        "?maxPrice=-5",
        "?maxPrice=abc",
        "?page=x",
        "?page=2147483648&limit=1",
    ] {
        let path = format!("/product/get-products{bad}");
        let refused = app.get(&path, As::Anonymous).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{bad}");
        refused.answers(StatusCode::BAD_REQUEST).await;
    }
}

async fn an_unknown_product_is_not_found(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let unknown = app.get_product("nope").await;
    unknown
        .refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
    let reviews = app.get("/product/reviews/nope", As::Anonymous).await;
    reviews.answers(StatusCode::NOT_FOUND).await;
}

async fn the_list_shows_every_catalog_change_at_once_and_revalidates_with_304(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Boots").await;
    assert!(app.product_names("").await.is_empty());

    let fields = [
        ("name", "Chelsea"),
        ("price", "2999"),
        ("category", &category),
    ];
    let created = app.product(&fields, None).await;
    let id = id_of(&created);
    let shown = app.product_names("").await;
    assert_eq!(shown, vec!["Chelsea"], "a new product shows at once");

    let renamed = [
        ("name", "Chelsea Noir"),
        ("price", "2999"),
        ("category", &category),
    ];
    app.update_product(id, As::Admin, &renamed).await;
    let shown = app.product_names("").await;
    assert_eq!(shown, vec!["Chelsea Noir"], "an edit shows at once");

    let review = json!({"comment": "Warm", "rating": 4});
    let added = app.add_review(id, As::Shopper, review).await;
    added.answers(StatusCode::CREATED).await;
    let list = app.get("/product/get-products", As::Anonymous).await;
    let list = list.answers(StatusCode::OK).await;
    let reviews = &list["products"][0]["numReviews"];
    assert_eq!(reviews, &json!(1), "a review shows at once");

    let response = app.get("/product/get-products", As::Anonymous).await;
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let revalidate = || {
        app.request(Method::GET, "/product/get-products", As::Anonymous)
            .header("If-None-Match", &etag)
            .send()
    };
    let unchanged = revalidate().await.unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    app.delete(&format!("/product/delete/{id}"), As::Admin)
        .await;
    let changed = revalidate().await.unwrap();
    assert_eq!(
        changed.status(),
        StatusCode::OK,
        "the old ETag no longer matches"
    );
    let shown = app.product_names("").await;
    assert!(shown.is_empty(), "a deletion shows at once");
}

async fn the_banner_features_up_to_five_distinct_products_compressed_once(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let featured = app.get("/product/featured", As::Anonymous).await;
    let featured = featured.answers(StatusCode::OK).await;
    assert_eq!(
        featured["products"],
        json!([]),
        "an empty shop features nothing"
    );

    let boots = app.category("Boots").await;
    for i in 0..7 {
        let name = format!("Boot {i}");
        app.product(
            &[("name", &name), ("price", "999"), ("category", &boots)],
            None,
        )
        .await;
    }
    let featured = app.get("/product/featured", As::Anonymous).await;
    assert!(
        featured.headers().get("etag").is_some(),
        "a shared reply, revalidated like the list"
    );
    let featured = featured.answers(StatusCode::OK).await;
    let mut names: Vec<&str> = featured["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 5, "the spec's five slides");
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 5, "no product twice");
    assert!(names.iter().all(|n| n.starts_with("Boot ")));
}
