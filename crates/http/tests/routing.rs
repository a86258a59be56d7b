//! The real routes over mocked use cases: who is refused before what, what each handler
//! hands its use case, and that every refusal has the `{success: false, message}` shape. The
//! use cases' own rules are tested against their ports (crates/application) and the whole
//! contract on the assembled server (crates/server/tests/api).

use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::http::header::{
    ACCEPT, ACCEPT_ENCODING, ALLOW, AUTHORIZATION, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE,
    ETAG, IF_NONE_MATCH, VARY,
};
use actix_web::http::{Method, StatusCode};
use actix_web::{App, test};
use chrono::Utc;
use paduka_application::accounts::{
    AuthError, MockAuthUseCases, MockRegistrationUseCases, MockUserUseCases, Principal,
    RegistrationError, UserError,
};
use paduka_application::admin::MockAdminUseCases;
use paduka_application::catalog::transfer::MockCatalogTransferUseCases;
use paduka_application::catalog::{
    CatalogError, MockCatalogUseCases, MockPhotoUseCases, PhotoRequest, ProductPage, ProductSort,
    ServedPhoto,
};
use paduka_application::checkout::{
    CheckoutError, DeliveryQuote, MockCheckoutUseCases, MockSandboxUseCases,
};
use paduka_application::coupons::MockCouponUseCases;
use paduka_application::credit::MockCreditUseCases;
use paduka_application::mail::MockMailOutbox;
use paduka_application::orders::MockOrderUseCases;
use paduka_application::ports::MockReadinessProbe;
use paduka_application::returns::MockReturnUseCases;
use paduka_application::sales::{MockSaleUseCases, SaleError};
use paduka_domain::catalog::{
    CategoryRef, Image, ImageType, Product, ProductDraft, ProductInput, ProductRating, StoredImage,
};
use paduka_domain::contact::Phone;
use paduka_domain::delivery::{DeliveryArea, DeliveryEstimate, EstimateSource};
use paduka_domain::photo::{self, PhotoWidth};
use paduka_domain::review::{Review, UserRef};
use paduka_domain::sale::{Sale, SaleDraft};
use paduka_domain::user::Role;
use paduka_domain::{InvalidInput, Paise};
use paduka_domain::{ProductId, ReviewId, UserId};
use paduka_http::{ApiState, configure};
use paduka_test_support::builders::UserBuilder;
use serde_json::{Value, json};

const ADMIN: &str = "admin-token";
const SHOPPER: &str = "shopper-token";

/// The use cases a test sets expectations on; any call without one panics, which proves a
/// refused request never reached a use case.
#[derive(Default)]
struct Mocks {
    catalog: MockCatalogUseCases,
    photos: MockPhotoUseCases,
    transfer: MockCatalogTransferUseCases,
    sales: MockSaleUseCases,
    coupons: MockCouponUseCases,
    auth: MockAuthUseCases,
    registration: MockRegistrationUseCases,
    users: MockUserUseCases,
    checkout: MockCheckoutUseCases,
    credit: MockCreditUseCases,
    orders: MockOrderUseCases,
    returns: MockReturnUseCases,
    admin: MockAdminUseCases,
    unready: bool,
}

/// The state over `mocks`, where the token `admin-token` signs in an admin and
/// `shopper-token` a shopper.
fn state_from(mut mocks: Mocks) -> ApiState {
    mocks
        .auth
        .expect_authenticate()
        .returning(|token| match token {
            ADMIN => Ok(Principal::of(&UserBuilder::admin("admin").build())),
            SHOPPER => Ok(Principal::of(&UserBuilder::shopper("shopper").build())),
            _ => Err(AuthError::InvalidToken),
        });
    let mut probe = MockReadinessProbe::new();
    let ready = !mocks.unready;
    probe.expect_check().returning(move || {
        if ready {
            Ok(())
        } else {
            Err(anyhow::anyhow!("database is down"))
        }
    });
    ApiState {
        catalog: Arc::new(mocks.catalog),
        photos: Arc::new(mocks.photos),
        transfer: Arc::new(mocks.transfer),
        sales: Arc::new(mocks.sales),
        coupons: Arc::new(mocks.coupons),
        auth: Arc::new(mocks.auth),
        registration: Arc::new(mocks.registration),
        users: Arc::new(mocks.users),
        checkout: Arc::new(mocks.checkout),
        credit: Arc::new(mocks.credit),
        orders: Arc::new(mocks.orders),
        returns: Arc::new(mocks.returns),
        admin: Arc::new(mocks.admin),
        sandbox: None,
        readiness: Arc::new(probe),
        replies: Arc::default(),
        trusted_proxies: Arc::default(),
        courier_webhook_key: Arc::default(),
        whatsapp: Arc::new(paduka_application::whatsapp::MockWhatsAppUseCases::new()),
        cod: Arc::new(paduka_application::cod::MockCodUseCases::new()),
        dev_outbox: None,
    }
}

fn state(ready: bool) -> ApiState {
    state_from(Mocks {
        unready: !ready,
        ..Mocks::default()
    })
}

/// The API mounted as the server mounts it.
macro_rules! app {
    (mocks: $mocks:expr) => {
        test::init_service(App::new().configure(configure(state_from($mocks)))).await
    };
    ($ready:expr) => {
        test::init_service(App::new().configure(configure(state($ready)))).await
    };
}

/// Sends the request; the status and the JSON body (`null` when there is none).
macro_rules! send {
    ($app:expr, $request:expr) => {{
        let response = test::call_service(&$app, $request.to_request()).await;
        let status = response.status();
        let bytes = test::read_body(response).await;
        (
            status,
            serde_json::from_slice::<Value>(&bytes).unwrap_or(Value::Null),
        )
    }};
}

fn refusal(message: &str) -> Value {
    json!({"success": false, "message": message})
}

