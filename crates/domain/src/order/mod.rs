//! Orders and their lifecycle.

use chrono::{DateTime, Utc};

mod charges;
mod cod_confirmation;
mod lifecycle;
mod rto;
mod rules;
mod shipment;
mod slip;

pub use charges::{MAX_PREPAID_DISCOUNT_PERCENT, MethodCharge, PaymentCharges};
pub use cod_confirmation::{
    ANSWERABLE_STATUSES, AnswerChannel, CodClock, CodConfirmation, CodEvent, CodRefusal, CodStep,
    may_answer,
};
pub use lifecycle::{
    Cancel, CourierEvent, Lifecycle, OrderActions, OrderStatus, Refusal, Release, ReportSource,
    SettableStatus, Ship,
};
pub use rto::{
    AreaCodShipments, AreaRto, CodRtoLimit, RTO_DAYS, RtoStats, ShipmentOutcome, pincode_area,
    rto_since,
};
pub use rules::{MAX_OPEN_COD_ORDERS, OPEN_COD_STATUSES, crossed_low_stock, may_open_cod_order};
pub use shipment::{
    Awb, Booking, CourierName, EVENT_NOTE_MAX, ManualBooking, ShipRequest, Shipment, TrackingEvent,
    TrackingUrl, event_note,
};
pub use slip::{PackingSlip, SlipLine};

use crate::gst::{GstRate, Hsn};
use crate::money::{PricedLine, order_amount_rupees};
use crate::review::UserRef;
use crate::{OrderId, Paise, Percent, ProductId, State};

/// How an order is paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    /// Through the payment provider, before the order exists.
    Online,
    /// Cash on delivery: collected by the courier, recorded by an admin (`mark-paid`).
    Cod,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Cod => "cod",
        }
    }

    pub fn from_stored(text: &str) -> Option<Self> {
        match text {
            "online" => Some(Self::Online),
            "cod" => Some(Self::Cod),
            _ => None,
        }
    }
}

/// A snapshot of what was bought, so later catalog edits never change a past order.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderLine {
    pub product: ProductId,
    pub name: String,
    pub category_name: String,
    pub variant_label: Option<String>,
    /// The colour's name when it was sold, `""` for a product without colours (decisions
    /// D44).
    pub color: String,
    /// The size's MRP when it was sold.
    pub unit_price: Paise,
    /// Its discount off the MRP then, as stored (derived from the two prices since D36).
    pub discount: Percent,
    /// What one pair was charged at (its `salePrice` then, decisions D36): every amount of
    /// the line comes from it.
    pub sale_price: Paise,
    pub quantity: u32,
    /// The GST terms the line was sold under; `None` on orders placed before invoices.
    pub tax: Option<LineTax>,
    /// Pairs of it that returns hold ([`ReturnStatus::HOLDING`]), read with a delivered
    /// order (none other has returns); a request may ask for the rest while the window is
    /// open.
    ///
    /// [`ReturnStatus::HOLDING`]: crate::returns::ReturnStatus::HOLDING
    pub held_by_returns: u32,
}

impl OrderLine {
    /// The line's name as every document prints it: `Monsoon Knit Slip-On (Tan, UK 8)`.
    pub fn title(&self) -> String {
        crate::catalog::line_title(&self.name, &self.color, self.variant_label.as_deref())
    }

    /// Its colour and size as the shopper reads them (`Tan, UK 8`), if it has either.
    pub fn variant_words(&self) -> Option<String> {
        crate::catalog::variant_words(&self.color, self.variant_label.as_deref())
    }

    /// The line as the shop's formula prices it: its sale price and quantity.
    pub fn priced(&self) -> PricedLine {
        PricedLine {
            sale_price: self.sale_price,
            quantity: self.quantity,
        }
    }
}

