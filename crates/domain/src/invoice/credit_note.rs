//! GST credit notes (decisions D22): what goes back on a returned or undelivered (RTO) order,
//! with the tax reversed exactly as it was invoiced, numbered in their own gap-free yearly
//! series `CN/26-27/000001`, apart from the invoices.

use chrono::{DateTime, NaiveDate, Utc};

use super::amounts::{spread, taxable_value, weights};
use super::{FinancialYear, GstTax, InvoiceItem, InvoiceProduct, Seller};
use crate::gst::GstRate;
use crate::order::{Order, OrderStatus};
use crate::{InvalidInput, OrderId, Paise, State};

/// The series every credit note number starts with.
pub const CREDIT_NOTE_SERIES: &str = "CN";

/// The credit note number `CN/{YY-YY}/{n:06}`: `CN/26-27/000001`, from 1 in each financial
/// year, at most 16 characters (GST rule 46) up to n = 999999.
pub fn credit_note_number(year: FinancialYear, n: u64) -> String {
    year.document_number(CREDIT_NOTE_SERIES, n)
}

/// What a credit note is issued for; at most one credit note per source.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CreditNoteSource {
    /// The courier brought the whole order back (`Returned to origin`).
    ReturnToOrigin(OrderId),
    /// A return (section 16) refunded; its `_id`.
    Return(String),
}

impl CreditNoteSource {
    /// As stored (`credit_notes.source`, unique): `rto:{orderId}` or `return:{returnId}`.
    pub fn key(&self) -> String {
        match self {
            Self::ReturnToOrigin(order) => format!("rto:{order}"),
            Self::Return(id) => format!("return:{id}"),
        }
    }

    /// The return's id, for a return's credit note.
    pub fn return_id(&self) -> Option<&str> {
        match self {
            Self::ReturnToOrigin(_) => None,
            Self::Return(id) => Some(id),
        }
    }
}

impl CreditNoteSource {
    /// The credit note an order's move to `to` calls for: a `Returned to origin` of an
    /// invoiced order gives its whole invoice back (an order placed before invoices has none to
    /// reverse).
    pub fn on_move(order: &Order, to: OrderStatus) -> Option<Self> {
        (to == OrderStatus::ReturnedToOrigin && order.invoice_no.is_some())
            .then(|| Self::ReturnToOrigin(order.id.clone()))
    }

    /// The source a stored key names; `None` for a key of no known form.
    pub fn from_key(key: &str) -> Option<Self> {
        if let Some(order) = key.strip_prefix("rto:") {
            Some(Self::ReturnToOrigin(OrderId::new(order)))
        } else {
            key.strip_prefix("return:")
                .map(|id| Self::Return(id.to_owned()))
        }
    }
}

/// A credit note as issued and kept: what it gives back, not how it is drawn (the rates and
/// the place of supply are the original order's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditNote {
    /// `CN/26-27/000001`.
    pub number: String,
    pub order_id: OrderId,
    pub source: CreditNoteSource,
    pub issued_at: DateTime<Utc>,
    /// The lines' sum.
    pub amount: Paise,
    pub lines: Vec<CreditedLine>,
}

/// One line a credit note gives back: the index of the line in the order's `products`, how
/// many pairs, and what they were paid, tax included (their share of the order's amount).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CreditedLine {
    pub line: usize,
    pub quantity: u32,
    pub amount: Paise,
}

