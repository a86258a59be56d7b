//! Profiles, and the administrators' list of users.

use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::UserId;
use paduka_domain::user::{ProfileChanges, User};
use tracing::instrument;

use super::ports::{ProfileChange, UserRepository};
use super::{Admin, Principal, UserError};
use crate::{Clock, RepoError};

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
        changes: &ProfileChanges,
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
    #[instrument(skip(self, changes), fields(by = %by.user_id))]
    async fn update_profile(
        &self,
        by: &Principal,
        id: &UserId,
        changes: &ProfileChanges,
    ) -> Result<User, UserError> {
        let is_admin = by.as_admin().is_some();
        let own = by.user_id == *id;
        if !own && !is_admin {
            return Err(UserError::NotYourProfile);
        }
        if changes.role.is_some() && !is_admin {
            return Err(UserError::RoleChangeNotAllowed);
        }
        let current = self.users.find(id).await?.ok_or(UserError::NotFound)?;
        let role = changes.role.unwrap_or(current.role);
        if own && role != current.role {
            return Err(UserError::OwnRole);
        }
        let change = ProfileChange {
            name: changes.name.clone().unwrap_or(current.name),
            phone: changes
                .phone
                .as_ref()
                .map_or(current.phone, |phone| phone.as_str().to_owned()),
            address: changes.address.clone().unwrap_or(current.address),
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

#[cfg(test)]
#[path = "users_tests.rs"]
mod tests;
