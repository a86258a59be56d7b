//! `CheckoutService` against mocked ports. Every mock refuses calls it was not told to
//! expect, so a test that sets no expectation on a port also proves the port is left alone.
//!
//! The mocked gateway's "signature" of a payment is `sig:{order_id}|{payment_id}`, so a test
//! can tell exactly which order id a signature was checked against.

use std::sync::Arc;

use paduka_domain::catalog::{Product, Variant};
use paduka_domain::order::{Order, OrderStatus};
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise, Percent, ProductId, UserId};
use paduka_test_support::builders::{OrderBuilder, ProductBuilder, UserBuilder, variant};
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::catalog::MockProductRepository;
use crate::coupons::MockCouponRepository;
use crate::mail::MockMailer;
use crate::orders::{MockOrderRepository, NewOrder, PlaceError, Placement, StockChange};
use crate::testing::{assert_refused, clock, ids, invoicing, shopper};
use crate::{MockIdGenerator, RepoError};

// --- fixtures -----------------------------------------------------------------------------

#[derive(Default)]
struct Ports {
    gateway: MockPaymentGateway,
    intents: MockCheckoutIntentRepository,
    orders: MockOrderRepository,
    products: MockProductRepository,
    coupons: MockCouponRepository,
    users: MockUserRepository,
    events: MockWebhookEventRepository,
    mailer: MockMailer,
    ids: MockIdGenerator,
}

impl Ports {
    /// The shopper's intent `order_A` is stored, and signatures are the fake ones.
    fn signed() -> Self {
        Self::default()
            .with_fake_signatures()
            .with_intents(vec![intent()])
    }

    /// [`Ports::signed`], no order uses `pay_1` yet, and the catalog holds Trail Runners
    /// with `stock` pairs left.
    fn paid(stock: u32) -> Self {
        Self::signed()
            .without_orders()
            .with_products(vec![trail_runner(stock)])
    }

    /// The webhook `evt_1`, never seen before and recorded once handled, says `pay_1`
    /// captured ₹1698 for `order_A`.
    fn captured() -> Self {
        Self::default()
            .with_webhook(captured())
            .with_new_event("evt_1")
            .marking("evt_1")
    }

    fn service(self) -> CheckoutService {
        CheckoutService::new(
            CheckoutPorts {
                gateway: Arc::new(self.gateway),
                intents: Arc::new(self.intents),
                orders: Arc::new(self.orders),
                products: Arc::new(self.products),
                coupons: Arc::new(self.coupons),
                users: Arc::new(self.users),
                webhook_events: Arc::new(self.events),
                mailer: Arc::new(self.mailer),
                ids: Arc::new(self.ids),
                clock: Arc::new(clock()),
                catalog_revision: CatalogRevision::default(),
                invoicing: invoicing(),
            },
            DeliveryArea::default(),
        )
    }

    /// The id generator hands out exactly these ids, in order, and no more.
    fn with_ids(mut self, list: &[&str]) -> Self {
        self.ids = ids(list);
        self
    }

    /// The catalog holds these products (and only them).
    fn with_products(mut self, products: Vec<Product>) -> Self {
        self.products
            .expect_find()
            .returning(move |id| Ok(products.iter().find(|p| p.id == *id).cloned()));
        self
    }

    /// The gateway's signatures are `sig:{order}|{payment}`; it records which order ids it was
    /// asked to check against.
    fn with_fake_signatures(mut self) -> Self {
        self.gateway
            .expect_verify_checkout_signature()
            .returning(|order, payment, signature| signature == sign(order, payment));
        self
    }

    /// The shopper's stored intents, newest first.
    fn with_intents(mut self, intents: Vec<CheckoutIntent>) -> Self {
        let recent = intents.clone();
        self.intents
            .expect_recent_for_user()
            .returning(move |user, _| {
                Ok(recent
                    .iter()
                    .filter(|i| i.user.as_ref() == Some(user))
                    .cloned()
                    .collect())
            });
        self.intents
            .expect_find()
            .returning(move |id| Ok(intents.iter().find(|i| i.provider_order_id == id).cloned()));
        self
    }

    /// No order uses any payment yet.
    fn without_orders(mut self) -> Self {
        self.orders.expect_find_by_payment().returning(|_| Ok(None));
        self
    }

    /// The users repository knows the shopper; mails are accepted and counted.
    fn with_mail(mut self, times: usize) -> Self {
        self.users
            .expect_find()
            .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
        self.mailer.expect_send().times(times).returning(|_| Ok(()));
        self
    }

    /// The sandbox opens the provider order `order_A` for exactly `paise`, once.
    fn opening_sandbox_order(mut self, paise: i64) -> Self {
        self.gateway
            .expect_create_order()
            .withf(move |amount, _| amount.paise() == paise)
            .times(1)
            .returning(|amount, _| {
                Ok(ProviderOrder {
                    id: "order_A".into(),
                    amount,
                    currency: "INR".into(),
                })
            });
        self.gateway
            .expect_public_key()
            .return_const("sandbox".to_owned());
        self.gateway.expect_provider().return_const("sandbox");
        self
    }

    /// `place` succeeds, storing what it is given.
    fn placing(mut self) -> Self {
        self.orders
            .expect_place()
            .times(1)
            .returning(|new, _| Ok(Placement::placed(stored(new))));
        self
    }

    /// The refund of `pay_1` is claimed, sent with its idempotency key, and recorded.
    fn refunding(mut self) -> Self {
        self.intents
            .expect_claim_refund()
            .withf(|order, payment, _| order == "order_A" && payment == "pay_1")
            .times(1)
            .returning(|_, _, _| Ok(()));
        self.gateway
            .expect_refund()
            .withf(|payment, amount, key| {
                payment == "pay_1" && amount.paise() == 169_800 && key == "refund-pay_1"
            })
            .times(1)
            .returning(|_, amount, _| Ok(refund(amount)));
        self.intents
            .expect_record_refund()
            .withf(|order, refund| order == "order_A" && refund == "rfnd_1")
            .times(1)
            .returning(|_, _| Ok(()));
        self
    }
}

fn sign(order: &str, payment: &str) -> String {
    format!("sig:{order}|{payment}")
}

