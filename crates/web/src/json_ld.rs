//! The structured data (schema.org JSON-LD) a page's head carries, and how it is written
//! inside a `<script>`.

use paduka_domain::catalog::Product;
use serde_json::{Value, json};

use crate::head::SITE_NAME;
use crate::text::decimal;

/// JSON that cannot end its `<script>` or open a comment there: `<`, `>` and `&` (which only
/// ever occur inside strings) written as `\u003c`, `\u003e`, `\u0026`, and the two line
/// separators JavaScript once refused as `\u2028`, `\u2029`. Still the same JSON.
pub(crate) fn json_for_script(value: &Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The home page's `WebSite`.
pub(crate) fn web_site(url: String) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": SITE_NAME,
        "url": url,
    })
}

/// A `BreadcrumbList` of (name, address) from the home page down.
pub(crate) fn breadcrumbs(items: &[(&str, String)]) -> Value {
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (name, url))| {
            json!({"@type": "ListItem", "position": i + 1, "name": name, "item": url})
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

/// The product page's `Product`: `description` is what the page says of it, `image` its
/// absolute photo; the offer is its first size's price.
pub(crate) fn product(
    product: &Product,
    url: &str,
    description: String,
    image: Option<&str>,
) -> Value {
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": description,
        "sku": product.product_code,
        "url": url,
        "category": product.category.name,
        "brand": {"@type": "Brand", "name": SITE_NAME},
    });
    if let Some(image) = image {
        data["image"] = json!([image]);
    }
    if !product.material.trim().is_empty() {
        data["material"] = json!(product.material);
    }
    if let Some(first) = product.variants.first() {
        data["offers"] = json!({
            "@type": "Offer",
            "price": decimal(first.sale_price),
            "priceCurrency": "INR",
            "availability": if product.quantity > 0 {
                "https://schema.org/InStock"
            } else {
                "https://schema.org/OutOfStock"
            },
            "itemCondition": "https://schema.org/NewCondition",
            "url": url,
        });
    }
    if product.rating.reviews > 0 {
        let average = (product.rating.average() * 10.0).round() / 10.0;
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": average,
            "reviewCount": product.rating.reviews,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    data
}

#[cfg(test)]
mod tests {
    use paduka_domain::text::escape_html;

    use super::*;

    #[test]
    fn inserted_texts_cannot_break_out() {
        let evil = "</title><script>alert(1)</script>\"'&";
        assert_eq!(
            escape_html(evil),
            "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"
        );
        let script = json_for_script(&json!({"name": "</script><!-- \u{2028}"}));
        assert!(!script.contains('<') && !script.contains('>'));
        let back: Value = serde_json::from_str(&script).unwrap();
        assert_eq!(back["name"], "</script><!-- \u{2028}");
    }
}