/// A line's HSN code and GST rate as they were when it was sold: later changes of the slabs,
/// the default HSN or the product never change an invoice issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineTax {
    pub hsn: Hsn,
    pub rate: GstRate,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: OrderId,
    pub lines: Vec<OrderLine>,
    pub user: UserRef,
    pub address: String,
    pub pincode: String,
    /// Whole rupees, as charged: the subtotal less the coupon's discount and the saving for
    /// paying online, plus the cash-on-delivery charge.
    pub amount_rupees: i64,
    /// The coupon it was placed with, if any.
    pub coupon: Option<OrderCoupon>,
    /// Whole rupees taken off for paying online (`PREPAID_DISCOUNT_PERCENT`, decisions D41);
    /// 0 for cash on delivery and for orders placed before it.
    pub prepaid_discount_rupees: i64,
    /// Whole rupees added for cash on delivery (`COD_FEE`, decisions D41); 0 online and for
    /// orders placed before it.
    pub cod_fee_rupees: i64,
    /// Whole rupees of `amount_rupees` paid with store credit (0 without): the rest is what
    /// the provider charged, or the courier collects.
    pub credit_used_rupees: i64,
    pub payment_method: PaymentMethod,
    /// Always true online; for cash on delivery, once an admin recorded the payment.
    pub paid: bool,
    /// The provider's payment id; for cash on delivery, the shop's own reference, shown only
    /// once paid ([`Order::shown_payment_id`]).
    pub payment_id: String,
    pub provider_order_id: String,
    /// The place of supply; `None` on orders placed before invoices.
    pub state: Option<State>,
    /// `PDK/26-27/000001`, given when it was placed; `None` on orders placed before
    /// invoices, which have none.
    pub invoice_no: Option<String>,
    pub status: OrderStatus,
    /// `None` until it is handed to a courier (decisions D15).
    pub shipment: Option<Shipment>,
    /// When it was delivered: its shipment's `delivered_at`, else when it was last set
    /// `Delivered` by hand (decisions D24); the return window counts from it.
    pub delivered_at: Option<DateTime<Utc>>,
    /// For the replacement order of a size exchange, the order it replaces (decisions D24):
    /// nothing to pay, no invoice, never cancelled.
    pub replaces: Option<OrderId>,
    /// The buyer agreed at checkout to order updates on WhatsApp (decisions D37); false for
    /// orders placed before the question, and for replacement orders.
    pub whatsapp: bool,
    /// Whether the buyer confirmed a cash-on-delivery order (decisions D39); `None` for
    /// online and replacement orders and orders placed before the question.
    pub cod_confirmation: Option<CodConfirmation>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A coupon as an order used it: the code, kept after the coupon is deleted, and what it took
/// off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderCoupon {
    pub code: String,
    /// Whole rupees off the subtotal.
    pub discount_rupees: i64,
}

impl Order {
    /// What the lines cost by the shop's formula, before the coupon: what was charged, what
    /// the coupon and the saving for paying online took off, less the cash-on-delivery charge
    /// (see [`CouponPrice`](crate::coupon::CouponPrice)).
    pub fn subtotal_rupees(&self) -> i64 {
        self.goods_amount_rupees() + self.discount_rupees() + self.prepaid_discount_rupees
    }

    /// Whole rupees of the amount that pay for the goods: all of it but the cash-on-delivery
    /// charge, which is what a return's refund and a credit note share out over the lines.
    pub fn goods_amount_rupees(&self) -> i64 {
        self.amount_rupees - self.cod_fee_rupees
    }

    /// The payment id the shop shows: none for cash not collected yet, nor for a
    /// replacement order, which nothing paid for.
    pub fn shown_payment_id(&self) -> Option<&str> {
        (self.paid && self.replaces.is_none()).then_some(self.payment_id.as_str())
    }

    /// Whole rupees the parcel is worth, as declared to a courier: what was charged, or for
    /// a replacement order (charged nothing) what its lines cost by the shop's formula, the
    /// value of the pairs it replaces.
    pub fn declared_value_rupees(&self) -> i64 {
        if self.replaces.is_none() {
            return self.amount_rupees;
        }
        let priced: Vec<PricedLine> = self.lines.iter().map(OrderLine::priced).collect();
        order_amount_rupees(&priced)
    }

    /// Whole rupees the courier is to collect: the amount of an unpaid cash-on-delivery
    /// order that has not ended (an end leaves nothing to collect), else 0.
    pub fn to_collect_rupees(&self) -> i64 {
        let collecting =
            self.payment_method == PaymentMethod::Cod && !self.paid && !self.status.is_end();
        if collecting { self.charged_rupees() } else { 0 }
    }

    /// Whole rupees paid other than with store credit: what the provider charged (and
    /// refunds in full), or the courier collects.
    pub fn charged_rupees(&self) -> i64 {
        self.amount_rupees - self.credit_used_rupees
    }

    /// Where the order is in its lifecycle.
    pub fn lifecycle(&self) -> Lifecycle {
        Lifecycle::new(self.status, self.shipment.is_some()).replacing(self.replaces.is_some())
    }

    /// What may be done to it at `now`, with returns open `window_days` after delivery.
    pub fn actions(&self, now: DateTime<Utc>, window_days: u32) -> OrderActions {
        self.lifecycle()
            .actions(self.paid, &self.lines, self.delivered_at, now, window_days)
    }

    /// Whole rupees the coupon took off; 0 without one.
    pub fn discount_rupees(&self) -> i64 {
        self.coupon.as_ref().map_or(0, |c| c.discount_rupees)
    }

    /// Days until delivery shown to the shopper: 0 to 6, derived from the id so the line
    /// stays the same across reloads.
    pub fn delivery_days(&self) -> u8 {
        delivery_days(&self.id)
    }
}

