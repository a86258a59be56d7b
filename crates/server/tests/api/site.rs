//! What the binary serves besides the API's resources: health checks, the OpenAPI document,
//! the frontend's files, request ids, body limits and the demo data.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    liveness_and_readiness_answer,
    the_openapi_document_describes_every_route,
    unknown_api_paths_are_json_404s_and_other_paths_get_the_app_shell,
    every_response_carries_a_request_id,
    oversized_json_is_refused_with_413,
    demo_data_loads_into_an_empty_database_only,
);

async fn liveness_and_readiness_answer(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for path in [
        "/health/live",
        "/health/ready",
        "/api/v1/health/live",
        "/api/v1/health/ready",
    ] {
        let response = app.site(path).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}

async fn the_openapi_document_describes_every_route(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let body = app.get("/openapi.json", As::Anonymous).await;
    let body = body.answers(StatusCode::OK).await;
    let paths = body["paths"].as_object().unwrap();
    for path in [
        "/api/v1/product/get-products",
        "/api/v1/product/get-product/{id}",
        "/api/v1/product/category/{id}",
        "/api/v1/product/product-photo/{id}",
        "/api/v1/product/create-product",
        "/api/v1/product/update-product/{id}",
        "/api/v1/product/delete/{id}",
        "/api/v1/product/reviews/{id}",
        "/api/v1/review/add-review/{id}",
        "/api/v1/category/all-categories",
        "/api/v1/category/create-category",
        "/api/v1/category/update-category/{id}",
        "/api/v1/category/delete-category/{id}",
        "/api/v1/sale/allsales",
        "/api/v1/sale/create-sale",
        "/api/v1/sale/update-sale/{id}",
        "/api/v1/sale/delete-sale/{id}",
        "/api/v1/auth/login",
        "/api/v1/auth/user-auth",
        "/api/v1/auth/admin-auth",
        "/api/v1/user/get-sellers",
    ] {
        assert!(
            paths.contains_key(path),
            "{path} is missing from the OpenAPI document"
        );
    }
}

async fn unknown_api_paths_are_json_404s_and_other_paths_get_the_app_shell(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| {
        let assets = settings.server.static_dir.join("assets");
        std::fs::create_dir_all(&assets).unwrap();
        let index = "<!doctype html><title>Paduka</title>";
        std::fs::write(settings.server.static_dir.join("index.html"), index).unwrap();
        std::fs::write(assets.join("app-1234.js"), "console.log(1)").unwrap();
    })
    .await;
    let unknown = app.get("/no/such/route", As::Anonymous).await;
    unknown.answers(StatusCode::NOT_FOUND).await;

    for path in ["/", "/user/cart", "/some/deep/unknown/page"] {
        let response = app.site(path).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"].to_str().unwrap();
        assert!(content_type.starts_with("text/html"), "{content_type}");
        let html = response.text().await.unwrap();
        assert!(html.contains("<title>Paduka</title>"), "{html}");
    }
    // An unknown product is the app too, but a 404 (previews.rs has the rest).
    let response = app.site("/product/abc").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let html = response.text().await.unwrap();
    assert!(html.starts_with("<!doctype html><title>"), "{html}");
    let asset = app.site("/assets/app-1234.js").send().await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    let cache_control = asset.headers()["cache-control"].to_str().unwrap();
    assert!(cache_control.contains("immutable"), "{cache_control}");
}

async fn every_response_carries_a_request_id(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let request_id = |response: reqwest::Response| {
        let id = response.headers().get("x-request-id");
        id.expect("a request id").to_str().unwrap().to_owned()
    };
    let id = request_id(app.get("/category/all-categories", As::Anonymous).await);
    assert!(!id.is_empty());
    let other = request_id(app.get("/category/all-categories", As::Anonymous).await);
    assert_ne!(other, id);
}

async fn oversized_json_is_refused_with_413(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let body = json!({"name": "x".repeat(100 * 1024), "image": ""});
    let refused = app.post_json("/category/create-category", As::Admin, body);
    refused.await.answers(StatusCode::PAYLOAD_TOO_LARGE).await;
}

