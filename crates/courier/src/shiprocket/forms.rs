//! What the adapter sends Shiprocket: the pieces its order forms share.

use chrono::{FixedOffset, Utc};
use paduka_domain::order::OrderLine;
use serde_json::{Value, json};

/// A buyer split as Shiprocket's forms want them.
pub(super) struct Contact {
    pub(super) first: String,
    pub(super) last: String,
    pub(super) email: String,
    pub(super) phone: String,
}

/// `units` pairs of an order's line as one of Shiprocket's `order_items`.
pub(super) fn item(line: &OrderLine, units: u32) -> Value {
    // One SKU per variant: a colour's pairs are another item than the same size in another
    // colour (decisions D44); without a colour, as before.
    let sku = [
        Some(line.product.as_str()),
        Some(line.color.as_str()).filter(|c| !c.is_empty()),
        line.variant_label.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("-");
    let name = line.title();
    json!({
        "name": name,
        "sku": sku,
        "units": units,
        "selling_price": line.sale_price.rupees(),
        "hsn": line.tax.as_ref().map(|tax| tax.hsn.to_string()),
    })
}

/// A moment as Shiprocket's `order_date` wants it, in India time.
pub(super) fn india_date_time(moment: chrono::DateTime<Utc>) -> String {
    let india = FixedOffset::east_opt(5 * 3600 + 30 * 60).expect("India's offset");
    moment
        .with_timezone(&india)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}
