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

/// [`required`] text of at most `max` characters as sent ([`at_most`]): `{field} is required`
/// when blank, `{field} must be at most {max} characters` when longer.
pub(crate) fn required_text(
    value: Option<&str>,
    max: usize,
    field: &str,
) -> Result<String, InvalidInput> {
    let text = required(value, &format!("{field} is required"))?;
    at_most(value.unwrap_or_default(), max, field)?;
    Ok(text)
}

/// Fails when `value` is longer than `max` characters. Callers pass the text as sent, before
/// trimming: the API document's `maxLength` counts it so, and the server takes exactly what the
/// document calls valid (white space around a name is not room for more name).
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
