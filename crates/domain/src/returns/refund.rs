//! Where a completed return's money goes (decisions D24).

use crate::order::PaymentMethod;
use crate::{InvalidInput, Paise};

use super::credit_part_rupees;

/// Where the part of a refund not paid with store credit goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundTo {
    /// Back through the payment provider (online orders).
    Original,
    /// To the shopper's store credit.
    Credit,
    /// A bank or UPI payout the shop made, recorded with its reference (COD orders).
    Bank,
}

impl RefundTo {
    pub const ALL: [Self; 3] = [Self::Original, Self::Credit, Self::Bank];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Original => "original",
            Self::Credit => "credit",
            Self::Bank => "bank",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == text)
    }

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Self::from_stored(text.trim())
            .ok_or_else(|| InvalidInput::new("Refund must go to original, credit or bank"))
    }
}

/// How a return's refund is paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundPlan {
    pub to: RefundTo,
    /// Whole rupees back to store credit: the part the order paid with credit, plus the rest
    /// when `to` is [`RefundTo::Credit`].
    pub credit_rupees: i64,
    /// Paise through the provider ([`RefundTo::Original`]) or paid out ([`RefundTo::Bank`]).
    pub rest: Paise,
    /// The payout's reference, for [`RefundTo::Bank`].
    pub reference: Option<String>,
}

impl RefundPlan {
    /// Where `refund` goes for an order paid by `method` with `credit_used_rupees` of its
    /// `amount_rupees` in store credit: online orders back to the original method unless asked
    /// for credit; COD orders to credit unless a bank/UPI payout's reference is given.
    pub fn new(
        method: PaymentMethod,
        to: Option<RefundTo>,
        reference: Option<&str>,
        refund: Paise,
        credit_used_rupees: i64,
        amount_rupees: i64,
    ) -> Result<Self, InvalidInput> {
        let to = to.unwrap_or(match method {
            PaymentMethod::Online => RefundTo::Original,
            PaymentMethod::Cod => RefundTo::Credit,
        });
        let reference = reference.map(str::trim).filter(|r| !r.is_empty());
        match (method, to) {
            (PaymentMethod::Cod, RefundTo::Original) => {
                return Err(InvalidInput::new(
                    "Cash on delivery orders are refunded to credit or bank",
                ));
            }
            (PaymentMethod::Online, RefundTo::Bank) => {
                return Err(InvalidInput::new(
                    "Online orders are refunded to the original method or credit",
                ));
            }
            (_, RefundTo::Bank) if reference.is_none() => {
                return Err(InvalidInput::new(
                    "A bank or UPI refund needs its reference",
                ));
            }
            _ => {}
        }
        if reference.is_some_and(|r| r.chars().count() > 100) {
            return Err(InvalidInput::new(
                "Reference must be at most 100 characters",
            ));
        }
        let credit_part = credit_part_rupees(refund, credit_used_rupees, amount_rupees);
        let rest = Paise::from_stored(refund.paise() - credit_part * 100);
        Ok(match to {
            // Store credit is kept in whole rupees: the rest's paise round up, in the shopper's
            // favour (less than a rupee a return).
            RefundTo::Credit => Self {
                to,
                credit_rupees: credit_part + (rest.paise() + 99) / 100,
                rest: Paise::ZERO,
                reference: None,
            },
            RefundTo::Original | RefundTo::Bank => Self {
                to,
                credit_rupees: credit_part,
                rest,
                reference: (to == RefundTo::Bank).then(|| reference.unwrap_or_default().to_owned()),
            },
        })
    }
}
