//! Text as it goes into markup the shop writes: mails, pages, the sitemap.

use std::borrow::Cow;

/// `text` safe in HTML (and XML) text and in a quoted attribute: `& < > " '` as entities.
/// Borrowed when there is nothing to escape, the usual case.
pub fn escape_html(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities_and_plain_text_is_borrowed() {
        assert_eq!(
            escape_html("<b>\"Tom\" & 'Jerry'</b>"),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
        assert!(matches!(
            escape_html("Trail Runner ₹2,499"),
            Cow::Borrowed(_)
        ));
    }
}
