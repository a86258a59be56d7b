//! Profiles, and the administrators' list of users.

use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::user::{ProfileDraft, Role, User};
use paduka_domain::{InvalidInput, UserId};
use tracing::instrument;

use super::ports::{ProfileChange, UserRepository};
use super::{Admin, Principal, UserError};
use crate::{Clock, RepoError};

/// A profile edit as sent. A field left out keeps its value; the e-mail cannot be changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    /// `0` or `1`, from administrators only.
    pub role: Option<String>,
}

/// Changing profiles, listing and deleting users.
pub struct UserService {
    users: Arc<dyn UserRepository>,
    clock: Arc<dyn Clock>,
}

/// Profiles, and the administrators' list of users.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait UserUseCases: Send + Sync {
    /// Changes a profile: your own, or (administrators) anyone's, whose role they may also
    /// change, except their own.
    async fn update_profile(
        &self,
        by: &Principal,
        id: &UserId,
        input: &ProfileInput,
    ) -> Result<User, UserError>;

    /// Every user, oldest account first.
    async fn list(&self, admin: &Admin) -> Result<Vec<User>, UserError>;

    /// Deletes an account (never your own). Its reviews and orders stay with its name.
    async fn delete(&self, admin: &Admin, id: &UserId) -> Result<(), UserError>;
}

impl UserService {
    pub fn new(users: Arc<dyn UserRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { users, clock }
    }
}

#[async_trait]
impl UserUseCases for UserService {
    #[instrument(skip(self, input), fields(by = %by.user_id))]
    async fn update_profile(
        &self,
        by: &Principal,
        id: &UserId,
        input: &ProfileInput,
    ) -> Result<User, UserError> {
        let is_admin = by.as_admin().is_some();
        let own = by.user_id == *id;
        if !own && !is_admin {
            return Err(UserError::NotYourProfile);
        }
        if input.role.is_some() && !is_admin {
            return Err(UserError::RoleChangeNotAllowed);
        }
        let current = self.users.find(id).await?.ok_or(UserError::NotFound)?;
        let profile = ProfileDraft::parse(
            Some(input.name.as_deref().unwrap_or(&current.name)),
            Some(input.phone.as_deref().unwrap_or(&current.phone)),
            Some(input.address.as_deref().unwrap_or(&current.address)),
        )?;
        let role = match input.role.as_deref() {
            None => current.role,
            Some(text) => parse_role(text)?,
        };
        if own && role != current.role {
            return Err(UserError::OwnRole);
        }
        let change = ProfileChange {
            name: profile.name,
            phone: profile.phone.as_str().to_owned(),
            address: profile.address,
            role,
        };
        match self
            .users
            .update_profile(id, &change, self.clock.now())
            .await
        {
            Ok(user) => Ok(user),
            Err(RepoError::NotFound) => Err(UserError::NotFound),
            Err(other) => Err(other.into()),
        }
    }

    async fn list(&self, _admin: &Admin) -> Result<Vec<User>, UserError> {
        Ok(self.users.list().await?)
    }

    #[instrument(skip(self, admin), fields(by = %admin.id()))]
    async fn delete(&self, admin: &Admin, id: &UserId) -> Result<(), UserError> {
        if admin.id() == id {
            return Err(UserError::DeleteSelf);
        }
        match self.users.delete(id).await {
            Ok(()) => {
                tracing::info!(user = %id, "account deleted");
                Ok(())
            }
            Err(RepoError::NotFound) => Err(UserError::NotFound),
            Err(other) => Err(other.into()),
        }
    }
}

fn parse_role(text: &str) -> Result<Role, InvalidInput> {
    let code = text
        .trim()
        .parse::<i64>()
        .map_err(|_| InvalidInput::new("Role must be 0 (shopper) or 1 (admin)"))?;
    Role::from_code(code)
}

#[cfg(test)]
#[path = "users_tests.rs"]
mod tests;
