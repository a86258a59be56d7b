use paduka_domain::InvalidInput;
use paduka_domain::coupon::CouponRefusal;

use super::{PaymentError, Unfillable};
use crate::ports::impl_from_repo_error;

/// What a checkout use case can fail with. The HTTP status each maps to is noted; the
/// messages are the ones the shopper sees. A paid cart that cannot be filled is not an error
/// but an [`OrderOutcome::Unfilled`](super::OrderOutcome::Unfilled), which carries its refund.
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
    /// 409: the cart cannot be filled (stock, a product gone), found before anything was paid.
    #[error(transparent)]
    CannotFill(Unfillable),
    /// 400: the coupon does not apply to this cart: `Invalid or expired coupon`, `Minimum
    /// order for this coupon is ₹N`, `Coupon usage limit reached`.
    #[error(transparent)]
    Coupon(CouponRefusal),
    /// 400: cash on delivery is off, the order is over its limit, or the pincode is not
    /// served.
    #[error("Cash on delivery is not available for this order")]
    CodUnavailable,
    /// 400: the pincode's area has cash on delivery off for its returns to origin
    /// (`COD_RTO_LIMIT`, decisions D38).
    #[error("Cash on delivery is not available for this pincode")]
    CodOffInArea,
    /// 409: the shopper has as many unpaid cash-on-delivery orders open as allowed.
    #[error("Too many unpaid cash on delivery orders")]
    TooManyCodOrders,
    /// 400: the signature does not match any payment order we made for this user.
    #[error("Payment verification failed")]
    PaymentNotVerified,
    /// 400 (or 401): the webhook's signature is not the provider's.
    #[error("Invalid webhook signature")]
    InvalidWebhookSignature,
    /// 404: the sandbox's Pay button named no payment order of the caller's.
    #[error("Payment order not found")]
    PaymentOrderNotFound,
    /// 502: the payment provider is down or refused the call.
    #[error("Payment service unavailable, please try again")]
    Provider(#[source] PaymentError),
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl_from_repo_error!(CheckoutError);
