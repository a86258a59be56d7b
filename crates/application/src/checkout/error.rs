use paduka_domain::InvalidInput;

use super::PaymentError;
use crate::RepoError;

/// What a checkout use case can fail with. The HTTP status each maps to is noted; the
/// messages are the ones the shopper sees.
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    /// 400: `Enter a valid 6-digit Pincode`, `Delivery not available at this address`,
    /// `Please enter your address`, `Please add some items to your cart`, ...
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// 400: the amount is not a whole number of rupees from 1 to 10,000,000.
    #[error("Please enter a valid amount")]
    InvalidAmount,
    /// 409: the amount the client sent is not what its cart costs at current prices.
    #[error("Amount does not match your cart")]
    AmountMismatch { cart_rupees: i64, given_rupees: i64 },
    /// 409: the cart costs something else now than what was paid. The payment was refunded
    /// when `refunded`.
    #[error("Prices have changed since you paid")]
    PriceChanged {
        paid_rupees: i64,
        cart_rupees: i64,
        refunded: bool,
    },
    /// 409: not enough stock. When this happens after payment the payment is refunded
    /// (`refunded`), and the shopper is mailed about it.
    #[error("Only {left} left of {name}")]
    OutOfStock {
        name: String,
        left: u32,
        refunded: bool,
    },
    /// 409: a product or variant of the cart no longer exists. Refunded after payment.
    #[error("A product in your cart is no longer available")]
    ProductUnavailable { refunded: bool },
    /// 400: the signature does not match any payment order we made for this user.
    #[error("Payment verification failed")]
    PaymentNotVerified,
    /// 409: this payment was refunded (its order could not be filled) and gets no order.
    #[error("This payment has been refunded")]
    PaymentRefunded,
    /// 400 (or 401): the webhook's signature is not the provider's.
    #[error("Invalid webhook signature")]
    InvalidWebhookSignature,
    /// 502: the payment provider is down or refused the call.
    #[error("Payment service unavailable, please try again")]
    Provider(#[source] PaymentError),
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl CheckoutError {
    /// Whether the shopper's payment was refunded on the way to this error (the HTTP layer
    /// adds `refunded: true` to the error body, and the shopper was mailed).
    pub fn refunded(&self) -> bool {
        matches!(
            self,
            Self::PriceChanged { refunded: true, .. }
                | Self::OutOfStock { refunded: true, .. }
                | Self::ProductUnavailable { refunded: true }
                | Self::PaymentRefunded
        )
    }
}

impl From<RepoError> for CheckoutError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Unexpected(e) => Self::Unexpected(e),
            other => Self::Unexpected(anyhow::Error::new(other)),
        }
    }
}
