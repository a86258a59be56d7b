use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};

use crate::RepoError;

/// What a person may change about a user: the profile, and (admins only) the role. The
/// e-mail never changes.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChange {
    pub name: String,
    /// The 10 digits.
    pub phone: String,
    pub address: String,
    pub role: Role,
}

/// The rules a new account can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UserConflict {
    /// Another account has this e-mail (`users_email_key`).
    #[error("the e-mail is already registered")]
    DuplicateEmail,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    async fn find(&self, id: &UserId) -> Result<Option<User>, RepoError>;

    async fn find_by_email(&self, email: &Email) -> Result<Option<User>, RepoError>;

    /// `DuplicateEmail` when the e-mail is already registered.
    async fn create(&self, user: &User) -> Result<(), RepoError<UserConflict>>;

    /// `NotFound` for an unknown id.
    async fn set_role(&self, id: &UserId, role: Role, at: DateTime<Utc>) -> Result<(), RepoError>;

    /// Every administrator, by name.
    async fn admins(&self) -> Result<Vec<User>, RepoError>;

    /// Every user, oldest account first.
    async fn list(&self) -> Result<Vec<User>, RepoError>;

    /// Replaces the profile and role, moves `updated_at`; the user as stored now.
    /// `NotFound` for an unknown id.
    async fn update_profile(
        &self,
        id: &UserId,
        change: &ProfileChange,
        at: DateTime<Utc>,
    ) -> Result<User, RepoError>;

    /// `NotFound` for an unknown id.
    async fn update_password(
        &self,
        id: &UserId,
        password_hash: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Deletes the account. Their reviews and orders stay, without the id and with the name
    /// they had. `NotFound` for an unknown id.
    async fn delete(&self, id: &UserId) -> Result<(), RepoError>;
}

/// Slow, salted password hashing (bcrypt in production). Async because hashing is
/// deliberately expensive and must not hold up request threads.
#[cfg_attr(test, mockall::automock)]
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
#[cfg_attr(test, mockall::automock)]
pub trait TokenIssuer: Send + Sync {
    /// A token naming `user`, valid for the configured lifetime from `now`.
    fn issue(&self, user: &UserId, now: DateTime<Utc>) -> anyhow::Result<String>;

    /// The user a token names, when its signature is ours and it has not expired at `now`.
    fn verify(&self, token: &str, now: DateTime<Utc>) -> Result<UserId, TokenError>;
}

/// What a one-time code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodePurpose {
    /// Confirms the e-mail of a new account.
    Register,
    /// Lets the owner of an e-mail set a new password.
    Reset,
}

impl CodePurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::Reset => "reset",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        match text {
            "register" => Some(Self::Register),
            "reset" => Some(Self::Reset),
            _ => None,
        }
    }
}

/// A registration waiting for its code: the details given when the code was asked for.
#[derive(Clone, PartialEq)]
pub struct PendingRegistration {
    pub name: String,
    /// The 10 digits.
    pub phone: String,
    pub address: String,
    /// bcrypt hash of the chosen password; the password itself is never kept.
    pub password_hash: String,
}

impl std::fmt::Debug for PendingRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingRegistration")
            .field("name", &self.name)
            .field("phone", &self.phone)
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

/// A code mailed to an address, as stored: only its keyed hash, never the code.
#[derive(Debug, Clone, PartialEq)]
pub struct OneTimeCode {
    pub purpose: CodePurpose,
    pub email: Email,
    /// From [`CodeGenerator::digest`].
    pub code_hash: String,
    /// Tries made at this code so far.
    pub attempts: u32,
    pub expires_at: DateTime<Utc>,
    pub last_sent_at: DateTime<Utc>,
    /// Set for [`CodePurpose::Register`].
    pub registration: Option<PendingRegistration>,
}

/// Pending registrations and password resets: at most one live code per purpose and e-mail.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait OneTimeCodeRepository: Send + Sync {
    async fn find(
        &self,
        purpose: CodePurpose,
        email: &Email,
    ) -> Result<Option<OneTimeCode>, RepoError>;

    /// Stores `code` in place of any earlier one for its purpose and e-mail, unless that one
    /// was sent after `resend_after`: then nothing changes and the answer is `false`. Codes
    /// that expired before `code.last_sent_at` are forgotten on the way.
    async fn issue(
        &self,
        code: &OneTimeCode,
        resend_after: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// Counts one try at the code, atomically, unless it has had `max_attempts` already. The
    /// code as it is after counting; `None` when there is none or it is used up.
    async fn begin_attempt(
        &self,
        purpose: CodePurpose,
        email: &Email,
        max_attempts: u32,
    ) -> Result<Option<OneTimeCode>, RepoError>;

    /// Removes the code if it is still the one hashed `code_hash`, and says whether it was:
    /// of two requests racing with the right code, exactly one gets `true`.
    async fn consume(
        &self,
        purpose: CodePurpose,
        email: &Email,
        code_hash: &str,
    ) -> Result<bool, RepoError>;
}

/// Makes one-time codes and their keyed hashes (a CSPRNG and HMAC-SHA256 in production).
#[cfg_attr(test, mockall::automock)]
pub trait CodeGenerator: Send + Sync {
    /// A new code: 6 random digits.
    fn generate(&self) -> String;

    /// What is stored for `code`, bound to its purpose and e-mail (a keyed hash).
    fn digest(&self, purpose: CodePurpose, email: &Email, code: &str) -> String;

    /// Whether `code` is the one `digest` was made from, compared in constant time.
    fn verify(&self, purpose: CodePurpose, email: &Email, code: &str, digest: &str) -> bool;
}

/// How many attempts a key may make within a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

/// Counts attempts per key (an action with an e-mail or a client address) over a sliding
/// window. In memory per instance in production.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Throttle: Send + Sync {
    /// Whether `key` has made fewer than `limit.max` attempts within the window. Counts nothing.
    async fn allows(&self, key: &str, limit: Limit) -> bool;

    /// Counts one attempt under `key`.
    async fn record(&self, key: &str, limit: Limit);

    /// Counts one attempt under `key` when it is allowed, and says whether it was.
    async fn attempt(&self, key: &str, limit: Limit) -> bool;
}
