use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};
use paduka_application::Clock;
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};
use paduka_server::config::{ClockOverride, Settings};
use paduka_server::demo::pictures::{Palette, Silhouette, View, shoe_png};
use paduka_server::startup::{Application, Services};
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

pub const ADMIN_EMAIL: &str = "owner@shop.test";
pub const SHOPPER_EMAIL: &str = "asha@shop.test";
pub const PASSWORD: &str = "correct horse battery";

/// A running application on a random port with its own database, an admin and a shopper.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub services: Services,
    pub admin_token: String,
    pub shopper_token: String,
    pub shopper_id: String,
    /// The application's clock: real time plus however far a test moved it.
    pub clock: Arc<TestClock>,
    /// `DATA_DIR`: the database, and the mail outbox under `outbox/`.
    pub data_dir: PathBuf,
    /// Outbox files a test already took.
    read_mail: Mutex<HashSet<PathBuf>>,
    _data_dir: tempfile::TempDir,
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

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    if std::env::var("TEST_LOG").is_ok() {
        paduka_server::telemetry::init("debug", paduka_server::config::LogFormat::Text);
    }
    let data_dir = tempfile::tempdir().expect("a temporary folder");
    let mut settings = Settings::for_tests(data_dir.path());
    let clock = Arc::new(TestClock::default());
    settings.clock = Some(ClockOverride(clock.clone()));
    adjust(&mut settings);
    let application = Application::build(settings)
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
    let now = Utc::now();
    let shopper = services
        .api
        .auth
        .create_user_directly(
            User {
                id: UserId::new(uuid::Uuid::now_v7().to_string()),
                name: "Asha".into(),
                email: Email::parse(SHOPPER_EMAIL).unwrap(),
                phone: "9123456780".into(),
                address: "2 Market Road".into(),
                role: Role::Shopper,
                password_hash: String::new(),
                created_at: now,
                updated_at: now,
            },
            PASSWORD,
        )
        .await
        .expect("a shopper");

    let client = reqwest::Client::builder().build().unwrap();
    let mut app = TestApp {
        address,
        client,
        services,
        admin_token: String::new(),
        shopper_token: String::new(),
        shopper_id: shopper.id.to_string(),
        clock,
        data_dir: data_dir.path().to_path_buf(),
        read_mail: Mutex::new(HashSet::new()),
        _data_dir: data_dir,
    };
    app.admin_token = app.login_token(ADMIN_EMAIL, PASSWORD).await;
    app.shopper_token = app.login_token(SHOPPER_EMAIL, PASSWORD).await;
    app
}

/// Who sends a request.
#[derive(Clone, Copy, Debug)]
pub enum As {
    Anonymous,
    Shopper,
    Admin,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}/api/v1{}", self.address, path)
    }

    fn token(&self, who: As) -> Option<&str> {
        match who {
            As::Anonymous => None,
            As::Shopper => Some(&self.shopper_token),
            As::Admin => Some(&self.admin_token),
        }
    }

    pub fn request(&self, method: reqwest::Method, path: &str, who: As) -> reqwest::RequestBuilder {
        let builder = self.client.request(method, self.url(path));
        match self.token(who) {
            // The spec's client sends the raw token; that is what most tests send too.
            Some(token) => builder.header("Authorization", token),
            None => builder,
        }
    }

    pub async fn get(&self, path: &str, who: As) -> Response {
        self.request(reqwest::Method::GET, path, who)
            .send()
            .await
            .unwrap()
    }

    pub async fn post_json(&self, path: &str, who: As, body: Value) -> Response {
        self.request(reqwest::Method::POST, path, who)
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    pub async fn put_json(&self, path: &str, who: As, body: Value) -> Response {
        self.request(reqwest::Method::PUT, path, who)
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    pub async fn delete(&self, path: &str, who: As) -> Response {
        self.request(reqwest::Method::DELETE, path, who)
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

    pub async fn login_token(&self, email: &str, password: &str) -> String {
        let response = self
            .post_json(
                "/auth/login",
                As::Anonymous,
                json!({"email": email, "password": password}),
            )
            .await;
        let body = expect(response, StatusCode::OK).await;
        body["token"].as_str().expect("a token").to_owned()
    }

    /// Creates a category as the admin and returns its id.
    pub async fn category(&self, name: &str) -> String {
        let response = self
            .post_json(
                "/category/create-category",
                As::Admin,
                json!({"name": name, "image": "/api/v1/media/x"}),
            )
            .await;
        let body = expect(response, StatusCode::CREATED).await;
        body["category"]["_id"].as_str().unwrap().to_owned()
    }

    pub async fn send_product_form(
        &self,
        method: reqwest::Method,
        path: &str,
        who: As,
        form: Form,
    ) -> Response {
        self.request(method, path, who)
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Creates a product as the admin from text fields (plus an optional photo) and returns
    /// the reply's product.
    pub async fn product(&self, fields: &[(&str, &str)], photo: Option<Vec<u8>>) -> Value {
        let response = self
            .send_product_form(
                reqwest::Method::POST,
                "/product/create-product",
                As::Admin,
                product_form(fields, photo),
            )
            .await;
        let body = expect(response, StatusCode::CREATED).await;
        body["product"].clone()
    }
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

/// The code a mail carries: the line that is exactly six digits.
pub fn mailed_code(mail: &str) -> String {
    mail.lines()
        .map(str::trim)
        .find(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in the mail:\n{mail}"))
        .to_owned()
}
