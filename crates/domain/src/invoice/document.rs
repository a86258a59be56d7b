//! Everything one invoice shows, for a renderer to lay out.

use chrono::NaiveDate;

use super::InvoiceAmounts;
use crate::gst::{Gstin, Hsn};
use crate::{Paise, State};

/// its tax lines, an unregistered one (no `SHOP_GSTIN`) a `Bill of Supply` without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvoiceKind {
    TaxInvoice,
    BillOfSupply,
}

impl InvoiceKind {
    /// The document's title.
    pub fn title(self) -> &'static str {
        match self {
            Self::TaxInvoice => "Tax Invoice",
            Self::BillOfSupply => "Bill of Supply",
        }
    }
}

/// The shop as its invoices name it (`SHOP_LEGAL_NAME`, `SHOP_ADDRESS`, `SHOP_STATE`,
/// `SHOP_GSTIN`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seller {
    pub legal_name: String,
    /// One or more lines, separated by newlines or commas as the owner typed them.
    pub address: String,
    pub state: State,
    /// `None`: not registered for GST, so its documents are bills of supply.
    pub gstin: Option<Gstin>,
}

/// What was sold on one line, as the invoice prints it beside its [`InvoiceLine`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceProduct {
    pub name: String,
    /// The size (the variant's label), if the product has sizes.
    pub size: Option<String>,
    /// The colour's name, `""` without colours: printed `(Tan, UK 8)` (decisions D44).
    pub color: String,
    pub hsn: Hsn,
    pub quantity: u32,
    /// The catalogue price of one pair, tax included, before any discount.
    pub unit_price: Paise,
}

impl InvoiceProduct {
    /// Unit price x quantity: what the line would cost without the sale and the coupon.
    pub fn gross(&self) -> Paise {
        Paise::from_stored(self.unit_price.paise() * i64::from(self.quantity))
    }
}

/// Everything one invoice shows, worked out: a renderer lays it out and adds nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceDocument {
    pub kind: InvoiceKind,
    /// `PDK/26-27/000001` (numbers given before 2025-12 read `PDK/2026-27/000001`).
    pub number: String,
    /// The day the order was placed, in India.
    pub date: NaiveDate,
    /// The order's own id, for finding it in the shop.
    pub order_id: String,
    /// A cancelled order's invoice is marked `CANCELLED`: its number is never reused.
    pub cancelled: bool,
    pub seller: Seller,
    pub buyer_name: String,
    pub buyer_address: String,
    pub buyer_pincode: String,
    pub place_of_supply: State,
    /// How it was paid: `Paid online (pay_...)`, `Cash on delivery: paid`, `Cash on delivery:
    /// ₹1,299 to be collected`.
    pub payment: String,
    /// The coupon's code, if one was used; its discount is spread over the lines.
    pub coupon_code: Option<String>,
    /// One per line of `amounts`, in the same order.
    pub products: Vec<InvoiceProduct>,
    pub amounts: InvoiceAmounts,
}

impl InvoiceDocument {
    /// A line's discount in rupees: its gross less what is paid for it (the sale's percentage,
    /// its share of the coupon and of the fraction of a rupee cut off), so that gross -
    /// discount = taxable value + tax on every line.
    pub fn line_discount(&self, index: usize) -> Paise {
        let gross = self.products[index].gross().paise();
        Paise::from_stored(gross - self.amounts.lines[index].amount.paise())
    }

    /// The total of every line's gross.
    pub fn gross(&self) -> Paise {
        Paise::from_stored(self.products.iter().map(|p| p.gross().paise()).sum())
    }

    /// The order's amount in words, as the invoice closes with it.
    pub fn amount_in_words(&self) -> String {
        crate::words::amount_in_words(self.amounts.amount)
    }

    /// The file name a browser saves it under: `invoice-PDK-26-27-000001.pdf`.
    pub fn file_name(&self) -> String {
        format!("invoice-{}.pdf", self.number.replace('/', "-"))
    }
}
