//! E-mail addresses, phone numbers, pincodes, delivery addresses and passwords as the shop
//! accepts them, and what a sign-in sends.

use std::fmt;

use crate::InvalidInput;
use crate::error::is_code;

/// A lower-cased e-mail address the mail adapters can send to: an ASCII dot-atom local part
/// (at most 64 characters), `@`, and a domain of two or more host-name labels (letters,
/// digits and inner hyphens, at most 63 each); at most 254 characters; trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub const MAX_CHARS: usize = 254;
    pub const MAX_LOCAL_CHARS: usize = 64;

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let email = text.trim().to_ascii_lowercase();
        let invalid = || InvalidInput::new("Enter a valid email address");
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~-".contains(c);
        let local_ok = local.len() <= Self::MAX_LOCAL_CHARS
            && local
                .split('.')
                .all(|atom| !atom.is_empty() && atom.chars().all(atext));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|label| {
                label.len() <= 63
                    && label.starts_with(|c: char| c.is_ascii_alphanumeric())
                    && label.ends_with(|c: char| c.is_ascii_alphanumeric())
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
        if !local_ok || !domain_ok || email.len() > Self::MAX_CHARS {
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
        if is_code(digits, 10..=10, u8::is_ascii_digit) {
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
        if is_code(text, 6..=6, u8::is_ascii_digit) {
            Ok(Self(text.to_owned()))
        } else {
            Err(InvalidInput::new(Self::INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where a checkout delivers: trimmed, not blank, at most 500 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryAddress(String);

impl DeliveryAddress {
    pub const MAX_CHARS: usize = 500;

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let address = text.trim();
        if address.is_empty() {
            return Err(InvalidInput::new("Please enter your address"));
        }
        if address.chars().count() > Self::MAX_CHARS {
            return Err(InvalidInput::new("Address must be at most 500 characters"));
        }
        Ok(Self(address.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// What a sign-in sends. The e-mail stays as typed: it is only looked up, so a malformed one
/// is a wrong sign-in like any other (and counts against the same limits).
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    email: String,
    password: String,
}

impl Credentials {
    /// Both are required; a blank e-mail or an empty password is none.
    pub fn parse(email: Option<&str>, password: Option<&str>) -> Result<Self, InvalidInput> {
        match (email, password) {
            (Some(email), Some(password)) if !email.trim().is_empty() && !password.is_empty() => {
                Ok(Self {
                    email: email.to_owned(),
                    password: password.to_owned(),
                })
            }
            _ => Err(InvalidInput::new("Email and password are required")),
        }
    }

    pub fn email(&self) -> &str {
        &self.email
    }

    pub fn expose_password(&self) -> &str {
        &self.password
    }
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("email", &self.email)
            .field("password", &"***")
            .finish()
    }
}

/// A password as typed at registration or reset, before hashing.
#[derive(Clone, PartialEq, Eq)]
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
            "a..b@x.in",
            ".a@x.in",
            "a@-x.in",
            "a@x-.in",
            "\u{1680}\u{df}@\u{b4}\u{c5}.n\u{ee}.in",
            "a\"b@x.in",
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
    fn delivery_addresses_are_trimmed_and_at_most_500_characters() {
        assert_eq!(
            DeliveryAddress::parse(" 12 Temple Road ").unwrap().as_str(),
            "12 Temple Road"
        );
        let refusal = |text: &str| DeliveryAddress::parse(text).unwrap_err().to_string();
        assert_eq!(refusal("   "), "Please enter your address");
        assert_eq!(
            refusal(&"x".repeat(501)),
            "Address must be at most 500 characters"
        );
        assert!(DeliveryAddress::parse(&"x".repeat(500)).is_ok());
    }

    #[test]
    fn a_sign_in_needs_an_email_and_a_password() {
        let credentials = Credentials::parse(Some(" Asha@x.in"), Some(" pw ")).unwrap();
        assert_eq!(credentials.email(), " Asha@x.in", "kept as typed");
        assert_eq!(credentials.expose_password(), " pw ");
        assert!(!format!("{credentials:?}").contains("pw"));
        for (email, password) in [
            (None, Some("pw")),
            (Some("a@x.in"), None),
            (Some("  "), Some("pw")),
            (Some("a@x.in"), Some("")),
        ] {
            assert_eq!(
                Credentials::parse(email, password).unwrap_err().to_string(),
                "Email and password are required"
            );
        }
    }

    #[test]
    fn passwords_need_eight_characters_and_fit_bcrypt() {
        assert!(NewPassword::parse("short").is_err());
        assert!(NewPassword::parse("long enough").is_ok());
        assert!(NewPassword::parse(&"x".repeat(73)).is_err());
    }
}
