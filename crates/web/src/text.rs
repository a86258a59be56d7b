//! Text as the pages write it: white space, descriptions, prices, and addresses encoded as the
//! app encodes them.

use std::borrow::Cow;

use paduka_domain::Paise;

/// Search engines show about this many characters of a description.
const DESCRIPTION_CHARS: usize = 160;

/// Runs of white space as one space, none at either end.
pub(crate) fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most [`DESCRIPTION_CHARS`] characters, cut at a word with `…`.
pub(crate) fn shorten(text: &str) -> String {
    let text = collapse(text);
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > DESCRIPTION_CHARS / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':', ' ']))
}

/// A price as schema.org and Open Graph want it: `2699.10`.
pub(crate) fn decimal(price: Paise) -> String {
    format!("{}.{:02}", price.paise() / 100, price.paise() % 100)
}

/// A path segment as `encodeURIComponent` writes it (what the app's URLs carry).
pub(crate) fn encode_component(text: &str) -> Cow<'_, str> {
    let keep = |b: u8| b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b);
    if text.bytes().all(keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if keep(byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    Cow::Owned(out)
}

/// A query value as `URLSearchParams` writes it (the app's `apiUrl`).
pub(crate) fn encode_query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b' ' => out.push('+'),
            b if b.is_ascii_alphanumeric() || b"*-._".contains(&b) => out.push(char::from(b)),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_read_as_in_india() {
        assert_eq!(decimal(Paise::from_stored(269_910)), "2699.10");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let long = "word ".repeat(100);
        let short = shorten(&long);
        assert!(short.chars().count() <= DESCRIPTION_CHARS);
        assert!(short.ends_with("word…"));
    }
}
