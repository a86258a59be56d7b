//! Amounts as the files write them, and a size's discount from its two prices.

use crate::{Paise, Percent};

/// Rupees with paise only when there are any: `900`, `4755.18`, `12.50`.
pub fn format_rupees(amount: Paise) -> String {
    let paise = amount.paise();
    if paise % 100 == 0 {
        (paise / 100).to_string()
    } else {
        format!("{}.{:02}", paise / 100, paise % 100)
    }
}

/// The stored price and discount of a size sold at `price`, marked down from `compare_at`:
/// the discount is the whole percent nearest to 1 - price / compare-at, taken off the
/// compare-at price; without a compare-at price above the price, the price itself and no
/// discount. Also what the shop then charges, which may differ from `price` by the
/// rounding.
pub fn price_and_discount(price: Paise, compare_at: Option<Paise>) -> (Paise, Percent, Paise) {
    match compare_at {
        Some(before) if before > price => {
            let (p, c) = (i128::from(price.paise()), i128::from(before.paise()));
            // round(100 * (c - p) / c), halves up, in integers.
            let percent = (200 * (c - p) + c) / (2 * c);
            let discount =
                Percent::new(i64::try_from(percent).unwrap_or(100)).unwrap_or(Percent::ZERO);
            (before, discount, before.discounted(discount))
        }
        _ => (price, Percent::ZERO, price),
    }
}
