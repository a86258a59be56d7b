//! E-mail addresses, phone numbers, pincodes and passwords as the shop accepts them.

use std::fmt;

use crate::InvalidInput;

/// A lower-cased e-mail address with a local part, an `@` and a dotted domain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let email = text.trim().to_lowercase();
        let invalid = || InvalidInput::new("Enter a valid email address");
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..");
        if local.is_empty()
            || !domain_ok
            || domain.contains('@')
            || email.len() > 254
            || email.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(invalid());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An Indian mobile number: 10 digits, optionally written with `+91`, spaces or dashes.
/// Kept as the 10 digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let digits = compact.strip_prefix("+91").unwrap_or(&compact);
        if digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(digits.to_owned()))
        } else {
            Err(InvalidInput::new("Phone must be 10 digits"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A six-digit Indian postal code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pincode(String);

impl Pincode {
    pub const INVALID: &'static str = "Enter a valid 6-digit Pincode";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        if text.len() == 6 && text.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(text.to_owned()))
        } else {
            Err(InvalidInput::new(Self::INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as typed at registration or reset, before hashing.
pub struct NewPassword(String);

impl NewPassword {
    /// bcrypt reads at most 72 bytes; longer passwords would be silently truncated.
    pub const MAX_BYTES: usize = 72;

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        if text.chars().count() < 8 {
            return Err(InvalidInput::new("Password must be at least 8 characters"));
        }
        if text.len() > Self::MAX_BYTES {
            return Err(InvalidInput::new("Password must be at most 72 bytes"));
        }
        Ok(Self(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_and_lower_cased() {
        assert_eq!(
            Email::parse(" Asha@Example.COM ").unwrap().as_str(),
            "asha@example.com"
        );
        assert!(Email::parse("admin@paduka.local").is_ok());
        for bad in [
            "",
            "asha",
            "@example.com",
            "asha@",
            "asha@example",
            "a b@x.in",
            "a@@x.in",
            "a@x..in",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn phones_accept_ten_digits_with_an_optional_country_code() {
        assert_eq!(
            Phone::parse("+91 98765-43210").unwrap().as_str(),
            "9876543210"
        );
        assert_eq!(Phone::parse("9876543210").unwrap().as_str(), "9876543210");
        for bad in [
            "",
            "987654321",
            "98765432101",
            "+1 9876543210",
            "98765abcde",
        ] {
            assert!(Phone::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn pincodes_are_six_digits() {
        assert_eq!(Pincode::parse("281001").unwrap().as_str(), "281001");
        for bad in ["", "28100", "2810011", "28100a"] {
            assert_eq!(Pincode::parse(bad).unwrap_err().message(), Pincode::INVALID);
        }
    }

    #[test]
    fn passwords_need_eight_characters_and_fit_bcrypt() {
        assert!(NewPassword::parse("short").is_err());
        assert!(NewPassword::parse("long enough").is_ok());
        assert!(NewPassword::parse(&"x".repeat(73)).is_err());
    }
}
