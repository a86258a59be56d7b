//! A product's handle: its name in a URL and its key in Shopify-style CSV files.

use std::fmt;

use crate::InvalidInput;

/// A product's handle, e.g. `trail-runner` or `मोजरी-जूती`: lower-case letters and digits (any
/// script) in runs joined by single hyphens. Made once from the name and kept when the name
/// changes, so links and import files keep pointing at the product.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handle(String);

impl Handle {
    /// At most this many characters (Shopify's limit is 255).
    pub const MAX_CHARS: usize = 200;
    /// The handle of a name with nothing to keep (only punctuation, say).
    pub const FALLBACK: &'static str = "product";

    /// The handle a product named `name` gets: letters and digits kept (lower-cased),
    /// everything between them one hyphen. Devanagari keeps its vowel signs and virama, which
    /// are marks rather than letters, so `जूती` stays one word.
    pub fn from_name(name: &str) -> Self {
        let mut out = String::with_capacity(name.len());
        let mut gap = false;
        // Lower-cased first: a capital may become a letter and a mark (`İ`).
        for c in name.chars().flat_map(char::to_lowercase) {
            if is_kept(c) {
                if gap && !out.is_empty() {
                    out.push('-');
                }
                gap = false;
                out.push(c);
            } else {
                gap = true;
            }
        }
        let mut handle: String = out.chars().take(Self::MAX_CHARS).collect();
        while handle.ends_with('-') {
            handle.pop();
        }
        if handle.is_empty() {
            handle = Self::FALLBACK.to_owned();
        }
        Self(handle)
    }

    /// A handle as a file or the database writes it. It must already be in handle form
    /// (what [`Handle::from_name`] gives for it); anything else is refused, so a file's
    /// handle names exactly one product.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let text = text.trim();
        if text.is_empty() {
            return Err(InvalidInput::new("Handle is required"));
        }
        let made = Self::from_name(text);
        if made.0 == text {
            Ok(made)
        } else {
            Err(InvalidInput::new(format!(
                "Handle must be lower-case letters and digits joined by hyphens, like {made}"
            )))
        }
    }

    /// The `n`th handle for this name when the first ones are taken: `trail-runner-2`, ...
    pub fn numbered(&self, n: u32) -> Self {
        if n <= 1 {
            return self.clone();
        }
        let suffix = format!("-{n}");
        let keep = Self::MAX_CHARS - suffix.chars().count();
        let mut base: String = self.0.chars().take(keep).collect();
        while base.ends_with('-') {
            base.pop();
        }
        Self(base + &suffix)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Handle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Letters and digits of any script, combining accents, and the Devanagari block's signs (not
/// its dandas, which are full stops).
fn is_kept(c: char) -> bool {
    c.is_alphanumeric()
        || ('\u{0300}'..='\u{036F}').contains(&c)
        || (('\u{0900}'..='\u{097F}').contains(&c) && !matches!(c, '\u{0964}' | '\u{0965}'))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn a_name_becomes_lower_case_words_joined_by_hyphens() {
        assert_eq!(Handle::from_name("Trail Runner").as_str(), "trail-runner");
        assert_eq!(
            Handle::from_name("  Kolhapuri -- \"Classic\", Tan!  ").as_str(),
            "kolhapuri-classic-tan"
        );
        assert_eq!(Handle::from_name("Runner 2.0").as_str(), "runner-2-0");
    }

    #[test]
    fn hindi_names_keep_their_letters_and_signs() {
        assert_eq!(Handle::from_name("मोजरी जूती").as_str(), "मोजरी-जूती");
        assert_eq!(Handle::from_name("क्लासिक चप्पल।").as_str(), "क्लासिक-चप्पल");
        assert_eq!(Handle::from_name("Jutti जूती").as_str(), "jutti-जूती");
    }

    #[test]
    fn a_name_without_letters_gets_the_fallback() {
        assert_eq!(Handle::from_name("!!!").as_str(), "product");
        assert_eq!(Handle::from_name("").as_str(), "product");
    }

    #[test]
    fn numbered_handles_stay_within_the_limit() {
        let base = Handle::from_name("Trail Runner");
        assert_eq!(base.numbered(1), base);
        assert_eq!(base.numbered(2).as_str(), "trail-runner-2");
        let long = Handle::from_name(&"a".repeat(300));
        assert_eq!(long.as_str().chars().count(), Handle::MAX_CHARS);
        assert_eq!(
            long.numbered(12).as_str().chars().count(),
            Handle::MAX_CHARS
        );
        assert!(long.numbered(12).as_str().ends_with("a-12"));
    }

    #[test]
    fn parse_takes_only_handles_in_handle_form() {
        assert_eq!(
            Handle::parse(" trail-runner ").unwrap().as_str(),
            "trail-runner"
        );
        assert_eq!(Handle::parse("मोजरी-जूती").unwrap().as_str(), "मोजरी-जूती");
        assert_eq!(
            Handle::parse("Trail Runner").unwrap_err().to_string(),
            "Handle must be lower-case letters and digits joined by hyphens, like trail-runner"
        );
        assert_eq!(
            Handle::parse("").unwrap_err().to_string(),
            "Handle is required"
        );
    }

    proptest! {
        #[test]
        fn every_handle_made_from_a_name_parses_as_itself(name in "\\PC{0,80}") {
            let handle = Handle::from_name(&name);
            prop_assert_eq!(Handle::parse(handle.as_str()).unwrap(), handle.clone());
            prop_assert!(!handle.as_str().starts_with('-'));
            prop_assert!(!handle.as_str().contains("--"));
        }
    }
}
