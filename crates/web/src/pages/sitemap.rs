//! `/sitemap.xml`: the home page, every category and every product, with `lastmod` (a
//! product's `updatedAt`; a category's and the home page's: their newest product's).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use paduka_application::catalog::{CatalogError, ProductQuery};
use paduka_domain::CategoryId;
use paduka_domain::text::escape_html;
use paduka_http::encoding::Precompressed;

use super::{Page, Previews};

/// A sitemap may list at most this many addresses (sitemaps.org).
const SITEMAP_MAX_URLS: usize = 50_000;

impl Previews {
    /// The sitemap, made once per catalog revision.
    pub async fn sitemap(&self) -> Result<Arc<Precompressed>, CatalogError> {
        let page = self
            .cached("sitemap.xml".into(), 0, "application/xml", async {
                let categories = self.catalog.categories().await?;
                let products = self
                    .catalog
                    .list_products(&ProductQuery::default())
                    .await?
                    .products;
                let mut newest: HashMap<&CategoryId, DateTime<Utc>> = HashMap::new();
                for product in &products {
                    let at = newest
                        .entry(&product.category.id)
                        .or_insert(product.updated_at);
                    *at = (*at).max(product.updated_at);
                }
                let home_lastmod = newest.values().max().copied();
                let mut xml = String::with_capacity(256 + 160 * (products.len() + 8));
                xml.push_str(concat!(
                    r#"<?xml version="1.0" encoding="UTF-8"?>"#,
                    "\n",
                    r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
                    "\n"
                ));
                let mut entry = |loc: &str, lastmod: Option<DateTime<Utc>>| {
                    xml.push_str("  <url><loc>");
                    xml.push_str(&escape_xml(loc));
                    xml.push_str("</loc>");
                    if let Some(at) = lastmod {
                        xml.push_str("<lastmod>");
                        xml.push_str(&at.to_rfc3339_opts(SecondsFormat::Secs, true));
                        xml.push_str("</lastmod>");
                    }
                    xml.push_str("</url>\n");
                };
                entry(&self.url("/"), home_lastmod);
                for category in categories.iter().take(SITEMAP_MAX_URLS - 1) {
                    let lastmod = newest.get(&category.id).copied();
                    entry(&self.category_url(&category.id), lastmod);
                }
                let room = SITEMAP_MAX_URLS.saturating_sub(1 + categories.len());
                if products.len() > room {
                    tracing::warn!(
                        products = products.len(),
                        listed = room,
                        "the sitemap lists the first 50,000 addresses only"
                    );
                }
                for product in products.iter().take(room) {
                    entry(&self.product_url(&product.id), Some(product.updated_at));
                }
                xml.push_str("</urlset>\n");
                Ok(Some(xml))
            })
            .await?;
        match page {
            Page::Found(page) => Ok(page),
            Page::NotFound => unreachable!("a sitemap is always made"),
        }
    }
}

/// `text` escaped for XML text.
fn escape_xml(text: &str) -> Cow<'_, str> {
    // The same five characters; `&#39;` is XML too.
    escape_html(text)
}