/// "Trail Runner": UK 7 at ₹999 with 15% off, UK 8 at ₹1099; `stock` pairs in stock.
fn trail_runner(stock: u32) -> Product {
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

/// Two pairs of UK 7: 999 x 0.85 x 2 = 1698.30, so ₹1698.
fn cart() -> Vec<CartLine> {
    vec![CartLine {
        product: ProductId::new("p-1"),
        variant: 0,
        quantity: 2,
    }]
}

fn cart_input() -> CartInput {
    CartInput {
        lines: cart(),
        address: " 12 Temple Road, Mathura ".into(),
        pincode: "281001".into(),
        coupon: None,
        state: None,
    }
}

/// The shopper's paid intent `order_A` for the cart, ₹1698.
fn intent() -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: "order_A".into(),
        receipt: "rcpt-1".into(),
        user: Some(UserId::new("shopper-1")),
        lines: cart(),
        address: "12 Temple Road, Mathura".into(),
        pincode: "281001".into(),
        amount_rupees: 1698,
        coupon: None,
        state: None,
        created_at: now(),
        refund: None,
    }
}

/// Another shopper's intent `order_F`, for ₹1.
fn foreign_intent() -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: "order_F".into(),
        user: Some(UserId::new("shopper-2")),
        amount_rupees: 1,
        receipt: "rcpt-2".into(),
        ..intent()
    }
}

/// A request placing the cart, paid by `pay_1` against `order_A`.
fn request() -> OrderRequest {
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
    }
}

/// What the repository would store for `new`.
fn stored(new: &NewOrder) -> Order {
    Order {
        id: new.id.clone(),
        lines: new.lines.iter().map(|l| l.line.clone()).collect(),
        user: new.user.clone(),
        address: new.address.clone(),
        pincode: new.pincode.clone(),
        amount_rupees: new.amount_rupees,
        coupon: new
            .coupon
            .as_ref()
            .map(|c| paduka_domain::order::OrderCoupon {
                code: c.code.clone(),
                discount_rupees: c.discount_rupees,
            }),
        payment_method: new.payment_method(),
        paid: new.cod.is_none(),
        payment_id: new.payment_id.clone(),
        provider_order_id: new.provider_order_id.clone(),
        state: Some(new.state),
        invoice_no: Some(
            new.invoice_prefix
                .invoice_number(paduka_domain::invoice::FinancialYear::of(new.at), 1),
        ),
        status: OrderStatus::Pending,
        created_at: new.at,
        updated_at: new.at,
    }
}

/// The order `pay_1` placed earlier, confirmed since.
fn existing_order() -> Order {
    OrderBuilder::new("order-earlier")
        .lines(vec![])
        .status(OrderStatus::Confirmed)
        .build()
}

fn refund(amount: Paise) -> RefundResult {
    RefundResult {
        id: "rfnd_1".into(),
        amount,
        status: "processed".into(),
    }
}

fn provider_down() -> PaymentError {
    PaymentError::Unavailable("Razorpay refund: timed out".into())
}

fn message<T: std::fmt::Debug>(result: Result<T, CheckoutError>) -> String {
    result.expect_err("should fail").to_string()
}

/// What `place_order` answered, read as the outcome a test expects.
trait Answer {
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

// --- delivery -----------------------------------------------------------------------------

#[test]
fn the_delivery_check_answers_with_the_product_page_messages() {
    let service = Ports::default().service();
    let yes = service.delivery("281001").unwrap();
    assert!(yes.deliverable);
    assert_eq!(yes.message, "Delivery available at this pincode");
    let no = service.delivery("110001").unwrap();
    assert!(!no.deliverable);
    assert_eq!(no.message, "Delivery unavailable");
    assert_eq!(
        message(service.delivery("28100")),
        "Enter a valid 6-digit Pincode"
    );
}

// --- start_payment ------------------------------------------------------------------------

#[tokio::test]
async fn amounts_outside_1_to_10_million_rupees_are_refused_before_the_provider_is_asked() {
    let service = Ports::default().service();
    for amount in [0, -1, 10_000_001, i64::MAX] {
        let result = service.start_payment(&shopper(), amount, None).await;
        assert!(
            matches!(result, Err(CheckoutError::InvalidAmount)),
            "{amount}"
        );
    }
}

#[tokio::test]
async fn a_payment_without_a_cart_creates_the_provider_order_and_an_intent_without_lines() {
    let mut ports = Ports::default().with_ids(&["rcpt-1"]);
    ports
        .gateway
        .expect_create_order()
        .withf(|amount, receipt| amount.paise() == 1_000_000_000 && receipt == "rcpt-1")
        .times(1)
        .returning(|amount, _| {
            Ok(ProviderOrder {
                id: "order_A".into(),
                amount,
                currency: "INR".into(),
            })
        });
    ports
        .gateway
        .expect_public_key()
        .return_const("rzp_test_key".to_owned());
    ports.gateway.expect_provider().return_const("razorpay");
    ports
        .intents
        .expect_save()
        .withf(|intent| {
            intent.provider_order_id == "order_A"
                && intent.receipt == "rcpt-1"
                && intent.user == Some(UserId::new("shopper-1"))
                && intent.lines.is_empty()
                && intent.amount_rupees == 10_000_000
                && intent.refund.is_none()
        })
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .service()
        .start_payment(&shopper(), 10_000_000, None)
        .await
        .unwrap();
    assert_eq!(
        order,
        PaymentOrder {
            id: "order_A".into(),
            amount: Paise::from_stored(1_000_000_000),
            currency: "INR".into(),
            key: "rzp_test_key".into(),
            provider: "razorpay",
        }
    );
}

#[tokio::test]
async fn a_cart_is_priced_from_current_prices_and_stored_as_the_intent() {
    let ports = Ports::default()
        .with_ids(&["rcpt-1"])
        .with_products(vec![trail_runner(5)]);
    let mut ports = ports.opening_sandbox_order(169_800);
    ports
        .intents
        .expect_save()
        .withf(|saved| *saved == intent())
        .times(1)
        .returning(|_| Ok(()));
    let order = ports
        .service()
        .start_payment(&shopper(), 1698, Some(cart_input()))
        .await
        .unwrap();
    assert_eq!(order.amount.paise(), 169_800);
    assert_eq!(order.provider, "sandbox");
}

#[tokio::test]
async fn a_cart_that_does_not_add_up_to_the_amount_is_a_conflict_and_nothing_is_paid() {
    let service = Ports::default()
        .with_products(vec![trail_runner(5)])
        .service();
    let result = service
        .start_payment(&shopper(), 1699, Some(cart_input()))
        .await;
    assert_refused!(
        result,
        CheckoutError::AmountMismatch {
            cart_rupees: 1698,
            given_rupees: 1699
        }
    );
}

#[tokio::test]
async fn a_cart_is_checked_for_pincode_address_and_stock_before_payment() {
    let service = Ports::default()
        .with_products(vec![trail_runner(1)])
        .service();
    let cases: Vec<(CartInput, &str)> = vec![
        (
            CartInput {
                pincode: "2810".into(),
                ..cart_input()
            },
            "Enter a valid 6-digit Pincode",
        ),
        (
            CartInput {
                pincode: "110001".into(),
                ..cart_input()
            },
            "Delivery not available at this address",
        ),
        (
            CartInput {
                address: "   ".into(),
                ..cart_input()
            },
            "Please enter your address",
        ),
        (
            CartInput {
                lines: vec![],
                ..cart_input()
            },
            "Please add some items to your cart",
        ),
        (cart_input(), "Only 1 left of Trail Runner"),
    ];
    for (cart, expected) in cases {
        let result = service.start_payment(&shopper(), 1698, Some(cart)).await;
        assert_eq!(message(result), expected);
    }
}

#[tokio::test]
async fn the_provider_being_down_at_payment_start_is_a_provider_error() {
    let mut ports = Ports::default().with_ids(&["rcpt-1"]);
    ports.gateway.expect_create_order().returning(|_, _| {
        Err(PaymentError::Unavailable(
            "Razorpay order: timed out".into(),
        ))
    });
    let result = ports.service().start_payment(&shopper(), 500, None).await;
    assert_refused!(result, CheckoutError::Provider(_));
}

// --- place_order --------------------------------------------------------------------------

#[tokio::test]
async fn a_paid_cart_becomes_a_pending_order_verified_against_the_stored_order_id() {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]).with_mail(1);
    ports
        .orders
        .expect_place()
        .withf(|new, stock| {
            new.id.as_str() == "ord-1"
                && new.provider_order_id == "order_A"
                && new.payment_id == "pay_1"
                && new.amount_rupees == 1698
                && new.user == UserRef::new(UserId::new("shopper-1"), "Shopper-1")
                && new.actor == Some(UserId::new("shopper-1"))
                && new.pincode == "281001"
                && new.lines.len() == 1
                && new.lines[0].variant_index == 0
                && new.lines[0].line.unit_price.paise() == 99_900
                && new.lines[0].line.discount.value() == 15
                && new.lines[0].line.variant_label.as_deref() == Some("UK 7")
                && new.lines[0].line.category_name == "Sneakers"
                && stock
                    == [StockChange {
                        product: ProductId::new("p-1"),
                        variant: None,
                        name: "Trail Runner".into(),
                        size: None,
                        quantity: 2,
                    }]
        })
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert!(placed.created);
    assert_eq!(placed.order.status, OrderStatus::Pending);
    assert_eq!(placed.order.amount_rupees, 1698);
}

