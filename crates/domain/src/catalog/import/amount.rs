//! Amounts as the files write them, and a size's MRP and selling price from its two prices.

use crate::Paise;

/// Rupees with paise only when there are any: `900`, `4755.18`, `12.50`.
pub fn format_rupees(amount: Paise) -> String {
    let paise = amount.paise();
    if paise % 100 == 0 {
        (paise / 100).to_string()
    } else {
        format!("{}.{:02}", paise / 100, paise % 100)
    }
}

/// A size's MRP and exact selling price from a file's price and compare-at price (decisions
/// D36): the price is what it sells at, and the compare-at price its MRP; without a
/// compare-at price above the price, the price is the MRP too.
pub fn mrp_and_sale_price(price: Paise, compare_at: Option<Paise>) -> (Paise, Paise) {
    match compare_at {
        Some(mrp) if mrp > price => (mrp, price),
        _ => (price, price),
    }
}