#[actix_web::test]
async fn a_write_without_a_token_is_401_even_with_a_broken_body() {
    let app = app!(true);
    let request = test::TestRequest::post()
        .uri("/api/v1/category/create-category")
        .insert_header((CONTENT_TYPE, "application/json"))
        .set_payload("{\"name\": ");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::UNAUTHORIZED,
            refusal("Please login to continue")
        )
    );
}

#[actix_web::test]
async fn a_shopper_on_an_admin_route_is_403_before_the_body_is_judged() {
    let app = app!(true);
    for (method, uri) in [
        (
            actix_web::http::Method::POST,
            "/api/v1/category/create-category",
        ),
        (actix_web::http::Method::POST, "/api/v1/sale/create-sale"),
        (actix_web::http::Method::PUT, "/api/v1/sale/update-sale/s-1"),
    ] {
        let request = test::TestRequest::default()
            .method(method)
            .uri(uri)
            .insert_header((AUTHORIZATION, SHOPPER))
            .insert_header((CONTENT_TYPE, "application/json"))
            .set_payload("not json");
        assert_eq!(
            send!(app, request),
            (StatusCode::FORBIDDEN, refusal("Admin access required")),
            "{uri}"
        );
    }
    let request = test::TestRequest::get()
        .uri("/api/v1/user/get-sellers")
        .insert_header((AUTHORIZATION, format!("Bearer {SHOPPER}")));
    assert_eq!(send!(app, request).0, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn an_admin_with_broken_or_oversized_json_gets_400_or_413() {
    let app = app!(true);
    let request = test::TestRequest::post()
        .uri("/api/v1/category/create-category")
        .insert_header((AUTHORIZATION, ADMIN))
        .insert_header((CONTENT_TYPE, "application/json"))
        .set_payload("{\"name\": ");
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Malformed JSON"),
        "{body}"
    );

    let request = test::TestRequest::post()
        .uri("/api/v1/category/create-category")
        .insert_header((AUTHORIZATION, ADMIN))
        .set_json(json!({"name": "x".repeat(100 * 1024)}));
    assert_eq!(
        send!(app, request),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            refusal("The request body must be at most 64 KB")
        )
    );

    let request = test::TestRequest::post()
        .uri("/api/v1/category/create-category")
        .insert_header((AUTHORIZATION, ADMIN))
        .set_json(json!({"name": 5}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let request = test::TestRequest::post()
        .uri("/api/v1/sale/create-sale")
        .insert_header((AUTHORIZATION, ADMIN))
        .set_json(json!({"name": "Holi", "discount": 10}));
    assert_eq!(
        send!(app, request),
        (StatusCode::BAD_REQUEST, refusal("Fill all details"))
    );
}

#[actix_web::test]
async fn a_product_form_whose_photo_the_photo_use_case_refuses_is_refused() {
    let mut mocks = Mocks::default();
    mocks
        .photos
        .expect_prepare_upload()
        .withf(|admin, upload| admin.id().as_str() == "admin" && upload.starts_with(b"<svg"))
        .times(1)
        .returning(|_, _| Err(InvalidInput::new(photo::NOT_AN_IMAGE).into()));
    let app = app!(mocks: mocks);
    let boundary = "b0undary";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nFake\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"x.png\"\r\n\
         Content-Type: image/png\r\n\r\n<svg xmlns='http://www.w3.org/2000/svg'/>\r\n--{boundary}--\r\n"
    );
    let request = test::TestRequest::post()
        .uri("/api/v1/product/create-product")
        .insert_header((AUTHORIZATION, ADMIN))
        .insert_header((
            CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    assert_eq!(
        send!(app, request),
        (
            StatusCode::BAD_REQUEST,
            refusal("Photo must be a JPEG, PNG, WebP, GIF or AVIF image")
        )
    );

    let request = test::TestRequest::post()
        .uri("/api/v1/product/create-product")
        .insert_header((AUTHORIZATION, ADMIN))
        .set_json(json!({"name": "Not a form"}));
    assert_eq!(send!(app, request).0, StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn bad_list_parameters_are_400_and_unknown_paths_and_methods_are_json() {
    let app = app!(true);
    for query in [
        "limit=0",
        "limit=1000",
        "page=0&limit=5",
        "maxPrice=abc",
        "sort=cheapest",
        "inStock=yes",
        "inStock=TRUE",
    ] {
        let request =
            test::TestRequest::get().uri(&format!("/api/v1/product/get-products?{query}"));
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(body["success"], json!(false));
    }
    let request = test::TestRequest::get().uri("/api/v1/no/such/route");
    assert_eq!(
        send!(app, request),
        (StatusCode::NOT_FOUND, refusal("Not found"))
    );
    let request = test::TestRequest::post().uri("/api/v1/sale/allsales");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            refusal("Method not allowed")
        )
    );
}

#[actix_web::test]
async fn a_wrong_method_is_405_with_the_methods_of_the_path_in_allow() {
    let app = app!(true);
    for (method, uri, allow) in [
        (Method::POST, "/api/v1/sale/allsales", "GET"),
        (Method::TRACE, "/api/v1/order/cart", "POST"),
        (Method::GET, "/api/v1/product/delete/p-1", "DELETE"),
        (Method::OPTIONS, "/api/v1/user/update-user/u-1", "PUT"),
        (Method::HEAD, "/api/v1/health/live", "GET"),
        (Method::PUT, "/health/ready", "GET"),
    ] {
        let request = test::TestRequest::default()
            .method(method.clone())
            .uri(uri)
            .to_request();
        let response = test::call_service(&app, request).await;
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {uri}"
        );
        assert_eq!(
            response.headers().get(ALLOW).map(|v| v.to_str().unwrap()),
            Some(allow),
            "{method} {uri}"
        );
    }
}

/// The document and the routes come from the same registration; this holds them to each
/// other from the outside: every documented path is served, and answers a method it does
/// not document with 405 naming exactly the documented ones.
#[actix_web::test]
async fn every_documented_path_is_served_with_exactly_its_documented_methods() {
    let mut state = state(true);
    state.sandbox = Some(Arc::new(MockSandboxUseCases::new()));
    // The development outbox's operations are mounted with its mails.
    state.dev_outbox = Some(Arc::new(MockMailOutbox::new()));
    let app = test::init_service(App::new().configure(configure(state))).await;
    let (_, document) = send!(app, test::TestRequest::get().uri("/api/v1/openapi.json"));
    let paths = document["paths"].as_object().unwrap();
    assert!(paths.contains_key("/health/live") && paths.contains_key("/api/v1/health/live"));
    for (path, item) in paths {
        let documented: Vec<String> = item
            .as_object()
            .unwrap()
            .keys()
            .map(|method| method.to_uppercase())
            .collect();
        let uri = path
            .replace("{id}", "0190b7d4-5d3a-7c3e-9a4b-1f2e3d4c5b6a")
            .replace("{pincode}", "560001")
            .replace("{amount}", "100");
        for method in [Method::GET, Method::POST, Method::PUT, Method::DELETE] {
            if documented.iter().any(|m| m == method.as_str()) {
                continue;
            }
            let request = test::TestRequest::default()
                .method(method.clone())
                .uri(&uri)
                .to_request();
            let response = test::call_service(&app, request).await;
            assert_eq!(
                response.status(),
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path}"
            );
            assert_eq!(
                response.headers().get(ALLOW).map(|v| v.to_str().unwrap()),
                Some(documented.join(", ").as_str()),
                "{method} {path}"
            );
        }
    }
}

#[actix_web::test]
async fn a_photo_width_outside_the_four_is_400_before_any_photo_is_read() {
    let app = app!(true);
    for width in ["123", "abc", "", "480px", "4800"] {
        let request =
            test::TestRequest::get().uri(&format!("/api/v1/product/product-photo/p-1?w={width}"));
        assert_eq!(
            send!(app, request),
            (StatusCode::BAD_REQUEST, refusal("Unsupported width")),
            "{width:?}"
        );
    }
}

#[actix_web::test]
async fn a_sized_photo_is_asked_for_with_its_width_and_the_client_s_webp_support() {
    let mut mocks = Mocks::default();
    mocks
        .photos
        .expect_product_photo()
        .withf(|id, asked| {
            id.as_str() == "p-1"
                && *asked
                    == PhotoRequest {
                        width: Some(PhotoWidth::parse("480").unwrap()),
                        accepts_webp: true,
                    }
        })
        .times(2)
        .returning(|_, _| {
            Ok(ServedPhoto {
                image: StoredImage {
                    content_type: "image/webp".into(),
                    bytes: b"RIFF....WEBP".to_vec(),
                    sha256: "ab".repeat(32),
                },
                version: "0123456789abcdef".into(),
            })
        });
    let app = app!(mocks: mocks);

    for (version, cache) in [
        ("0123456789abcdef", "public, max-age=31536000, immutable"),
        ("stale", "public, max-age=86400"),
    ] {
        let request = test::TestRequest::get()
            .uri(&format!(
                "/api/v1/product/product-photo/p-1?w=480&v={version}"
            ))
            .insert_header((ACCEPT, "image/avif,image/webp,*/*;q=0.8"));
        let response = test::call_service(&app, request.to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{version}");
        let header = |name| response.headers().get(name).unwrap().to_str().unwrap();
        assert_eq!(header(CONTENT_TYPE), "image/webp");
        assert_eq!(header(VARY), "Accept");
        assert_eq!(header(CACHE_CONTROL), cache, "{version}");
    }
}

#[actix_web::test]
async fn the_auth_checks_answer_with_ok() {
    let app = app!(true);
    let anonymous = test::TestRequest::get().uri("/api/v1/auth/user-auth");
    let (status, body) = send!(app, anonymous);
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["ok"], json!(false));
    assert_eq!(body["success"], json!(false));

    let forged = test::TestRequest::get()
        .uri("/api/v1/auth/user-auth")
        .insert_header((AUTHORIZATION, "forged"));
    assert_eq!(send!(app, forged).0, StatusCode::UNAUTHORIZED);

    let shopper = test::TestRequest::get()
        .uri("/api/v1/auth/user-auth")
        .insert_header((AUTHORIZATION, SHOPPER));
    assert_eq!(send!(app, shopper), (StatusCode::OK, json!({"ok": true})));

    let shopper = test::TestRequest::get()
        .uri("/api/v1/auth/admin-auth")
        .insert_header((AUTHORIZATION, SHOPPER));
    assert_eq!(
        send!(app, shopper),
        (
            StatusCode::FORBIDDEN,
            json!({"ok": false, "success": false, "message": "Admin access required"})
        )
    );
    let admin = test::TestRequest::get()
        .uri("/api/v1/auth/admin-auth")
        .insert_header((AUTHORIZATION, format!("Bearer {ADMIN}")));
    assert_eq!(send!(app, admin), (StatusCode::OK, json!({"ok": true})));
}

#[actix_web::test]
async fn login_needs_both_fields() {
    let app = app!(true);
    let request = test::TestRequest::post()
        .uri("/api/v1/auth/login")
        .set_json(json!({"email": "a@b.in"}));
    assert_eq!(
        send!(app, request),
        (
            StatusCode::BAD_REQUEST,
            refusal("Email and password are required")
        )
    );
}

#[actix_web::test]
async fn health_answers_at_the_root_and_under_the_api() {
    let app = app!(true);
    for uri in [
        "/health/live",
        "/health/ready",
        "/api/v1/health/live",
        "/api/v1/health/ready",
    ] {
        let (status, body) = send!(app, test::TestRequest::get().uri(uri));
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(body["success"], json!(true));
    }
    let unready = app!(false);
    let (status, body) = send!(unready, test::TestRequest::get().uri("/health/ready"));
    assert_eq!(
        (status, body),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            refusal("Service unavailable")
        )
    );
}