#[tokio::test]
async fn the_order_id_the_browser_reports_is_never_used_for_verification() {
    // The browser names another shopper's ₹1 order; the signature is for our own order_A.
    let mut ports = Ports::default()
        .with_intents(vec![intent(), foreign_intent()])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(1)
        .placing();
    ports
        .gateway
        .expect_verify_checkout_signature()
        .returning(|order, payment, signature| {
            assert_ne!(order, "order_F", "a foreign order id was used");
            signature == sign(order, payment)
        });
    let placed = ports
        .service()
        .place_order(
            &shopper(),
            OrderRequest {
                order_id: Some("order_F".into()),
                ..request()
            },
        )
        .await
        .placed();
    assert_eq!(placed.order.provider_order_id, "order_A");
}

#[tokio::test]
async fn a_signature_for_someone_else_s_payment_order_is_refused() {
    // A cheap order of another shopper, paid and signed, offered for our cart.
    let service = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![intent(), foreign_intent()])
        .service();
    let result = service
        .place_order(
            &shopper(),
            OrderRequest {
                order_id: Some("order_F".into()),
                signature: sign("order_F", "pay_1"),
                ..request()
            },
        )
        .await;
    assert_refused!(result, CheckoutError::PaymentNotVerified);
}

#[tokio::test]
async fn a_bad_or_missing_signature_is_refused_and_nothing_is_placed() {
    let service = Ports::signed().service();
    let tampered = OrderRequest {
        signature: sign("order_A", "pay_2"),
        ..request()
    };
    let missing = OrderRequest {
        signature: " ".into(),
        ..request()
    };
    let no_payment = OrderRequest {
        payment_id: String::new(),
        ..request()
    };
    for bad in [tampered, missing, no_payment] {
        let result = service.place_order(&shopper(), bad).await;
        assert_eq!(message(result), "Payment verification failed");
    }
}

#[tokio::test]
async fn the_same_payment_twice_returns_the_order_it_placed() {
    let mut ports = Ports::signed();
    ports
        .orders
        .expect_find_by_payment()
        .withf(|payment| payment == "pay_1")
        .returning(|_| Ok(Some(existing_order())));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert!(!placed.created);
    assert_eq!(placed.order, existing_order());
}

#[tokio::test]
async fn losing_the_race_to_the_webhook_returns_the_order_that_won() {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .returning(|_, _| Ok(Placement::Existing(existing_order())));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert!(!placed.created);
    assert_eq!(placed.order.id.as_str(), "order-earlier");
}

#[tokio::test]
async fn a_client_amount_that_is_not_the_cart_s_price_is_a_conflict_without_refund() {
    let service = Ports::paid(5).service();
    let result = service
        .place_order(
            &shopper(),
            OrderRequest {
                amount_rupees: 1,
                ..request()
            },
        )
        .await;
    assert_refused!(
        result,
        CheckoutError::AmountMismatch {
            cart_rupees: 1698,
            given_rupees: 1
        }
    );
}

#[tokio::test]
async fn a_price_changed_since_payment_refunds_the_payment() {
    let mut cheaper = trail_runner(5);
    cheaper.variants[0].discount = Percent::new(50).unwrap();
    let result = Ports::signed()
        .without_orders()
        .with_products(vec![cheaper])
        .with_mail(1)
        .refunding()
        .service()
        .place_order(
            &shopper(),
            OrderRequest {
                amount_rupees: 999,
                ..request()
            },
        )
        .await;
    let (reason, refund) = result.unfilled();
    assert!(refund.is_refunded());
    assert_eq!(
        reason,
        Unfillable::PriceChanged {
            paid_rupees: 1698,
            cart_rupees: 999,
        }
    );
}

