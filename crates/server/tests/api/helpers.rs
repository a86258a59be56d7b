//! The application under test, started per test on a database of its own, and typed requests
//! to it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};
use paduka_application::Clock;
use paduka_server::config::Settings;
use paduka_server::demo::pictures::{Palette, Silhouette, View, shoe_png};
use paduka_server::startup::{Application, Services};
use paduka_test_support::builders::UserBuilder;
pub use paduka_test_support::database::TestDb;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};

pub const ADMIN_EMAIL: &str = "owner@shop.test";
pub const SHOPPER_EMAIL: &str = "asha@shop.test";
pub const PASSWORD: &str = "correct horse battery";

/// A running application on a random port with its own database, an admin ("Shop Owner")
/// and a shopper ("Asha"), both signed in.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub services: Services,
    pub admin_token: String,
    pub shopper_token: String,
    pub shopper_id: String,
    /// The application's clock: real time plus however far a test moved it.
    pub clock: Arc<TestClock>,
    /// `DATA_DIR`: the mail outbox under `outbox/`, the sandbox's secret, the static files.
    pub data_dir: PathBuf,
    /// Outbox files a test already took.
    read_mail: Mutex<HashSet<PathBuf>>,
    _data_dir: tempfile::TempDir,
    /// The database, when the application made its own (`spawn_app`).
    _database: Option<TestDb>,
}

/// A clock that runs with real time, and that tests move forward instead of sleeping.
#[derive(Default)]
pub struct TestClock {
    offset: Mutex<Duration>,
}

impl TestClock {
    pub fn advance(&self, by: Duration) {
        *self.offset.lock().unwrap() += by;
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + *self.offset.lock().unwrap()
    }
}

/// The application on `db`, with the settings tests use (bcrypt's cheapest cost, the
/// sandbox for payments, mail to the outbox).
pub async fn spawn_app_on(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |_| {}).await
}

/// As [`spawn_app_on`], with the settings changed by `adjust`.
pub async fn spawn_app_on_with(db: &TestDb, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let url = db.url().to_owned();
    spawn(None, move |settings| {
        settings.database.url = url.into();
        adjust(settings);
    })
    .await
}

/// For [`spawn_app_on_with`]: imports may fetch photos from loopback and private addresses
/// (`IMPORT_ALLOW_PRIVATE_HOSTS=true`), where the tests' web servers are.
pub fn allow_private_hosts(settings: &mut Settings) {
    settings.shop.import_allow_private_hosts = true;
}

/// Another instance of the application on `db` (as `scripts/instances.sh` runs several), with
/// no account of its own; returns its address. It stops with the test's runtime.
pub async fn spawn_instance_on(db: &TestDb) -> String {
    spawn_instance_with(db, Arc::new(TestClock::default()), |_| {}).await
}

/// As [`spawn_instance_on`], on `clock` (another instance's, to move both at once) and with
/// the settings changed by `adjust`.
pub async fn spawn_instance_with(
    db: &TestDb,
    clock: Arc<TestClock>,
    adjust: impl FnOnce(&mut Settings),
) -> String {
    let data_dir = tempfile::tempdir().expect("a temporary folder");
    let mut settings = test_settings(data_dir.path());
    settings.database.url = db.url().to_owned().into();
    adjust(&mut settings);
    let application = Application::build_with_clock(settings, clock)
        .await
        .expect("the instance builds");
    let address = format!("http://127.0.0.1:{}", application.port());
    tokio::spawn(async move {
        let _data_dir = data_dir;
        application.run_until_stopped().await
    });
    address
}

/// The application on a SQLite file of its own, for a test that runs on one backend only.
/// Prefer a test body listed in `on_both_backends!`, which starts with [`spawn_app_on`].
#[allow(
    dead_code,
    reason = "for tests written before both backends; none is left"
)]
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// As [`spawn_app`], with the settings changed by `adjust`.
#[allow(
    dead_code,
    reason = "for tests written before both backends; none is left"
)]
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let db = TestDb::sqlite();
    let url = db.url().to_owned();
    spawn(Some(db), move |settings| {
        settings.database.url = url.into();
        adjust(settings);
    })
    .await
}

