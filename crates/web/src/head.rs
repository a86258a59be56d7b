//! What one page's head says, and its tags.

use paduka_domain::Paise;
use paduka_domain::text::escape_html;
use serde_json::Value;

use crate::json_ld::json_for_script;
use crate::text::decimal;

/// The shop's name, as the app's titles end (`… · Paduka`).
pub(crate) const SITE_NAME: &str = "Paduka";

/// What one page's head says.
#[derive(Debug, Default, Clone)]
pub(crate) struct Head {
    pub(crate) title: String,
    pub(crate) description: String,
    /// The canonical address, also `og:url`; none on a page that was not found.
    pub(crate) canonical: Option<String>,
    pub(crate) og_title: String,
    pub(crate) og_type: &'static str,
    /// An absolute image address and its alternative text.
    pub(crate) image: Option<(String, String)>,
    pub(crate) noindex: bool,
    /// A product's price (`product:price:amount`).
    pub(crate) price: Option<Paise>,
    /// A ready `<link rel="preload">`.
    pub(crate) preload: Option<String>,
    pub(crate) json_ld: Vec<Value>,
    /// The API's replies the page's first view was made from, by the address the app asks
    /// them at (decisions D29): the app starts from them instead of asking again.
    pub(crate) first_view: Option<Value>,
}

/// The id of the `<script type="application/json">` holding [`Head::first_view`]
/// (`FIRST_VIEW_ID` in frontend/src/lib/first-view.ts; index.html's preload script reads it
/// too).
pub(crate) const FIRST_VIEW_ID: &str = "first-view";

impl Head {
    /// The tags, one a line, indented as the built file's head.
    pub(crate) fn html(&self) -> String {
        let mut tags: Vec<String> = Vec::with_capacity(20);
        let meta = |kind: &str, key: &str, value: &str| {
            format!(r#"<meta {kind}="{key}" content="{}">"#, escape_html(value))
        };
        tags.push(format!("<title>{}</title>", escape_html(&self.title)));
        tags.push(meta("name", "description", &self.description));
        if self.noindex {
            tags.push(meta("name", "robots", "noindex"));
        }
        if let Some(url) = &self.canonical {
            tags.push(format!(
                r#"<link rel="canonical" href="{}">"#,
                escape_html(url)
            ));
        }
        tags.push(meta("property", "og:site_name", SITE_NAME));
        tags.push(meta("property", "og:locale", "en_IN"));
        tags.push(meta("property", "og:type", self.og_type));
        tags.push(meta("property", "og:title", &self.og_title));
        tags.push(meta("property", "og:description", &self.description));
        if let Some(url) = &self.canonical {
            tags.push(meta("property", "og:url", url));
        }
        if let Some((url, alt)) = &self.image {
            tags.push(meta("property", "og:image", url));
            tags.push(meta("property", "og:image:alt", alt));
        }
        if let Some(price) = self.price {
            tags.push(meta("property", "product:price:amount", &decimal(price)));
            tags.push(meta("property", "product:price:currency", "INR"));
        }
        tags.push(meta("name", "twitter:card", "summary_large_image"));
        tags.extend(self.preload.clone());
        for data in &self.json_ld {
            tags.push(format!(
                r#"<script type="application/ld+json">{}</script>"#,
                json_for_script(data)
            ));
        }
        if let Some(data) = &self.first_view {
            tags.push(format!(
                r#"<script type="application/json" id="{FIRST_VIEW_ID}">{}</script>"#,
                json_for_script(data)
            ));
        }
        tags.join("\n    ")
    }
}
