//! Orders after checkout: my orders, one order, every order (admin), status changes (admin),
//! cancellation with its refund, shipping and the courier's reports, and the order mails.

mod courier;
mod credit_note;
mod error;
mod invoice;
pub(crate) mod mails;
mod ports;
mod service;

pub use courier::{
    BuyerContact, Courier, CourierError, ReturnPickup, ShiprocketBooking, ShiprocketBookings,
    buyer_contact,
};
#[cfg(test)]
pub use courier::{MockCourier, MockShiprocketBookings};
pub use credit_note::CreditNotes;
pub use error::OrderError;
#[cfg(test)]
pub use invoice::MockInvoiceRenderer;
pub use invoice::{InvoicePdf, InvoiceRenderer, InvoiceSettings, Invoicing};
pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockOrderUseCases;
pub use service::{OrderDetail, OrderPorts, OrderService, OrderUseCases, Shipped};
