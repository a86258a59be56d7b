//! Asking for a return: the reasons, the kinds, the checks, and each line's share of what the
//! order cost (decisions D24).

use chrono::{DateTime, Duration, Utc};

use crate::invoice::line_amounts;
use crate::money::PricedLine;
use crate::order::OrderStatus;
use crate::{InvalidInput, Paise, ProductId};

/// Days after delivery a return may be asked for, unless `RETURN_WINDOW_DAYS` says otherwise.
pub const DEFAULT_RETURN_WINDOW_DAYS: u32 = 7;

/// Why a pair comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    TooSmall,
    TooBig,
    Damaged,
    NotAsDescribed,
    ChangedMyMind,
}

impl Reason {
    pub const ALL: [Self; 5] = [
        Self::TooSmall,
        Self::TooBig,
        Self::Damaged,
        Self::NotAsDescribed,
        Self::ChangedMyMind,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::TooSmall => "Too small",
            Self::TooBig => "Too big",
            Self::Damaged => "Damaged",
            Self::NotAsDescribed => "Not as described",
            Self::ChangedMyMind => "Changed my mind",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Self::from_stored(text.trim()).ok_or_else(|| InvalidInput::new("Invalid reason"))
    }
}

/// What the shopper wants for a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReturnKind {
    /// Another size of the same product, at the same price.
    Exchange,
    /// Money back.
    Refund,
}

impl ReturnKind {
    pub const ALL: [Self; 2] = [Self::Exchange, Self::Refund];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Exchange => "exchange",
            Self::Refund => "refund",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Self::from_stored(text.trim())
            .ok_or_else(|| InvalidInput::new("Kind must be exchange or refund"))
    }
}

/// One line of a request as the shopper sent it, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestedLine {
    /// The index in the order's `products`.
    pub line: u32,
    pub quantity: u32,
    pub reason: Reason,
    pub kind: ReturnKind,
    /// For an exchange, the variant index wanted.
    pub size: Option<u32>,
}

impl RequestedLine {
    /// Parses the texts; the rest is checked against the order by [`plan_return`].
    pub fn parse(
        line: u32,
        quantity: u32,
        reason: &str,
        kind: &str,
        size: Option<u32>,
    ) -> Result<Self, InvalidInput> {
        Ok(Self {
            line,
            quantity,
            reason: Reason::parse(reason)?,
            kind: ReturnKind::parse(kind)?,
            size,
        })
    }
}

/// A size of the product as the catalog has it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeNow {
    pub label: String,
    /// Its colour, `""` without colours: an exchange may pick another colour too.
    pub color: String,
    /// What it sells at now (its `salePrice`): an exchange keeps to the same.
    pub price: Paise,
}

/// One line of the order, as a return needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnableLine {
    pub product: ProductId,
    pub name: String,
    pub size_index: u32,
    pub size_label: Option<String>,
    /// The colour bought, `""` without colours.
    pub color: String,
    /// What one pair was charged at.
    pub sale_price: Paise,
    pub quantity: u32,
    /// Pairs of this line in returns that hold their lines ([`ReturnStatus::HOLDING`]).
    ///
    /// [`ReturnStatus::HOLDING`]: super::ReturnStatus::HOLDING
    pub asked: u32,
    /// What those returns' lines of it amount to.
    pub asked_amount: Paise,
    /// The product's sizes now, in index order (empty when the product is gone).
    pub sizes: Vec<SizeNow>,
}

/// A delivered order, as a return request is checked against it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnableOrder {
    pub status: OrderStatus,
    /// `shipment.deliveredAt`, or when it was set `Delivered` by hand.
    pub delivered_at: Option<DateTime<Utc>>,
    /// Whole rupees, as charged (an unpaid COD order is valued as if paid), less the
    /// cash-on-delivery charge: a return never gives that back (decisions D41).
    pub amount_rupees: i64,
    pub lines: Vec<ReturnableLine>,
}

/// A line of a return as it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedLine {
    pub line: u32,
    pub product: ProductId,
    pub name: String,
    pub size_index: u32,
    pub size_label: Option<String>,
    pub color: String,
    /// For an exchange: the size wanted, its index and label; taken from stock with the request.
    pub new_size: Option<(u32, String)>,
    /// For an exchange: the colour of the variant wanted (`""` without colours).
    pub new_color: String,
    pub quantity: u32,
    pub reason: Reason,
    pub kind: ReturnKind,
    /// The line's share of the order's amount, in paise.
    pub amount: Paise,
}

/// The refusals of a request, each the API's 400 message.
pub mod refusal {
    pub const NOT_DELIVERED: &str = "Only delivered orders can be returned";
    pub const WINDOW_CLOSED: &str = "Return window has closed";
    pub const NOTHING: &str = "Nothing to return";
    pub const SAME_PRICE: &str = "Exchange only for another size at the same price";
}

/// The last instant a return of an order may be asked for, when one may be asked `now`: a
/// `Delivered` order, up to `window_days` x 24 h after `delivered_at`, to the second (a request
/// at that very instant is still in time). The refusal otherwise. The order's `actions` show
/// the same answer (`returnUntil`), so what the shop offers is what a request is granted.
pub fn return_until(
    status: OrderStatus,
    delivered_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    window_days: u32,
) -> Result<DateTime<Utc>, InvalidInput> {
    if status != OrderStatus::Delivered {
        return Err(InvalidInput::new(refusal::NOT_DELIVERED));
    }
    delivered_at
        .map(|at| at + Duration::days(i64::from(window_days)))
        .filter(|closes| now <= *closes)
        .ok_or_else(|| InvalidInput::new(refusal::WINDOW_CLOSED))
}

