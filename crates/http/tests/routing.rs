//! The real routes over mocked services: who is refused before what, and that every refusal
//! has the `{success: false, message}` shape. The full contract is tested on the assembled
//! server (crates/server/tests/api).

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::http::header::{AUTHORIZATION, CONTENT_TYPE};
use actix_web::{App, test};
use chrono::Utc;
use paduka_application::RepoError;
use paduka_application::accounts::{
    AuthService, MockCodeGenerator, MockOneTimeCodeRepository, MockPasswordHasher, MockThrottle,
    MockTokenIssuer, MockUserRepository, RateLimiter, RateLimits, RegistrationPorts,
    RegistrationService, TokenError, UserService,
};
use paduka_application::admin::{AdminService, MockStatsRepository};
use paduka_application::catalog::{
    CatalogService, MockCategoryRepository, MockImageRepository, MockProductRepository,
    MockReviewRepository, ProductPage, ProductRecord, ProductSort,
};
use paduka_application::checkout::{
    CheckoutPorts, CheckoutService, MockCheckoutIntentRepository, MockPaymentGateway,
    MockWebhookEventRepository,
};
use paduka_application::mail::MockMailer;
use paduka_application::orders::{MockOrderRepository, OrderPorts, OrderService};
use paduka_application::ports::MockReadinessProbe;
use paduka_application::sales::{MockSaleRepository, SaleService};
use paduka_application::{MockClock, MockIdGenerator};
use paduka_domain::catalog::{
    Category, CategoryRef, ImageType, Product, ProductDraft, ProductInput, ProductRating,
};
use paduka_domain::contact::Email;
use paduka_domain::delivery::DeliveryArea;
use paduka_domain::review::{Review, UserRef};
use paduka_domain::user::{Role, User};
use paduka_domain::{CategoryId, ProductId, UserId};
use paduka_http::{ApiState, configure};
use serde_json::{Value, json};

const ADMIN: &str = "admin-token";
const SHOPPER: &str = "shopper-token";

fn user(id: &str, role: Role) -> User {
    let now = Utc::now();
    User {
        id: UserId::new(id),
        name: id.to_owned(),
        email: Email::parse(&format!("{id}@shop.test")).unwrap(),
        phone: "9876543210".into(),
        address: "1 Shop Street".into(),
        role,
        password_hash: String::new(),
        created_at: now,
        updated_at: now,
    }
}

/// The repositories a test sets expectations on; any call without one panics, which proves
/// a refused request never reached the service.
#[derive(Default)]
struct Mocks {
    products: MockProductRepository,
    categories: MockCategoryRepository,
    reviews: MockReviewRepository,
    sales: MockSaleRepository,
    ids: MockIdGenerator,
    unready: bool,
}