#[actix_web::test]
async fn the_openapi_document_is_served() {
    let app = app!(true);
    let (status, body) = send!(app, test::TestRequest::get().uri("/api/v1/openapi.json"));
    assert_eq!(status, StatusCode::OK);
    assert!(body["paths"]["/api/v1/product/get-products"]["get"].is_object());
    assert!(body["paths"]["/api/v1/health/ready"]["get"].is_object());
}

/// The API on a real socket (port 0); its base URL.
async fn serve() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let server = actix_web::HttpServer::new(|| App::new().configure(configure(state(true))))
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
    actix_web::rt::spawn(server);
    format!("http://{address}/api/v1")
}

fn png_of_size(size: usize) -> Vec<u8> {
    let mut bytes =
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
    bytes.resize(size, 0);
    bytes
}

#[actix_web::test]
async fn over_the_network_an_oversized_photo_gets_a_readable_413() {
    let base = serve().await;
    let client = reqwest::Client::new();
    for size in [20 * 1024 * 1024 + 1, 24 * 1024 * 1024] {
        let form = reqwest::multipart::Form::new()
            .text("name", "Big")
            .text("price", "10")
            .text("category", "c-1")
            .part(
                "photo",
                reqwest::multipart::Part::bytes(png_of_size(size)).file_name("big.png"),
            );
        let response = client
            .post(format!("{base}/product/create-product"))
            .header("Authorization", ADMIN)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            reqwest::StatusCode::PAYLOAD_TOO_LARGE,
            "{size}"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, refusal("Photo must be at most 20 MB"));
    }
}