#[tokio::test]
async fn a_paid_cart_beyond_stock_is_refunded_and_the_shopper_told() {
    let mut ports = Ports::paid(1).refunding();
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            mail.to.as_str() == "shopper-1@paduka.test"
                && mail.subject == "Your Paduka payment has been refunded"
                && mail.text.contains("Only 1 left of Trail Runner")
                && mail.text.contains("₹1698")
        })
        .times(1)
        .returning(|_| Ok(()));
    let (reason, refund) = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .unfilled();
    assert_eq!(reason.to_string(), "Only 1 left of Trail Runner");
    assert!(refund.is_refunded());
}

#[tokio::test]
async fn stock_taken_by_another_order_in_the_meantime_is_refunded_too() {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]).with_mail(1).refunding();
    ports.orders.expect_place().times(1).returning(|_, _| {
        Err(PlaceError::OutOfStock {
            product: ProductId::new("p-1"),
            name: "Trail Runner".into(),
            size: None,
            left: 0,
        })
    });
    let (reason, refund) = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .unfilled();
    assert_eq!(reason.to_string(), "Only 0 left of Trail Runner");
    assert!(refund.is_refunded());
}

#[tokio::test]
async fn a_failed_refund_keeps_its_claim_and_says_nothing_was_refunded() {
    let mut ports = Ports::paid(1);
    ports
        .intents
        .expect_claim_refund()
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports
        .gateway
        .expect_refund()
        .times(1)
        .returning(|_, _, _| Err(provider_down()));
    let (reason, refund) = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .unfilled();
    assert_eq!(reason.to_string(), "Only 1 left of Trail Runner");
    assert!(matches!(
        refund,
        RefundState::Pending(PaymentError::Unavailable(_))
    ));
}

#[tokio::test]
async fn a_refund_claim_refused_because_the_webhook_placed_the_order_returns_that_order() {
    let mut ports = Ports::signed().with_products(vec![trail_runner(1)]);
    let mut lookups = 0;
    ports.orders.expect_find_by_payment().returning(move |_| {
        lookups += 1;
        Ok((lookups > 1).then(existing_order))
    });
    ports
        .intents
        .expect_claim_refund()
        .returning(|_, _, _| Err(RepoError::Conflict(IntentConflict::OrderPlaced)));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert!(!placed.created);
    assert_eq!(placed.order.id.as_str(), "order-earlier");
}

#[tokio::test]
async fn a_refunded_payment_never_gets_an_order_and_a_failed_refund_is_retried() {
    let claimed = CheckoutIntent {
        refund: Some(IntentRefund {
            payment_id: "pay_1".into(),
            refund_id: None,
            claimed_at: now(),
        }),
        ..intent()
    };
    let result = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![claimed])
        .without_orders()
        .with_mail(1)
        .refunding_without_claim()
        .service()
        .place_order(&shopper(), request())
        .await;
    let (reason, refund) = result.unfilled();
    assert_eq!(reason.to_string(), "This payment has been refunded");
    assert!(refund.is_refunded(), "the retried refund went through");
}

impl Ports {
    /// The refund of `pay_1`, already claimed, is sent and recorded.
    fn refunding_without_claim(mut self) -> Self {
        self.gateway
            .expect_refund()
            .withf(|payment, _, key| payment == "pay_1" && key == "refund-pay_1")
            .times(1)
            .returning(|_, amount, _| Ok(refund(amount)));
        self.intents
            .expect_record_refund()
            .times(1)
            .returning(|_, _| Ok(()));
        self
    }
}

#[tokio::test]
async fn a_place_refused_because_the_payment_was_refunded_is_a_conflict() {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .returning(|_, _| Err(PlaceError::Refunded));
    let result = ports.service().place_order(&shopper(), request()).await;
    let (reason, refund) = result.unfilled();
    assert_eq!(reason, Unfillable::AlreadyRefunded);
    assert!(refund.is_refunded());
}

#[tokio::test]
async fn pincode_and_address_are_checked_with_the_spec_messages_and_never_refunded() {
    let service = Ports::signed().without_orders().service();
    let cases = [
        (
            OrderRequest {
                pincode: "12345".into(),
                ..request()
            },
            "Enter a valid 6-digit Pincode",
        ),
        (
            OrderRequest {
                pincode: "110001".into(),
                ..request()
            },
            "Delivery not available at this address",
        ),
        (
            OrderRequest {
                address: "\n".into(),
                ..request()
            },
            "Please enter your address",
        ),
    ];
    for (bad, expected) in cases {
        assert_eq!(
            message(service.place_order(&shopper(), bad).await),
            expected
        );
    }
}

#[tokio::test]
async fn a_product_gone_since_payment_refunds_the_payment() {
    let (reason, refund) = Ports::signed()
        .without_orders()
        .with_products(vec![])
        .with_mail(1)
        .refunding()
        .service()
        .place_order(&shopper(), request())
        .await
        .unfilled();
    assert_eq!(
        reason.to_string(),
        "A product in your cart is no longer available"
    );
    assert!(refund.is_refunded());
}

#[tokio::test]
async fn two_variants_of_one_product_share_its_stock() {
    // 1 x UK 7 (849.15) + 1 x TR-8 (1099) = 1948.15 -> ₹1948, two pairs from one stock.
    let both = vec![
        CartLine {
            product: ProductId::new("p-1"),
            variant: 0,
            quantity: 1,
        },
        CartLine {
            product: ProductId::new("p-1"),
            variant: 1,
            quantity: 1,
        },
    ];
    let mut ports = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![CheckoutIntent {
            lines: both.clone(),
            amount_rupees: 1948,
            ..intent()
        }])
        .without_orders()
        .with_products(vec![trail_runner(2)])
        .with_ids(&["ord-1"])
        .with_mail(1);
    ports
        .orders
        .expect_place()
        .withf(|new, stock| {
            stock.len() == 1
                && stock[0].quantity == 2
                && new.lines[1].variant_index == 1
                && new.lines[1].line.variant_label.as_deref() == Some("TR-8")
        })
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    let placed = ports
        .service()
        .place_order(
            &shopper(),
            OrderRequest {
                lines: both,
                amount_rupees: 1948,
                ..request()
            },
        )
        .await
        .placed();
    assert_eq!(placed.order.amount_rupees, 1948);
}

