use paduka_domain::InvalidInput;
use paduka_domain::order::Refusal;

use super::{CourierError, OrderConflict};
use crate::RepoError;
use crate::checkout::PaymentError;
use crate::ports::impl_from_repo_error;

/// What an order use case can fail with; the HTTP status each maps to is noted.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// 400: `Status must be Pending, Confirmed or Delivered`.
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// 404.
    #[error("Order not found")]
    NotFound,
    /// 404: the order was placed before the shop issued invoices.
    #[error("No invoice for this order")]
    NoInvoice,
    /// 404: no credit note was issued for it (decisions D22).
    #[error("No credit note for this order")]
    NoCreditNote,
    /// 403: another user's order or order list.
    #[error("You can only access your own orders")]
    Forbidden,
    /// 409: a delivered order cannot be cancelled.
    #[error("Order Delivered")]
    Delivered,
    /// 409: a cancelled order keeps its status.
    #[error("Order Cancelled")]
    Cancelled,
    /// 409: the order is with the courier or came back (decisions D18).
    #[error("Order has shipped")]
    Shipped,
    /// 409: a courier event for an order that has no shipment.
    #[error("Order has not shipped")]
    NotShipped,
    /// 409: the replacement order of a size exchange is never cancelled (decisions D24).
    #[error("Replacement orders cannot be cancelled")]
    Replacement,
    /// 409: the order's payment is recorded already.
    #[error("Order is already paid")]
    AlreadyPaid,
    /// 409: an unpaid cash-on-delivery order that came back to origin has no cash to record.
    #[error("Order returned to origin")]
    ReturnedToOrigin,
    /// 502: the order is cancelled and its stock is back, but the provider did not take the
    /// refund. Cancelling again retries the refund (with the same idempotency key).
    #[error("Order cancelled, but the refund could not be started. Please try again")]
    RefundFailed(#[source] PaymentError),
    /// 502: the order came back to origin and its stock is back, but the provider did not
    /// take the refund. Reporting the return again retries the refund.
    #[error("Order returned to origin, but the refund could not be started. Please try again")]
    ReturnRefundFailed(#[source] PaymentError),
    /// 502: the courier's service did not answer; the next try resumes the booking.
    #[error("Courier is not answering, try again")]
    CourierUnavailable(#[source] anyhow::Error),
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<CourierError> for OrderError {
    fn from(error: CourierError) -> Self {
        match error {
            CourierError::Invalid(invalid) => Self::Invalid(invalid),
            CourierError::Unavailable(cause) => Self::CourierUnavailable(cause),
        }
    }
}

impl From<OrderConflict> for OrderError {
    fn from(conflict: OrderConflict) -> Self {
        match conflict {
            OrderConflict::Cancelled => Self::Cancelled,
            OrderConflict::Delivered => Self::Delivered,
            OrderConflict::AlreadyPaid => Self::AlreadyPaid,
            OrderConflict::Shipped => Self::Shipped,
            OrderConflict::NotShipped => Self::NotShipped,
            OrderConflict::Replacement => Self::Replacement,
            OrderConflict::ReturnedToOrigin => Self::ReturnedToOrigin,
        }
    }
}

impl From<RepoError<OrderConflict>> for OrderError {
    fn from(error: RepoError<OrderConflict>) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            RepoError::Conflict(conflict) => conflict.into(),
            RepoError::Unexpected(e) => Self::Unexpected(e),
        }
    }
}

/// The lifecycle's refusal reads as the same refusal met inside the repository's transaction.
impl From<Refusal> for OrderError {
    fn from(refusal: Refusal) -> Self {
        OrderConflict::from(refusal).into()
    }
}

impl_from_repo_error!(OrderError, not_found: NotFound);