impl CreditedLine {
    /// Every line of the order's invoice, whole, each with the amount exactly as
    /// [`super::InvoiceAmounts::of_order`] gives it (the order's amount less the
    /// cash-on-delivery charge spread over the lines by their values): what a `Returned to
    /// origin` gives back.
    pub fn whole_invoice(order: &Order) -> Result<Vec<Self>, InvalidInput> {
        if order.lines.is_empty() {
            return Err(InvalidInput::new("A credit note needs at least one line"));
        }
        // The cash-on-delivery charge is never given back once the order shipped (decisions
        // D41): the lines share what paid for the goods.
        let goods = order.goods_amount_rupees();
        let amount = Paise::from_rupees(goods)
            .map_err(|_| InvalidInput::new(format!("Invalid order amount ₹{goods}")))?;
        // The rate plays no part in the spread; the line's own where it has one.
        let no_rate = GstRate::new(0).expect("0 % is a rate");
        let items: Vec<InvoiceItem> = order
            .lines
            .iter()
            .map(|line| InvoiceItem {
                sale_price: line.sale_price,
                quantity: line.quantity,
                rate: line.tax.as_ref().map_or(no_rate, |t| t.rate),
            })
            .collect();
        let shares = spread(
            amount.paise(),
            &weights(items.iter().map(|i| (i.value(), i.quantity))),
        );
        Ok(order
            .lines
            .iter()
            .zip(shares)
            .enumerate()
            .map(|(index, (line, share))| Self {
                line: index,
                quantity: line.quantity,
                amount: Paise::from_stored(share),
            })
            .collect())
    }
}

/// One line of a credit note, its value reversed as it was invoiced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CreditNoteLine {
    pub credited: CreditedLine,
    pub rate: GstRate,
    /// amount x 100 / (100 + rate), to the paisa, as on the invoice.
    pub taxable: Paise,
    /// amount - taxable, split as on the invoice.
    pub tax: GstTax,
}

/// A credit note's lines and totals; the totals are the lines' sums and equal the value
/// reversed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditNoteAmounts {
    pub lines: Vec<CreditNoteLine>,
    /// As the original invoice: CGST + SGST in the shop's state, else IGST.
    pub intra_state: bool,
    pub amount: Paise,
    pub taxable: Paise,
    pub tax: GstTax,
}

impl CreditNoteAmounts {
    /// The lines given back, each with the rate its order line was invoiced at, from
    /// `shop_state` to the original invoice's `place_of_supply`. The taxable value and tax of
    /// each line are worked out exactly as the invoice does, so a credit note of every line at
    /// its invoiced amount reverses the invoice to the paisa.
    ///
    /// Refused: no lines, or a negative amount.
    pub fn compute(
        lines: &[(CreditedLine, GstRate)],
        shop_state: State,
        place_of_supply: State,
    ) -> Result<Self, InvalidInput> {
        if lines.is_empty() {
            return Err(InvalidInput::new("A credit note needs at least one line"));
        }
        if let Some((bad, _)) = lines.iter().find(|(l, _)| l.amount.paise() < 0) {
            return Err(InvalidInput::new(format!(
                "Invalid credit note amount {} paise on line {}",
                bad.amount.paise(),
                bad.line
            )));
        }
        let intra_state = shop_state == place_of_supply;
        let lines: Vec<CreditNoteLine> = lines
            .iter()
            .map(|&(credited, rate)| {
                let amount = credited.amount.paise();
                let taxable = taxable_value(amount, rate);
                CreditNoteLine {
                    credited,
                    rate,
                    taxable: Paise::from_stored(taxable),
                    tax: GstTax::split(amount - taxable, intra_state),
                }
            })
            .collect();
        let sum = |part: &dyn Fn(&CreditNoteLine) -> Paise| {
            Paise::from_stored(lines.iter().map(|l| part(l).paise()).sum())
        };
        let tax = if intra_state {
            GstTax::Intra {
                cgst: sum(&|l| l.tax.cgst()),
                sgst: sum(&|l| l.tax.sgst()),
            }
        } else {
            GstTax::Inter {
                igst: sum(&|l| l.tax.igst()),
            }
        };
        Ok(Self {
            amount: sum(&|l| l.credited.amount),
            taxable: sum(&|l| l.taxable),
            tax,
            intra_state,
            lines,
        })
    }
}