#[tokio::test]
async fn a_mail_that_cannot_be_sent_does_not_fail_the_order() {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]).placing();
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            mail.subject == "Your Paduka order ord-1 is placed"
                && mail
                    .text
                    .contains("2 x Trail Runner (UK 7), ₹849.15 each after 15% off")
                && mail.text.contains("Total: ₹1698")
                && mail.text.contains("12 Temple Road, Mathura")
        })
        .times(1)
        .returning(|_| Err(anyhow::anyhow!("SMTP down")));
    assert!(
        ports
            .service()
            .place_order(&shopper(), request())
            .await
            .placed()
            .created
    );
}

// --- webhook ------------------------------------------------------------------------------

const BODY: &[u8] = b"{\"event\":\"payment.captured\"}";

impl Ports {
    /// The webhook body verifies and reads as `event`.
    fn with_webhook(mut self, event: WebhookEvent) -> Self {
        self.gateway
            .expect_verify_webhook()
            .returning(|body, signature| body == BODY && signature == "good");
        self.gateway
            .expect_parse_webhook()
            .returning(move |_| Ok(event.clone()));
        self
    }

    fn with_new_event(mut self, id: &'static str) -> Self {
        self.events
            .expect_is_handled()
            .withf(move |event| event == id)
            .returning(|_| Ok(false));
        self
    }

    fn marking(mut self, id: &'static str) -> Self {
        self.events
            .expect_mark_handled()
            .withf(move |event, _| event == id)
            .times(1)
            .returning(|_, _| Ok(()));
        self
    }
}

fn captured() -> WebhookEvent {
    WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_A".into(),
        amount: Paise::from_stored(169_800),
    }
}

#[tokio::test]
async fn a_webhook_with_a_bad_signature_is_refused_and_nothing_is_read() {
    let mut ports = Ports::default();
    ports
        .gateway
        .expect_verify_webhook()
        .returning(|_, signature| signature == "good");
    let result = ports.service().webhook("evt_1", BODY, "forged").await;
    assert_refused!(result, CheckoutError::InvalidWebhookSignature);
}

#[tokio::test]
async fn a_webhook_event_seen_before_is_a_duplicate() {
    let mut ports = Ports::default();
    ports.gateway.expect_verify_webhook().returning(|_, _| true);
    ports.events.expect_is_handled().returning(|_| Ok(true));
    let outcome = ports
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Duplicate);
}

#[tokio::test]
async fn a_captured_payment_whose_browser_never_came_back_gets_its_order_from_the_intent() {
    let mut ports = Ports::captured()
        .with_intents(vec![intent()])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(1);
    ports
        .orders
        .expect_place()
        .withf(|new, _| {
            new.actor.is_none()
                && new.provider_order_id == "order_A"
                && new.address == "12 Temple Road, Mathura"
                && new.user.name == "Shopper-1"
        })
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    let outcome = ports
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Created(OrderId::new("ord-1")));
}

#[tokio::test]
async fn a_webhook_for_a_placed_order_leaves_it_as_it_is() {
    let mut ports = Ports::captured().with_intents(vec![intent()]);
    ports
        .orders
        .expect_find_by_payment()
        .returning(|_| Ok(Some(existing_order())));
    let outcome = ports
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(
        outcome,
        WebhookOutcome::AlreadyPlaced(OrderId::new("order-earlier"))
    );
}

#[tokio::test]
async fn a_webhook_for_an_unknown_order_another_event_or_no_cart_is_ignored() {
    let unknown = WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_Z".into(),
        amount: Paise::from_stored(169_800),
    };
    let outcome = Ports::default()
        .with_webhook(unknown)
        .with_new_event("evt_1")
        .marking("evt_1")
        .with_intents(vec![intent()])
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Ignored);

    let other = WebhookEvent::Other {
        event: "payment.failed".into(),
    };
    let outcome = Ports::default()
        .with_webhook(other)
        .with_new_event("evt_2")
        .marking("evt_2")
        .service()
        .webhook("evt_2", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Ignored);

    let without_cart = CheckoutIntent {
        lines: vec![],
        ..intent()
    };
    let outcome = Ports::default()
        .with_webhook(captured())
        .with_new_event("evt_3")
        .marking("evt_3")
        .with_intents(vec![without_cart])
        .without_orders()
        .service()
        .webhook("evt_3", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Ignored);
}

#[tokio::test]
async fn a_captured_amount_other_than_the_intent_s_is_left_alone() {
    let short = WebhookEvent::PaymentCaptured {
        payment_id: "pay_1".into(),
        provider_order_id: "order_A".into(),
        amount: Paise::from_stored(100),
    };
    let outcome = Ports::default()
        .with_webhook(short)
        .with_new_event("evt_1")
        .marking("evt_1")
        .with_intents(vec![intent()])
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Ignored);
}

#[tokio::test]
async fn a_webhook_for_a_cart_that_can_no_longer_be_filled_refunds_it() {
    let outcome = Ports::captured()
        .with_intents(vec![intent()])
        .without_orders()
        .with_products(vec![trail_runner(0)])
        .with_mail(1)
        .refunding()
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Refunded);
}

#[tokio::test]
async fn a_webhook_whose_refund_fails_is_not_recorded_so_the_provider_delivers_it_again() {
    let mut ports = Ports::default()
        .with_webhook(captured())
        .with_new_event("evt_1")
        .with_intents(vec![intent()])
        .without_orders()
        .with_products(vec![trail_runner(0)])
        .with_mail(0);
    ports
        .intents
        .expect_claim_refund()
        .returning(|_, _, _| Ok(()));
    ports
        .gateway
        .expect_refund()
        .returning(|_, _, _| Err(provider_down()));
    let result = ports.service().webhook("evt_1", BODY, "good").await;
    assert_refused!(result, CheckoutError::Provider(_));
}

#[tokio::test]
async fn a_webhook_for_an_undeliverable_intent_refunds_it() {
    let elsewhere = CheckoutIntent {
        pincode: "110001".into(),
        ..intent()
    };
    let outcome = Ports::captured()
        .with_intents(vec![elsewhere])
        .without_orders()
        .with_mail(1)
        .refunding()
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Refunded);
}

#[tokio::test]
async fn an_older_intent_of_the_user_is_found_through_the_browser_s_order_id() {
    let mut ports = Ports::default()
        .with_fake_signatures()
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(1)
        .placing();
    ports
        .intents
        .expect_recent_for_user()
        .returning(|_, _| Ok(vec![]));
    ports
        .intents
        .expect_find()
        .withf(|id| id == "order_A")
        .times(1)
        .returning(|_| Ok(Some(intent())));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert_eq!(placed.order.provider_order_id, "order_A");
}

