//! Ports shared by every area.

use std::convert::Infallible;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// What a repository can fail with. Adapters translate their own errors into these, so no
/// database type leaks into a use case.
///
/// `C` names the rules a port's writes can break (its conflicts), e.g.
/// [`ProductConflict`](crate::catalog::ProductConflict); a port whose writes break none keeps
/// the default, which has no values.
#[derive(Debug, thiserror::Error)]
pub enum RepoError<C = Infallible> {
    /// The row to change does not exist.
    #[error("not found")]
    NotFound,
    /// A rule of the port refused the change; `C` says which.
    #[error("conflict: {0}")]
    Conflict(C),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl<C> RepoError<C>
where
    C: std::error::Error + Send + Sync + 'static,
{
    /// The error as a fault on our side, for a use case that expects no refusal here.
    pub fn unexpected(self) -> anyhow::Error {
        match self {
            Self::Unexpected(cause) => cause,
            other => anyhow::Error::new(other),
        }
    }
}

/// Implements `From<RepoError<_>>` for a use case's error type, which has an
/// `Unexpected(anyhow::Error)` variant: a repository refusal the use case does not map itself
/// is a fault on our side. With `not_found: Variant`, a missing row is that variant instead
/// (for the ports without conflicts; a use case maps its port's conflicts by hand).
macro_rules! impl_from_repo_error {
    ($($error:ty),+ $(,)?) => {$(
        impl<C> From<$crate::RepoError<C>> for $error
        where
            C: std::error::Error + Send + Sync + 'static,
        {
            fn from(error: $crate::RepoError<C>) -> Self {
                Self::Unexpected(error.unexpected())
            }
        }
    )+};
    ($error:ty, not_found: $variant:ident) => {
        impl From<$crate::RepoError> for $error {
            fn from(error: $crate::RepoError) -> Self {
                match error {
                    $crate::RepoError::NotFound => Self::$variant,
                    other => Self::Unexpected(other.unexpected()),
                }
            }
        }
    };
}
pub(crate) use impl_from_repo_error;

/// The current time. A port so that expiry and "running now" are tested without sleeping.
#[cfg_attr(test, mockall::automock)]
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// New unique ids for the rows we create.
#[cfg_attr(test, mockall::automock)]
pub trait IdGenerator: Send + Sync {
    /// A new id, unique and roughly ordered by time (UUID v7 in production).
    fn new_id(&self) -> String;
}

/// Whether the service can do its work (the database answers), for `/health/ready`.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait ReadinessProbe: Send + Sync {
    async fn check(&self) -> anyhow::Result<()>;
}