async fn spawn(database: Option<TestDb>, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    if std::env::var("TEST_LOG").is_ok() {
        paduka_server::telemetry::init("debug", paduka_server::config::LogFormat::Text);
    }
    let data_dir = tempfile::tempdir().expect("a temporary folder");
    let mut settings = test_settings(data_dir.path());
    let clock = Arc::new(TestClock::default());
    adjust(&mut settings);
    let application = Application::build_with_clock(settings, clock.clone())
        .await
        .expect("the application builds");
    let address = format!("http://127.0.0.1:{}", application.port());
    let services = application.services.clone();
    tokio::spawn(application.run_until_stopped());

    services
        .api
        .auth
        .create_admin(
            ADMIN_EMAIL,
            "Shop Owner",
            PASSWORD,
            "9876543210",
            "1 Shop Street",
        )
        .await
        .expect("an admin");
    let mut app = TestApp {
        address,
        client: reqwest::Client::new(),
        services,
        admin_token: String::new(),
        shopper_token: String::new(),
        shopper_id: String::new(),
        clock,
        data_dir: data_dir.path().to_path_buf(),
        read_mail: Mutex::new(HashSet::new()),
        _data_dir: data_dir,
        _database: database,
    };
    let asha = app.add_shopper("Asha").await;
    app.shopper_id = asha.id;
    app.shopper_token = asha.token;
    app.admin_token = app.login_token(ADMIN_EMAIL, PASSWORD).await;
    app
}

/// The settings tests start from: the files in `data_dir`, a random port, bcrypt's cheapest
/// cost, no demo data; read as the environment is, so a test checks those readers too.
fn test_settings(data_dir: &Path) -> Settings {
    let folder = |path: &Path| path.to_str().expect("a UTF-8 temporary folder").to_owned();
    Settings::from_vars([
        ("DATA_DIR", folder(data_dir)),
        ("STATIC_DIR", folder(&data_dir.join("static"))),
        ("BIND_ADDR", "127.0.0.1:0".into()),
        ("PUBLIC_URL", "http://127.0.0.1".into()),
        ("JWT_SECRET", "test-secret-test-secret-test-secret!".into()),
        ("BCRYPT_COST", "4".into()),
        ("DEMO_DATA", "false".into()),
    ])
    .expect("the tests' settings are valid")
}

/// A signed-in account a test added.
pub struct Account {
    pub id: String,
    pub token: String,
}

/// Who sends a request.
#[derive(Clone, Copy)]
pub enum As<'a> {
    Anonymous,
    /// Asha, the shopper every application starts with.
    Shopper,
    /// The shop owner.
    Admin,
    /// An account the test added.
    Account(&'a Account),
}

/// A reply's status, and its JSON body, as a test expects them.
pub trait Reply {
    /// Asserts the status and returns the JSON body (`null` when there is none); an error
    /// reply must be the `{success: false, message}` envelope.
    async fn answers(self, status: StatusCode) -> Value;
    /// Asserts a refusal: its status and its exact message.
    async fn refuses(self, status: StatusCode, message: &str);
}

impl Reply for Response {
    async fn answers(self, status: StatusCode) -> Value {
        expect(self, status).await
    }