#[tokio::test]
async fn a_webhook_racing_a_refund_claim_reports_the_refund() {
    let mut ports = Ports::captured()
        .with_intents(vec![intent()])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(0);
    ports
        .orders
        .expect_place()
        .returning(|_, _| Err(PlaceError::Refunded));
    let outcome = ports
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert_eq!(outcome, WebhookOutcome::Refunded);
}

#[tokio::test]
async fn a_webhook_for_a_deleted_shopper_s_payment_refunds_it_without_mail() {
    // The account was deleted after paying: the intent outlived it (no user any more), and
    // an account that vanished between the two lookups reads the same.
    for user in [None, Some(UserId::new("gone"))] {
        let orphan = CheckoutIntent {
            user: user.clone(),
            ..intent()
        };
        let mut ports = Ports::captured()
            .with_intents(vec![orphan])
            .without_orders()
            .refunding();
        ports.users.expect_find().returning(|_| Ok(None));
        ports.mailer.expect_send().times(0);
        let outcome = ports
            .service()
            .webhook("evt_1", BODY, "good")
            .await
            .unwrap();
        assert_eq!(outcome, WebhookOutcome::Refunded, "{user:?}");
    }
}

// --- reconcile ----------------------------------------------------------------------------

fn payment(id: &str, captured: bool) -> ProviderPayment {
    ProviderPayment {
        id: id.into(),
        amount: Paise::from_stored(169_800),
        captured,
    }
}

#[tokio::test]
async fn reconciling_places_the_order_of_a_captured_payment_nobody_reported() {
    let bare = CheckoutIntent {
        provider_order_id: "order_B".into(),
        lines: vec![],
        ..intent()
    };
    let mut ports = Ports::default()
        .with_intents(vec![intent()])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(1)
        .placing();
    ports
        .intents
        .expect_unsettled()
        .withf(|since, until, _| *since == now() - chrono::Duration::days(1) && *until < now())
        .times(1)
        .returning(move |_, _, _| Ok(vec![intent(), bare.clone()]));
    // Only the intent with a cart is asked about; a failed payment is not the money.
    ports
        .gateway
        .expect_payments()
        .withf(|order| order == "order_A")
        .times(1)
        .returning(|_| Ok(vec![payment("pay_0", false), payment("pay_1", true)]));
    let done = ports
        .service()
        .reconcile(now() - chrono::Duration::days(1))
        .await
        .unwrap();
    assert_eq!(
        done,
        Reconciliation {
            checked: 1,
            placed: 1,
            refunded: 0,
            failed: 0,
        }
    );
}

#[tokio::test]
async fn reconciling_counts_what_the_provider_could_not_answer_and_goes_on() {
    let second = CheckoutIntent {
        provider_order_id: "order_C".into(),
        receipt: "rcpt-3".into(),
        ..intent()
    };
    let mut ports = Ports::default();
    ports
        .intents
        .expect_unsettled()
        .returning(move |_, _, _| Ok(vec![intent(), second.clone()]));
    ports.gateway.expect_payments().times(2).returning(|order| {
        if order == "order_A" {
            Err(provider_down())
        } else {
            Ok(vec![])
        }
    });
    let done = ports.service().reconcile(now()).await.unwrap();
    assert_eq!((done.checked, done.placed, done.failed), (2, 0, 1));
}

// --- the sandbox's Pay button -------------------------------------------------------------

fn sandbox(intents: Vec<CheckoutIntent>, payer: MockSandboxPayer) -> SandboxService {
    let mut repo = MockCheckoutIntentRepository::new();
    repo.expect_find()
        .returning(move |id| Ok(intents.iter().find(|i| i.provider_order_id == id).cloned()));
    SandboxService::new(Arc::new(payer), Arc::new(repo))
}

#[tokio::test]
async fn the_sandbox_pays_only_the_caller_s_own_payment_orders() {
    let mut payer = MockSandboxPayer::new();
    payer
        .expect_pay()
        .withf(|order| order == "order_A")
        .times(1)
        .returning(|order| {
            Ok(SandboxPayment {
                razorpay_order_id: order.into(),
                razorpay_payment_id: "pay_sbx_1".into(),
                razorpay_signature: sign(order, "pay_sbx_1"),
            })
        });
    let service = sandbox(vec![intent(), foreign_intent()], payer);
    let paid = service.pay(&shopper(), " order_A ").await.unwrap();
    assert_eq!(paid.razorpay_payment_id, "pay_sbx_1");
    for someone_elses_or_unknown in ["order_F", "order_Z"] {
        let refused = service.pay(&shopper(), someone_elses_or_unknown).await;
        assert!(
            matches!(refused, Err(CheckoutError::PaymentOrderNotFound)),
            "{someone_elses_or_unknown}"
        );
    }
}

#[tokio::test]
async fn an_order_the_sandbox_refuses_to_pay_is_not_found() {
    let mut payer = MockSandboxPayer::new();
    payer.expect_pay().returning(|_| {
        Err(PaymentError::Rejected {
            status: 400,
            message: "not a sandbox order id".into(),
        })
    });
    let refused = sandbox(vec![intent()], payer)
        .pay(&shopper(), "order_A")
        .await;
    assert_refused!(refused, CheckoutError::PaymentOrderNotFound);
}

// --- coupons and stock per size -----------------------------------------------------------

