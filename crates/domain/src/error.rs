use std::fmt;
use std::ops::RangeInclusive;

/// Input that breaks a business rule. The message is written for the person who sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidInput(String);

impl InvalidInput {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InvalidInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidInput {}

/// Trims `value` and fails with `message` when nothing is left.
pub(crate) fn required(value: Option<&str>, message: &str) -> Result<String, InvalidInput> {
    match value.map(str::trim) {
        Some(v) if !v.is_empty() => Ok(v.to_owned()),
        _ => Err(InvalidInput::new(message)),
    }
}

/// Fails when `value` is longer than `max` characters.
pub(crate) fn at_most(value: &str, max: usize, field: &str) -> Result<(), InvalidInput> {
    if value.chars().count() > max {
        return Err(InvalidInput::new(format!(
            "{field} must be at most {max} characters"
        )));
    }
    Ok(())
}

/// Whether `text` is a code of the shop's kind: `lengths` ASCII characters, each `allowed`
/// (a pincode's six digits, an HSN code, an invoice prefix, a coupon code).
pub(crate) fn is_code(
    text: &str,
    lengths: RangeInclusive<usize>,
    allowed: fn(&u8) -> bool,
) -> bool {
    lengths.contains(&text.len()) && text.bytes().all(|b| allowed(&b))
}