    async fn refuses(self, status: StatusCode, message: &str) {
        expect_error(self, status, message).await;
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}/api/v1{}", self.address, path)
    }

    /// A request to the API path `path` as `who`.
    pub fn request(&self, method: Method, path: &str, who: As<'_>) -> reqwest::RequestBuilder {
        self.request_to(method, &self.url(path), who)
    }

    /// A request to a path outside the API (the site, health checks, the sandbox's page).
    pub fn site(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.address))
    }

    fn request_to(&self, method: Method, url: &str, who: As<'_>) -> reqwest::RequestBuilder {
        let builder = self.client.request(method, url);
        let token = match who {
            As::Anonymous => return builder,
            As::Shopper => &self.shopper_token,
            As::Admin => &self.admin_token,
            As::Account(account) => &account.token,
        };
        // The spec's client sends the raw token; that is what most tests send too.
        builder.header("Authorization", token)
    }

    pub async fn get(&self, path: &str, who: As<'_>) -> Response {
        self.request(Method::GET, path, who).send().await.unwrap()
    }

    pub async fn post_json(&self, path: &str, who: As<'_>, body: Value) -> Response {
        self.send_json(Method::POST, path, who, body).await
    }

    /// Takes a requested return through every admin step to `Completed`, its pairs passing
    /// the quality check.
    pub async fn complete_return(&self, ret_id: &str) {
        for (step, body) in [
            ("approve", json!({})),
            ("picked-up", json!({})),
            ("receive", json!({"qc": "passed"})),
            ("complete", json!({})),
        ] {
            let path = format!("/return/{step}/{ret_id}");
            self.put_json(&path, As::Admin, body)
                .await
                .answers(StatusCode::OK)
                .await;
        }
    }

    pub async fn put_json(&self, path: &str, who: As<'_>, body: Value) -> Response {
        self.send_json(Method::PUT, path, who, body).await
    }

    async fn send_json(&self, method: Method, path: &str, who: As<'_>, body: Value) -> Response {
        let request = self.request(method, path, who).json(&body);
        request.send().await.unwrap()
    }

    pub async fn delete(&self, path: &str, who: As<'_>) -> Response {
        self.request(Method::DELETE, path, who)
            .send()
            .await
            .unwrap()
    }

    /// Delivers a payment webhook as the provider does: the raw body, its signature and the
    /// event id in headers.
    pub async fn send_webhook(&self, event_id: &str, body: &str, signature: &str) -> Response {
        self.client
            .post(self.url("/payment/webhook"))
            .header("Content-Type", "application/json")
            .header("X-Razorpay-Signature", signature)
            .header("x-razorpay-event-id", event_id)
            .body(body.to_owned())
            .send()
            .await
            .unwrap()
    }

    // --- accounts -------------------------------------------------------------------------

    /// Adds the shopper `name` (`{name}@shop.test` in lower case, password [`PASSWORD`]) as
    /// the demo data does, and signs them in.
    pub async fn add_shopper(&self, name: &str) -> Account {
        let email = format!("{}@shop.test", name.to_lowercase());
        let user = UserBuilder::shopper(&uuid::Uuid::now_v7().to_string())
            .named(name)
            .email(&email)
            .made_at(Utc::now())
            .build();
        let user = (self.services.api.auth)
            .create_user_directly(user, PASSWORD)
            .await
            .expect("a shopper");
        Account {
            id: user.id.to_string(),
            token: self.login_token(&email, PASSWORD).await,
        }
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        let body = json!({"email": email, "password": password});
        self.post_json("/auth/login", As::Anonymous, body).await
    }

    pub async fn login_token(&self, email: &str, password: &str) -> String {
        let body = self
            .login(email, password)
            .await
            .answers(StatusCode::OK)
            .await;
        body["token"].as_str().expect("a token").to_owned()
    }

    /// The shopper and the admin sign in again: their tokens expire once a test moves the
    /// clock on by weeks.
    pub async fn sign_in_again(&mut self) {
        self.shopper_token = self.login_token(SHOPPER_EMAIL, PASSWORD).await;
        self.admin_token = self.login_token(ADMIN_EMAIL, PASSWORD).await;
    }

    // --- the catalog ----------------------------------------------------------------------

    /// Creates one of `resource` as `who`.
    pub async fn create(&self, resource: &Resource, who: As<'_>, body: Value) -> Response {
        self.post_json(resource.create, who, body).await
    }

    /// Updates the `resource` `id` as `who`.
    pub async fn update(
        &self,
        resource: &Resource,
        id: &str,
        who: As<'_>,
        body: Value,
    ) -> Response {
        let path = format!("{}/{id}", resource.update);
        self.put_json(&path, who, body).await
    }

    /// Deletes the `resource` `id` as `who` (a GET, as the spec's client sends it).
    pub async fn remove(&self, resource: &Resource, id: &str, who: As<'_>) -> Response {
        self.get(&format!("{}/{id}", resource.delete), who).await
    }

    /// Creates a category as the admin and returns its id.
    pub async fn category(&self, name: &str) -> String {
        let body = json!({"name": name, "image": "/api/v1/media/x"});
        let reply = self.create(&CATEGORIES, As::Admin, body).await;
        let body = reply.answers(StatusCode::CREATED).await;
        body["category"]["_id"].as_str().unwrap().to_owned()
    }

    /// Every category, as the storefront lists them.
    pub async fn categories(&self) -> Vec<Value> {
        let body = self.get("/category/all-categories", As::Anonymous).await;
        array(&body.answers(StatusCode::OK).await["categories"])
    }

    pub async fn send_product_form(
        &self,
        method: Method,
        path: &str,
        who: As<'_>,
        form: Form,
    ) -> Response {
        self.request(method, path, who)
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Sends a product form to `create-product` as `who`.
    pub async fn create_product(&self, who: As<'_>, fields: &[(&str, &str)]) -> Response {
        let form = product_form(fields, None);
        let path = "/product/create-product";
        self.send_product_form(Method::POST, path, who, form).await
    }

    /// Sends a product form (text fields only) to `update-product/{id}` as `who`.
    pub async fn update_product(&self, id: &str, who: As<'_>, fields: &[(&str, &str)]) -> Response {
        let form = product_form(fields, None);
        let path = format!("/product/update-product/{id}");
        self.send_product_form(Method::PUT, &path, who, form).await
    }

    /// `POST /product/import` with `form`, as the admin.
    pub async fn send_import_form(&self, form: Form) -> Response {
        self.request(Method::POST, "/product/import", As::Admin)
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Starts the import and waits for its job to end; the job's last report.
    pub async fn import_job(&self, form: Form) -> Value {
        let started = self.send_import_form(form).await;
        let job = started.answers(StatusCode::ACCEPTED).await["job"]
            .as_str()
            .unwrap()
            .to_owned();
        self.job_when_ended(&job).await
    }

    /// The import job `job`'s report once it is no longer running.
    pub async fn job_when_ended(&self, job: &str) -> Value {
        loop {
            let report = self.get(&format!("/product/import/{job}"), As::Admin).await;
            let report = report.answers(StatusCode::OK).await;
            if report["status"] != "running" {
                return report;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Creates a product as the admin from text fields (plus an optional photo) and returns
    /// the reply's product.
    pub async fn product(&self, fields: &[(&str, &str)], photo: Option<Vec<u8>>) -> Value {
        let form = product_form(fields, photo);
        let path = "/product/create-product";
        let reply = self.send_product_form(Method::POST, path, As::Admin, form);
        reply.await.answers(StatusCode::CREATED).await["product"].clone()
    }

    /// A product named `name` at ₹2999 in a category of its own; returns its id.
    pub async fn boot(&self, name: &str) -> String {
        let category = self.category(&format!("{name} shoes")).await;
        let fields = [("name", name), ("price", "2999"), ("category", &category)];
        self.product(&fields, None).await["_id"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// A product of `stock` pairs at ₹1000 less 10% (₹900 each) in a category of its own;
    /// returns its id.
    pub async fn shoe(&self, name: &str, stock: u32) -> String {
        let category = self.category(&format!("{name} shoes")).await;
        let stock = stock.to_string();
        let fields = [
            ("name", name),
            ("price", "1000"),
            ("discount", "10"),
            ("category", &category),
            ("quantity", &stock),
        ];
        self.product(&fields, None).await["_id"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// `get-product/{id}` as anyone sees it.
    pub async fn get_product(&self, id: &str) -> Response {
        self.get(&format!("/product/get-product/{id}"), As::Anonymous)
            .await
    }

    /// The product's stock as its page shows it.
    pub async fn stock(&self, product: &str) -> i64 {
        let body = self
            .get_product(product)
            .await
            .answers(StatusCode::OK)
            .await;
        body["product"]["quantity"].as_i64().unwrap()
    }

    /// The names `get-products{query}` lists, in its order.
    pub async fn product_names(&self, query: &str) -> Vec<String> {
        let path = format!("/product/get-products{query}");
        let body = self.get(&path, As::Anonymous).await;
        let products = array(&body.answers(StatusCode::OK).await["products"]);
        (products.iter())
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    }

    pub async fn add_review(&self, product: &str, who: As<'_>, body: Value) -> Response {
        let path = format!("/review/add-review/{product}");
        self.post_json(&path, who, body).await
    }

    /// The product's reviews, newest first.
    pub async fn reviews(&self, product: &str) -> Vec<Value> {
        let path = format!("/product/reviews/{product}");
        let body = self.get(&path, As::Anonymous).await;
        array(&body.answers(StatusCode::OK).await["reviews"])
    }

    /// Every sale, as the storefront lists them.
    pub async fn sales(&self) -> Vec<Value> {
        let body = self.get("/sale/allsales", As::Anonymous).await;
        array(&body.answers(StatusCode::OK).await["sales"])
    }

    // --- orders ---------------------------------------------------------------------------

    /// `who`'s own orders.
    pub async fn my_orders(&self, who: As<'_>) -> Vec<Value> {
        let body = self.post_json("/order/myorders", who, json!({})).await;
        array(&body.answers(StatusCode::OK).await["orders"])
    }

    pub async fn get_order(&self, id: &str, who: As<'_>) -> Response {
        self.get(&format!("/order/get-order/{id}"), who).await
    }

    /// The shopper's cash-on-delivery order of `body` (its `products` and `amount`, maybe
    /// `useCredit`), to checkout's address.
    pub async fn order_cod(&self, mut body: Value) -> Value {
        body["address"] = json!(ADDRESS);
        body["pincode"] = json!(PINCODE);
        let placed = self.post_json("/order/cod", As::Shopper, body).await;
        placed.answers(StatusCode::CREATED).await["order"].clone()
    }

    /// The admin marks `order` Delivered, as a hand-delivered order is.
    pub async fn deliver(&self, order: &Value) {
        let id = order["_id"].as_str().expect("the order's id");
        self.set_status(id, As::Admin, "Delivered")
            .await
            .answers(StatusCode::OK)
            .await;
    }

    pub async fn set_status(&self, id: &str, who: As<'_>, status: &str) -> Response {
        let path = format!("/order/update-status/{id}");
        self.put_json(&path, who, json!({"status": status})).await
    }

    pub async fn cancel_order(&self, id: &str, who: As<'_>) -> Response {
        self.get(&format!("/order/delete/{id}"), who).await
    }

    /// The sandbox's Pay button for the payment order `order_id`, as `who`.
    pub async fn sandbox_pay(&self, who: As<'_>, order_id: &str) -> Response {
        let body = json!({"orderId": order_id});
        self.post_json("/payment/sandbox/pay", who, body).await
    }

    /// `POST /payment/{amount}` as the shopper for the cart `lines` (see [`sized_cart`]),
    /// delivered to checkout's address, with the `coupon` the shopper applied, if any.
    pub async fn ask_payment_for(
        &self,
        lines: &Value,
        amount: i64,
        coupon: Option<&str>,
    ) -> Response {
        let mut body = json!({"products": lines, "address": ADDRESS, "pincode": PINCODE});
        if let Some(code) = coupon {
            body["coupon"] = json!(code);
        }
        self.post_json(&format!("/payment/{amount}"), As::Shopper, body)
            .await
    }

    /// Pays `amount` for the cart `lines` (with `coupon`) in the sandbox and places the order
    /// as the shopper, as the cart page does; returns the order.
    pub async fn buy(&self, lines: &Value, amount: i64, coupon: Option<&str>) -> Value {
        let payment = self.ask_payment_for(lines, amount, coupon).await;
        let payment = payment.answers(StatusCode::OK).await;
        let order_id = payment["id"].as_str().expect("a payment order id");
        let paid = self.sandbox_pay(As::Shopper, order_id).await;
        let paid = paid.answers(StatusCode::OK).await;
        let body = json!({
            "products": lines,
            "address": ADDRESS,
            "pincode": PINCODE,
            "amount": amount,
            "paymentId": paid["razorpay_payment_id"],
            "orderId": paid["razorpay_order_id"],
            "signature": paid["razorpay_signature"],
            "coupon": coupon,
        });
        let placed = self.post_json("/order/cart", As::Shopper, body).await;
        placed.answers(StatusCode::CREATED).await["order"].clone()
    }

    // --- mail -----------------------------------------------------------------------------

    /// The mail to `to` with `subject` in the outbox that no earlier call took. Panics unless
    /// there is exactly one.
    pub fn take_mail(&self, to: &str, subject: &str) -> String {
        let mut read = self.read_mail.lock().unwrap();
        let fresh: Vec<(PathBuf, String)> = outbox_mails(&self.data_dir.join("outbox"))
            .into_iter()
            .filter(|(path, text)| {
                !read.contains(path)
                    && text.contains(&format!("Subject: {subject}\r\n"))
                    && text
                        .lines()
                        .any(|line| line.starts_with("To: ") && line.contains(to))
            })
            .collect();
        assert_eq!(
            fresh.len(),
            1,
            "expected one new mail to {to} titled {subject:?}"
        );
        let (path, text) = fresh.into_iter().next().unwrap();
        read.insert(path);
        text
    }

    /// The code in the one new mail to `to` with `subject`.
    pub fn take_code(&self, to: &str, subject: &str) -> String {
        mailed_code(&self.take_mail(to, subject))
    }

    /// Every mail in the outbox so far.
    pub fn outbox(&self) -> Vec<String> {
        outbox_mails(&self.data_dir.join("outbox"))
            .into_iter()
            .map(|(_, text)| text)
            .collect()
    }
}

/// Where an admin writes one kind of JSON resource.
pub struct Resource {
    pub create: &'static str,
    pub update: &'static str,
    pub delete: &'static str,
}

pub const CATEGORIES: Resource = Resource {
    create: "/category/create-category",
    update: "/category/update-category",
    delete: "/category/delete-category",
};

pub const SALES: Resource = Resource {
    create: "/sale/create-sale",
    update: "/sale/update-sale",
    delete: "/sale/delete-sale",
};

pub const COUPONS: Resource = Resource {
    create: "/coupon/create-coupon",
    update: "/coupon/update-coupon",
    delete: "/coupon/delete-coupon",
};

/// A cart of one line as the cart page sends it: `quantity` pairs of the product's variant
/// `variant` (its place in `price`, the size).
pub fn sized_cart(product: &str, variant: u32, quantity: u32) -> Value {
    json!([{"_id": product, "productno": variant, "quantity": quantity, "name": "ignored"}])
}

/// A JSON array's items (panics on anything else).
pub fn array(value: &Value) -> Vec<Value> {
    value.as_array().expect("a JSON array").clone()
}

pub fn product_form(fields: &[(&str, &str)], photo: Option<Vec<u8>>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    if let Some(bytes) = photo {
        form = form.part("photo", Part::bytes(bytes).file_name("photo.png"));
    }
    form
}

/// A small real PNG.
pub fn png() -> Vec<u8> {
    let palette = Palette {
        upper: 0x1f4e79,
        accent: 0xf2a900,
        sole: 0xf5f5f5,
        backdrop: 0xdbe9f6,
    };
    shoe_png(Silhouette::Sneaker, palette, View::Side, 64)
}

/// Asserts the status, and for JSON replies returns the body (checking the error envelope
/// on 4xx and 5xx).
pub async fn expect(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(actual, status, "unexpected status; body: {text}");
    let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    if !status.is_success() {
        assert_eq!(
            body["success"],
            json!(false),
            "error envelope expected: {text}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "a message: {text}"
        );
    }
    body
}

/// Asserts a refused call: its status and exact message.
pub async fn expect_error(response: Response, status: StatusCode, message: &str) {
    let body = expect(response, status).await;
    assert_eq!(body["message"], json!(message));
}

/// The `.eml` files in `folder`, with their text.
fn outbox_mails(folder: &Path) -> Vec<(PathBuf, String)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "eml"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

/// The plain-text part of an outbox mail, decoded: lettre writes it as 7bit, or as
/// quoted-printable when it holds more than ASCII (`₹`).
pub fn mail_text(mail: &str) -> String {
    let part = (mail.split("Content-Type: text/plain").nth(1)).expect("a plain-text part");
    let (headers, body) = part.split_once("\r\n\r\n").expect("the part's body");
    let body = body.split("\r\n--").next().unwrap();
    let encoding = headers
        .lines()
        .find_map(|line| line.strip_prefix("Content-Transfer-Encoding: "))
        .unwrap_or("7bit");
    match encoding.trim() {
        "7bit" | "8bit" => body.to_owned(),
        "quoted-printable" => {
            let joined = body.replace("=\r\n", "");
            let mut bytes = Vec::with_capacity(joined.len());
            let mut rest = joined.as_bytes();
            while let Some((&byte, tail)) = rest.split_first() {
                let hex = tail.get(..2).and_then(|h| std::str::from_utf8(h).ok());
                match hex.map(|h| u8::from_str_radix(h, 16)) {
                    Some(Ok(decoded)) if byte == b'=' => {
                        bytes.push(decoded);
                        rest = &tail[2..];
                    }
                    _ => {
                        bytes.push(byte);
                        rest = tail;
                    }
                }
            }
            String::from_utf8(bytes).expect("UTF-8 text")
        }
        other => panic!("a plain-text part in {other} is not read here:\n{mail}"),
    }
}

/// The code a mail carries: the line that is exactly six digits.
pub fn mailed_code(mail: &str) -> String {
    mail.lines()
        .map(str::trim)
        .find(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in the mail:\n{mail}"))
        .to_owned()
}
