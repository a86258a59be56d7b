//! Store credit: a balance of whole rupees a shopper pays with (not a discount: the order's
//! `amount` and its invoice stay at the full price), kept as a ledger of signed entries.
//!
//! The rules here are all the adapters ask: how much credit an order uses, whether a
//! balance may give it, what part of a return's refund goes back as credit, and each entry's
//! reason (whose key makes every give-back happen at most once).

use chrono::{DateTime, Utc};

use crate::OrderId;

/// How much credit an order of `amount_rupees` uses from `balance_rupees`: as much as the
/// balance holds, but never the whole amount (at least ₹1 is paid by other means, so every
/// order still has a payment); 0 for an empty (or, never, negative) balance.
pub fn credit_to_use(balance_rupees: i64, amount_rupees: i64) -> i64 {
    balance_rupees.min(amount_rupees - 1).max(0)
}

/// Whether `take_rupees` may be taken from a balance of `balance_rupees`: never more than it
/// holds, so a balance never goes below 0, and never a negative amount (that is a grant).
pub fn may_spend(balance_rupees: i64, take_rupees: i64) -> bool {
    (0..=balance_rupees).contains(&take_rupees)
}

/// The part of a return's refund that goes back as store credit: the share of the refunded
/// amount the order paid with credit, `floor(refund × credit_used / amount)` rupees (the
/// rest goes back the order's own way). 0 when the order used none (or has no amount).
pub fn credit_share_of_refund(
    refund_rupees: i64,
    credit_used_rupees: i64,
    amount_rupees: i64,
) -> i64 {
    if amount_rupees <= 0 || credit_used_rupees <= 0 || refund_rupees <= 0 {
        return 0;
    }
    // i128: refund × credit_used can pass i64 for absurd amounts; the share never does.
    let share =
        i128::from(refund_rupees) * i128::from(credit_used_rupees) / i128::from(amount_rupees);
    i64::try_from(share).unwrap_or(i64::MAX).min(refund_rupees)
}

/// Why credit came or went. Each reason names what it belongs to; its [`key`](Self::key) is
/// the entry's id, so the same event is never entered twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreditReason {
    /// A return's refund, or the part of it, paid back as credit.
    ReturnRefund { order: OrderId, return_id: String },
    /// An order paid (in part) with credit: a negative entry.
    OrderPaid(OrderId),
    /// The credit a cancelled order used, given back.
    OrderCancelled(OrderId),
    /// The credit an order back at the shop (`Returned to origin`) used, given back.
    ReturnedToOrigin(OrderId),
    /// Credit the shop gave or took by hand (support, demo data, tests), under its own
    /// reference.
    Adjustment { reference: String },
}

impl CreditReason {
    /// What the entry is stored as (`store_credit_entries.reason`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::ReturnRefund { .. } => "return_refund",
            Self::OrderPaid(_) => "order_paid",
            Self::OrderCancelled(_) => "order_cancelled",
            Self::ReturnedToOrigin(_) => "returned_to_origin",
            Self::Adjustment { .. } => "adjustment",
        }
    }

    /// What the shopper reads beside the entry.
    pub fn text(&self) -> &'static str {
        reason_text(self.as_str()).unwrap_or("Store credit")
    }

    /// The entry's id. An order's credit comes back once, whether it ends cancelled or
    /// returned to origin (one key for both); a return is refunded once.
    pub fn key(&self) -> String {
        match self {
            Self::ReturnRefund { return_id, .. } => format!("return:{return_id}"),
            Self::OrderPaid(order) => format!("order:{order}:paid"),
            Self::OrderCancelled(order) | Self::ReturnedToOrigin(order) => {
                format!("order:{order}:back")
            }
            Self::Adjustment { reference } => format!("adjustment:{reference}"),
        }
    }

    /// The order the entry belongs to, if any.
    pub fn order(&self) -> Option<&OrderId> {
        match self {
            Self::ReturnRefund { order, .. }
            | Self::OrderPaid(order)
            | Self::OrderCancelled(order)
            | Self::ReturnedToOrigin(order) => Some(order),
            Self::Adjustment { .. } => None,
        }
    }

    /// The return the entry belongs to, if any.
    pub fn return_id(&self) -> Option<&str> {
        match self {
            Self::ReturnRefund { return_id, .. } => Some(return_id),
            _ => None,
        }
    }
}

