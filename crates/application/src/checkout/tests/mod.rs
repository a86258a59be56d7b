//! Checkout's use cases over in-memory fakes, one file per use case, each test a short
//! given/when/then: a [`Shop`] (given), one call to the service (when), and what the fakes
//! hold afterwards (then). The ports checkout writes through are fakes
//! (`crate::testing::fakes`); the ones it only reads (catalog, coupons, users) answer from
//! the shop's data.
//!
//! The fake gateway's signature of a payment is `sig:{order_id}|{payment_id}` ([`sign`]), so
//! a test can tell exactly which order id a signature was checked against.

mod apply_coupon;
mod cash_on_delivery;
mod charges;
mod credit;
mod delivery;
mod place_order;
mod reconcile;
mod refund;
mod sandbox;
mod start_payment;
mod webhook;

use std::sync::Arc;

use paduka_domain::catalog::{Product, Variant};
use paduka_domain::contact::{DeliveryAddress, Pincode};
use paduka_domain::coupon::{Coupon, CouponTerms};
use paduka_domain::delivery::DeliveryArea;
use paduka_domain::order::{Order, OrderStatus, PaymentCharges};
use paduka_domain::user::{Role, User};
use paduka_domain::{CouponId, Paise, ProductId, UserId};
use paduka_test_support::builders::{OrderBuilder, ProductBuilder, UserBuilder, variant};
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::catalog::{CatalogRevision, MockProductRepository};
use crate::coupons::MockCouponRepository;
use crate::orders::{NewOrder, StockChange};
use crate::testing::fakes::{FakeGateway, FakeIds, FakeMailer, FakeOrders, FakeWebhookEvents};
use crate::testing::{clock, invoicing};

pub(super) use crate::testing::fakes::{WEBHOOK_SIGNATURE, sign};

/// A shop to check out in.
pub(super) struct Shop {
    pub gateway: Arc<FakeGateway>,
    /// Orders and checkout intents.
    pub orders: Arc<FakeOrders>,
    pub events: Arc<FakeWebhookEvents>,
    pub mailer: Arc<FakeMailer>,
    pub products: Vec<Product>,
    /// Each coupon with how often `shopper-1` used it.
    pub coupons: Vec<(Coupon, i64)>,
    pub users: Vec<User>,
    pub cod: CodSettings,
    pub charges: PaymentCharges,
}

impl Shop {
    /// `shopper-1` has an account; the catalog holds Trail Runners with 5 pairs left; no
    /// intent, order, coupon or webhook yet.
    pub fn new() -> Self {
        Self {
            gateway: Arc::default(),
            orders: Arc::default(),
            events: Arc::default(),
            mailer: Arc::default(),
            products: vec![trail_runner(5)],
            coupons: vec![],
            users: vec![UserBuilder::shopper("shopper-1").build()],
            cod: CodSettings::default(),
            charges: PaymentCharges::default(),
        }
    }

    /// [`Shop::new`] where the shopper started paying ₹1698 for the cart: the intent
    /// `order_A`.
    pub fn paid() -> Self {
        Self::new().with_intents(vec![intent()])
    }

    /// The stored checkout intents, oldest first.
    pub fn with_intents(mut self, intents: Vec<CheckoutIntent>) -> Self {
        self.orders = Arc::new(FakeOrders::with_intents(intents));
        self
    }

    /// The catalog holds these products (and only them).
    pub fn with_products(mut self, products: Vec<Product>) -> Self {
        self.products = products;
        self
    }

    /// Trail Runners with `stock` pairs left are all the catalog holds.
    pub fn with_stock(self, stock: u32) -> Self {
        self.with_products(vec![trail_runner(stock)])
    }

    /// `coupon` exists, and the shopper used it `uses` times.
    pub fn with_coupon(mut self, coupon: Coupon, uses: i64) -> Self {
        self.coupons.push((coupon, uses));
        self
    }

    /// These accounts exist (and only they).
    pub fn with_users(mut self, users: Vec<User>) -> Self {
        self.users = users;
        self
    }

    pub fn with_cod(mut self, cod: CodSettings) -> Self {
        self.cod = cod;
        self
    }