#[actix_web::test]
async fn over_the_network_oversized_json_gets_a_readable_413() {
    let base = serve().await;
    let response = reqwest::Client::new()
        .post(format!("{base}/category/create-category"))
        .header("Authorization", ADMIN)
        .json(&json!({"name": "x".repeat(100 * 1024), "image": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), reqwest::StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, refusal("The request body must be at most 64 KB"));
}

// --- what handlers hand their use cases, and how the answers map ---------------------------

/// The product the catalog would store from `input`.
fn product_from(id: &str, input: ProductInput) -> Product {
    let draft = ProductDraft::parse(input).unwrap();
    let now = Utc::now();
    Product {
        id: ProductId::new(id),
        product_code: "PDK-1".into(),
        handle: paduka_domain::catalog::Handle::from_name(&draft.name),
        name: draft.name,
        info: draft.info,
        variants: draft.variants,
        descriptions: draft.descriptions,
        specifications: draft.specifications,
        material: draft.material,
        tags: draft.tags,
        seller: Some(UserId::new("admin")),
        category: CategoryRef {
            id: draft.category,
            name: "Running".into(),
        },
        quantity: draft.quantity,
        shipping: draft.shipping,
        other_photos: draft.other_photos,
        colors: draft.colors,
        hsn: draft.hsn,
        published: draft.published,
        size_chart: draft.size_chart,
        has_photo: true,
        photo_version: Some("0123456789abcdef".into()),
        rating: ProductRating::default(),
        created_at: now,
        updated_at: now,
    }
}

#[actix_web::test]
async fn an_admin_creates_a_product_from_the_form() {
    let mut mocks = Mocks::default();
    // The catalog stores what the photo use case made of the upload, not the upload.
    mocks
        .photos
        .expect_prepare_upload()
        .withf(|admin, upload| admin.id().as_str() == "admin" && upload == &png_of_size(64))
        .times(1)
        .returning(|_, _| {
            Ok(Image {
                image_type: ImageType::Png,
                bytes: b"prepared".to_vec(),
            })
        });
    mocks
        .catalog
        .expect_create_product()
        .withf(|admin, input, photo| {
            admin.id().as_str() == "admin"
                && input.name.as_deref() == Some("Tempo")
                && input.prices == ["4599", "4599.50"]
                && input.discounts == ["10", "0"]
                && input.category.as_deref() == Some("c-1")
                && photo.as_ref().is_some_and(|p| {
                    p.image_type == ImageType::Png && p.bytes == b"prepared".as_slice()
                })
        })
        .times(1)
        .returning(|_, input, _| Ok(product_from("p-1", input)));
    let app = app!(mocks: mocks);

    let boundary = "b0undary";
    let mut body = Vec::new();
    for (name, value) in [
        ("name", "Tempo"),
        ("price", "4599,4599.50"),
        ("discount", "10,0"),
        ("category", "c-1"),
    ] {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(&png_of_size(64));
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = test::TestRequest::post()
        .uri("/api/v1/product/create-product")
        .insert_header((AUTHORIZATION, ADMIN))
        .insert_header((
            CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["message"], json!("Product Created Successfully"));
    let product = &body["product"];
    assert_eq!(product["price"], json!([4599.0, 4599.5]));
    assert_eq!(product["discount"], json!([10, 0]));
    assert_eq!(product["type"], json!([]));
    assert_eq!(product["seller"], json!("admin"));
    assert_eq!(
        product["category"],
        json!({"_id": "c-1", "name": "Running"})
    );
    assert_eq!(product["hasPhoto"], json!(true));
    assert_eq!(product["photoVersion"], json!("0123456789abcdef"));
    assert!(product["createdAt"].as_str().unwrap().ends_with('Z'));
}

#[actix_web::test]
async fn the_list_reports_its_count_and_the_total() {
    let mut mocks = Mocks::default();
    mocks.catalog.expect_revision().return_const(7_u64);
    mocks
        .catalog
        .expect_list_products()
        .withf(|query| {
            query.limit == Some(1) && query.page == 2 && query.sort == ProductSort::Oldest
        })
        .times(1)
        .returning(|_| {
            let input = ProductInput {
                name: Some("Tempo".into()),
                prices: vec!["999".into()],
                category: Some("c-1".into()),
                ..ProductInput::default()
            };
            Ok(ProductPage {
                products: vec![product_from("p-1", input)],
                total: 3,
                price_ceiling: Paise::from_stored(249_950),
                ..ProductPage::default()
            })
        });
    let app = app!(mocks: mocks);
    let request =
        test::TestRequest::get().uri("/api/v1/product/get-products?sort=oldest&page=2&limit=1");
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (body["count"].clone(), body["total"].clone()),
        (json!(1), json!(3))
    );
    assert_eq!(body["priceCeiling"], json!(2499.5), "rupees, like prices");
    assert_eq!(body["products"][0]["_id"], json!("p-1"));
}

#[actix_web::test]
async fn a_search_passes_its_size_and_stock_filters_and_says_how_it_was_corrected() {
    let mut mocks = Mocks::default();
    mocks.catalog.expect_revision().return_const(7_u64);
    mocks
        .catalog
        .expect_list_products()
        .withf(|query| {
            query.text.as_deref() == Some("sneakr")
                && query.size.as_deref() == Some("UK 8")
                && query.in_stock
        })
        .times(2)
        .returning(|_| {
            Ok(ProductPage {
                corrected: Some("sneakers".into()),
                ..ProductPage::default()
            })
        });
    let app = app!(mocks: mocks);
    // Twice: a search is never served from the shared cache, so each one is counted.
    for _ in 0..2 {
        let request = test::TestRequest::get()
            .uri("/api/v1/product/get-products?q=%20sneakr%20&size=UK%208&inStock=true");
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["correctedQ"], json!("sneakers"));
    }
}

#[actix_web::test]
async fn suggestions_are_names_240_pixel_photos_and_prices_and_blank_words_suggest_nothing() {
    let mut mocks = Mocks::default();
    mocks
        .catalog
        .expect_suggest()
        .withf(|query| query.text.as_deref() == Some("tem") && !query.in_stock)
        .times(1)
        .returning(|_| {
            let input = ProductInput {
                name: Some("Tempo".into()),
                prices: vec!["999".into()],
                discounts: vec!["10".into()],
                category: Some("c-1".into()),
                ..ProductInput::default()
            };
            Ok(vec![product_from("p-1", input)])
        });
    let app = app!(mocks: mocks);
    let request = test::TestRequest::get().uri("/api/v1/product/suggest?q=tem&inStock=");
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body,
        json!({"success": true, "products": [
            {
                "_id": "p-1",
                "name": "Tempo",
                "photo": "/api/v1/product/product-photo/p-1?w=240&v=0123456789abcdef",
                "price": 899.1
            }
        ]})
    );
    let request = test::TestRequest::get().uri("/api/v1/product/suggest?q=%20");
    assert_eq!(
        send!(app, request),
        (StatusCode::OK, json!({"success": true, "products": []}))
    );
    let request = test::TestRequest::get().uri("/api/v1/product/suggest?q=a&inStock=1");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::BAD_REQUEST,
            refusal("inStock must be true or false")
        )
    );
}

