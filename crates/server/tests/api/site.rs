use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn liveness_and_readiness_answer() {
    let app = spawn_app().await;
    for path in [
        "/health/live",
        "/health/ready",
        "/api/v1/health/live",
        "/api/v1/health/ready",
    ] {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_every_route() {
    let app = spawn_app().await;
    let body = expect(
        app.get("/openapi.json", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
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

#[tokio::test]
async fn unknown_api_paths_are_json_404s_and_other_paths_get_the_app_shell() {
    let app = spawn_app_with(|settings| {
        std::fs::create_dir_all(&settings.static_dir).unwrap();
        std::fs::write(
            settings.static_dir.join("index.html"),
            "<!doctype html><title>Paduka</title>",
        )
        .unwrap();
        std::fs::create_dir_all(settings.static_dir.join("assets")).unwrap();
        std::fs::write(
            settings.static_dir.join("assets/app-1234.js"),
            "console.log(1)",
        )
        .unwrap();
    })
    .await;
    let response = app.get("/no/such/route", As::Anonymous).await;
    expect(response, StatusCode::NOT_FOUND).await;

    for path in ["/", "/product/abc", "/user/cart", "/some/deep/unknown/page"] {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("<title>Paduka</title>")
        );
    }
    let asset = app
        .client
        .get(format!("{}/assets/app-1234.js", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;
    let response = app.get("/category/all-categories", As::Anonymous).await;
    let id = response
        .headers()
        .get("x-request-id")
        .expect("a request id")
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!id.is_empty());
    let other = app.get("/category/all-categories", As::Anonymous).await;
    assert_ne!(other.headers()["x-request-id"].to_str().unwrap(), id);
}

#[tokio::test]
async fn oversized_json_is_refused_with_413() {
    let app = spawn_app().await;
    let body = json!({"name": "x".repeat(100 * 1024), "image": ""});
    expect(
        app.post_json("/category/create-category", As::Admin, body)
            .await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
}

#[tokio::test]
async fn demo_data_loads_into_an_empty_database_only() {
    let app = spawn_app_with(|settings| settings.demo_data = true).await;
    let body = expect(
        app.get("/product/get-products", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    let products = body["products"].as_array().unwrap();
    assert_eq!(products.len(), 24);
    assert!(products.iter().all(|p| p["hasPhoto"] == json!(true)));
    assert!(
        products
            .iter()
            .all(|p| (2..=3).contains(&p["price"].as_array().unwrap().len()))
    );
    let gallery = products[0]["otherphoto"][0].as_str().unwrap();
    let picture = app
        .client
        .get(format!("{}{gallery}", app.address))
        .header("accept-encoding", "gzip, deflate, br, zstd")
        .send()
        .await
        .unwrap();
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(picture.headers()["content-type"], "image/png");
    assert!(
        !picture.headers().contains_key("content-encoding"),
        "an image is never compressed again"
    );

    let categories = expect(
        app.get("/category/all-categories", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(categories["categories"].as_array().unwrap().len(), 5);
    let sales = expect(
        app.get("/sale/allsales", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    let sale = &sales["sales"][0];
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    assert!(
        sale["start"].as_str().unwrap() <= now.as_str()
            && now.as_str() <= sale["end"].as_str().unwrap(),
        "a sale running now"
    );

    let token = app
        .login_token(
            paduka_server::demo::ADMIN_EMAIL,
            paduka_server::demo::ADMIN_PASSWORD,
        )
        .await;
    assert!(!token.is_empty());
    app.login_token(
        paduka_server::demo::SHOPPER_EMAIL,
        paduka_server::demo::SHOPPER_PASSWORD,
    )
    .await;

    // A second load finds the database in use and changes nothing.
    let again = paduka_server::demo::load_if_empty(&app.services, 24)
        .await
        .unwrap();
    assert!(again.is_none());
}