/// Everything one credit note shows, worked out: a renderer lays it out and adds nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditNoteDocument {
    /// `CN/26-27/000001`.
    pub number: String,
    /// The day it was issued, in India.
    pub date: NaiveDate,
    pub original_invoice_no: String,
    /// The original invoice's date (the day the order was placed, in India).
    pub original_invoice_date: NaiveDate,
    pub order_id: String,
    /// A registered seller's credit note shows the tax reversed; an unregistered one's (after a
    /// bill of supply) shows none.
    pub seller: Seller,
    pub buyer_name: String,
    pub buyer_address: String,
    pub buyer_pincode: String,
    pub place_of_supply: State,
    /// One per line of `amounts`, in the same order, with the quantity given back.
    pub products: Vec<InvoiceProduct>,
    pub amounts: CreditNoteAmounts,
}

impl CreditNoteDocument {
    /// Whether the tax reversed is shown (the seller is registered for GST).
    pub fn shows_tax(&self) -> bool {
        self.seller.gstin.is_some()
    }

    /// The value reversed in words.
    pub fn amount_in_words(&self) -> String {
        crate::words::amount_in_words(self.amounts.amount)
    }

    /// The file name a browser saves it under: `credit-note-CN-26-27-000001.pdf`.
    pub fn file_name(&self) -> String {
        format!("credit-note-{}.pdf", self.number.replace('/', "-"))
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use proptest::prelude::*;

    use super::*;
    use crate::gst::Hsn;
    use crate::invoice::InvoiceAmounts;
    use crate::order::{LineTax, OrderLine, OrderStatus, PaymentMethod};
    use crate::review::UserRef;
    use crate::{Percent, ProductId};

    fn rate(percent: u8) -> GstRate {
        GstRate::new(percent).unwrap()
    }

    fn line(rupees: &str, discount: i64, quantity: u32, percent: u8) -> OrderLine {
        OrderLine {
            product: ProductId::new("p1"),
            name: "Jutti".to_owned(),
            category_name: "Ethnic".to_owned(),
            variant_label: Some("UK 7".to_owned()),
            color: String::new(),
            unit_price: Paise::parse_rupees(rupees).unwrap(),
            discount: Percent::new(discount).unwrap(),
            sale_price: Paise::parse_rupees(rupees)
                .unwrap()
                .discounted(Percent::new(discount).unwrap()),
            quantity,
            tax: Some(LineTax {
                hsn: Hsn::parse("6403").unwrap(),
                rate: rate(percent),
            }),
            held_by_returns: 0,
        }
    }

    fn order(lines: Vec<OrderLine>, amount_rupees: i64) -> Order {
        let at = Utc.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap();
        Order {
            id: OrderId::new("o1"),
            lines,
            user: UserRef::deleted("Asha".to_owned()),
            address: "12 MG Road".to_owned(),
            pincode: "560001".to_owned(),
            amount_rupees,
            coupon: None,
            payment_method: PaymentMethod::Cod,
            paid: false,
            payment_id: "cod_o1".to_owned(),
            provider_order_id: String::new(),
            state: Some(State::Karnataka),
            invoice_no: Some("PDK/26-27/000001".to_owned()),
            prepaid_discount_rupees: 0,
            cod_fee_rupees: 0,
            credit_used_rupees: 0,
            status: OrderStatus::ReturnedToOrigin,
            shipment: None,
            delivered_at: None,
            replaces: None,
            whatsapp: false,
            cod_confirmation: None,
            created_at: at,
            updated_at: at,
        }
    }

    fn invoice_of(order: &Order, shop: State) -> InvoiceAmounts {
        let items: Vec<InvoiceItem> = order
            .lines
            .iter()
            .map(|l| InvoiceItem {
                sale_price: l.sale_price,
                quantity: l.quantity,
                rate: l.tax.as_ref().unwrap().rate,
            })
            .collect();
        InvoiceAmounts::compute(
            &items,
            order.discount_rupees(),
            order.amount_rupees,
            shop,
            order.state.unwrap(),
        )
        .unwrap()
    }

    fn rto(order: &Order, shop: State) -> CreditNoteAmounts {
        let lines: Vec<(CreditedLine, GstRate)> = CreditedLine::whole_invoice(order)
            .unwrap()
            .into_iter()
            .map(|c| (c, order.lines[c.line].tax.as_ref().unwrap().rate))
            .collect();
        CreditNoteAmounts::compute(&lines, shop, order.state.unwrap()).unwrap()
    }

    #[test]
    fn credit_notes_are_numbered_cn_short_year_and_six_digits() {
        let year = FinancialYear::starting_in(2026);
        assert_eq!(credit_note_number(year, 1), "CN/26-27/000001");
        assert_eq!(credit_note_number(year, 999_999).len(), 15);
        assert_eq!(
            CreditNoteSource::ReturnToOrigin(OrderId::new("o1")).key(),
            "rto:o1"
        );
        let ret = CreditNoteSource::Return("r1".to_owned());
        assert_eq!(ret.key(), "return:r1");
        assert_eq!(CreditNoteSource::from_key("return:r1"), Some(ret.clone()));
        assert_eq!(
            CreditNoteSource::from_key("rto:o1"),
            Some(CreditNoteSource::ReturnToOrigin(OrderId::new("o1")))
        );
        assert_eq!(CreditNoteSource::from_key("gift:1"), None);

        let mut back = order(vec![line("999", 0, 1, 5)], 999);
        assert_eq!(
            CreditNoteSource::on_move(&back, OrderStatus::ReturnedToOrigin),
            Some(CreditNoteSource::ReturnToOrigin(OrderId::new("o1")))
        );
        assert_eq!(
            CreditNoteSource::on_move(&back, OrderStatus::Cancelled),
            None
        );
        back.invoice_no = None;
        assert_eq!(
            CreditNoteSource::on_move(&back, OrderStatus::ReturnedToOrigin),
            None
        );
        assert_eq!(ret.return_id(), Some("r1"));
    }

    #[test]
    fn an_rto_reverses_the_goods_lines_but_not_the_cash_on_delivery_charge() {
        // ₹3,958 for the goods and a ₹49 charge: ₹4,007 to collect.
        let mut order = order(vec![line("999", 15, 2, 5), line("2999", 10, 1, 18)], 4_007);
        order.cod_fee_rupees = 49;
        let lines = CreditedLine::whole_invoice(&order).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines.iter().map(|l| l.amount.paise()).sum::<i64>(), 395_800);
        assert_eq!(lines[0].amount, Paise::from_stored(152_860));
    }