/// `WELCOME10`: 10 % off, running around [`now`], used `used` times, one use per shopper.
fn welcome10(used: i64) -> paduka_domain::coupon::Coupon {
    use paduka_domain::coupon::{Coupon, CouponTerms};
    Coupon {
        id: paduka_domain::CouponId::new("coupon-1"),
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

impl Ports {
    /// The coupon repository knows `coupon`; the shopper has used it `uses` times.
    fn with_coupon(mut self, coupon: paduka_domain::coupon::Coupon, uses: i64) -> Self {
        let found = coupon.clone();
        self.coupons
            .expect_find_by_code()
            .returning(move |code| Ok((found.terms.code == *code).then(|| found.clone())));
        self.coupons
            .expect_uses_by()
            .returning(move |_, _| Ok(uses));
        self
    }
}

fn with_code(cart: CartInput, code: &str) -> CartInput {
    CartInput {
        coupon: Some(code.into()),
        ..cart
    }
}

#[tokio::test]
async fn a_coupon_prices_the_cart_and_is_kept_with_the_intent() {
    // ₹1698 less 10 % (169.8, floored to ₹169) is ₹1529.
    let ports = Ports::default()
        .with_ids(&["rcpt-1"])
        .with_products(vec![trail_runner(5)])
        .with_coupon(welcome10(0), 0);
    let mut ports = ports.opening_sandbox_order(152_900);
    ports
        .intents
        .expect_save()
        .withf(|saved| saved.amount_rupees == 1529 && saved.coupon.as_deref() == Some("WELCOME10"))
        .times(1)
        .returning(|_| Ok(()));
    let service = ports.service();
    let applied = service
        .apply_coupon(&shopper(), "welcome10", &cart())
        .await
        .unwrap();
    assert_eq!(
        (applied.subtotal, applied.discount, applied.amount),
        (1698, 169, 1529)
    );
    let undiscounted = service
        .start_payment(
            &shopper(),
            1698,
            Some(with_code(cart_input(), " welcome10 ")),
        )
        .await;
    assert_refused!(
        undiscounted,
        CheckoutError::AmountMismatch {
            cart_rupees: 1529,
            given_rupees: 1698
        }
    );
    service
        .start_payment(&shopper(), 1529, Some(with_code(cart_input(), "welcome10")))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_coupon_that_does_not_apply_is_refused_with_its_reason() {
    let cases = [
        ("NOPE10", welcome10(0), 0, "Invalid or expired coupon"),
        ("a-b", welcome10(0), 0, "Invalid or expired coupon"),
        ("WELCOME10", welcome10(100), 0, "Coupon usage limit reached"),
        ("WELCOME10", welcome10(3), 1, "Coupon usage limit reached"),
    ];
    for (code, coupon, uses, expected) in cases {
        let service = Ports::default()
            .with_products(vec![trail_runner(5)])
            .with_coupon(coupon, uses)
            .service();
        let refused = service.apply_coupon(&shopper(), code, &cart()).await;
        assert_eq!(message(refused), expected, "{code}");
    }
    // Two pairs at ₹100 less 15 % make ₹170, under the ₹500 minimum.
    let mut cheap = trail_runner(5);
    cheap.variants[0].price = Paise::from_rupees(100).unwrap();
    let service = Ports::default()
        .with_products(vec![cheap])
        .with_coupon(welcome10(0), 0)
        .service();
    let refused = service.apply_coupon(&shopper(), "WELCOME10", &cart()).await;
    assert_eq!(message(refused), "Minimum order for this coupon is ₹500");
}

#[tokio::test]
async fn a_paid_order_with_a_coupon_takes_its_use_and_saves_the_discount() {
    let mut ports = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![CheckoutIntent {
            amount_rupees: 1529,
            coupon: Some("WELCOME10".into()),
            ..intent()
        }])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_coupon(welcome10(0), 0)
        .with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .withf(|new, _| {
            let coupon = new.coupon.as_ref().unwrap();
            new.amount_rupees == 1529
                && coupon.code == "WELCOME10"
                && coupon.discount_rupees == 169
                && coupon.max_uses_per_user == Some(1)
        })
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            mail.text.contains("Subtotal: ₹1698")
                && mail.text.contains("Coupon WELCOME10: −₹169")
                && mail.text.contains("Total: ₹1529")
        })
        .times(1)
        .returning(|_| Ok(()));
    let placed = ports
        .service()
        .place_order(
            &shopper(),
            OrderRequest {
                amount_rupees: 1529,
                coupon: Some("welcome10".into()),
                ..request()
            },
        )
        .await
        .placed();
    assert_eq!(placed.order.subtotal_rupees(), 1698);
    assert_eq!(placed.order.discount_rupees(), 169);
}

#[tokio::test]
async fn a_paid_order_that_loses_the_last_use_of_its_coupon_is_refunded() {
    let mut ports = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![CheckoutIntent {
            amount_rupees: 1529,
            coupon: Some("WELCOME10".into()),
            ..intent()
        }])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_coupon(welcome10(99), 0)
        .with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .times(1)
        .returning(|_, _| Err(PlaceError::CouponUsedUp));
    ports
        .intents
        .expect_claim_refund()
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports
        .gateway
        .expect_refund()
        .withf(|payment, amount, _| payment == "pay_1" && amount.paise() == 152_900)
        .times(1)
        .returning(|_, amount, _| Ok(refund(amount)));
    ports
        .intents
        .expect_record_refund()
        .times(1)
        .returning(|_, _| Ok(()));
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports
        .mailer
        .expect_send()
        .withf(|mail| mail.text.contains("Coupon usage limit reached"))
        .times(1)
        .returning(|_| Ok(()));
    let (reason, refund) = ports
        .service()
        .place_order(
            &shopper(),
            OrderRequest {
                amount_rupees: 1529,
                coupon: Some("WELCOME10".into()),
                ..request()
            },
        )
        .await
        .unfilled();
    assert_eq!(reason.to_string(), "Coupon usage limit reached");
    assert!(refund.is_refunded());
}

/// "Trail Runner" tracking sizes: UK 7 has `uk7` pairs, UK 8 has 4.
fn sized_runner(uk7: u32) -> Product {
    let mut runner = trail_runner(0);
    runner.variants[0].stock = Some(uk7);
    runner.variants[1].stock = Some(4);
    runner.quantity = uk7 + 4;
    runner
}

#[tokio::test]
async fn a_size_with_less_stock_than_the_cart_is_refused_by_its_label() {
    let service = Ports::default()
        .with_products(vec![sized_runner(1)])
        .service();
    let refused = service
        .start_payment(&shopper(), 1698, Some(cart_input()))
        .await;
    assert_eq!(message(refused), "Only 1 left of Trail Runner (UK 7)");
}

