//! What became of a verified payment: its order, or its refund.

use paduka_domain::InvalidInput;
use paduka_domain::coupon::CouponRefusal;
use paduka_domain::order::Order;

use super::PaymentError;

/// An order placed for a payment.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedOrder {
    pub order: Order,
    /// `false` when the payment had placed this order already (a repeated call, or the
    /// webhook was first).
    pub created: bool,
}

/// Why a cart cannot become an order. Found before payment, it refuses the payment
/// ([`CheckoutError::CannotFill`](super::CheckoutError::CannotFill)); found after, the
/// payment is refunded ([`OrderOutcome::Unfilled`]). Displays the message the shopper sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unfillable {
    /// Less stock than the cart wants (0 when the product is gone meanwhile): of one size
    /// (`Only 1 left of Trail Runner (UK 9)`) or of a pooled product.
    #[error("Only {left} left of {name}{}", in_brackets(.size))]
    OutOfStock {
        name: String,
        size: Option<String>,
        left: u32,
    },
    /// The coupon does not apply (any more): expired, below its minimum, or used up.
    #[error(transparent)]
    Coupon(CouponRefusal),
    /// A product or variant of the cart no longer exists.
    #[error("A product in your cart is no longer available")]
    ProductUnavailable,
    /// The cart costs something else now than what was paid.
    #[error("Prices have changed since you paid")]
    PriceChanged { paid_rupees: i64, cart_rupees: i64 },
    /// The stored cart breaks a rule it passed when it was stored (a pincode no longer
    /// served, ...): only the webhook, which has no shopper to ask, meets this.
    #[error(transparent)]
    Invalid(InvalidInput),
    /// The shopper's account was deleted before the webhook placed the order.
    #[error("The account no longer exists")]
    AccountDeleted,
    /// The store credit agreed when the payment started is no longer in the balance (another
    /// order spent it).
    #[error("Store credit changed, try again")]
    CreditChanged,
    /// The payment's refund was claimed earlier: it never gets an order.
    #[error("This payment has been refunded")]
    AlreadyRefunded,
}

fn in_brackets(size: &Option<String>) -> String {
    size.as_ref().map(|s| format!(" ({s})")).unwrap_or_default()
}

/// Where the refund of an unfilled payment stands.
#[derive(Debug)]
pub enum RefundState {
    /// The provider accepted the refund (or the claim's owner is seeing to it).
    Refunded,
    /// The refund is claimed but the provider did not take it: the next attempt (the
    /// shopper's retry, the webhook delivered again) asks again, with the same idempotency
    /// key.
    Pending(PaymentError),
}

impl RefundState {
    pub fn is_refunded(&self) -> bool {
        matches!(self, Self::Refunded)
    }
}

/// What became of a verified payment.
// One per request, moved once: boxing the order would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum OrderOutcome {
    /// Its order exists: placed now, or earlier by the same payment.
    Placed(PlacedOrder),
    /// Its cart could not be filled, so the payment goes back; the shopper was mailed once
    /// the provider accepted the refund.
    Unfilled {
        reason: Unfillable,
        refund: RefundState,
    },
}

impl OrderOutcome {
    /// The order the payment had placed before.
    pub(super) fn existing(order: Order) -> Self {
        Self::Placed(PlacedOrder {
            order,
            created: false,
        })
    }
}