#[actix_web::test]
async fn the_most_missed_searches_are_for_admins() {
    let mut mocks = Mocks::default();
    mocks
        .catalog
        .expect_search_misses()
        .times(1)
        .returning(|_| {
            Ok(vec![paduka_application::catalog::SearchMiss {
                query: "mojdi".into(),
                count: 4,
            }])
        });
    let app = app!(mocks: mocks);
    let request = test::TestRequest::get()
        .uri("/api/v1/product/search-misses")
        .insert_header((AUTHORIZATION, ADMIN));
    assert_eq!(
        send!(app, request),
        (
            StatusCode::OK,
            json!({"success": true, "misses": [{"q": "mojdi", "count": 4}]})
        )
    );
    let request = test::TestRequest::get().uri("/api/v1/product/search-misses");
    assert_eq!(send!(app, request).0, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn a_review_is_written_as_the_token_user_whatever_the_body_says() {
    let mut mocks = Mocks::default();
    mocks
        .catalog
        .expect_add_review()
        .withf(|user, product, _| user.user_id.as_str() == "shopper" && product.as_str() == "nope")
        .returning(|_, _, _| Err(CatalogError::ProductNotFound));
    mocks
        .catalog
        .expect_add_review()
        .withf(|user, product, draft| {
            user.user_id.as_str() == "shopper"
                && product.as_str() == "p-1"
                && draft.rating == 5
                && draft.comment == "Lovely"
        })
        .times(1)
        .returning(|user, product, draft| {
            Ok(Review {
                id: ReviewId::new("r-1"),
                product: product.clone(),
                user: UserRef::new(user.user_id.clone(), user.name.clone()),
                rating: draft.rating,
                comment: draft.comment,
                created_at: Utc::now(),
                updated_at: Utc::now(),
            })
        });
    let app = app!(mocks: mocks);
    let request = test::TestRequest::post()
        .uri("/api/v1/review/add-review/nope")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"comment": "x", "rating": "5", "user": "admin"}));
    assert_eq!(
        send!(app, request),
        (StatusCode::NOT_FOUND, refusal("Product not found"))
    );

    let request = test::TestRequest::post()
        .uri("/api/v1/review/add-review/p-1")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"comment": "Lovely", "rating": "5", "user": "admin"}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], json!("Review added successfully"));
    assert_eq!(
        body["review"]["user"],
        json!({"_id": "shopper", "name": "Shopper"})
    );
    assert_eq!(body["review"]["rating"], json!(5));
}