#[tokio::test]
async fn stock_is_taken_per_size_and_a_low_size_mails_every_admin() {
    use crate::orders::LowStock;
    let mut ports = Ports::signed()
        .without_orders()
        .with_products(vec![sized_runner(6)])
        .with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .withf(|new, stock| {
            new.low_stock_threshold == 5
                && stock
                    == [StockChange {
                        product: ProductId::new("p-1"),
                        variant: Some(0),
                        name: "Trail Runner".into(),
                        size: Some("UK 7".into()),
                        quantity: 2,
                    }]
        })
        .times(1)
        .returning(|new, _| {
            Ok(Placement::Placed {
                order: stored(new),
                low_stock: vec![LowStock {
                    product: ProductId::new("p-1"),
                    name: "Trail Runner".into(),
                    size: Some("UK 7".into()),
                    left: 4,
                }],
            })
        });
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports.users.expect_admins().times(1).returning(|| {
        Ok(vec![
            UserBuilder::admin("admin-1").build(),
            UserBuilder::admin("admin-2").build(),
        ])
    });
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = Arc::clone(&sent);
    ports.mailer.expect_send().times(3).returning(move |mail| {
        log.lock()
            .unwrap()
            .push((mail.to.as_str().to_owned(), mail.subject.clone()));
        Ok(())
    });
    ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    let sent = sent.lock().unwrap();
    let low: Vec<&(String, String)> = sent
        .iter()
        .filter(|(_, subject)| subject == "Low stock: Trail Runner (UK 7)")
        .collect();
    assert_eq!(low.len(), 2, "each admin once: {sent:?}");
}

// --- invoices (decisions 11) -----------------------------------------------------------------

/// The terms every line of a placed order is stored with, and where it is supplied.
fn placing_with(check: impl Fn(&NewOrder) -> bool + Send + Sync + 'static) -> Ports {
    let mut ports = Ports::paid(5).with_ids(&["ord-1"]);
    ports
        .orders
        .expect_place()
        .withf(move |new, _| check(new))
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    ports
}

#[tokio::test]
async fn a_placed_order_is_supplied_where_its_pincode_is_and_its_mail_carries_the_invoice() {
    let mut ports = placing_with(|new| {
        // 281001 is Mathura, Uttar Pradesh; UK 7 at ₹849.15 after its sale is in the 5 % slab.
        new.state == paduka_domain::State::UttarPradesh
            && new.invoice_prefix.as_str() == "PDK"
            && new.lines[0].line.tax
                == Some(paduka_domain::order::LineTax {
                    hsn: paduka_domain::gst::Hsn::parse("6403").unwrap(),
                    rate: paduka_domain::gst::GstRate::new(5).unwrap(),
                })
    });
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            let [invoice] = &mail.attachments[..] else {
                return false;
            };
            mail.subject.contains("is placed")
                && invoice.file_name == "invoice-PDK-2025-26-000001.pdf"
                && invoice.content_type == "application/pdf"
                && invoice.bytes == crate::testing::FAKE_PDF
                && mail
                    .text
                    .contains("Your invoice PDK/2025-26/000001 is attached.")
        })
        .times(1)
        .returning(|_| Ok(()));
    let placed = ports
        .service()
        .place_order(&shopper(), request())
        .await
        .placed();
    assert_eq!(
        placed.order.invoice_no.as_deref(),
        Some("PDK/2025-26/000001")
    );
}

#[tokio::test]
async fn the_state_the_shopper_chose_is_the_place_of_supply() {
    let ports = placing_with(|new| new.state == paduka_domain::State::Maharashtra).with_mail(1);
    let request = OrderRequest {
        state: Some(" maharashtra ".into()),
        ..request()
    };
    let placed = ports
        .service()
        .place_order(&shopper(), request)
        .await
        .placed();
    assert_eq!(placed.order.state, Some(paduka_domain::State::Maharashtra));
}

#[tokio::test]
async fn the_webhook_supplies_the_order_where_the_shopper_chose_at_the_payment_s_start() {
    let intent = CheckoutIntent {
        state: Some(paduka_domain::State::Karnataka),
        ..intent()
    };
    let mut ports = Ports::captured()
        .with_intents(vec![intent])
        .without_orders()
        .with_products(vec![trail_runner(5)])
        .with_ids(&["ord-1"])
        .with_mail(1);
    ports
        .orders
        .expect_place()
        .withf(|new, _| new.state == paduka_domain::State::Karnataka)
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    let outcome = ports
        .service()
        .webhook("evt_1", BODY, "good")
        .await
        .unwrap();
    assert!(matches!(outcome, WebhookOutcome::Created(_)), "{outcome:?}");
}

#[tokio::test]
async fn a_place_of_supply_that_is_no_state_is_refused_before_anything_is_written() {
    let service = Ports::signed().without_orders().service();
    let request = OrderRequest {
        state: Some("Atlantis".into()),
        ..request()
    };
    let result = service.place_order(&shopper(), request).await;
    match result {
        Err(CheckoutError::Invalid(rule)) => assert!(rule.to_string().contains("Atlantis")),
        other => panic!("expected a 400 about the state, got {other:?}"),
    }
}

#[tokio::test]
async fn the_payment_s_start_keeps_the_chosen_state_for_the_webhook() {
    let ports = Ports::default()
        .with_ids(&["rcpt-1"])
        .with_products(vec![trail_runner(5)]);
    let mut ports = ports.opening_sandbox_order(169_800);
    ports
        .intents
        .expect_save()
        .withf(|saved| saved.state == Some(paduka_domain::State::Karnataka))
        .times(1)
        .returning(|_| Ok(()));
    let cart = CartInput {
        state: Some("KA".into()),
        ..cart_input()
    };
    ports
        .service()
        .start_payment(&shopper(), 1698, Some(cart))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_pair_dearer_than_the_slab_bears_18_percent_under_its_product_s_own_hsn() {
    let mut boot = trail_runner(5);
    boot.hsn = Some(paduka_domain::gst::Hsn::parse("640299").unwrap());
    boot.variants[0].price = Paise::from_rupees(3000).unwrap();
    boot.variants[0].discount = Percent::new(0).unwrap();
    let mut intent = intent();
    intent.amount_rupees = 6000;
    let mut ports = Ports::default()
        .with_fake_signatures()
        .with_intents(vec![intent])
        .without_orders()
        .with_products(vec![boot])
        .with_ids(&["ord-1"])
        .with_mail(1);
    ports
        .orders
        .expect_place()
        .withf(|new, _| {
            new.lines[0].line.tax
                == Some(paduka_domain::order::LineTax {
                    hsn: paduka_domain::gst::Hsn::parse("640299").unwrap(),
                    rate: paduka_domain::gst::GstRate::new(18).unwrap(),
                })
        })
        .times(1)
        .returning(|new, _| Ok(Placement::placed(stored(new))));
    let request = OrderRequest {
        amount_rupees: 6000,
        ..request()
    };
    ports
        .service()
        .place_order(&shopper(), request)
        .await
        .placed();
}
