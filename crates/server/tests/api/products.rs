use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

async fn names(app: &TestApp, query: &str) -> Vec<String> {
    let body = expect(
        app.get(&format!("/product/get-products{query}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_product_keeps_every_field_from_the_form() {
    let app = spawn_app().await;
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
    let id = created["_id"].as_str().unwrap();
    let body = expect(
        app.get(&format!("/product/get-product/{id}"), As::Anonymous)
            .await,
        StatusCode::OK,
    )
    .await;
    let product = &body["product"];
    assert_eq!(product, &created);
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

    let list = expect(
        app.get("/product/get-products", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(list["success"], json!(true));
    assert_eq!(list["count"], json!(1));
    assert_eq!(list["products"][0], created);
}

#[tokio::test]
async fn the_photo_is_served_with_its_type_and_revalidates_with_304() {
    let app = spawn_app().await;
    let category = app.category("Sneakers").await;
    let photo = png();
    let product = app
        .product(
            &[("name", "Court"), ("price", "999"), ("category", &category)],
            Some(photo.clone()),
        )
        .await;
    let path = format!(
        "/product/product-photo/{}",
        product["_id"].as_str().unwrap()
    );

    let response = app.get(&path, As::Anonymous).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(
        response.bytes().await.unwrap().to_vec(),
        photo,
        "bytes exactly as uploaded"
    );

    let again = app
        .request(Method::GET, &path, As::Anonymous)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(again.bytes().await.unwrap().is_empty());

    let without = app
        .product(
            &[("name", "Plain"), ("price", "1"), ("category", &category)],
            None,
        )
        .await;
    assert_eq!(without["hasPhoto"], json!(false));
    let missing = app
        .get(
            &format!(
                "/product/product-photo/{}",
                without["_id"].as_str().unwrap()
            ),
            As::Anonymous,
        )
        .await;
    expect(missing, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn updating_changes_the_fields_and_keeps_the_photo_when_none_is_sent() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let created = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            Some(png()),
        )
        .await;
    let id = created["_id"].as_str().unwrap();
    let form = product_form(
        &[
            ("name", "Chelsea Noir"),
            ("price", "3199,3299"),
            ("type", "UK 8,UK 9"),
            ("category", &category),
            ("quantity", "4"),
        ],
        None,
    );
    let response = app
        .send_product_form(
            Method::PUT,
            &format!("/product/update-product/{id}"),
            As::Admin,
            form,
        )
        .await;
    let body = expect(response, StatusCode::OK).await;
    assert_eq!(body["message"], json!("Product Updated Successfully"));
    assert_eq!(body["product"]["name"], json!("Chelsea Noir"));
    assert_eq!(body["product"]["price"], json!([3199.0, 3299.0]));
    assert_eq!(
        body["product"]["product_id"], created["product_id"],
        "the product code stays"
    );
    assert_eq!(body["product"]["hasPhoto"], json!(true));
    assert_eq!(
        app.get(&format!("/product/product-photo/{id}"), As::Anonymous)
            .await
            .status(),
        StatusCode::OK
    );

    let form = product_form(
        &[("name", "X"), ("price", "1"), ("category", &category)],
        None,
    );
    let response = app
        .send_product_form(Method::PUT, "/product/update-product/nope", As::Admin, form)
        .await;
    expect_error(response, StatusCode::NOT_FOUND, "Product not found").await;
}

#[tokio::test]
async fn deleting_a_product_removes_it() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let created = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            Some(png()),
        )
        .await;
    let id = created["_id"].as_str().unwrap();
    let body = expect(
        app.delete(&format!("/product/delete/{id}"), As::Admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        body,
        json!({"success": true, "message": "Product Deleted successfully"})
    );
    expect_error(
        app.get(&format!("/product/get-product/{id}"), As::Anonymous)
            .await,
        StatusCode::NOT_FOUND,
        "Product not found",
    )
    .await;
    expect(
        app.get(&format!("/product/product-photo/{id}"), As::Anonymous)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    expect(
        app.delete(&format!("/product/delete/{id}"), As::Admin)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn product_writes_need_an_admin() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let created = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            None,
        )
        .await;
    let id = created["_id"].as_str().unwrap();
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        let form = product_form(
            &[("name", "Hacked"), ("price", "1"), ("category", &category)],
            None,
        );
        expect(
            app.send_product_form(Method::POST, "/product/create-product", who, form)
                .await,
            status,
        )
        .await;
        let form = product_form(
            &[("name", "Hacked"), ("price", "1"), ("category", &category)],
            None,
        );
        expect(
            app.send_product_form(
                Method::PUT,
                &format!("/product/update-product/{id}"),
                who,
                form,
            )
            .await,
            status,
        )
        .await;
        expect(
            app.delete(&format!("/product/delete/{id}"), who).await,
            status,
        )
        .await;
    }
    assert_eq!(names(&app, "").await, vec!["Chelsea"]);
}

#[tokio::test]
async fn each_broken_product_rule_is_a_400_that_changes_nothing() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    let cases: Vec<Vec<(&str, &str)>> = vec![
        vec![("price", "10"), ("category", &category)],
        vec![("name", "A"), ("category", &category)],
        vec![("name", "A"), ("price", "-1"), ("category", &category)],
        vec![("name", "A"), ("price", "ten"), ("category", &category)],
        vec![
            ("name", "A"),
            ("price", "10,20"),
            ("discount", "5"),
            ("category", &category),
        ],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("discount", "101"),
            ("category", &category),
        ],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("type", "UK 7,UK 8"),
            ("category", &category),
        ],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("quantity", "-3"),
            ("category", &category),
        ],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("quantity", "1.5"),
            ("category", &category),
        ],
        vec![("name", "A"), ("price", "10")],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("category", "no-such-category"),
        ],
        vec![
            ("name", "A"),
            ("price", "10"),
            ("category", &category),
            ("seller", "no-such-admin"),
        ],
    ];
    for fields in cases {
        let form = product_form(&fields, None);
        let response = app
            .send_product_form(Method::POST, "/product/create-product", As::Admin, form)
            .await;
        let status = response.status();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{fields:?}");
        expect(response, status).await;
    }
    let seller_is_shopper = product_form(
        &[
            ("name", "A"),
            ("price", "10"),
            ("category", &category),
            ("seller", &app.shopper_id),
        ],
        None,
    );
    let response = app
        .send_product_form(
            Method::POST,
            "/product/create-product",
            As::Admin,
            seller_is_shopper,
        )
        .await;
    expect_error(response, StatusCode::BAD_REQUEST, "Seller must be an admin").await;
    assert!(names(&app, "").await.is_empty());
}