#[actix_web::test]
async fn a_sale_takes_its_discount_as_text_and_an_unknown_sale_is_404() {
    let mut mocks = Mocks::default();
    mocks
        .sales
        .expect_create()
        .withf(|admin, draft| admin.id().as_str() == "admin" && draft.discount.value() == 30)
        .times(1)
        .returning(|_, draft| {
            Ok(Sale {
                id: paduka_domain::SaleId::new("s-1"),
                name: draft.name,
                start: draft.start,
                end: draft.end,
                discount: draft.discount,
            })
        });
    mocks
        .sales
        .expect_delete()
        .withf(|_, id| id.as_str() == "nope")
        .returning(|_, _| Err(SaleError::NotFound));
    let app = app!(mocks: mocks);
    let request = test::TestRequest::post()
        .uri("/api/v1/sale/create-sale")
        .insert_header((AUTHORIZATION, ADMIN))
        .set_json(json!({"name": "Diwali", "start": "2029-10-20T10:00", "end": "2029-10-30T10:00", "discount": "30"}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], json!("Sale created successfully"));
    assert_eq!(
        body["sale"],
        json!({"_id": "s-1", "name": "Diwali", "start": "2029-10-20T04:30:00Z", "end": "2029-10-30T04:30:00Z", "discount": 30})
    );
    let request = test::TestRequest::get()
        .uri("/api/v1/sale/delete-sale/nope")
        .insert_header((AUTHORIZATION, ADMIN));
    assert_eq!(
        send!(app, request),
        (StatusCode::NOT_FOUND, refusal("Sale not found"))
    );
}

#[actix_web::test]
async fn the_sales_list_is_built_once_per_sales_revision_and_sent_as_the_client_accepts() {
    let revision = Arc::new(AtomicU64::new(0));
    let mut mocks = Mocks::default();
    let seen = revision.clone();
    mocks
        .sales
        .expect_revision()
        .returning(move || seen.load(Ordering::SeqCst));
    let sale = |id: &str, name: &str| {
        let draft = SaleDraft::parse(
            Some(name),
            Some("2029-10-20T10:00"),
            Some("2029-10-30T10:00"),
            Some("30"),
        )
        .unwrap();
        Sale {
            id: paduka_domain::SaleId::new(id),
            name: draft.name,
            start: draft.start,
            end: draft.end,
            discount: draft.discount,
        }
    };
    let mut lists = vec![
        vec![sale("s-1", "Diwali"), sale("s-2", "Holi")],
        vec![sale("s-1", "Diwali")],
    ];
    // Once per revision, however many ask: a third list would panic.
    mocks
        .sales
        .expect_list()
        .times(2)
        .returning(move || Ok(lists.pop().unwrap()));
    let app = app!(mocks: mocks);
    let get = |encodings: &str| {
        test::TestRequest::get()
            .uri("/api/v1/sale/allsales")
            .insert_header((ACCEPT_ENCODING, encodings))
    };
    let names = |body: &[u8]| -> Vec<String> {
        let body: Value = serde_json::from_slice(body).unwrap();
        body["sales"]
            .as_array()
            .unwrap()
            .iter()
            .map(|sale| sale["name"].as_str().unwrap().to_owned())
            .collect()
    };

    let plain = test::call_service(&app, get("identity").to_request()).await;
    assert_eq!(plain.status(), StatusCode::OK);
    assert!(plain.headers().get(CONTENT_ENCODING).is_none());
    let etag = plain.headers().get(ETAG).unwrap().clone();
    let plain = test::read_body(plain).await;
    assert_eq!(names(&plain), ["Diwali"]);

    let zipped = test::call_service(&app, get("gzip, br;q=0").to_request()).await;
    assert_eq!(zipped.headers().get(CONTENT_ENCODING).unwrap(), "gzip");
    assert_eq!(zipped.headers().get(VARY).unwrap(), "Accept-Encoding");
    assert_ne!(zipped.headers().get(ETAG).unwrap(), etag);
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&test::read_body(zipped).await[..])
        .read_to_end(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, plain);

    let unchanged = get("identity").insert_header((IF_NONE_MATCH, etag.clone()));
    let unchanged = test::call_service(&app, unchanged.to_request()).await;
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    // An admin's write bumps the revision: the next visitor sees the new sale.
    revision.fetch_add(1, Ordering::SeqCst);
    let changed = get("identity").insert_header((IF_NONE_MATCH, etag));
    let changed = test::call_service(&app, changed.to_request()).await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(names(&test::read_body(changed).await), ["Diwali", "Holi"]);
}

#[actix_web::test]
async fn the_user_routes_refuse_anonymous_callers_and_shoppers_where_admin_only() {
    let mut mocks = Mocks::default();
    // What the profile use case refuses, for the handler to pass on.
    mocks
        .users
        .expect_update_profile()
        .withf(|by, id, input| {
            by.user_id.as_str() == "shopper"
                && id.as_str() == "admin"
                && input.name.as_deref() == Some("X")
                && input.phone.as_ref().map(Phone::as_str) == Some("9876543210")
                && input.address.as_deref() == Some("Y")
                && input.role.is_none()
        })
        .times(1)
        .returning(|_, _, _| Err(UserError::NotYourProfile));
    mocks
        .users
        .expect_update_profile()
        .withf(|_, id, input| id.as_str() == "shopper" && input.role == Some(Role::Admin))
        .times(1)
        .returning(|_, _, _| Err(UserError::RoleChangeNotAllowed));
    let app = app!(mocks: mocks);
    for (method, path) in [
        ("GET", "/api/v1/user/get-users"),
        ("GET", "/api/v1/user/delete-user/shopper"),
        ("PUT", "/api/v1/user/update-user/shopper"),
    ] {
        let request = test::TestRequest::default()
            .method(method.parse().unwrap())
            .uri(path)
            .set_json(json!({"newname": "X"}));
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}: {body}");
        assert_eq!(body, refusal("Please login to continue"));
    }
    for path in ["/api/v1/user/get-users", "/api/v1/user/delete-user/admin"] {
        let request = test::TestRequest::get()
            .uri(path)
            .insert_header((AUTHORIZATION, SHOPPER));
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {body}");
        assert_eq!(body, refusal("Admin access required"));
    }
    let request = test::TestRequest::put()
        .uri("/api/v1/user/update-user/admin")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"newname": "X", "newphone": "9876543210", "newaddress": "Y"}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body, refusal("You can only update your own profile"));
    let request = test::TestRequest::put()
        .uri("/api/v1/user/update-user/shopper")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"newrole": 1}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body, refusal("Only an admin can change roles"));
}

