//! Checkout: the payment port, checkout intents, and turning a paid cart into an order
//! (`POST /payment/{amount}`, `POST /order/cart`, `POST /order/cod`, the payment webhook,
//! `POST /coupon/apply`, `GET /delivery/...`).
//!
//! One file per use case, each holding the use case's trait and its body for
//! [`CheckoutService`]: `delivery`, `start_payment`, `apply_coupon`, `cash_on_delivery`,
//! `place_order`, `webhook`, `reconcile`; with what they share in `settle` (a verified payment
//! becomes its order, or its refund), `refund` and `pricing`. A paid cart that cannot be
//! filled is an [`OrderOutcome::Unfilled`] carrying its [`RefundState`], never an error.

mod apply_coupon;
mod cash_on_delivery;
mod cod_areas;
mod delivery;
mod error;
#[cfg(any(test, feature = "mock"))]
mod mock;
mod outcome;
mod place_order;
mod ports;
mod pricing;
mod quote;
mod reconcile;
mod refund;
mod sandbox;
mod settle;
mod start_payment;
mod webhook;

use std::sync::Arc;

use paduka_domain::delivery::{DeliveryArea, DeliveryTable};
use paduka_domain::order::{CodRtoLimit, PaymentCharges};

pub use apply_coupon::ApplyCoupon;
pub use cash_on_delivery::{CodRequest, CodSettings, MAX_OPEN_COD_ORDERS, PlaceCod};
pub use cod_areas::CodAreaRepository;
#[cfg(test)]
pub use cod_areas::MockCodAreaRepository;
#[cfg(test)]
pub use delivery::MockCourierEstimates;
pub use delivery::{CourierEstimates, Delivery, DeliveryQuote};
pub use error::CheckoutError;
#[cfg(any(test, feature = "mock"))]
pub use mock::MockCheckoutUseCases;
pub use outcome::{OrderOutcome, PlacedOrder, RefundState, Unfillable};
pub use place_order::{OrderRequest, PlaceOrder};
pub use ports::*;
pub use pricing::{MAX_AMOUNT_RUPEES, MAX_CART_LINES, MIN_AMOUNT_RUPEES};
pub use quote::{CartQuote, MethodPrice, QuoteCart};
pub use reconcile::{Reconcile, Reconciliation};
pub use refund::refund_key;
#[cfg(any(test, feature = "mock"))]
pub use sandbox::MockSandboxUseCases;
pub use sandbox::{SandboxService, SandboxUseCases};
pub use start_payment::{CartInput, PaymentOrder, StartPayment};
pub use webhook::{Webhook, WebhookOutcome};

use crate::accounts::UserRepository;
use crate::catalog::{CatalogRevision, ProductRepository};
use crate::coupons::CouponRepository;
use crate::credit::StoreCreditRepository;
use crate::mail::Mailer;
use crate::orders::{Invoicing, OrderRepository};
use crate::whatsapp::OrderNotices;
use crate::{Clock, IdGenerator};

/// Paying for a cart and turning the payment into an order: every checkout use case, each a
/// trait of its own named after its one method (`start_payment` is [`StartPayment`]) and
/// implemented for [`CheckoutService`] in its own file, so that "go to definition" from a
/// handler lands beside the use case's body. The HTTP layer holds a `dyn CheckoutUseCases`.
pub trait CheckoutUseCases:
    Delivery
    + StartPayment
    + ApplyCoupon
    + QuoteCart
    + PlaceCod
    + PlaceOrder
    + Webhook
    + Reconcile
    + Send
    + Sync
{
}

impl<T> CheckoutUseCases for T where
    T: Delivery
        + StartPayment
        + ApplyCoupon
        + QuoteCart
        + PlaceCod
        + PlaceOrder
        + Webhook
        + Reconcile
        + Send
        + Sync
{
}

