//! The domain's entities with defaults a shop test can live with; a test changes only the
//! fields it is about.
//!
//! ```
//! use paduka_test_support::builders::{OrderBuilder, ProductBuilder, UserBuilder};
//!
//! let asha = UserBuilder::shopper("asha").phone("9123456780").build();
//! assert_eq!((asha.name.as_str(), asha.email.as_str()), ("Asha", "asha@paduka.test"));
//! let boot = ProductBuilder::new("p-1").named("Chelsea").stock(5).build();
//! let order = OrderBuilder::new("ord-1").buyer("asha").build();
//! assert_eq!(order.user.name, "Asha");
//! # let _ = boot;
//! ```

use chrono::{DateTime, Utc};
use paduka_domain::catalog::{
    Category, CategoryRef, Colour, Handle, Product, ProductRating, Variant,
};
use paduka_domain::contact::Email;
use paduka_domain::gst::{GstRate, Hsn};
use paduka_domain::order::{LineTax, Order, OrderLine, OrderStatus};
use paduka_domain::review::UserRef;
use paduka_domain::user::{Role, User};
use paduka_domain::{CategoryId, OrderId, Paise, Percent, ProductId, State, UserId};

use crate::time::{at, now};

/// `asha` → `Asha`: the name every fixture gives the account `id`.
pub fn name_of(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A user account.
#[derive(Debug, Clone)]
pub struct UserBuilder(User);

impl UserBuilder {
    /// The account `id`: named after it (`asha` → `Asha`), `{id}@paduka.test`, phone
    /// 9876543210, living at 1 MG Road, with a stored password hash, made at [`at`]`(0)`.
    pub fn new(id: &str, role: Role) -> Self {
        Self(User {
            id: UserId::new(id),
            name: name_of(id),
            email: Email::parse(&format!("{id}@paduka.test")).expect("a valid e-mail"),
            phone: "9876543210".into(),
            address: "1 MG Road".into(),
            role,
            password_hash: "$2b$04$hash".into(),
            created_at: at(0),
            updated_at: at(0),
        })
    }

    pub fn shopper(id: &str) -> Self {
        Self::new(id, Role::Shopper)
    }

    pub fn admin(id: &str) -> Self {
        Self::new(id, Role::Admin)
    }

    pub fn named(mut self, name: &str) -> Self {
        self.0.name = name.to_owned();
        self
    }

    pub fn email(mut self, email: &str) -> Self {
        self.0.email = Email::parse(email).expect("a valid e-mail");
        self
    }

    pub fn phone(mut self, phone: &str) -> Self {
        self.0.phone = phone.to_owned();
        self
    }

    pub fn address(mut self, address: &str) -> Self {
        self.0.address = address.to_owned();
        self
    }

    pub fn password_hash(mut self, hash: &str) -> Self {
        self.0.password_hash = hash.to_owned();
        self
    }

    /// Made, and last changed, at `at`.
    pub fn made_at(mut self, at: DateTime<Utc>) -> Self {
        (self.0.created_at, self.0.updated_at) = (at, at);
        self
    }

    pub fn build(self) -> User {
        self.0
    }
}

/// The category `id` named `name`, with an uploaded picture.
pub fn category(id: &str, name: &str) -> Category {
    Category {
        id: CategoryId::new(id),
        name: name.to_owned(),
        image: format!("/api/v1/media/{id}"),
    }
}

/// A variant at `rupees` less `discount` percent; a labelled one has the model `M-{label}`.
pub fn variant(label: Option<&str>, rupees: i64, discount: i64) -> Variant {
    Variant {
        color: String::new(),
        label: label.map(str::to_owned),
        model: label.map(|l| format!("M-{l}")),
        price: Paise::from_rupees(rupees).expect("a valid price"),
        sale_price: Paise::from_rupees(rupees)
            .expect("a valid price")
            .discounted(Percent::new(discount).expect("a valid discount")),
        stock: None,
    }
}

/// A stored product.
#[derive(Debug, Clone)]
pub struct ProductBuilder(Product);

impl ProductBuilder {
    /// The product `id`: "Trail Runner" (code `PDK-0000CAFE`) in Sneakers (`cat-1`), one
    /// variant at ₹2499 with no discount, 3 in stock, sold by `seller-1`, with a photo (version
    /// `abc123`) and no reviews, made at [`at`]`(0)`.
    pub fn new(id: &str) -> Self {
        Self(Product {
            id: ProductId::new(id),
            product_code: "PDK-0000CAFE".into(),
            handle: Handle::from_name("Trail Runner"),
            name: "Trail Runner".into(),
            info: String::new(),
            variants: vec![variant(None, 2499, 0)],
            descriptions: vec![],
            specifications: vec![],
            material: String::new(),
            tags: vec![],
            seller: Some(UserId::new("seller-1")),
            category: CategoryRef {
                id: CategoryId::new("cat-1"),
                name: "Sneakers".into(),
            },
            quantity: 3,
            shipping: true,
            other_photos: vec![],
            colors: vec![],
            hsn: None,
            published: true,
            size_chart: None,
            has_photo: true,
            photo_version: Some("abc123".into()),
            rating: ProductRating::default(),
            created_at: at(0),
            updated_at: at(0),
        })
    }

    pub fn named(mut self, name: &str) -> Self {
        self.0.name = name.to_owned();
        self
    }

    pub fn variants(mut self, variants: Vec<Variant>) -> Self {
        self.0.variants = variants;
        self
    }

    pub fn stock(mut self, quantity: u32) -> Self {
        self.0.quantity = quantity;
        self
    }

    /// Tracks stock per variant: `stock[i]` pairs of variant `i`, the total their sum.
    pub fn stock_per_size(mut self, stock: &[u32]) -> Self {
        assert_eq!(stock.len(), self.0.variants.len(), "one number per variant");
        for (variant, pairs) in self.0.variants.iter_mut().zip(stock) {
            variant.stock = Some(*pairs);
        }
        self.0.quantity = stock.iter().sum();
        self
    }

    /// In `colours` (decisions D44), each with its photo `/api/v1/media/{name lower-cased}` and
    /// one variant: each colour's variant is the product's first variant in that colour.
    pub fn colours(mut self, colours: &[&str]) -> Self {
        let first = self.0.variants[0].clone();
        self.0.colors = colours
            .iter()
            .map(|name| Colour {
                name: (*name).to_owned(),
                hex: None,
                photos: vec![format!("/api/v1/media/{}", name.to_lowercase())],
            })
            .collect();
        self.0.variants = colours
            .iter()
            .map(|name| Variant {
                color: (*name).to_owned(),
                ..first.clone()
            })
            .collect();
        self
    }

    /// The stored photo's version, as `v=` in its cacheable URLs.
    pub fn photo_version(mut self, version: &str) -> Self {
        self.0.photo_version = Some(version.to_owned());
        self
    }

    /// Sold by nobody: the seller's account was deleted.
    /// A draft: seen by admins only, never ordered (decisions D43).
    pub fn draft(mut self) -> Self {
        self.0.published = false;
        self
    }

    pub fn without_seller(mut self) -> Self {
        self.0.seller = None;
        self
    }

    /// Made, and last changed, at `at`.
    pub fn made_at(mut self, at: DateTime<Utc>) -> Self {
        (self.0.created_at, self.0.updated_at) = (at, at);
        self
    }

    pub fn build(self) -> Product {
        self.0
    }
}

/// Two pairs of Trail Runner UK 7 at ₹999 less 15% (₹849.15 each), HSN 6403 at 5 % GST.
pub fn order_line() -> OrderLine {
    OrderLine {
        product: ProductId::new("p-1"),
        name: "Trail Runner".into(),
        category_name: "Sneakers".into(),
        variant_label: Some("UK 7".into()),
        color: String::new(),
        unit_price: Paise::from_stored(99_900),
        discount: Percent::new(15).expect("a valid discount"),
        sale_price: Paise::from_stored(84_915),
        quantity: 2,
        tax: Some(LineTax {
            hsn: Hsn::parse("6403").expect("a valid HSN"),
            rate: GstRate::new(5).expect("a valid rate"),
        }),
        held_by_returns: 0,
    }
}

/// A placed order.
#[derive(Debug, Clone)]
pub struct OrderBuilder(Order);

impl OrderBuilder {
    /// The order `id`: `shopper-1`'s, for ₹1698 (one [`order_line`]), to 12 Temple Road,
    /// Mathura 281001 (Uttar Pradesh), paid by `pay_1` for the provider order `order_A`,
    /// pending, placed [`now`], invoice `PDK/25-26/000001`.
    pub fn new(id: &str) -> Self {
        Self(Order {
            id: OrderId::new(id),
            lines: vec![order_line()],
            user: UserRef::new(UserId::new("shopper-1"), name_of("shopper-1")),
            address: "12 Temple Road, Mathura".into(),
            pincode: "281001".into(),
            amount_rupees: 1698,
            coupon: None,
            prepaid_discount_rupees: 0,
            cod_fee_rupees: 0,
            credit_used_rupees: 0,
            payment_method: paduka_domain::order::PaymentMethod::Online,
            paid: true,
            payment_id: "pay_1".into(),
            provider_order_id: "order_A".into(),
            state: Some(State::UttarPradesh),
            invoice_no: Some("PDK/25-26/000001".into()),
            status: OrderStatus::Pending,
            shipment: None,
            delivered_at: None,
            replaces: None,
            whatsapp: false,
            cod_confirmation: None,
            created_at: now(),
            updated_at: now(),
        })
    }

    /// Bought by the account `id` (named as [`UserBuilder`] names it).
    pub fn buyer(mut self, id: &str) -> Self {
        self.0.user = UserRef::new(UserId::new(id), name_of(id));
        self
    }

    pub fn status(mut self, status: OrderStatus) -> Self {
        self.0.status = status;
        self
    }

    pub fn lines(mut self, lines: Vec<OrderLine>) -> Self {
        self.0.lines = lines;
        self
    }

    /// Cash on delivery, not collected yet.
    pub fn cash_on_delivery(mut self) -> Self {
        self.0.payment_method = paduka_domain::order::PaymentMethod::Cod;
        self.0.paid = false;
        self
    }

    /// Placed with `code`, which took `discount_rupees` off the subtotal.
    pub fn coupon(mut self, code: &str, discount_rupees: i64) -> Self {
        self.0.coupon = Some(paduka_domain::order::OrderCoupon {
            code: code.to_owned(),
            discount_rupees,
        });
        self
    }

    /// The replacement order of a size exchange of `original` (decisions D24): amount 0,
    /// paid, no invoice, confirmed; its lines keep their prices.
    pub fn replacing(mut self, original: &str) -> Self {
        self.0.replaces = Some(OrderId::new(original));
        self.0.amount_rupees = 0;
        self.0.coupon = None;
        self.0.credit_used_rupees = 0;
        self.0.paid = true;
        self.0.payment_id = format!("exchange_ret-{original}");
        self.0.provider_order_id = String::new();
        self.0.invoice_no = None;
        self.0.status = OrderStatus::Confirmed;
        self
    }

    /// Its cash-on-delivery confirmation stands at `confirmation` (decisions D39).
    pub fn cod_confirmation(mut self, confirmation: paduka_domain::order::CodConfirmation) -> Self {
        self.0.cod_confirmation = Some(confirmation);
        self
    }

    /// Placed at `at`.
    pub fn placed_at(mut self, at: chrono::DateTime<chrono::Utc>) -> Self {
        self.0.created_at = at;
        self.0.updated_at = at;
        self
    }

    /// Paid `rupees` of its amount with store credit.
    pub fn credit_used(mut self, rupees: i64) -> Self {
        self.0.credit_used_rupees = rupees;
        self
    }

    pub fn build(self) -> Order {
        self.0
    }
}
