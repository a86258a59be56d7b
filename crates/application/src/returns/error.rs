use paduka_domain::InvalidInput;

use super::ReturnConflict;
use crate::RepoError;
use crate::checkout::PaymentError;
use crate::orders::CourierError;

/// What a return use case can fail with; the HTTP status each maps to is noted.
#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    /// 400: the request's or the completion's refusal, in the spec's words.
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// 404: no such order or return.
    #[error("Return not found")]
    NotFound,
    /// 404: the order asked about does not exist.
    #[error("Order not found")]
    OrderNotFound,
    /// 403: another shopper's order or return.
    #[error("You can only return your own orders")]
    Forbidden,
    /// 409: `Return is STATUS`, or `Only N left of NAME (LABEL)`.
    #[error("{0}")]
    Conflict(String),
    /// 502: nothing changed; completing again retries the refund with the same key.
    #[error("The refund could not be started. Please try again")]
    RefundFailed(#[source] PaymentError),
    /// 502: the return is approved but its reverse pickup is not booked yet; approving
    /// again books it (the booking resumes where it stopped).
    #[error("Courier is not answering, try again")]
    CourierUnavailable(#[source] anyhow::Error),
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<CourierError> for ReturnError {
    fn from(error: CourierError) -> Self {
        match error {
            CourierError::Invalid(invalid) => Self::Invalid(invalid),
            CourierError::Unavailable(cause) => Self::CourierUnavailable(cause),
        }
    }
}

impl From<ReturnConflict> for ReturnError {
    fn from(conflict: ReturnConflict) -> Self {
        match conflict {
            ReturnConflict::NotOwner => Self::Forbidden,
            ReturnConflict::Invalid(invalid) => Self::Invalid(invalid),
            ReturnConflict::Refused(refusal) => Self::Conflict(refusal.to_string()),
            ReturnConflict::OutOfStock { name, size, left } => Self::Conflict(match size {
                Some(size) => format!("Only {left} left of {name} ({size})"),
                None => format!("Only {left} left of {name}"),
            }),
        }
    }
}

impl From<RepoError<ReturnConflict>> for ReturnError {
    fn from(error: RepoError<ReturnConflict>) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            RepoError::Conflict(conflict) => conflict.into(),
            RepoError::Unexpected(e) => Self::Unexpected(e),
        }
    }
}

impl From<RepoError> for ReturnError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            RepoError::Conflict(never) => match never {},
            RepoError::Unexpected(e) => Self::Unexpected(e),
        }
    }
}