/// Pairs of a line of `quantity` a request may still ask for when returns hold `held`.
pub fn pairs_left(quantity: u32, held: u32) -> u32 {
    quantity.saturating_sub(held)
}

/// Checks a request against the order, `now`, and the window in days, and works out each
/// line's amount. Several entries for one order line are allowed and counted together.
pub fn plan_return(
    order: &ReturnableOrder,
    requested: &[RequestedLine],
    now: DateTime<Utc>,
    window_days: u32,
) -> Result<Vec<PlannedLine>, InvalidInput> {
    return_until(order.status, order.delivered_at, now, window_days)?;
    if requested.is_empty() {
        return Err(InvalidInput::new(refusal::NOTHING));
    }
    let priced: Vec<PricedLine> = order
        .lines
        .iter()
        .map(|l| PricedLine {
            sale_price: l.sale_price,
            quantity: l.quantity,
        })
        .collect();
    let line_totals = line_amounts(&priced, order.amount_rupees);
    // Pairs and paise of each order line asked for so far, this request's earlier entries too.
    let mut asked: Vec<(u32, Paise)> = order
        .lines
        .iter()
        .map(|l| (l.asked, l.asked_amount))
        .collect();
    let mut planned = Vec::with_capacity(requested.len());
    for wanted in requested {
        let nothing = || InvalidInput::new(refusal::NOTHING);
        let index = usize::try_from(wanted.line).map_err(|_| nothing())?;
        let line = order.lines.get(index).ok_or_else(nothing)?;
        let (before, before_amount) = asked[index];
        if wanted.quantity == 0 || wanted.quantity > pairs_left(line.quantity, before) {
            return Err(nothing());
        }
        let after = before + wanted.quantity;
        let (new_size, new_color) = match wanted.kind {
            ReturnKind::Refund => (None, String::new()),
            ReturnKind::Exchange => {
                let (index, size) = exchange_size(line, wanted.size)?;
                (Some((index, size.label.clone())), size.color.clone())
            }
        };
        let amount = share(line_totals[index], line.quantity, after, before_amount);
        asked[index] = (
            after,
            Paise::from_stored(before_amount.paise() + amount.paise()),
        );
        planned.push(PlannedLine {
            line: wanted.line,
            product: line.product.clone(),
            name: line.name.clone(),
            size_index: line.size_index,
            size_label: line.size_label.clone(),
            color: line.color.clone(),
            new_size,
            new_color,
            quantity: wanted.quantity,
            reason: wanted.reason,
            kind: wanted.kind,
            amount,
        });
    }
    Ok(planned)
}

/// The wanted variant, when it is another variant of the product (another size, another
/// colour, or both: decisions D44) at the price of the one bought (both as the catalog has
/// them now, so a price change of the whole product does not stop an exchange).
fn exchange_size(
    line: &ReturnableLine,
    wanted: Option<u32>,
) -> Result<(u32, &SizeNow), InvalidInput> {
    let refused = || InvalidInput::new(refusal::SAME_PRICE);
    let wanted = wanted
        .filter(|w| *w != line.size_index)
        .ok_or_else(refused)?;
    let size_at = |i: u32| usize::try_from(i).ok().and_then(|i| line.sizes.get(i));
    let (bought, new) = (size_at(line.size_index), size_at(wanted));
    match (bought, new) {
        (Some(bought), Some(new)) if bought.price == new.price => Ok((wanted, new)),
        _ => Err(refused()),
    }
}

/// The share of a line worth `line_amount` for `quantity` pairs, when `asked` pairs of it are
/// returned counting this return and the earlier ones already took `before`: what the first
/// `asked` pairs are worth (rounded down to the paisa) less what was taken. Successive returns
/// of one line thus add up to exactly what their pairs are worth together, and all of its
/// pairs to the line's amount.
pub fn share(line_amount: Paise, quantity: u32, asked: u32, before: Paise) -> Paise {
    if quantity == 0 {
        return Paise::ZERO;
    }
    let worth =
        i128::from(line_amount.paise()) * i128::from(asked.min(quantity)) / i128::from(quantity);
    let worth = i64::try_from(worth).unwrap_or(i64::MAX);
    Paise::from_stored((worth - before.paise()).max(0))
}

/// What the shop refunds for these lines: the refund lines' amounts. An exchange line's pair
/// is replaced, not paid back, so its amount is its value but no refund.
pub fn refund_amount(lines: &[PlannedLine]) -> Paise {
    Paise::from_stored(
        lines
            .iter()
            .filter(|l| l.kind == ReturnKind::Refund)
            .map(|l| l.amount.paise())
            .sum(),
    )
}

/// The part of a refund the order paid with store credit, in whole rupees:
/// floor(refund x creditUsed / amount). Never more than the refund.
pub fn credit_part_rupees(refund: Paise, credit_used_rupees: i64, amount_rupees: i64) -> i64 {
    if amount_rupees <= 0 || credit_used_rupees <= 0 {
        return 0;
    }
    let part = i128::from(refund.paise()) * i128::from(credit_used_rupees.min(amount_rupees))
        / (i128::from(amount_rupees) * 100);
    i64::try_from(part).unwrap_or(0)
}

/// `RET-000001`: a return's number as shown.
pub fn return_number(n: u64) -> String {
    format!("RET-{n:06}")
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
