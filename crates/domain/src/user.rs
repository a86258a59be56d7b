//! Shoppers and administrators.

use chrono::{DateTime, Utc};

use crate::contact::{Email, Phone};
use crate::error::{at_most, required};
use crate::{InvalidInput, UserId};

/// `role` in the API: 0 for a shopper, 1 for an administrator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Role {
    #[default]
    Shopper,
    Admin,
}

impl Role {
    pub fn code(self) -> i32 {
        match self {
            Self::Shopper => 0,
            Self::Admin => 1,
        }
    }

    pub fn from_code(code: i64) -> Result<Self, InvalidInput> {
        match code {
            0 => Ok(Self::Shopper),
            1 => Ok(Self::Admin),
            _ => Err(InvalidInput::new("Role must be 0 (shopper) or 1 (admin)")),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub email: Email,
    pub phone: String,
    pub address: String,
    pub role: Role,
    pub password_hash: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

/// The parts of a profile a person may change about themselves.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileDraft {
    pub name: String,
    pub phone: Phone,
    pub address: String,
}

impl ProfileDraft {
    pub fn parse(
        name: Option<&str>,
        phone: Option<&str>,
        address: Option<&str>,
    ) -> Result<Self, InvalidInput> {
        let name = required(name, "Name is required")?;
        at_most(&name, 100, "Name")?;
        let phone = Phone::parse(phone.unwrap_or_default())?;
        let address = required(address, "Address is required")?;
        at_most(&address, 500, "Address")?;
        Ok(Self {
            name,
            phone,
            address,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_zero_or_one() {
        assert_eq!(Role::from_code(1).unwrap(), Role::Admin);
        assert_eq!(Role::Shopper.code(), 0);
        assert!(Role::from_code(2).is_err());
    }

    #[test]
    fn a_profile_needs_name_phone_and_address() {
        assert!(ProfileDraft::parse(Some("Asha"), Some("9876543210"), Some("1 MG Road")).is_ok());
        assert!(ProfileDraft::parse(None, Some("9876543210"), Some("x")).is_err());
        assert!(ProfileDraft::parse(Some("Asha"), Some("123"), Some("x")).is_err());
        assert!(ProfileDraft::parse(Some("Asha"), Some("9876543210"), Some(" ")).is_err());
    }
}
