//! Checkout: the payment port, checkout intents, and turning a paid cart into an order
//! (`POST /payment/{amount}`, `POST /order/cart`, the payment webhook, `GET /delivery/...`).

mod error;
mod ports;
mod service;

pub use error::CheckoutError;
pub use ports::*;
pub use service::{
    CartInput, CheckoutPorts, CheckoutService, MAX_AMOUNT_RUPEES, MAX_CART_LINES,
    MIN_AMOUNT_RUPEES, OrderRequest, PaymentOrder, PlacedOrder, WebhookOutcome, refund_key,
};
