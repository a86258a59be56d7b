//! The replacement order of a size exchange (decisions D24): once the old pairs are picked
//! up, the new sizes ship as an order of their own that replaces the first one. The one place
//! that says what it is; the repository writes it in the pickup's transaction.

use chrono::{DateTime, Utc};

use super::{Return, ReturnKind};
use crate::OrderId;
use crate::order::{Order, OrderLine, OrderStatus};

/// The status a replacement order starts in: nothing is left to confirm (nothing to pay, the
/// shop decided to send it), and the admin ships it from there as any other order.
pub const REPLACEMENT_STATUS: OrderStatus = OrderStatus::Confirmed;

/// One line of a replacement order: the exchanged line of the first order in its new size.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplacementLine {
    /// The first order's line (name, category, price, discount, GST terms) with the new
    /// size's label and the pairs exchanged.
    pub line: OrderLine,
    /// The new size's variant index.
    pub variant_index: u32,
}

/// A replacement order as it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct Replacement {
    /// Its lines are [`Self::lines`]' `line`s.
    pub order: Order,
    pub lines: Vec<ReplacementLine>,
}

/// An exchange line names a line the order does not have: the stored return and order
/// disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("line {0} of the order replaced is missing")]
pub struct MissingLine(pub u32);

/// The payment reference of the replacement order of return `ret` (a stored order has one,
/// unique): nothing is paid, so it names the return instead, and is never shown.
pub fn replacement_payment_id(ret: &Return) -> String {
    format!("exchange_{}", ret.id)
}

/// The replacement order `id` of `ret`'s exchange lines, made `at`; `None` when the return
/// has none (a refund only). Sent to the first order's buyer and address, paid the first
/// order's way but for nothing: amount 0, no coupon, no store credit, `paid`, no invoice
/// number; its lines keep the first order's prices so the parcel is declared at their value.
/// The new sizes were taken from stock with the request: it takes none.
pub fn replacement_order(
    original: &Order,
    ret: &Return,
    id: OrderId,
    at: DateTime<Utc>,
) -> Result<Option<Replacement>, MissingLine> {
    let mut lines = Vec::new();
    for returned in ret.lines.iter().filter(|l| l.kind == ReturnKind::Exchange) {
        let Some((variant_index, label)) = &returned.new_size else {
            continue;
        };
        let bought = usize::try_from(returned.line)
            .ok()
            .and_then(|i| original.lines.get(i))
            .ok_or(MissingLine(returned.line))?;
        lines.push(ReplacementLine {
            line: OrderLine {
                variant_label: Some(label.clone()).filter(|l| !l.is_empty()),
                color: returned.new_color.clone(),
                quantity: returned.quantity,
                held_by_returns: 0,
                ..bought.clone()
            },
            variant_index: *variant_index,
        });
    }
    if lines.is_empty() {
        return Ok(None);
    }
    let order = Order {
        id,
        lines: lines.iter().map(|l| l.line.clone()).collect(),
        user: original.user.clone(),
        address: original.address.clone(),
        pincode: original.pincode.clone(),
        amount_rupees: 0,
        coupon: None,
        prepaid_discount_rupees: 0,
        cod_fee_rupees: 0,
        credit_used_rupees: 0,
        payment_method: original.payment_method,
        paid: true,
        payment_id: replacement_payment_id(ret),
        provider_order_id: String::new(),
        state: original.state,
        invoice_no: None,
        status: REPLACEMENT_STATUS,
        shipment: None,
        delivered_at: None,
        replaces: Some(original.id.clone()),
        // A replacement sends no messages (section 20).
        whatsapp: false,
        cod_confirmation: None,
        created_at: at,
        updated_at: at,
    };
    Ok(Some(Replacement { order, lines }))
}

#[cfg(test)]
#[path = "replacement_tests.rs"]
mod tests;