/// One step of an order's life: the status it took, when, and who set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub status: OrderStatus,
    pub at: DateTime<Utc>,
    /// The name of whoever set it; `None` when the shop did (a payment webhook) or the
    /// account is gone.
    pub by: Option<String>,
}

pub fn delivery_days(id: &OrderId) -> u8 {
    // FNV-1a: stable across runs and platforms, unlike std's randomly seeded hasher.
    let hash = id.as_str().bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (hash % 7) as u8
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::prelude::*;

    use super::*;
    use crate::coupon::CouponTerms;

    fn order(amount_rupees: i64, coupon: Option<OrderCoupon>) -> Order {
        let at = Utc.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap();
        Order {
            id: OrderId::new("o1"),
            lines: Vec::new(),
            user: UserRef::deleted("Asha".to_owned()),
            address: "12 MG Road".to_owned(),
            pincode: "560001".to_owned(),
            amount_rupees,
            coupon,
            prepaid_discount_rupees: 0,
            cod_fee_rupees: 0,
            credit_used_rupees: 0,
            payment_method: PaymentMethod::Cod,
            paid: false,
            payment_id: "cod_o1".to_owned(),
            provider_order_id: String::new(),
            state: None,
            invoice_no: None,
            status: OrderStatus::Pending,
            shipment: None,
            delivered_at: None,
            replaces: None,
            whatsapp: false,
            cod_confirmation: None,
            created_at: at,
            updated_at: at,
        }
    }

    #[test]
    fn an_ended_unpaid_cod_order_leaves_nothing_to_collect() {
        for status in OrderStatus::ALL {
            let mut unpaid = order(1_499, None);
            unpaid.status = status;
            let expected = if status.is_end() { 0 } else { 1_499 };
            assert_eq!(unpaid.to_collect_rupees(), expected, "{status:?}");
            unpaid.paid = true;
            assert_eq!(unpaid.to_collect_rupees(), 0, "{status:?} paid");
        }
    }

    proptest! {
        /// The subtotal an order keeps (charged plus the coupon's discount) is what its lines
        /// cost by the shop's formula, whatever the coupon took off.
        #[test]
        fn the_stored_subtotal_is_what_the_lines_cost(
            lines in proptest::collection::vec((0_i64..1_000_000, 0_i64..=90, 1_u32..20), 1..10),
            percent in 1_i64..=90,
            rupees in 1_i64..=100_000,
            kind in proptest::sample::select(vec!["percent", "amount"]),
        ) {
            let priced: Vec<PricedLine> = lines.iter().map(|(paise, discount, quantity)| PricedLine {
                sale_price: Paise::from_stored(*paise).discounted(Percent::new(*discount).unwrap()),
                quantity: *quantity,
            }).collect();
            let subtotal = order_amount_rupees(&priced);
            prop_assert_eq!(order(subtotal, None).subtotal_rupees(), subtotal);
            let value = if kind == "percent" { percent } else { rupees };
            let start = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
            let end = Utc.with_ymd_and_hms(2026, 11, 30, 0, 0, 0).unwrap();
            let terms = CouponTerms::parse("SAVE", kind, value, 0, start, end, None, None).unwrap();
            let price = terms.price(subtotal, start).unwrap();
            let with_coupon = order(price.amount, Some(OrderCoupon {
                code: "SAVE".to_owned(),
                discount_rupees: price.discount,
            }));
            prop_assert_eq!(with_coupon.subtotal_rupees(), subtotal);
            prop_assert_eq!(with_coupon.discount_rupees(), price.discount);
        }
    }

    #[test]
    fn the_subtotal_counts_back_the_saving_and_leaves_out_the_charge() {
        let mut online = order(1_453, None);
        online.payment_method = PaymentMethod::Online;
        online.prepaid_discount_rupees = 76;
        assert_eq!(online.subtotal_rupees(), 1_529);
        assert_eq!(online.goods_amount_rupees(), 1_453);
        let mut cod = order(1_578, None);
        cod.cod_fee_rupees = 49;
        assert_eq!(cod.subtotal_rupees(), 1_529);
        assert_eq!(cod.goods_amount_rupees(), 1_529);
        // The courier collects the charge too.
        assert_eq!(cod.to_collect_rupees(), 1_578);
    }

    #[test]
    fn delivery_days_are_stable_and_within_a_week() {
        let id = OrderId::new("0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a");
        assert_eq!(delivery_days(&id), delivery_days(&id.clone()));
        let spread: std::collections::HashSet<u8> = (0..200)
            .map(|i| delivery_days(&OrderId::new(format!("order-{i}"))))
            .collect();
        assert!(spread.iter().all(|d| *d <= 6));
        assert_eq!(spread.len(), 7, "every day count should occur");
    }
}
