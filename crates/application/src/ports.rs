//! Ports shared by every area.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// What a repository can fail with. Adapters translate their own errors into these, so no
/// database type leaks into a use case.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    /// The row to change does not exist.
    #[error("not found")]
    NotFound,
    /// A uniqueness or reference rule refused the change; the text names the rule.
    #[error("conflict: {0}")]
    Conflict(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The current time. A port so that expiry and "running now" are tested without sleeping.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// New unique ids for the rows we create.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
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
