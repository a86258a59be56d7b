//! GST invoices (decisions D16): the terms a line is sold under, the place of supply, and an
//! order's invoice document and PDF.

use std::sync::Arc;

use paduka_domain::contact::Pincode;
use paduka_domain::gst::GstRate;
use paduka_domain::gst::{GstSlabs, Hsn};
use paduka_domain::invoice::{
    CreditNote, CreditNoteAmounts, CreditNoteDocument, CreditedLine, InvoiceAmounts,
    InvoiceDocument, InvoiceItem, InvoiceKind, InvoicePrefix, InvoiceProduct, OrderCharges, Seller,
    cod_fee_terms,
};
use paduka_domain::order::{LineTax, Order, OrderStatus, PackingSlip, PaymentMethod};
use paduka_domain::sale::india_time;
use paduka_domain::{Paise, State};

use crate::mail::Attachment;

/// The invoice line of a cash-on-delivery charge (decisions D41).
pub const COD_FEE_LINE: &str = "Cash on delivery charge";

/// Draws the shop's documents as PDFs (`paduka-invoice-pdf`): invoices and packing slips.
#[cfg_attr(test, mockall::automock)]
pub trait InvoiceRenderer: Send + Sync {
    fn render(&self, document: &InvoiceDocument) -> anyhow::Result<Vec<u8>>;

    fn render_packing_slip(&self, slip: &PackingSlip) -> anyhow::Result<Vec<u8>>;

    fn render_credit_note(&self, document: &CreditNoteDocument) -> anyhow::Result<Vec<u8>>;
}

/// The shop's invoicing settings: who sells (`SHOP_*`), at what rates (`GST_SLABS`), under
/// which code by default (`DEFAULT_HSN`), numbered how (`INVOICE_PREFIX`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceSettings {
    pub seller: Seller,
    pub slabs: GstSlabs,
    pub default_hsn: Hsn,
    pub prefix: InvoicePrefix,
}

impl Default for InvoiceSettings {
    /// An unregistered shop in Uttar Pradesh, where the spec's pincodes are: bills of supply.
    fn default() -> Self {
        Self {
            seller: Seller {
                legal_name: "Paduka".to_owned(),
                address: String::new(),
                state: State::UttarPradesh,
                gstin: None,
            },
            slabs: GstSlabs::default(),
            default_hsn: Hsn::parse(Hsn::DEFAULT).expect("the default parses"),
            prefix: InvoicePrefix::default(),
        }
    }
}

/// An invoice as a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoicePdf {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Invoicing, shared by checkout (the terms of each line, the mail's attachment) and the
/// orders pages (the download).
pub struct Invoicing {
    settings: InvoiceSettings,
    renderer: Arc<dyn InvoiceRenderer>,
}

impl Invoicing {
    pub fn new(settings: InvoiceSettings, renderer: Arc<dyn InvoiceRenderer>) -> Self {
        Self { settings, renderer }
    }

    pub fn prefix(&self) -> &InvoicePrefix {
        &self.settings.prefix
    }

    /// The HSN and rate a line is sold under now: the product's code, else the shop's; the
    /// rate by the unit's selling price.
    pub fn line_tax(&self, product_hsn: Option<&Hsn>, sale_price: Paise) -> LineTax {
        LineTax {
            hsn: product_hsn.unwrap_or(&self.settings.default_hsn).clone(),
            rate: self.settings.slabs.rate_for(sale_price),
        }
    }

    /// The place of supply: the state the shopper chose, else the one the pincode's first
    /// digits name, else (a prefix no state has) the shop's own.
    pub fn place_of_supply(&self, chosen: Option<State>, pincode: &Pincode) -> State {
        chosen
            .or_else(|| State::for_pincode(pincode))
            .unwrap_or(self.settings.seller.state)
    }

    /// The terms each line of the order was invoiced under: as stored, or for a line sold
    /// before invoices, today's.
    fn terms(&self, order: &Order) -> Vec<LineTax> {
        order
            .lines
            .iter()
            .map(|line| {
                line.tax
                    .clone()
                    .unwrap_or_else(|| self.line_tax(None, line.sale_price))
            })
            .collect()
    }