#[actix_web::test]
async fn registration_and_reset_bodies_are_read_at_the_edge_and_codes_judged_by_the_use_case() {
    // A field that breaks a rule never reaches a use case; a code, whatever it looks like, does.
    let mut mocks = Mocks::default();
    mocks
        .registration
        .expect_confirm_registration()
        .withf(|email, code, _| email.as_str() == "asha@example.com" && code == "12ab56")
        .times(1)
        .returning(|_, _, _| Err(RegistrationError::InvalidCode));
    mocks
        .registration
        .expect_reset_password()
        .withf(|_, code, _| code.is_empty())
        .times(1)
        .returning(|_, _, _| Err(RegistrationError::InvalidCode));
    let app = app!(mocks: mocks);
    let cases = [
        (
            "/api/v1/auth/register",
            json!({"name": "Asha", "email": "asha", "password": "correct horse",
                   "phone": 9876543210_u64, "address": "1 MG Road", "otp": null}),
            "Enter a valid email address",
        ),
        (
            "/api/v1/auth/register",
            json!({"email": "asha@example.com", "otp": "12ab56"}),
            "Invalid or expired OTP",
        ),
        (
            "/api/v1/auth/forgot-password",
            json!({}),
            "Enter a valid email address",
        ),
        (
            "/api/v1/auth/reset-password",
            json!({"email": "asha@example.com", "otp": 123456, "password": "short"}),
            "Password must be at least 8 characters",
        ),
        (
            "/api/v1/auth/reset-password",
            json!({"email": "asha@example.com", "password": "long enough"}),
            "Invalid or expired OTP",
        ),
    ];
    for (path, payload, message) in cases {
        let request = test::TestRequest::post().uri(path).set_json(payload);
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_eq!(body, refusal(message), "{path}");
    }
    let request = test::TestRequest::post()
        .uri("/api/v1/auth/register")
        .insert_header((CONTENT_TYPE, "application/json"))
        .set_payload("{\"email\": ");
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[actix_web::test]
async fn without_the_sandbox_its_routes_do_not_exist_and_order_routes_need_a_token() {
    let app = app!(true);
    let request = test::TestRequest::post()
        .uri("/api/v1/payment/sandbox/pay")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"orderId": "order_sbx_00"}));
    assert_eq!(
        send!(app, request),
        (StatusCode::NOT_FOUND, refusal("Not found"))
    );
    let request = test::TestRequest::get().uri("/sandbox/checkout");
    let response = test::call_service(&app, request.to_request()).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    for (method, path) in [
        (actix_web::http::Method::POST, "/api/v1/payment/500"),
        (actix_web::http::Method::POST, "/api/v1/order/cart"),
        (actix_web::http::Method::POST, "/api/v1/order/myorders"),
        (actix_web::http::Method::GET, "/api/v1/order/get-order/x"),
        (actix_web::http::Method::GET, "/api/v1/order/get-all-orders"),
        (
            actix_web::http::Method::PUT,
            "/api/v1/order/update-status/x",
        ),
        (actix_web::http::Method::GET, "/api/v1/order/delete/x"),
    ] {
        let request = test::TestRequest::default()
            .method(method)
            .uri(path)
            .insert_header((CONTENT_TYPE, "application/json"))
            .set_payload("{broken");
        let (status, body) = send!(app, request);
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(body["success"], json!(false));
    }
    let request = test::TestRequest::get()
        .uri("/api/v1/order/get-all-orders")
        .insert_header((AUTHORIZATION, SHOPPER));
    assert_eq!(send!(app, request).0, StatusCode::FORBIDDEN);
    let request = test::TestRequest::post()
        .uri("/api/v1/payment/12.5")
        .insert_header((AUTHORIZATION, SHOPPER));
    assert_eq!(
        send!(app, request),
        (
            StatusCode::BAD_REQUEST,
            refusal("Please enter a valid amount")
        )
    );
}

#[actix_web::test]
async fn the_delivery_check_needs_six_digits() {
    let mut mocks = Mocks::default();
    let area = DeliveryArea::parse_list("281001,492010").unwrap();
    mocks.checkout.expect_delivery().returning(move |pincode| {
        let check = area.availability(pincode)?;
        let day = |d| chrono::NaiveDate::from_ymd_opt(2026, 12, d).unwrap();
        let estimate = check.deliverable.then_some(DeliveryEstimate {
            from: day(1),
            to: day(3),
            source: EstimateSource::Table,
        });
        Ok(DeliveryQuote {
            cod: check.deliverable,
            check,
            estimate,
        })
    });
    let app = app!(mocks: mocks);
    let request = test::TestRequest::get().uri("/api/v1/delivery/281001");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::OK,
            json!({"success": true, "deliverable": true, "message": "Delivery available at this pincode", "state": "Uttar Pradesh",
                   "estimate": {"from": "2026-12-01", "to": "2026-12-03", "source": "table"}, "cod": true})
        )
    );
    let request = test::TestRequest::get().uri("/api/v1/delivery/2810");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::BAD_REQUEST,
            refusal("Enter a valid 6-digit Pincode")
        )
    );
}

#[actix_web::test]
async fn a_paid_order_that_could_not_be_filled_is_409_saying_whether_it_was_refunded() {
    use paduka_application::checkout::{OrderOutcome, PaymentError, RefundState, Unfillable};
    let mut mocks = Mocks::default();
    mocks
        .checkout
        .expect_place_order()
        .withf(|user, request| {
            user.user_id.as_str() == "shopper"
                && request.payment_id == "pay_1"
                && request.order_id.as_deref() == Some("order_1")
                && request.amount_rupees == 1800
        })
        .times(2)
        .returning(|_, request| {
            let refund = if request.signature == "refunded" {
                RefundState::Refunded
            } else {
                RefundState::Pending(PaymentError::Unavailable("timeout".into()))
            };
            Ok(OrderOutcome::Unfilled {
                reason: Unfillable::OutOfStock {
                    name: "Runner".into(),
                    size: None,
                    left: 1,
                },
                refund,
            })
        });
    let app = app!(mocks: mocks);
    for (signature, expected) in [
        (
            "refunded",
            json!({"success": false, "message": "Only 1 left of Runner", "refunded": true}),
        ),
        ("pending", refusal("Only 1 left of Runner")),
    ] {
        let request = test::TestRequest::post()
            .uri("/api/v1/order/cart")
            .insert_header((AUTHORIZATION, SHOPPER))
            .set_json(json!({
                "products": [{"_id": "p-1", "productno": 0, "quantity": 2}],
                "address": "2 Market Road", "pincode": "281001", "amount": 1800,
                "paymentId": "pay_1", "orderId": "order_1", "signature": signature,
            }));
        assert_eq!(send!(app, request), (StatusCode::CONFLICT, expected));
    }
}

