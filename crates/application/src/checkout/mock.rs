//! One mock of every checkout use case, for the HTTP layer's tests. `automock` cannot make it:
//! [`CheckoutUseCases`](super::CheckoutUseCases) only gathers the use cases' own traits, so
//! the mock implements each of them, and the gathering trait comes with them. The compiler
//! holds each signature here to its trait's; one line each, as they only restate them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::coupon::CouponPrice;

use super::{
    ApplyCoupon, CartInput, CartLine, CartQuote, CheckoutError, CodRequest, Delivery,
    DeliveryQuote, OrderOutcome, OrderRequest, PaymentOrder, PlaceCod, PlaceOrder, PlacedOrder,
    QuoteCart, Reconcile, Reconciliation, StartPayment, Webhook, WebhookOutcome,
};
use crate::accounts::Principal;

mockall::mock! {
    pub CheckoutUseCases {}

    #[async_trait]
    impl Delivery for CheckoutUseCases {
        async fn delivery(&self, pincode: &str) -> Result<DeliveryQuote, CheckoutError>;
    }
    #[async_trait]
    impl StartPayment for CheckoutUseCases {
        async fn start_payment(&self, user: &Principal, amount_rupees: i64, cart: Option<CartInput>, use_credit: bool) -> Result<PaymentOrder, CheckoutError>;
    }
    #[async_trait]
    impl ApplyCoupon for CheckoutUseCases {
        async fn apply_coupon(&self, user: &Principal, code: &str, lines: &[CartLine]) -> Result<CouponPrice, CheckoutError>;
    }
    #[async_trait]
    impl QuoteCart for CheckoutUseCases {
        async fn quote_cart(&self, user: &Principal, lines: &[CartLine], coupon: Option<String>) -> Result<CartQuote, CheckoutError>;
    }
    #[async_trait]
    impl PlaceCod for CheckoutUseCases {
        async fn place_cod(&self, user: &Principal, request: CodRequest) -> Result<PlacedOrder, CheckoutError>;
    }
    #[async_trait]
    impl PlaceOrder for CheckoutUseCases {
        async fn place_order(&self, user: &Principal, request: OrderRequest) -> Result<OrderOutcome, CheckoutError>;
    }
    #[async_trait]
    impl Webhook for CheckoutUseCases {
        async fn webhook(&self, event_id: &str, body: &[u8], signature: &str) -> Result<WebhookOutcome, CheckoutError>;
    }
    #[async_trait]
    impl Reconcile for CheckoutUseCases {
        async fn reconcile(&self, since: DateTime<Utc>) -> Result<Reconciliation, CheckoutError>;
    }
}