    /// `PREPAID_DISCOUNT_PERCENT` and `COD_FEE`.
    pub fn with_charges(mut self, prepaid_percent: u32, cod_fee_rupees: i64) -> Self {
        self.charges = PaymentCharges::new(prepaid_percent, cod_fee_rupees).unwrap();
        self
    }

    /// The checkout service over this shop, delivering to the default area (Mathura).
    pub fn checkout(&self) -> CheckoutService {
        CheckoutService::new(
            CheckoutPorts {
                gateway: self.gateway.clone(),
                intents: self.orders.clone(),
                orders: self.orders.clone(),
                credit: self.orders.clone(),
                products: Arc::new(self.catalog()),
                coupons: Arc::new(self.coupon_book()),
                users: Arc::new(self.accounts()),
                webhook_events: self.events.clone(),
                mailer: self.mailer.clone(),
                ids: Arc::new(FakeIds::default()),
                clock: Arc::new(clock()),
                catalog_revision: CatalogRevision::default(),
                invoicing: invoicing(),
            },
            DeliveryArea::default(),
        )
        .with_cash_on_delivery(self.cod)
        .with_payment_charges(self.charges)
    }

    /// The one placement the shop saw, and the stock it was to take.
    pub fn placed(&self) -> (NewOrder, Vec<StockChange>) {
        match &self.orders.placements()[..] {
            [placement] => placement.clone(),
            other => panic!("expected one placement, got {other:?}"),
        }
    }

    /// Nothing was placed, claimed, refunded or mailed.
    pub fn assert_untouched(&self) {
        assert!(self.orders.placements().is_empty(), "placed");
        let claimed: Vec<_> = self
            .orders
            .intents()
            .into_iter()
            .filter(|i| i.refund.is_some())
            .collect();
        assert!(claimed.is_empty(), "refund claimed: {claimed:?}");
        assert!(self.gateway.refunds_asked().is_empty(), "refunded");
        assert!(self.mailer.sent().is_empty(), "mailed");
    }

    /// `pay_1` was refunded in full, once, with its idempotency key, and the refund recorded
    /// on the intent `order_A`.
    pub fn assert_refunded(&self, paise: i64) {
        let asked = format!("pay_1 {paise} refund-pay_1");
        assert_eq!(self.gateway.refunds_asked(), [asked]);
        let claim = self.orders.intent("order_A").and_then(|i| i.refund);
        let claim = claim.expect("the refund is claimed on the intent");
        assert_eq!(claim.payment_id, "pay_1");
        assert_eq!(claim.refund_id.as_deref(), Some("rfnd_1"));
    }

    fn catalog(&self) -> MockProductRepository {
        let products = self.products.clone();
        let mut catalog = MockProductRepository::new();
        (catalog.expect_find())
            .returning(move |id| Ok(products.iter().find(|p| p.id == *id).cloned()));
        catalog
    }

    fn coupon_book(&self) -> MockCouponRepository {
        let (coupons, uses) = (self.coupons.clone(), self.coupons.clone());
        let mut book = MockCouponRepository::new();
        book.expect_find_by_code().returning(move |code| {
            Ok(coupons
                .iter()
                .map(|(c, _)| c)
                .find(|c| c.terms.code == *code)
                .cloned())
        });
        book.expect_uses_by().returning(move |id, user| {
            let theirs = user.as_str() == "shopper-1";
            let found = uses.iter().find(|(c, _)| c.id == *id);
            Ok(found.filter(|_| theirs).map_or(0, |(_, uses)| *uses))
        });
        book
    }

    fn accounts(&self) -> MockUserRepository {
        let (users, admins) = (self.users.clone(), self.users.clone());
        let mut accounts = MockUserRepository::new();
        (accounts.expect_find())
            .returning(move |id| Ok(users.iter().find(|u| u.id == *id).cloned()));
        accounts.expect_admins().returning(move || {
            Ok(admins
                .iter()
                .filter(|u| u.role == Role::Admin)
                .cloned()
                .collect())
        });
        accounts
    }
}

// --- fixtures -----------------------------------------------------------------------------

/// "Trail Runner": UK 7 at ₹999 with 15% off, UK 8 (model TR-8) at ₹1099; `stock` pairs in
/// its pool.
pub(super) fn trail_runner(stock: u32) -> Product {
    let uk_8 = Variant {
        model: Some("TR-8".into()),
        ..variant(None, 1099, 0)
    };
    ProductBuilder::new("p-1")
        .variants(vec![variant(Some("UK 7"), 999, 15), uk_8])
        .without_seller()
        .stock(stock)
        .build()
}

