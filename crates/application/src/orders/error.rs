use paduka_domain::InvalidInput;
use paduka_domain::order::Refusal;

use super::OrderConflict;
use crate::RepoError;
use crate::checkout::PaymentError;

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
    /// 409: the order's payment is recorded already.
    #[error("Order is already paid")]
    AlreadyPaid,
    /// 502: the order is cancelled and its stock is back, but the provider did not take the
    /// refund. Cancelling again retries the refund (with the same idempotency key).
    #[error("Order cancelled, but the refund could not be started. Please try again")]
    RefundFailed(#[source] PaymentError),
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<RepoError<OrderConflict>> for OrderError {
    fn from(error: RepoError<OrderConflict>) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            RepoError::Conflict(OrderConflict::Cancelled) => Self::Cancelled,
            RepoError::Conflict(OrderConflict::Delivered) => Self::Delivered,
            RepoError::Conflict(OrderConflict::AlreadyPaid) => Self::AlreadyPaid,
            RepoError::Conflict(OrderConflict::Shipped) => Self::Shipped,
            RepoError::Conflict(OrderConflict::NotShipped) => Self::NotShipped,
            RepoError::Unexpected(e) => Self::Unexpected(e),
        }
    }
}

impl From<Refusal> for OrderError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Cancelled => Self::Cancelled,
            Refusal::Delivered => Self::Delivered,
            Refusal::Shipped => Self::Shipped,
            Refusal::NotShipped => Self::NotShipped,
        }
    }
}

impl From<RepoError> for OrderError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            other => Self::Unexpected(other.unexpected()),
        }
    }
}