/// The ports checkout is built from.
pub struct CheckoutPorts {
    pub gateway: Arc<dyn PaymentGateway>,
    pub intents: Arc<dyn CheckoutIntentRepository>,
    pub orders: Arc<dyn OrderRepository>,
    pub products: Arc<dyn ProductRepository>,
    pub coupons: Arc<dyn CouponRepository>,
    pub users: Arc<dyn UserRepository>,
    /// The shoppers' store credit, read when a payment starts.
    pub credit: Arc<dyn StoreCreditRepository>,
    pub webhook_events: Arc<dyn WebhookEventRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// Bumped when an order takes stock, so cached catalog reads rebuild.
    pub catalog_revision: CatalogRevision,
    /// Each line's GST terms, the place of supply and the order-placed mail's invoice.
    pub invoicing: Arc<Invoicing>,
}

/// The checkout use cases over their ports.
pub struct CheckoutService {
    ports: CheckoutPorts,
    area: DeliveryArea,
    delivery_table: DeliveryTable,
    /// The courier's own estimates, when it gives them; the table's otherwise.
    courier_estimates: Option<Arc<dyn CourierEstimates>>,
    estimate_cache: delivery::EstimateCache,
    low_stock_threshold: u32,
    cod: CodSettings,
    /// `PREPAID_DISCOUNT_PERCENT` and `COD_FEE` (decisions D41).
    charges: PaymentCharges,
    /// The WhatsApp messages that follow an order (decisions D37); none without.
    notices: Option<Arc<dyn OrderNotices>>,
    /// `COD_RTO_LIMIT`: cash on delivery off in areas where it keeps coming back.
    cod_rto: Option<cod_areas::CodRto>,
    /// The signed `/cod/{token}` links a COD order's mail carries (decisions D39).
    cod_links: Option<Arc<dyn crate::cod::CodLinks>>,
}

impl CheckoutService {
    pub fn new(ports: CheckoutPorts, area: DeliveryArea) -> Self {
        Self {
            ports,
            area,
            delivery_table: DeliveryTable::default(),
            courier_estimates: None,
            estimate_cache: delivery::EstimateCache::default(),
            low_stock_threshold: crate::admin::LOW_STOCK_THRESHOLD,
            cod: CodSettings::default(),
            charges: PaymentCharges::default(),
            notices: None,
            cod_rto: None,
            cod_links: None,
        }
    }

    /// A COD order's mail carries its `/cod/{token}` link, made by `links`.
    pub fn with_cod_links(mut self, links: Arc<dyn crate::cod::CodLinks>) -> Self {
        self.cod_links = Some(links);
        self
    }

    /// Tells `notices` of every order placed (the `cod_confirm` message).
    pub fn with_notices(mut self, notices: Arc<dyn OrderNotices>) -> Self {
        self.notices = Some(notices);
        self
    }

    /// How many days delivery takes, and the day's dispatch cut-off.
    pub fn with_delivery_table(mut self, table: DeliveryTable) -> Self {
        self.delivery_table = table;
        self
    }

    /// The courier's own delivery estimates (Shiprocket), before the table's.
    pub fn with_courier_estimates(mut self, estimates: Arc<dyn CourierEstimates>) -> Self {
        self.courier_estimates = Some(estimates);
        self
    }

    /// Cash on delivery's switch and limit.
    pub fn with_cash_on_delivery(mut self, cod: CodSettings) -> Self {
        self.cod = cod;
        self
    }

    /// The saving for paying online and the charge for cash on delivery.
    pub fn with_payment_charges(mut self, charges: PaymentCharges) -> Self {
        self.charges = charges;
        self
    }

    /// No cash on delivery in an area whose cash-on-delivery parcels came back at or over
    /// `limit` (decisions D38), counted from `areas`.
    pub fn with_cod_rto_limit(
        mut self,
        limit: CodRtoLimit,
        areas: Arc<dyn CodAreaRepository>,
    ) -> Self {
        self.cod_rto = Some(cod_areas::CodRto { limit, areas });
        self
    }

    /// Mails the admins when an order leaves a size at `threshold` pairs or fewer.
    pub fn with_low_stock_threshold(mut self, threshold: u32) -> Self {
        self.low_stock_threshold = threshold;
        self
    }
}

#[cfg(test)]
mod tests;