/// "Trail Runner" tracking sizes: UK 7 has `uk7` pairs, UK 8 has 4.
pub(super) fn sized_runner(uk7: u32) -> Product {
    let mut runner = trail_runner(0);
    runner.variants[0].stock = Some(uk7);
    runner.variants[1].stock = Some(4);
    runner.quantity = uk7 + 4;
    runner
}

/// Two pairs of UK 7: 999 x 0.85 x 2 = 1698.30, so ₹1698.
pub(super) fn cart() -> Vec<CartLine> {
    vec![CartLine {
        product: ProductId::new("p-1"),
        variant: 0,
        quantity: 2,
    }]
}

pub(super) fn cart_input() -> CartInput {
    CartInput {
        lines: cart(),
        address: DeliveryAddress::parse(" 12 Temple Road, Mathura ").unwrap(),
        pincode: Pincode::parse("281001").unwrap(),
        coupon: None,
        state: None,
    }
}

/// The shopper's intent `order_A` for the cart, ₹1698.
pub(super) fn intent() -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: "order_A".into(),
        receipt: "rcpt-1".into(),
        user: Some(UserId::new("shopper-1")),
        lines: cart(),
        address: "12 Temple Road, Mathura".into(),
        pincode: "281001".into(),
        amount_rupees: 1698,
        credit_used_rupees: 0,
        coupon: None,
        state: None,
        created_at: now(),
        refund: None,
    }
}

/// Another shopper's intent `order_F`, for ₹1.
pub(super) fn foreign_intent() -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: "order_F".into(),
        user: Some(UserId::new("shopper-2")),
        amount_rupees: 1,
        receipt: "rcpt-2".into(),
        ..intent()
    }
}

/// A request placing the cart, paid by `pay_1` against `order_A`.
pub(super) fn request() -> OrderRequest {
    OrderRequest {
        lines: cart(),
        address: "12 Temple Road, Mathura".into(),
        pincode: "281001".into(),
        amount_rupees: 1698,
        payment_id: "pay_1".into(),
        order_id: Some("order_A".into()),
        signature: sign("order_A", "pay_1"),
        coupon: None,
        state: None,
        use_credit: false,
        whatsapp: false,
    }
}

/// The order `pay_1` placed earlier, confirmed since.
pub(super) fn existing_order() -> Order {
    OrderBuilder::new("order-earlier")
        .lines(vec![])
        .status(OrderStatus::Confirmed)
        .build()
}

/// `WELCOME10`: 10 % off orders from ₹500, running around [`now`], used `used` times of
/// 100, one use per shopper.
pub(super) fn welcome10(used: i64) -> Coupon {
    Coupon {
        id: CouponId::new("coupon-1"),
        terms: CouponTerms::parse(
            "WELCOME10",
            "percent",
            10,
            500,
            now() - chrono::Duration::days(1),
            now() + chrono::Duration::days(30),
            Some(100),
            Some(1),
        )
        .unwrap(),
        used,
        created_at: now(),
    }
}

/// What the provider says was paid against an order: ₹1698, `captured` or not.
pub(super) fn payment(id: &str, captured: bool) -> ProviderPayment {
    ProviderPayment {
        id: id.into(),
        amount: Paise::from_stored(169_800),
        captured,
    }
}

pub(super) fn message<T: std::fmt::Debug>(result: Result<T, CheckoutError>) -> String {
    result.expect_err("should fail").to_string()
}

/// What `place_order` answered, read as the outcome a test expects.
pub(super) trait Answer {
    fn placed(self) -> PlacedOrder;
    fn unfilled(self) -> (Unfillable, RefundState);
}

impl Answer for Result<OrderOutcome, CheckoutError> {
    fn placed(self) -> PlacedOrder {
        match self {
            Ok(OrderOutcome::Placed(placed)) => placed,
            other => panic!("expected a placed order, got {other:?}"),
        }
    }

    fn unfilled(self) -> (Unfillable, RefundState) {
        match self {
            Ok(OrderOutcome::Unfilled { reason, refund }) => (reason, refund),
            other => panic!("expected an unfilled order, got {other:?}"),
        }
    }
}