    #[test]
    fn an_rto_reverses_the_whole_invoice_to_the_paisa_within_the_state() {
        // ₹849.15 x 2 at 5 % and ₹2,699.10 at 18 %: ₹4,397 paid, coupon ₹439 off: ₹3,958.
        let mut order = order(vec![line("999", 15, 2, 5), line("2999", 10, 1, 18)], 3_958);
        order.coupon = Some(crate::order::OrderCoupon {
            code: "TEN".to_owned(),
            discount_rupees: 439,
        });
        order.state = Some(State::UttarPradesh);
        let invoice = invoice_of(&order, State::UttarPradesh);
        let note = rto(&order, State::UttarPradesh);
        assert!(note.intra_state);
        assert_eq!(note.amount, invoice.amount);
        assert_eq!(note.taxable, invoice.taxable);
        assert_eq!(note.tax, invoice.tax);
        for (credited, invoiced) in note.lines.iter().zip(&invoice.lines) {
            assert_eq!(credited.credited.amount, invoiced.amount);
            assert_eq!(credited.taxable, invoiced.taxable);
            assert_eq!(credited.tax, invoiced.tax);
            assert_eq!(credited.rate, invoiced.rate);
        }
        assert_eq!(
            note.lines
                .iter()
                .map(|l| l.credited.quantity)
                .collect::<Vec<_>>(),
            [2, 1]
        );
    }