    /// The order's invoice; `None` for an order placed before invoices, which has no number.
    pub fn document(&self, order: &Order) -> Option<InvoiceDocument> {
        let number = order.invoice_no.clone()?;
        let place_of_supply = order.state.unwrap_or(self.settings.seller.state);
        let terms = self.terms(order);
        let items: Vec<InvoiceItem> = order
            .lines
            .iter()
            .zip(&terms)
            .map(|(line, terms)| InvoiceItem {
                sale_price: line.sale_price,
                quantity: line.quantity,
                rate: terms.rate,
            })
            .collect();
        let fee_terms = cod_fee_terms(&terms, |t| t.rate).cloned();
        let charges = OrderCharges {
            coupon_rupees: order.discount_rupees(),
            prepaid_rupees: order.prepaid_discount_rupees,
            cod_fee_rupees: order.cod_fee_rupees,
            cod_fee_rate: fee_terms
                .as_ref()
                .map_or(OrderCharges::default().cod_fee_rate, |t| t.rate),
            amount_rupees: order.amount_rupees,
        };
        let amounts = match InvoiceAmounts::of_order(
            &items,
            &charges,
            self.settings.seller.state,
            place_of_supply,
        ) {
            Ok(amounts) => amounts,
            Err(error) => {
                tracing::error!(order = %order.id, %error, "an order's invoice does not add up");
                return None;
            }
        };
        let mut products: Vec<InvoiceProduct> = order
            .lines
            .iter()
            .zip(terms)
            .map(|(line, terms)| InvoiceProduct {
                name: line.name.clone(),
                size: line.variant_label.clone(),
                color: line.color.clone(),
                hsn: terms.hsn,
                quantity: line.quantity,
                unit_price: line.unit_price,
            })
            .collect();
        // The charge's line, which `amounts` ends with, under the highest-rate line's HSN.
        if let (true, Some(terms)) = (amounts.cod_fee > Paise::ZERO, fee_terms) {
            products.push(InvoiceProduct {
                name: COD_FEE_LINE.to_owned(),
                size: None,
                color: String::new(),
                hsn: terms.hsn,
                quantity: 1,
                unit_price: amounts.cod_fee,
            });
        }
        let seller = self.settings.seller.clone();
        Some(InvoiceDocument {
            kind: if seller.gstin.is_some() {
                InvoiceKind::TaxInvoice
            } else {
                InvoiceKind::BillOfSupply
            },
            number,
            date: order.created_at.with_timezone(&india_time()).date_naive(),
            order_id: order.id.to_string(),
            cancelled: order.status == OrderStatus::Cancelled,
            seller,
            buyer_name: order.user.name.clone(),
            buyer_address: order.address.clone(),
            buyer_pincode: order.pincode.clone(),
            place_of_supply,
            payment: payment_text(order),
            coupon_code: order.coupon.as_ref().map(|c| c.code.clone()),
            products,
            amounts,
        })
    }

    /// The order's invoice as a PDF; `Ok(None)` when it has none.
    pub fn pdf(&self, order: &Order) -> anyhow::Result<Option<InvoicePdf>> {
        let Some(document) = self.document(order) else {
            return Ok(None);
        };
        let bytes = self.renderer.render(&document)?;
        Ok(Some(InvoicePdf {
            file_name: document.file_name(),
            bytes,
        }))
    }

    /// The credit note `note` of `order` (the order it was issued on), its lines reversed at
    /// the rates and place of supply of the order's invoice. `None` (logged) when they do not
    /// fit the order (a line it does not have) or the order has no invoice.
    pub fn credit_note_document(
        &self,
        order: &Order,
        note: &CreditNote,
    ) -> Option<CreditNoteDocument> {
        let original_invoice_no = order.invoice_no.clone()?;
        let place_of_supply = order.state.unwrap_or(self.settings.seller.state);
        let terms = self.terms(order);
        let fits = |credited: &CreditedLine| credited.line < order.lines.len();
        if !note.lines.iter().all(fits) {
            tracing::error!(order = %order.id, note = %note.number, "a credit note names a line its order does not have");
            return None;
        }
        let lines: Vec<(CreditedLine, GstRate)> = note
            .lines
            .iter()
            .map(|credited| (*credited, terms[credited.line].rate))
            .collect();
        let amounts = match CreditNoteAmounts::compute(
            &lines,
            self.settings.seller.state,
            place_of_supply,
        ) {
            Ok(amounts) => amounts,
            Err(error) => {
                tracing::error!(order = %order.id, note = %note.number, %error, "a credit note does not add up");
                return None;
            }
        };
        let products = note
            .lines
            .iter()
            .map(|credited| {
                let line = &order.lines[credited.line];
                InvoiceProduct {
                    name: line.name.clone(),
                    size: line.variant_label.clone(),
                    color: line.color.clone(),
                    hsn: terms[credited.line].hsn.clone(),
                    quantity: credited.quantity,
                    unit_price: line.unit_price,
                }
            })
            .collect();
        let india =
            |at: chrono::DateTime<chrono::Utc>| at.with_timezone(&india_time()).date_naive();
        Some(CreditNoteDocument {
            number: note.number.clone(),
            date: india(note.issued_at),
            original_invoice_no,
            original_invoice_date: india(order.created_at),
            order_id: order.id.to_string(),
            seller: self.settings.seller.clone(),
            buyer_name: order.user.name.clone(),
            buyer_address: order.address.clone(),
            buyer_pincode: order.pincode.clone(),
            place_of_supply,
            products,
            amounts,
        })
    }

