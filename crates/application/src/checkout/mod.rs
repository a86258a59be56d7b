//! Checkout: the payment port, checkout intents, and turning a paid cart into an order
//! (`POST /payment/{amount}`, `POST /order/cart`, the payment webhook, `GET /delivery/...`).
//!
//! One file per use case, each a short orchestration over the ports: `start_payment`,
//! `place_order`, `webhook`, `reconcile`, with what they share in `settle` (a verified
//! payment becomes its order, or its refund), `refund` and `pricing`. A paid cart that cannot
//! be filled is an [`OrderOutcome::Unfilled`] carrying its [`RefundState`], never an error.

mod cash_on_delivery;
mod error;
mod outcome;
mod place_order;
mod ports;
mod pricing;
mod reconcile;
mod refund;
mod sandbox;
mod settle;
mod start_payment;
mod webhook;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::coupon::CouponPrice;
use paduka_domain::delivery::{DeliveryArea, DeliveryCheck};
use pricing::CouponAsk;
use tracing::instrument;

pub use cash_on_delivery::{CodRequest, CodSettings, MAX_OPEN_COD_ORDERS};
pub use error::CheckoutError;
pub use outcome::{OrderOutcome, PlacedOrder, RefundState, Unfillable};
pub use place_order::OrderRequest;
pub use ports::*;
pub use pricing::{MAX_AMOUNT_RUPEES, MAX_CART_LINES, MIN_AMOUNT_RUPEES};
pub use reconcile::Reconciliation;
pub use refund::refund_key;
#[cfg(any(test, feature = "mock"))]
pub use sandbox::MockSandboxUseCases;
pub use sandbox::{SandboxService, SandboxUseCases};
pub use start_payment::{CartInput, PaymentOrder};
pub use webhook::WebhookOutcome;

use crate::accounts::{Principal, UserRepository};
use crate::catalog::{CatalogRevision, ProductRepository};
use crate::coupons::CouponRepository;
use crate::mail::Mailer;
use crate::orders::{Invoicing, OrderRepository};
use crate::{Clock, IdGenerator};

/// Paying for a cart and turning the payment into an order.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CheckoutUseCases: Send + Sync {
    /// `GET /delivery/{pincode}`: whether the shop delivers there, with the product page's
    /// message. 400 `Enter a valid 6-digit Pincode` when it is not 6 digits.
    fn delivery(&self, pincode: &str) -> Result<DeliveryCheck, CheckoutError>;

    /// `POST /payment/{amount}`: the provider order for the (optional) cart; see
    /// `start_payment.rs`.
    async fn start_payment(
        &self,
        user: &Principal,
        amount_rupees: i64,
        cart: Option<CartInput>,
    ) -> Result<PaymentOrder, CheckoutError>;

    /// `POST /coupon/apply`: what the cart costs with the coupon, or why it does not apply
    /// (400 `CheckoutError::Coupon`).
    async fn apply_coupon(
        &self,
        user: &Principal,
        code: &str,
        lines: &[CartLine],
    ) -> Result<CouponPrice, CheckoutError>;

    /// `POST /order/cod`: an order paid in cash on delivery; see `cash_on_delivery.rs`.
    /// `created` is false when the same `Idempotency-Key` placed it before.
    async fn place_cod(
        &self,
        user: &Principal,
        request: CodRequest,
    ) -> Result<PlacedOrder, CheckoutError>;

    /// `POST /order/cart`: the order of a verified payment, or its refund; see
    /// `place_order.rs`.
    async fn place_order(
        &self,
        user: &Principal,
        request: OrderRequest,
    ) -> Result<OrderOutcome, CheckoutError>;

    /// `POST /payment/webhook`; see `webhook.rs`.
    async fn webhook(
        &self,
        event_id: &str,
        body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, CheckoutError>;

    /// Asks the provider about the payments no webhook or browser reported since `since`;
    /// see `reconcile.rs`.
    async fn reconcile(&self, since: DateTime<Utc>) -> Result<Reconciliation, CheckoutError>;
}

/// The ports checkout is built from.
pub struct CheckoutPorts {
    pub gateway: Arc<dyn PaymentGateway>,
    pub intents: Arc<dyn CheckoutIntentRepository>,
    pub orders: Arc<dyn OrderRepository>,
    pub products: Arc<dyn ProductRepository>,
    pub coupons: Arc<dyn CouponRepository>,
    pub users: Arc<dyn UserRepository>,
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
    low_stock_threshold: u32,
    cod: CodSettings,
}

impl CheckoutService {
    pub fn new(ports: CheckoutPorts, area: DeliveryArea) -> Self {
        Self {
            ports,
            area,
            low_stock_threshold: crate::admin::LOW_STOCK_THRESHOLD,
            cod: CodSettings::default(),
        }
    }

    /// Cash on delivery's switch and limit.
    pub fn with_cash_on_delivery(mut self, cod: CodSettings) -> Self {
        self.cod = cod;
        self
    }

    /// Mails the admins when an order leaves a size at `threshold` pairs or fewer.
    pub fn with_low_stock_threshold(mut self, threshold: u32) -> Self {
        self.low_stock_threshold = threshold;
        self
    }
}

#[async_trait]
impl CheckoutUseCases for CheckoutService {
    fn delivery(&self, pincode: &str) -> Result<DeliveryCheck, CheckoutError> {
        Ok(self.area.availability(pincode)?)
    }

    #[instrument(skip(self, cart), fields(user = %user.user_id))]
    async fn start_payment(
        &self,
        user: &Principal,
        amount_rupees: i64,
        cart: Option<CartInput>,
    ) -> Result<PaymentOrder, CheckoutError> {
        self.start(user, amount_rupees, cart).await
    }

    #[instrument(skip(self, lines), fields(user = %user.user_id))]
    async fn apply_coupon(
        &self,
        user: &Principal,
        code: &str,
        lines: &[CartLine],
    ) -> Result<CouponPrice, CheckoutError> {
        let ask = CouponAsk {
            code,
            user: Some(&user.user_id),
            at: self.ports.clock.now(),
        };
        let priced = self.price(lines, Some(ask)).await?;
        Ok(CouponPrice {
            subtotal: priced.subtotal_rupees,
            discount: priced.discount_rupees(),
            amount: priced.amount_rupees,
        })
    }

    #[instrument(skip(self, request), fields(user = %user.user_id))]
    async fn place_cod(
        &self,
        user: &Principal,
        request: CodRequest,
    ) -> Result<PlacedOrder, CheckoutError> {
        self.place_cash_on_delivery(user, request).await
    }

    #[instrument(skip(self, request), fields(user = %user.user_id, payment = %request.payment_id))]
    async fn place_order(
        &self,
        user: &Principal,
        request: OrderRequest,
    ) -> Result<OrderOutcome, CheckoutError> {
        self.place(user, request).await
    }

    #[instrument(skip(self, body, signature))]
    async fn webhook(
        &self,
        event_id: &str,
        body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, CheckoutError> {
        self.handle_webhook(event_id, body, signature).await
    }

    #[instrument(skip(self))]
    async fn reconcile(&self, since: DateTime<Utc>) -> Result<Reconciliation, CheckoutError> {
        self.reconcile_since(since).await
    }
}

#[cfg(test)]
mod tests;