/// The shopper's words for a stored reason; `None` for a text no version stored.
pub fn reason_text(stored: &str) -> Option<&'static str> {
    Some(match stored {
        "return_refund" => "Refund of a return",
        "order_paid" => "Paid for an order",
        "order_cancelled" => "Order cancelled",
        "returned_to_origin" => "Order returned to origin",
        "adjustment" => "Adjusted by the shop",
        _ => return None,
    })
}

/// One entry of a shopper's ledger, as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditEntry {
    /// Whole rupees: positive came in, negative was spent.
    pub amount_rupees: i64,
    /// As stored (`order_paid`, ...); [`reason_text`] reads it.
    pub reason: String,
    pub order: Option<OrderId>,
    pub return_id: Option<String>,
    pub at: DateTime<Utc>,
}

/// A shopper's credit: the balance and the entries that made it, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CreditStatement {
    pub balance_rupees: i64,
    pub entries: Vec<CreditEntry>,
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn an_order_uses_the_balance_but_never_its_whole_amount() {
        assert_eq!(credit_to_use(500, 1_000), 500);
        assert_eq!(credit_to_use(500, 500), 499);
        assert_eq!(credit_to_use(500, 1), 0);
        assert_eq!(credit_to_use(0, 1_000), 0);
        assert_eq!(credit_to_use(-5, 1_000), 0);
    }

    #[test]
    fn a_balance_gives_at_most_what_it_holds() {
        assert!(may_spend(500, 500));
        assert!(may_spend(500, 0));
        assert!(!may_spend(500, 501));
        assert!(!may_spend(0, 1));
        assert!(!may_spend(500, -1));
    }

    #[test]
    fn a_refund_gives_back_the_credit_share_rounded_down() {
        // ₹1,000 order, ₹300 of it credit; ₹500 of it returned: ₹150 back as credit.
        assert_eq!(credit_share_of_refund(500, 300, 1_000), 150);
        // ₹999 order, ₹333 credit, ₹100 returned: 33.33... -> 33.
        assert_eq!(credit_share_of_refund(100, 333, 999), 33);
        assert_eq!(credit_share_of_refund(500, 0, 1_000), 0);
        assert_eq!(credit_share_of_refund(500, 300, 0), 0);
    }

    #[test]
    fn cancelling_and_returning_to_origin_give_back_under_one_key() {
        let order = OrderId::new("o1");
        let cancelled = CreditReason::OrderCancelled(order.clone());
        let returned = CreditReason::ReturnedToOrigin(order.clone());
        assert_eq!(cancelled.key(), returned.key());
        assert_ne!(cancelled.key(), CreditReason::OrderPaid(order).key());
    }

    #[test]
    fn every_reason_reads_back() {
        let order = OrderId::new("o1");
        for reason in [
            CreditReason::ReturnRefund {
                order: order.clone(),
                return_id: "r1".to_owned(),
            },
            CreditReason::OrderPaid(order.clone()),
            CreditReason::OrderCancelled(order.clone()),
            CreditReason::ReturnedToOrigin(order),
            CreditReason::Adjustment {
                reference: "welcome".to_owned(),
            },
        ] {
            assert_eq!(reason_text(reason.as_str()), Some(reason.text()));
        }
        assert_eq!(reason_text("gift"), None);
    }

    proptest! {
        #[test]
        fn credit_used_is_spendable_and_leaves_a_rupee_to_pay(
            balance in -1_000i64..100_000,
            amount in 1i64..10_000_000,
        ) {
            let used = credit_to_use(balance, amount);
            prop_assert!(used >= 0);
            prop_assert!(used < amount);
            prop_assert!(balance < 0 || may_spend(balance, used));
        }

        #[test]
        fn spending_never_leaves_a_negative_balance(balance in 0i64..1_000_000, take in -10i64..2_000_000) {
            prop_assert_eq!(may_spend(balance, take), take >= 0 && balance - take >= 0);
        }

        #[test]
        fn the_credit_share_never_passes_the_refund_or_the_credit(
            amount in 1i64..1_000_000,
            used_part in 0u32..=1000,
            refund_part in 0u32..=1000,
        ) {
            let used = amount * i64::from(used_part) / 1000;
            let refund = amount * i64::from(refund_part) / 1000;
            let share = credit_share_of_refund(refund, used, amount);
            prop_assert!(share >= 0 && share <= refund && share <= used);
        }
    }
}
