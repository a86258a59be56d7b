use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};

use crate::RepoError;

#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    async fn find(&self, id: &UserId) -> Result<Option<User>, RepoError>;

    async fn find_by_email(&self, email: &Email) -> Result<Option<User>, RepoError>;

    /// `Conflict` when the e-mail is already registered.
    async fn create(&self, user: &User) -> Result<(), RepoError>;

    /// `NotFound` for an unknown id.
    async fn set_role(&self, id: &UserId, role: Role, at: DateTime<Utc>) -> Result<(), RepoError>;

    /// Every administrator, by name.
    async fn admins(&self) -> Result<Vec<User>, RepoError>;
}

/// Slow, salted password hashing (bcrypt in production). Async because hashing is
/// deliberately expensive and must not hold up request threads.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> anyhow::Result<String>;

    /// Whether `password` matches `hash`; a malformed hash is an error.
    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool>;
}

/// Why a token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("token expired")]
    Expired,
    #[error("token invalid")]
    Invalid,
}

/// Signed session tokens (JWT HS256 in production).
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
pub trait TokenIssuer: Send + Sync {
    /// A token naming `user`, valid for the configured lifetime from `now`.
    fn issue(&self, user: &UserId, now: DateTime<Utc>) -> anyhow::Result<String>;

    /// The user a token names, when its signature is ours and it has not expired at `now`.
    fn verify(&self, token: &str, now: DateTime<Utc>) -> Result<UserId, TokenError>;
}
