use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::contact::{Credentials, Email, NewPassword};
use paduka_domain::user::{Role, User};
use paduka_domain::{InvalidInput, UserId};
use tracing::instrument;

use super::limits::{Action, RateLimiter};
use super::ports::*;
use super::{Admin, AuthError, Principal};
use crate::{Clock, IdGenerator, RepoError};

/// A signed-in session: the user and their token.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub user: User,
    pub token: String,
}

/// Signing in, telling who a request is from, and creating administrators.
pub struct AuthService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    ids: Arc<dyn IdGenerator>,
    clock: Arc<dyn Clock>,
    /// Verified against when the e-mail is unknown, so both failures take the same time.
    decoy_hash: String,
    /// Failed sign-ins per e-mail and per client address.
    limiter: RateLimiter,
}

/// Signing in, knowing who sends a request, and making accounts directly (the CLI, demo data).
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait AuthUseCases: Send + Sync {
    /// Signs in. After too many failures from this e-mail or this client address (`client`,
    /// the caller's network address) even the right password is refused for a while.
    async fn login(&self, credentials: &Credentials, client: &str) -> Result<Session, AuthError>;

    /// Who sent a request with this token. The user must still exist; their role is read
    /// fresh, so a demotion takes effect at once.
    async fn authenticate(&self, token: &str) -> Result<Principal, AuthError>;

    /// Creates an administrator, or promotes the user who already has this e-mail (their
    /// password then stays as it was). Returns the admin and whether they were created.
    async fn create_admin(
        &self,
        email: &str,
        name: &str,
        password: &str,
        phone: &str,
        address: &str,
    ) -> Result<(User, bool), AuthError>;

    /// A shopper account, for demo data. Registration proper (with the e-mailed code) is its
    /// own use case.
    async fn create_user_directly(&self, user: User, password: &str) -> Result<User, AuthError>;

    /// The administrators, who are the shop's sellers.
    async fn sellers(&self, admin: &Admin) -> Result<Vec<User>, AuthError>;
}

impl AuthService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenIssuer>,
        ids: Arc<dyn IdGenerator>,
        clock: Arc<dyn Clock>,
        decoy_hash: String,
        limiter: RateLimiter,
    ) -> Self {
        Self {
            users,
            hasher,
            tokens,
            ids,
            clock,
            decoy_hash,
            limiter,
        }
    }

    async fn check_credentials(&self, email: &str, password: &str) -> Result<Session, AuthError> {
        let Ok(email) = Email::parse(email) else {
            return Err(AuthError::InvalidCredentials);
        };
        let user = self.users.find_by_email(&email).await?;
        let hash = user
            .as_ref()
            .map_or(self.decoy_hash.as_str(), |u| u.password_hash.as_str());
        let matches = self
            .hasher
            .verify(password, hash)
            .await
            .map_err(AuthError::Unexpected)?;
        match user {
            Some(user) if matches => {
                let token = self
                    .tokens
                    .issue(&user.id, self.clock.now())
                    .map_err(AuthError::Unexpected)?;
                Ok(Session { user, token })
            }
            _ => Err(AuthError::InvalidCredentials),
        }
    }
}

#[async_trait]
impl AuthUseCases for AuthService {
    #[instrument(skip(self))]
    async fn login(&self, credentials: &Credentials, client: &str) -> Result<Session, AuthError> {
        let email = credentials.email();
        if !self.limiter.allows(Action::Login, email, client).await {
            return Err(AuthError::TooManyAttempts);
        }
        let outcome = (self.check_credentials(email, credentials.expose_password())).await;
        if matches!(outcome, Err(AuthError::InvalidCredentials)) {
            self.limiter.record(Action::Login, email, client).await;
        }
        outcome
    }

    #[instrument(skip_all)]
    async fn authenticate(&self, token: &str) -> Result<Principal, AuthError> {
        let user_id = self
            .tokens
            .verify(token, self.clock.now())
            .map_err(|_| AuthError::InvalidToken)?;
        let user = self
            .users
            .find(&user_id)
            .await?
            .ok_or(AuthError::InvalidToken)?;
        Ok(Principal::of(&user))
    }

    #[instrument(skip(self, password, phone, address))]
    async fn create_admin(
        &self,
        email: &str,
        name: &str,
        password: &str,
        phone: &str,
        address: &str,
    ) -> Result<(User, bool), AuthError> {
        let email = Email::parse(email)?;
        let now = self.clock.now();
        if let Some(mut user) = self.users.find_by_email(&email).await? {
            self.users.set_role(&user.id, Role::Admin, now).await?;
            user.role = Role::Admin;
            user.updated_at = now;
            return Ok((user, false));
        }
        let profile =
            paduka_domain::user::ProfileDraft::parse(Some(name), Some(phone), Some(address))?;
        let password = NewPassword::parse(password)?;
        let password_hash = self
            .hasher
            .hash(password.expose())
            .await
            .map_err(AuthError::Unexpected)?;
        let user = User {
            id: UserId::new(self.ids.new_id()),
            name: profile.name,
            email,
            phone: profile.phone.as_str().to_owned(),
            address: profile.address,
            role: Role::Admin,
            password_hash,
            created_at: now,
            updated_at: now,
        };
        self.users.create(&user).await.map_err(already_registered)?;
        Ok((user, true))
    }

    async fn create_user_directly(&self, user: User, password: &str) -> Result<User, AuthError> {
        let password = NewPassword::parse(password)?;
        let password_hash = self
            .hasher
            .hash(password.expose())
            .await
            .map_err(AuthError::Unexpected)?;
        let user = User {
            password_hash,
            ..user
        };
        self.users.create(&user).await.map_err(already_registered)?;
        Ok(user)
    }

    async fn sellers(&self, _admin: &Admin) -> Result<Vec<User>, AuthError> {
        Ok(self.users.admins().await?)
    }
}

fn already_registered(error: RepoError<UserConflict>) -> AuthError {
    match error {
        RepoError::Conflict(UserConflict::DuplicateEmail) => {
            AuthError::Invalid(InvalidInput::new("Already registered, please login"))
        }
        other => other.into(),
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
