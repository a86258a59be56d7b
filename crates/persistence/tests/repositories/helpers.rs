//! What the repository tests share beyond `paduka-test-support`: the rows a test needs before
//! it starts, and products to store.

use std::fmt::Debug;

use paduka_application::RepoError;
use paduka_application::accounts::UserRepository;
use paduka_application::catalog::{CategoryRepository, ProductRecord, ProductRepository};
use paduka_domain::catalog::{Image, ImageType, ProductDraft};
use paduka_domain::user::{Role, User};
use paduka_domain::{CategoryId, ProductId, UserId};
use paduka_persistence::{
    Database, DieselCategoryRepository, DieselProductRepository, DieselUserRepository,
};
pub use paduka_test_support::builders::{UserBuilder, category, variant};
pub use paduka_test_support::database::TestDb;
pub use paduka_test_support::time::at;

/// Stores, through the repositories, what a test needs to exist before it starts.
pub struct Seed(Database);

impl Seed {
    pub fn new(db: &TestDb) -> Self {
        Self(db.db())
    }

    pub async fn user(&self, user: User) {
        let users = DieselUserRepository::new(self.0.clone());
        users.create(&user).await.expect("seed a user");
    }

    /// The admin `id`, named after it.
    pub async fn admin(&self, id: &str) {
        self.user(UserBuilder::admin(id).build()).await;
    }

    /// The shopper `id`, named after it.
    pub async fn shopper(&self, id: &str) {
        self.user(UserBuilder::shopper(id).build()).await;
    }

    pub async fn category(&self, id: &str, name: &str) {
        let categories = DieselCategoryRepository::new(self.0.clone());
        categories
            .create(&category(id, name))
            .await
            .expect("seed a category");
    }

    pub async fn product(&self, id: &str, product: ProductRecord) {
        let products = DieselProductRepository::new(self.0.clone());
        products
            .create(&ProductId::new(id), product)
            .await
            .expect("seed a product");
    }

    /// The admin `admin`, the category `boots` and in it the product `p1`, "Boot" (code
    /// `P1`), with `stock` pairs.
    pub async fn a_boot(&self, stock: u32) {
        self.admin("admin").await;
        self.category("boots", "Boots").await;
        let mut boot = record("P1", "Boot", "boots", "admin", 0);
        boot.draft.quantity = stock;
        self.product("p1", boot).await;
    }
}

/// The account `id` named `name`, otherwise as [`UserBuilder`] makes it.
#[allow(
    dead_code,
    reason = "the short form older tests use; new ones build with UserBuilder"
)]
pub fn user(id: &str, name: &str, role: Role) -> User {
    UserBuilder::new(id, role).named(name).build()
}

pub fn png(bytes: &[u8]) -> Image {
    Image {
        image_type: ImageType::Png,
        bytes: bytes.to_vec(),
    }
}

/// A product to store, made at `at(seconds)`: one variant at ₹1000, 5 in stock, shipped, no
/// photo; change fields as a test needs.
pub fn record(code: &str, name: &str, category: &str, seller: &str, seconds: i64) -> ProductRecord {
    ProductRecord {
        product_code: code.to_owned(),
        handle: None,
        seller: UserId::new(seller),
        draft: ProductDraft {
            product_code: Some(code.to_owned()),
            name: name.to_owned(),
            info: String::new(),
            variants: vec![variant(None, 1000, 0)],
            sale_prices_given: false,
            descriptions: vec![],
            specifications: vec![],
            material: String::new(),
            tags: vec![],
            seller: None,
            category: CategoryId::new(category),
            quantity: 5,
            shipping: true,
            other_photos: vec![],
            colors: vec![],
            colors_given: false,
            size_chart: None,
            size_chart_given: false,
            hsn: None,
            published: true,
        },
        photo: None,
        at: at(seconds),
    }
}

/// Asserts that a write was refused with the port's conflict `expected`.
pub fn assert_conflict<T: Debug, C: Debug + PartialEq>(
    result: Result<T, RepoError<C>>,
    expected: C,
) {
    match result {
        Err(RepoError::Conflict(conflict)) => assert_eq!(conflict, expected),
        other => panic!("expected the conflict {expected:?}, got {other:?}"),
    }
}

/// Asserts that a change found nothing to change.
pub fn assert_not_found<T: Debug, C: Debug>(result: Result<T, RepoError<C>>) {
    assert!(matches!(result, Err(RepoError::NotFound)), "{result:?}");
}