    /// The credit note as a PDF; `Ok(None)` when it cannot be drawn for this order (see
    /// [`Self::credit_note_document`]).
    pub fn credit_note_pdf(
        &self,
        order: &Order,
        note: &CreditNote,
    ) -> anyhow::Result<Option<InvoicePdf>> {
        let Some(document) = self.credit_note_document(order, note) else {
            return Ok(None);
        };
        let bytes = self.renderer.render_credit_note(&document)?;
        Ok(Some(InvoicePdf {
            file_name: document.file_name(),
            bytes,
        }))
    }

    /// The packing slip of a shipped order, with the shop as its sender; `Ok(None)` before
    /// it has shipped.
    pub fn packing_slip(
        &self,
        order: &Order,
        buyer_phone: Option<String>,
    ) -> anyhow::Result<Option<InvoicePdf>> {
        let Some(slip) = PackingSlip::of(order, &self.settings.seller, buyer_phone) else {
            return Ok(None);
        };
        Ok(Some(InvoicePdf {
            file_name: format!("packing-slip-{}.pdf", order.id),
            bytes: self.renderer.render_packing_slip(&slip)?,
        }))
    }

    /// The invoice to attach to the order-placed mail; `None` (logged) when it cannot be
    /// drawn: the order stands and its invoice can still be downloaded.
    pub fn attachment(&self, order: &Order) -> Option<Attachment> {
        match self.pdf(order) {
            Ok(pdf) => pdf.map(|pdf| Attachment {
                file_name: pdf.file_name,
                content_type: "application/pdf".to_owned(),
                bytes: pdf.bytes,
            }),
            Err(error) => {
                tracing::error!(order = %order.id, error = %format!("{error:#}"), "invoice not drawn for the mail");
                None
            }
        }
    }
}

/// How the order was paid, as the invoice says it; with `Paid by store credit ₹N` after it
/// when store credit paid part (the invoice's amounts stay the full price: credit is a way of
/// paying, not a discount).
fn payment_text(order: &Order) -> String {
    let way = way_paid(order);
    match order.credit_used_rupees {
        0 => way,
        rupees => format!(
            "{way}; Paid by store credit {}",
            Paise::from_rupees(rupees)
                .unwrap_or(Paise::ZERO)
                .in_indian_style()
        ),
    }
}