#[actix_web::test]
async fn the_sandbox_s_pay_button_asks_its_use_case_as_the_caller() {
    use paduka_application::checkout::SandboxPayment;
    let mut sandbox = MockSandboxUseCases::new();
    sandbox
        .expect_pay()
        .withf(|user, order| user.user_id.as_str() == "shopper" && order == "order_sbx_01")
        .times(1)
        .returning(|_, order| {
            Ok(SandboxPayment {
                razorpay_order_id: order.into(),
                razorpay_payment_id: "pay_sbx_01".into(),
                razorpay_signature: "ab".repeat(32),
            })
        });
    sandbox
        .expect_pay()
        .withf(|_, order| order == "order_sbx_02")
        .returning(|_, _| Err(CheckoutError::PaymentOrderNotFound));
    let mut state = state(true);
    state.sandbox = Some(Arc::new(sandbox));
    let app = test::init_service(App::new().configure(configure(state))).await;

    let pay = |order: &str| {
        test::TestRequest::post()
            .uri("/api/v1/payment/sandbox/pay")
            .insert_header((AUTHORIZATION, SHOPPER))
            .set_json(json!({"orderId": order}))
    };
    assert_eq!(
        send!(app, pay("order_sbx_01")),
        (
            StatusCode::OK,
            json!({"razorpay_order_id": "order_sbx_01", "razorpay_payment_id": "pay_sbx_01",
                   "razorpay_signature": "ab".repeat(32)})
        )
    );
    assert_eq!(
        send!(app, pay("order_sbx_02")),
        (StatusCode::NOT_FOUND, refusal("Payment order not found"))
    );
    assert_eq!(
        send!(app, pay("  ")),
        (StatusCode::BAD_REQUEST, refusal("orderId is required"))
    );
    let anonymous = test::TestRequest::post()
        .uri("/api/v1/payment/sandbox/pay")
        .set_json(json!({"orderId": "order_sbx_01"}));
    assert_eq!(send!(app, anonymous).0, StatusCode::UNAUTHORIZED);
    let page = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/sandbox/checkout")
            .to_request(),
    )
    .await;
    assert_eq!(page.status(), StatusCode::OK);
}

/// What the OpenAPI document does not allow is refused before any use case is asked (the
/// mocks have no expectations: reaching one would panic).
#[actix_web::test]
async fn requests_the_document_does_not_allow_are_400_and_change_nothing() {
    let app = app!(true);
    let refused = |message: &str| (StatusCode::BAD_REQUEST, refusal(message));

    for pincode in ["%20281001", "281001%20", "28100a", "+28100"] {
        let request = test::TestRequest::get().uri(&format!("/api/v1/delivery/{pincode}"));
        assert_eq!(
            send!(app, request),
            refused("Enter a valid 6-digit Pincode"),
            "{pincode}"
        );
    }
    for amount in ["+5", "%205", "5%20", "-5", "5e2"] {
        let request = test::TestRequest::post()
            .uri(&format!("/api/v1/payment/{amount}"))
            .insert_header((AUTHORIZATION, SHOPPER));
        assert_eq!(
            send!(app, request),
            refused("Please enter a valid amount"),
            "{amount}"
        );
    }
    for status in [" Confirmed", "Confirmed ", "confirmed", "Cancelled", ""] {
        let request = test::TestRequest::put()
            .uri("/api/v1/order/update-status/o-1")
            .insert_header((AUTHORIZATION, ADMIN))
            .set_json(json!({ "status": status }));
        assert_eq!(
            send!(app, request),
            refused("Status must be Pending, Confirmed or Delivered"),
            "{status:?}"
        );
    }
    // A body is an object: serde would read a struct from an array of its fields.
    let request = test::TestRequest::post()
        .uri("/api/v1/auth/login")
        .insert_header((CONTENT_TYPE, "application/json"))
        .set_payload(r#"["asha@example.com", "correct horse"]"#);
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid request body"),
        "{body}"
    );
    // An optional body is no body, or a JSON object sent as JSON: never bytes taken for none.
    let not_json = "Send the request body as JSON (Content-Type: application/json)";
    for uri in ["/api/v1/order/myorders", "/api/v1/payment/500"] {
        for (content_type, payload) in [
            (Some("application/octet-stream"), &b"\x00\xff\x10"[..]),
            (Some("text/plain"), &b""[..]),
            (None, &b"{}"[..]),
        ] {
            let mut request = test::TestRequest::post()
                .uri(uri)
                .insert_header((AUTHORIZATION, SHOPPER))
                .set_payload(payload.to_vec());
            if let Some(content_type) = content_type {
                request = request.insert_header((CONTENT_TYPE, content_type));
            }
            assert_eq!(
                send!(app, request),
                refused(not_json),
                "{uri} {content_type:?}"
            );
        }
        for payload in ["null", "[]", "[null]", "\"x\"", "\t", " "] {
            let request = test::TestRequest::post()
                .uri(uri)
                .insert_header((AUTHORIZATION, SHOPPER))
                .insert_header((CONTENT_TYPE, "application/json"))
                .set_payload(payload);
            let (status, body) = send!(app, request);
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri} {payload}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Invalid request body"),
                "{uri} {payload}: {body}"
            );
        }
    }
}