/// Services over `mocks`, whose users are one admin and one shopper.
fn state_from(mocks: Mocks) -> ApiState {
    let mut clock = MockClock::new();
    clock.expect_now().returning(Utc::now);
    let clock = Arc::new(clock);
    let ids = Arc::new(mocks.ids);

    let mut users = MockUserRepository::new();
    users.expect_find().returning(|id| {
        Ok(match id.as_str() {
            "admin" => Some(user("admin", Role::Admin)),
            "shopper" => Some(user("shopper", Role::Shopper)),
            _ => None,
        })
    });
    let users = Arc::new(users);
    let mut tokens = MockTokenIssuer::new();
    tokens.expect_verify().returning(|token, _| match token {
        ADMIN => Ok(UserId::new("admin")),
        SHOPPER => Ok(UserId::new("shopper")),
        _ => Err(TokenError::Invalid),
    });

    let catalog = CatalogService::new(
        Arc::new(mocks.products),
        Arc::new(mocks.categories),
        Arc::new(mocks.reviews),
        Arc::new(MockImageRepository::new()),
        users.clone(),
        ids.clone(),
        clock.clone(),
    );
    let sales = SaleService::new(Arc::new(mocks.sales), ids.clone());
    let mut throttle = MockThrottle::new();
    throttle.expect_allows().returning(|_, _| true);
    throttle.expect_attempt().returning(|_, _| true);
    let limiter = RateLimiter::new(Arc::new(throttle), RateLimits::default());
    let registration = RegistrationService::new(
        RegistrationPorts {
            users: users.clone(),
            codes: Arc::new(MockOneTimeCodeRepository::new()),
            generator: Arc::new(MockCodeGenerator::new()),
            hasher: Arc::new(MockPasswordHasher::new()),
            mailer: Arc::new(MockMailer::new()),
            ids: ids.clone(),
            clock: clock.clone(),
        },
        limiter.clone(),
    );
    let checkout = CheckoutService::new(
        CheckoutPorts {
            gateway: Arc::new(MockPaymentGateway::new()),
            intents: Arc::new(MockCheckoutIntentRepository::new()),
            orders: Arc::new(MockOrderRepository::new()),
            products: Arc::new(MockProductRepository::new()),
            users: users.clone(),
            webhook_events: Arc::new(MockWebhookEventRepository::new()),
            mailer: Arc::new(MockMailer::new()),
            ids: ids.clone(),
            clock: clock.clone(),
            catalog_revision: Default::default(),
        },
        DeliveryArea::parse_list("281001,492010").unwrap(),
    );
    let orders = OrderService::new(OrderPorts {
        orders: Arc::new(MockOrderRepository::new()),
        gateway: Arc::new(MockPaymentGateway::new()),
        users: users.clone(),
        mailer: Arc::new(MockMailer::new()),
        clock: clock.clone(),
        catalog_revision: Default::default(),
    });
    let user_service = UserService::new(users.clone(), clock.clone());
    let auth = AuthService::new(
        users,
        Arc::new(MockPasswordHasher::new()),
        Arc::new(tokens),
        ids,
        clock,
        String::new(),
        limiter,
    );
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
        catalog: Arc::new(catalog),
        sales: Arc::new(sales),
        auth: Arc::new(auth),
        registration: Arc::new(registration),
        users: Arc::new(user_service),
        checkout: Arc::new(checkout),
        orders: Arc::new(orders),
        admin: Arc::new(AdminService::new(
            Arc::new(MockStatsRepository::new()),
            Arc::new(MockClock::new()),
        )),
        sandbox: None,
        readiness: Arc::new(probe),
        replies: Arc::default(),
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
async fn a_product_form_with_a_disguised_photo_is_refused() {
    let app = app!(true);
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
    for size in [5 * 1024 * 1024 + 1, 8 * 1024 * 1024] {
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
        assert_eq!(body, refusal("Photo must be at most 5 MB"));
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

// --- the happy paths map the services' answers ------------------------------------------------

fn category() -> Category {
    Category {
        id: CategoryId::new("c-1"),
        name: "Running".into(),
        image: String::new(),
    }
}

fn stored(id: &str, record: &ProductRecord) -> Product {
    let draft = &record.draft;
    Product {
        id: ProductId::new(id),
        product_code: record.product_code.clone(),
        name: draft.name.clone(),
        info: draft.info.clone(),
        variants: draft.variants.clone(),
        descriptions: draft.descriptions.clone(),
        specifications: draft.specifications.clone(),
        material: draft.material.clone(),
        tags: draft.tags.clone(),
        seller: Some(record.seller.clone()),
        category: CategoryRef {
            id: draft.category.clone(),
            name: "Running".into(),
        },
        quantity: draft.quantity,
        shipping: draft.shipping,
        other_photos: draft.other_photos.clone(),
        has_photo: record.photo.is_some(),
        rating: ProductRating::default(),
        created_at: record.at,
        updated_at: record.at,
    }
}

#[actix_web::test]
async fn an_admin_creates_a_product_from_the_form() {
    let mut mocks = Mocks::default();
    mocks
        .ids
        .expect_new_id()
        .returning(|| "0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a".into());
    mocks
        .categories
        .expect_find()
        .returning(|_| Ok(Some(category())));
    mocks
        .products
        .expect_create()
        .withf(|_, record| {
            record.seller.as_str() == "admin"
                && record
                    .photo
                    .as_ref()
                    .is_some_and(|p| p.image_type == ImageType::Png)
        })
        .times(1)
        .returning(|id, record| Ok(stored(id.as_str(), &record)));
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
    assert!(product["createdAt"].as_str().unwrap().ends_with('Z'));
}

#[actix_web::test]
async fn the_list_reports_its_count_and_the_total() {
    let mut mocks = Mocks::default();
    mocks
        .products
        .expect_list()
        .withf(|query| {
            query.limit == Some(1) && query.page == 2 && query.sort == ProductSort::Oldest
        })
        .returning(|_| {
            let record = ProductRecord {
                product_code: "PDK-1".into(),
                seller: UserId::new("admin"),
                draft: ProductDraft::parse(ProductInput {
                    name: Some("Tempo".into()),
                    prices: vec!["999".into()],
                    category: Some("c-1".into()),
                    ..ProductInput::default()
                })
                .unwrap(),
                photo: None,
                at: Utc::now(),
            };
            Ok(ProductPage {
                products: vec![stored("p-1", &record)],
                total: 3,
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
    assert_eq!(body["products"][0]["_id"], json!("p-1"));
}

#[actix_web::test]
async fn a_review_is_written_as_the_token_user_whatever_the_body_says() {
    let mut mocks = Mocks::default();
    mocks.ids.expect_new_id().returning(|| "r-1".into());
    mocks.products.expect_find().returning(|_| Ok(None));
    let app = app!(mocks: mocks);
    let request = test::TestRequest::post()
        .uri("/api/v1/review/add-review/nope")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"comment": "x", "rating": "5", "user": "admin"}));
    assert_eq!(
        send!(app, request),
        (StatusCode::NOT_FOUND, refusal("Product not found"))
    );

    let mut mocks = Mocks::default();
    mocks.ids.expect_new_id().returning(|| "r-1".into());
    mocks.products.expect_find().returning(|_| {
        let record = ProductRecord {
            product_code: "PDK-1".into(),
            seller: UserId::new("admin"),
            draft: ProductDraft::parse(ProductInput {
                name: Some("Tempo".into()),
                prices: vec!["999".into()],
                category: Some("c-1".into()),
                ..ProductInput::default()
            })
            .unwrap(),
            photo: None,
            at: Utc::now(),
        };
        Ok(Some(stored("p-1", &record)))
    });
    mocks
        .reviews
        .expect_upsert()
        .withf(|record| record.user.as_str() == "shopper" && record.draft.rating == 5)
        .times(1)
        .returning(|record| {
            Ok(Review {
                id: record.id,
                product: record.product,
                user: UserRef::new(record.user, "shopper"),
                rating: record.draft.rating,
                comment: record.draft.comment,
                created_at: record.at,
                updated_at: record.at,
            })
        });
    let app = app!(mocks: mocks);
    let request = test::TestRequest::post()
        .uri("/api/v1/review/add-review/p-1")
        .insert_header((AUTHORIZATION, SHOPPER))
        .set_json(json!({"comment": "Lovely", "rating": "5", "user": "admin"}));
    let (status, body) = send!(app, request);
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], json!("Review added successfully"));
    assert_eq!(
        body["review"]["user"],
        json!({"_id": "shopper", "name": "shopper"})
    );
    assert_eq!(body["review"]["rating"], json!(5));
}

#[actix_web::test]
async fn a_sale_takes_its_discount_as_text_and_an_unknown_sale_is_404() {
    let mut mocks = Mocks::default();
    mocks.ids.expect_new_id().returning(|| "s-1".into());
    mocks
        .sales
        .expect_create()
        .withf(|sale| sale.discount.value() == 30)
        .times(1)
        .returning(|_| Ok(()));
    mocks
        .sales
        .expect_delete()
        .returning(|_| Err(RepoError::NotFound));
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
async fn the_user_routes_refuse_anonymous_callers_and_shoppers_where_admin_only() {
    let app = app!(true);
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
    // Someone else's profile: refused by the use case before the repository is asked.
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
async fn registration_and_reset_bodies_are_checked_before_any_port_is_used() {
    let app = app!(true);
    let cases = [
        (
            "/api/v1/auth/register",
            json!({"name": "Asha", "email": "asha", "password": "correct horse",
                   "phone": "9876543210", "address": "1 MG Road", "otp": null}),
            "Enter a valid email address",
        ),
        (
            "/api/v1/auth/register",
            json!({"name": "Asha", "email": "asha@example.com", "password": "short",
                   "phone": "9876543210", "address": "1 MG Road", "otp": null}),
            "Password must be at least 8 characters",
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
    let app = app!(true);
    let request = test::TestRequest::get().uri("/api/v1/delivery/281001");
    assert_eq!(
        send!(app, request),
        (
            StatusCode::OK,
            json!({"success": true, "deliverable": true, "message": "Delivery available at this pincode"})
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