async fn demo_data_loads_into_an_empty_database_only(db: &TestDb) {
    let app = spawn_app_on_with(db, |settings| settings.server.demo_data = true).await;
    let body = app.get("/product/get-products", As::Anonymous).await;
    let products = array(&body.answers(StatusCode::OK).await["products"]);
    assert_eq!(products.len(), 24);
    assert!(products.iter().all(|p| p["hasPhoto"] == json!(true)));
    // Two or three sizes a design; the one sold in colours has them in each colour.
    assert!(products.iter().all(|p| {
        let colours = p["colors"].as_array().unwrap().len().max(1);
        (2 * colours..=3 * colours).contains(&p["price"].as_array().unwrap().len())
    }));
    let coloured: Vec<&str> = products
        .iter()
        .filter(|p| !p["colors"].as_array().unwrap().is_empty())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        coloured,
        ["Bandra Street High-Top"],
        "one demo design in colours"
    );
    let gallery = products[0]["otherphoto"][0].as_str().unwrap();
    let picture = app
        .site(gallery)
        .header("accept-encoding", "gzip, deflate, br, zstd")
        .send()
        .await
        .unwrap();
    assert_eq!(picture.status(), StatusCode::OK);
    // Served as stored, so stored small: lossy WebP (decisions D14).
    assert_eq!(picture.headers()["content-type"], "image/webp");
    assert!(
        !picture.headers().contains_key("content-encoding"),
        "an image is never compressed again"
    );

    assert_eq!(app.categories().await.len(), 5);
    let sales = app.sales().await;
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    assert!(
        sales[0]["start"].as_str().unwrap() <= now.as_str()
            && now.as_str() <= sales[0]["end"].as_str().unwrap(),
        "a sale running now"
    );

    // Some sizes are sold out and some nearly, so a new shopper meets both.
    let stocks: Vec<&Vec<Value>> = products
        .iter()
        .filter_map(|p| p["stock"].as_array())
        .collect();
    assert!(
        stocks.iter().any(|s| s.contains(&json!(0))),
        "a sold-out size"
    );
    assert!(
        stocks.iter().any(|s| s.contains(&json!(2))),
        "a nearly sold-out size"
    );

    use paduka_server::demo;
    let admin = app
        .login_token(demo::ADMIN_EMAIL, demo::ADMIN_PASSWORD)
        .await;
    let shopper = app
        .login_token(demo::SHOPPER_EMAIL, demo::SHOPPER_PASSWORD)
        .await;
    let authorised = |method, path: &str, token: &str| {
        app.request(method, path, As::Anonymous)
            .header("Authorization", token.to_owned())
    };

    // A month of the demo shopper's orders fills the overview.
    let mine = authorised(reqwest::Method::POST, "/order/myorders", &shopper)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    let mine = array(&mine["orders"]);
    assert!(mine.len() >= 10, "{} past orders", mine.len());
    let statuses: Vec<&str> = mine.iter().map(|o| o["status"].as_str().unwrap()).collect();
    for status in ["Delivered", "Confirmed", "Pending"] {
        assert!(statuses.contains(&status), "{status} among {statuses:?}");
    }
    let stats = authorised(reqwest::Method::GET, "/admin/stats", &admin)
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    assert!(stats["last30Days"]["orders"].as_u64().unwrap() >= 10);
    assert!(stats["last30Days"]["revenue"].as_i64().unwrap() > 0);
    let low = array(&stats["lowStock"]);
    assert!(
        (1..=10).contains(&low.len()) && low.iter().any(|l| l["size"].is_string()),
        "a handful of low sizes: {low:?}"
    );

    // WELCOME10 takes 10 % off the shopper's first cart.
    let first = &products[1];
    let cart = json!([{"_id": first["_id"], "productno": 0, "quantity": 1}]);
    let applied = authorised(reqwest::Method::POST, "/coupon/apply", &shopper)
        .json(&json!({"code": demo::WELCOME_COUPON, "products": cart}))
        .send()
        .await
        .unwrap()
        .answers(StatusCode::OK)
        .await;
    let subtotal = applied["subtotal"].as_i64().unwrap();
    assert_eq!(applied["discount"].as_i64().unwrap(), subtotal * 10 / 100);

    // A second load finds the database in use and changes nothing.
    let again = demo::load_if_empty(&app.services, 24).await.unwrap();
    assert!(again.is_none());
}