    #[test]
    fn another_state_s_credit_note_reverses_igst() {
        let order = order(vec![line("1499", 0, 1, 5)], 1_499);
        let note = rto(&order, State::UttarPradesh);
        assert!(!note.intra_state);
        // 149,900 x 100 / 105 = 142,761.9 -> 142,762; IGST the rest, 7,138.
        assert_eq!(note.taxable, Paise::from_stored(142_762));
        assert_eq!(
            note.tax,
            GstTax::Inter {
                igst: Paise::from_stored(7_138)
            }
        );
        assert_eq!(note.amount, Paise::from_stored(149_900));
    }

    #[test]
    fn a_returned_line_s_amount_is_reversed_at_its_rate_and_the_totals_are_its_sums() {
        let lines = [
            (
                CreditedLine {
                    line: 1,
                    quantity: 1,
                    amount: Paise::from_stored(240_001),
                },
                rate(18),
            ),
            (
                CreditedLine {
                    line: 3,
                    quantity: 2,
                    amount: Paise::from_stored(99_999),
                },
                rate(5),
            ),
        ];
        let note = CreditNoteAmounts::compute(&lines, State::Goa, State::Goa).unwrap();
        assert_eq!(note.lines[0].taxable, Paise::from_stored(203_391));
        assert_eq!(note.lines[1].taxable, Paise::from_stored(95_237));
        // 36,610 tax: 18,305 each; 4,762: 2,381 each.
        assert_eq!(
            note.lines[0].tax,
            GstTax::Intra {
                cgst: Paise::from_stored(18_305),
                sgst: Paise::from_stored(18_305)
            }
        );
        assert_eq!(note.amount, Paise::from_stored(340_000));
        assert_eq!(note.taxable.paise() + note.tax.total().paise(), 340_000);
        assert_eq!(note.tax.cgst(), Paise::from_stored(18_305 + 2_381));
    }

    #[test]
    fn no_lines_or_a_negative_amount_is_refused() {
        assert!(CreditNoteAmounts::compute(&[], State::Goa, State::Goa).is_err());
        let negative = CreditedLine {
            line: 0,
            quantity: 1,
            amount: Paise::from_stored(-1),
        };
        assert!(
            CreditNoteAmounts::compute(&[(negative, rate(5))], State::Goa, State::Goa).is_err()
        );
        assert!(CreditedLine::whole_invoice(&order(Vec::new(), 0)).is_err());
    }

    proptest! {
        /// Whatever the lines and the coupon, an RTO's credit note reverses exactly what the
        /// invoice charged, line by line and in all.
        #[test]
        fn an_rto_credit_note_equals_its_invoice(
            lines in prop::collection::vec((1u32..500_000, 0i64..=100, 1u32..5, prop::sample::select(vec![0u8, 5, 12, 18, 28])), 1..6),
            coupon_share in 0u32..=100,
            intra in any::<bool>(),
        ) {
            let order_lines: Vec<OrderLine> = lines
                .iter()
                .map(|&(price, discount, quantity, percent)| {
                    let mut l = line("1", discount, quantity, percent);
                    l.unit_price = Paise::from_stored(i64::from(price));
                    l.sale_price = l.unit_price.discounted(l.discount);
                    l
                })
                .collect();
            let priced: Vec<crate::money::PricedLine> = order_lines
                .iter()
                .map(OrderLine::priced)
                .collect();
            let subtotal = crate::money::order_amount_rupees(&priced);
            let coupon = subtotal * i64::from(coupon_share) / 100;
            let mut order = order(order_lines, subtotal - coupon);
            order.coupon = Some(crate::order::OrderCoupon { code: "C".to_owned(), discount_rupees: coupon });
            let shop = if intra { State::Karnataka } else { State::Goa };
            let invoice = invoice_of(&order, shop);
            let note = rto(&order, shop);
            prop_assert_eq!(note.amount, invoice.amount);
            prop_assert_eq!(note.taxable, invoice.taxable);
            prop_assert_eq!(note.tax, invoice.tax);
            for (c, i) in note.lines.iter().zip(&invoice.lines) {
                prop_assert_eq!(c.credited.amount, i.amount);
                prop_assert_eq!(c.tax, i.tax);
            }
        }
    }
}