fn way_paid(order: &Order) -> String {
    match (order.payment_method, order.paid) {
        (PaymentMethod::Online, _) => format!("Paid online ({})", order.payment_id),
        (PaymentMethod::Cod, true) => "Cash on delivery: paid".to_owned(),
        // An order that ended (cancelled) leaves the courier nothing to collect.
        (PaymentMethod::Cod, false) => match order.to_collect_rupees() {
            0 => "Cash on delivery: not collected".to_owned(),
            rupees => format!(
                "Cash on delivery: {} to be collected",
                Paise::from_rupees(rupees)
                    .unwrap_or(Paise::ZERO)
                    .in_indian_style()
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use paduka_domain::gst::{GstRate, Gstin};
    use paduka_domain::invoice::GstTax;
    use paduka_domain::order::{LineTax, OrderCoupon};
    use paduka_test_support::builders::OrderBuilder;

    use super::*;
    use crate::testing::invoicing;

    fn registered(gstin: &str, state: State) -> Invoicing {
        let mut settings = InvoiceSettings::default();
        settings.seller.state = state;
        settings.seller.gstin = Some(Gstin::parse(gstin).unwrap());
        Invoicing::new(settings, Arc::new(MockInvoiceRenderer::new()))
    }

    #[test]
    fn a_registered_shop_issues_a_tax_invoice_with_cgst_and_sgst_within_its_state() {
        // Two UK 7 at ₹849.15: ₹1,698 at 5 %, in Uttar Pradesh like the shop.
        let order = OrderBuilder::new("ord-1").build();
        let document = registered("09ABCDE1234F1ZY", State::UttarPradesh)
            .document(&order)
            .unwrap();
        assert_eq!(document.kind, InvoiceKind::TaxInvoice);
        assert_eq!(document.number, "PDK/25-26/000001");
        assert_eq!(document.place_of_supply, State::UttarPradesh);
        assert_eq!(document.products[0].hsn.as_str(), "6403");
        assert_eq!(document.products[0].size.as_deref(), Some("UK 7"));
        // 169,800 x 100 / 105 = 161,714.28... -> 161,714; tax 8,086 split 4,043 + 4,043.
        assert_eq!(document.amounts.taxable, Paise::from_stored(161_714));
        assert_eq!(
            document.amounts.tax,
            GstTax::Intra {
                cgst: Paise::from_stored(4_043),
                sgst: Paise::from_stored(4_043)
            }
        );
        assert_eq!(document.payment, "Paid online (pay_1)");
        assert!(!document.cancelled);
    }

    #[test]
    fn another_state_is_charged_igst_and_a_cancelled_order_s_invoice_says_so() {
        let mut order = OrderBuilder::new("ord-1")
            .status(OrderStatus::Cancelled)
            .build();
        order.state = Some(State::Maharashtra);
        let document = registered("09ABCDE1234F1ZY", State::UttarPradesh)
            .document(&order)
            .unwrap();
        assert!(!document.amounts.intra_state);
        assert_eq!(
            document.amounts.tax,
            GstTax::Inter {
                igst: Paise::from_stored(8_086)
            }
        );
        assert!(document.cancelled);
    }

    #[test]
    fn without_a_gstin_the_document_is_a_bill_of_supply() {
        let order = OrderBuilder::new("ord-1").build();
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.kind, InvoiceKind::BillOfSupply);
        assert_eq!(document.kind.title(), "Bill of Supply");
    }

    #[test]
    fn the_coupon_and_unpaid_cash_are_on_the_invoice() {
        let mut order = OrderBuilder::new("ord-1").cash_on_delivery().build();
        order.amount_rupees = 1528;
        order.coupon = Some(OrderCoupon {
            code: "WELCOME10".into(),
            discount_rupees: 170,
        });
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.coupon_code.as_deref(), Some("WELCOME10"));
        assert_eq!(document.amounts.coupon, Paise::from_stored(17_000));
        assert_eq!(document.amounts.amount, Paise::from_stored(152_800));
        assert_eq!(document.payment, "Cash on delivery: ₹1,528 to be collected");
    }

    #[test]
    fn the_cash_on_delivery_charge_is_a_line_at_the_highest_rate_line_s_terms() {
        // ₹1,698 of shoes at 5 % and a ₹49 charge: ₹1,747 to collect.
        let mut order = OrderBuilder::new("ord-1").cash_on_delivery().build();
        let mut dear = order.lines[0].clone();
        dear.tax = Some(LineTax {
            hsn: Hsn::parse("6404").unwrap(),
            rate: GstRate::new(18).unwrap(),
        });
        order.lines.push(dear);
        order.amount_rupees = 3_396 + 49;
        order.cod_fee_rupees = 49;
        let document = invoicing().document(&order).unwrap();
        let fee = document.products.last().unwrap();
        assert_eq!(fee.name, "Cash on delivery charge");
        assert_eq!(fee.hsn.as_str(), "6404");
        assert_eq!(fee.unit_price, Paise::from_stored(4_900));
        assert_eq!(document.amounts.lines.len(), 3);
        assert_eq!(document.amounts.lines[2].rate.percent(), 18);
        let sum: i64 = document
            .amounts
            .lines
            .iter()
            .map(|l| l.amount.paise())
            .sum();
        assert_eq!(sum, 344_500);
        assert_eq!(document.line_discount(2), Paise::ZERO);
        assert_eq!(document.payment, "Cash on delivery: ₹3,445 to be collected");
    }

    #[test]
    fn the_saving_for_paying_online_is_spread_over_the_lines() {
        let mut order = OrderBuilder::new("ord-1").build();
        order.amount_rupees = 1_614;
        order.prepaid_discount_rupees = 84;
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.amounts.prepaid, Paise::from_stored(8_400));
        assert_eq!(
            document.amounts.lines[0].prepaid_share,
            Paise::from_stored(8_400)
        );
        assert_eq!(document.amounts.amount, Paise::from_stored(161_400));
        assert_eq!(document.products.len(), 1);
    }

    #[test]
    fn store_credit_is_named_and_the_amounts_stay_the_full_price() {
        let order = OrderBuilder::new("ord-1")
            .cash_on_delivery()
            .credit_used(500)
            .build();
        let document = invoicing().document(&order).unwrap();
        assert_eq!(
            document.payment,
            "Cash on delivery: ₹1,198 to be collected; Paid by store credit ₹500"
        );
        assert_eq!(document.amounts.amount, Paise::from_stored(169_800));
    }

    #[test]
    fn a_cancelled_unpaid_cash_order_leaves_nothing_to_collect() {
        let order = OrderBuilder::new("ord-1")
            .cash_on_delivery()
            .status(OrderStatus::Cancelled)
            .build();
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.payment, "Cash on delivery: not collected");
    }

    #[test]
    fn the_stored_rate_stands_and_a_line_sold_before_invoices_takes_today_s() {
        let mut order = OrderBuilder::new("ord-1").build();
        // Stored at 12 %: a change of slabs since does not change the invoice.
        order.lines[0].tax.as_mut().unwrap().rate = GstRate::new(12).unwrap();
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.amounts.lines[0].rate.percent(), 12);
        order.lines[0].tax = None;
        let document = invoicing().document(&order).unwrap();
        assert_eq!(document.amounts.lines[0].rate.percent(), 5);
        assert_eq!(document.products[0].hsn.as_str(), Hsn::DEFAULT);
    }

    #[test]
    fn a_credit_note_reverses_the_invoiced_lines_at_their_rates_and_names_the_invoice() {
        use paduka_domain::invoice::{CreditNote, CreditNoteSource, CreditedLine};
        let order = OrderBuilder::new("ord-1").build();
        let invoicing = registered("09ABCDE1234F1ZY", State::UttarPradesh);
        let invoice = invoicing.document(&order).unwrap();
        let note = CreditNote {
            number: "CN/25-26/000001".to_owned(),
            order_id: order.id.clone(),
            source: CreditNoteSource::ReturnToOrigin(order.id.clone()),
            issued_at: order.created_at + chrono::Duration::days(3),
            amount: invoice.amounts.amount,
            lines: CreditedLine::whole_invoice(&order).unwrap(),
        };
        let document = invoicing.credit_note_document(&order, &note).unwrap();
        assert_eq!(document.original_invoice_no, invoice.number);
        assert_eq!(document.original_invoice_date, invoice.date);
        assert_eq!(
            document.date,
            invoice.date + chrono::Duration::days(3),
            "issued three days on"
        );
        assert_eq!(document.amounts.amount, invoice.amounts.amount);
        assert_eq!(document.amounts.taxable, invoice.amounts.taxable);
        assert_eq!(document.amounts.tax, invoice.amounts.tax);
        assert_eq!(document.products, invoice.products);
        assert!(document.shows_tax());

        let mut beyond = note.clone();
        beyond.lines[0].line = 5;
        assert!(invoicing.credit_note_document(&order, &beyond).is_none());
    }

    #[test]
    fn an_order_without_a_number_has_no_invoice() {
        let mut order = OrderBuilder::new("ord-1").build();
        order.invoice_no = None;
        assert!(invoicing().document(&order).is_none());
    }

    #[test]
    fn the_place_of_supply_is_the_choice_else_the_pincode_s_state_else_the_shop_s() {
        let invoicing = invoicing();
        let mathura = Pincode::parse("281001").unwrap();
        assert_eq!(
            invoicing.place_of_supply(Some(State::Goa), &mathura),
            State::Goa
        );
        assert_eq!(
            invoicing.place_of_supply(None, &mathura),
            State::UttarPradesh
        );
        let raipur = Pincode::parse("492001").unwrap();
        assert_eq!(
            invoicing.place_of_supply(None, &raipur),
            State::Chhattisgarh
        );
    }
}
