//! Shoppers and administrators.

use chrono::{DateTime, Utc};

use crate::contact::{Email, Phone};
use crate::error::required_text;
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
            _ => Err(InvalidInput::new(Self::INVALID)),
        }
    }

    /// A role as a form sends it: `0` or `1` (spaces around allowed).
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let code = text
            .trim()
            .parse::<i64>()
            .map_err(|_| InvalidInput::new(Self::INVALID))?;
        Self::from_code(code)
    }

    const INVALID: &'static str = "Role must be 0 (shopper) or 1 (admin)";
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
        Ok(Self {
            name: profile_name(name)?,
            phone: Phone::parse(phone.unwrap_or_default())?,
            address: profile_address(address)?,
        })
    }
}

/// A profile edit: the fields sent, each checked as a whole profile's would be; a field left
/// out keeps its value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChanges {
    pub name: Option<String>,
    pub phone: Option<Phone>,
    pub address: Option<String>,
    /// Administrators only.
    pub role: Option<Role>,
}

impl ProfileChanges {
    /// Checked in the form's order: name, phone, address, role.
    pub fn parse(
        name: Option<&str>,
        phone: Option<&str>,
        address: Option<&str>,
        role: Option<&str>,
    ) -> Result<Self, InvalidInput> {
        Ok(Self {
            name: name.map(|name| profile_name(Some(name))).transpose()?,
            phone: phone.map(Phone::parse).transpose()?,
            address: address
                .map(|address| profile_address(Some(address)))
                .transpose()?,
            role: role.map(Role::parse).transpose()?,
        })
    }
}

fn profile_name(name: Option<&str>) -> Result<String, InvalidInput> {
    required_text(name, 100, "Name")
}

fn profile_address(address: Option<&str>) -> Result<String, InvalidInput> {
    required_text(address, 500, "Address")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_zero_or_one() {
        assert_eq!(Role::from_code(1).unwrap(), Role::Admin);
        assert_eq!(Role::Shopper.code(), 0);
        assert!(Role::from_code(2).is_err());
        assert_eq!(Role::parse(" 1 ").unwrap(), Role::Admin);
        for bad in ["2", "-1", "admin", "", "1.0"] {
            assert_eq!(
                Role::parse(bad).unwrap_err().message(),
                "Role must be 0 (shopper) or 1 (admin)"
            );
        }
    }

    #[test]
    fn profile_changes_check_what_is_sent_in_the_forms_order() {
        let changes = ProfileChanges::parse(Some(" Asha "), None, None, Some("0")).unwrap();
        assert_eq!(changes.name.as_deref(), Some("Asha"));
        assert_eq!((changes.phone, changes.address), (None, None));
        assert_eq!(changes.role, Some(Role::Shopper));
        assert_eq!(
            ProfileChanges::parse(None, None, None, None).unwrap(),
            ProfileChanges::default()
        );
        let refusal = |name, phone, address, role| {
            ProfileChanges::parse(name, phone, address, role)
                .unwrap_err()
                .to_string()
        };
        let long = "x".repeat(501);
        assert_eq!(
            refusal(Some(""), Some("1"), None, Some("9")),
            "Name is required"
        );
        assert_eq!(
            refusal(None, Some("1"), Some(""), Some("9")),
            "Phone must be 10 digits"
        );
        assert_eq!(
            refusal(None, None, Some(long.as_str()), Some("9")),
            "Address must be at most 500 characters"
        );
        assert_eq!(
            refusal(None, None, None, Some("9")),
            "Role must be 0 (shopper) or 1 (admin)"
        );
        let long_name = "a".repeat(101);
        // Counted as sent, as the document's `maxLength` counts: padding is no room for more.
        let padded_name = format!(" {} ", "a".repeat(99));
        let cases = [
            ([Some(" "), None, None], "Name is required"),
            (
                [Some(long_name.as_str()), None, None],
                "Name must be at most 100 characters",
            ),
            (
                [Some(padded_name.as_str()), None, None],
                "Name must be at most 100 characters",
            ),
            ([None, Some("98765"), None], "Phone must be 10 digits"),
            ([None, None, Some("")], "Address is required"),
        ];
        for ([name, phone, address], message) in cases {
            assert_eq!(refusal(name, phone, address, None), message);
        }
    }

    #[test]
    fn a_profile_needs_name_phone_and_address() {
        assert!(ProfileDraft::parse(Some("Asha"), Some("9876543210"), Some("1 MG Road")).is_ok());
        assert!(ProfileDraft::parse(None, Some("9876543210"), Some("x")).is_err());
        assert!(ProfileDraft::parse(Some("Asha"), Some("123"), Some("x")).is_err());
        assert!(ProfileDraft::parse(Some("Asha"), Some("9876543210"), Some(" ")).is_err());
    }
}