#[tokio::test]
async fn the_list_filters_sorts_searches_and_pages_on_the_server() {
    let app = spawn_app().await;
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

    assert_eq!(
        names(&app, "").await,
        vec!["Hiker", "Slide", "Chelsea"],
        "newest first"
    );
    assert_eq!(
        names(&app, "?sort=oldest").await,
        vec!["Chelsea", "Slide", "Hiker"]
    );
    assert_eq!(
        names(&app, "?sort=price-low").await,
        vec!["Slide", "Chelsea", "Hiker"]
    );
    assert_eq!(
        names(&app, "?sort=price-high").await,
        vec!["Hiker", "Chelsea", "Slide"]
    );
    assert_eq!(
        names(&app, "?sort=discount").await,
        vec!["Slide", "Chelsea", "Hiker"]
    );
    assert_eq!(
        names(&app, &format!("?category={boots}")).await,
        vec!["Hiker", "Chelsea"]
    );
    assert_eq!(
        names(&app, "?maxPrice=3000").await,
        vec!["Slide", "Chelsea"]
    );
    assert_eq!(names(&app, "?q=LEATHER").await, vec!["Hiker", "Chelsea"]);
    assert_eq!(
        names(&app, "?q=sandals").await,
        vec!["Slide"],
        "matches the category name"
    );

    let page = expect(
        app.get(
            "/product/get-products?sort=oldest&page=2&limit=2",
            As::Anonymous,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(page["count"], json!(1));
    assert_eq!(page["total"], json!(3));
    assert_eq!(page["products"][0]["name"], json!("Hiker"));

    for bad in [
        "?sort=cheapest",
        "?limit=0",
        "?limit=1000",
        "?page=0&limit=5",
        "?maxPrice=-5",
        "?maxPrice=abc",
        "?page=x",
    ] {
        let response = app
            .get(&format!("/product/get-products{bad}"), As::Anonymous)
            .await;
        let status = response.status();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        expect(response, status).await;
    }
}

#[tokio::test]
async fn an_unknown_product_is_not_found() {
    let app = spawn_app().await;
    expect_error(
        app.get("/product/get-product/nope", As::Anonymous).await,
        StatusCode::NOT_FOUND,
        "Product not found",
    )
    .await;
    expect(
        app.get("/product/reviews/nope", As::Anonymous).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn the_list_shows_every_catalog_change_at_once_and_revalidates_with_304() {
    let app = spawn_app().await;
    let category = app.category("Boots").await;
    assert!(names(&app, "").await.is_empty());

    let created = app
        .product(
            &[
                ("name", "Chelsea"),
                ("price", "2999"),
                ("category", &category),
            ],
            None,
        )
        .await;
    let id = created["_id"].as_str().unwrap().to_owned();
    assert_eq!(
        names(&app, "").await,
        vec!["Chelsea"],
        "a new product shows at once"
    );

    let form = product_form(
        &[
            ("name", "Chelsea Noir"),
            ("price", "2999"),
            ("category", &category),
        ],
        None,
    );
    app.send_product_form(
        Method::PUT,
        &format!("/product/update-product/{id}"),
        As::Admin,
        form,
    )
    .await;
    assert_eq!(
        names(&app, "").await,
        vec!["Chelsea Noir"],
        "an edit shows at once"
    );

    let path = format!("/review/add-review/{id}");
    expect(
        app.post_json(&path, As::Shopper, json!({"comment": "Warm", "rating": 4}))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let list = expect(
        app.get("/product/get-products", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        list["products"][0]["numReviews"],
        json!(1),
        "a review shows at once"
    );

    let response = app.get("/product/get-products", As::Anonymous).await;
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let unchanged = app
        .request(Method::GET, "/product/get-products", As::Anonymous)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    app.delete(&format!("/product/delete/{id}"), As::Admin)
        .await;
    let changed = app
        .request(Method::GET, "/product/get-products", As::Anonymous)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(
        changed.status(),
        StatusCode::OK,
        "the old ETag no longer matches"
    );
    assert!(names(&app, "").await.is_empty(), "a deletion shows at once");
}
