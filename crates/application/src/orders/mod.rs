//! Orders after checkout: my orders, one order, every order (admin), status changes (admin)
//! and cancellation with its refund, and the order mails.

mod error;
mod invoice;
pub(crate) mod mails;
mod ports;
mod service;

pub use error::OrderError;
#[cfg(any(test, feature = "mock"))]
pub use invoice::MockInvoiceRenderer;
pub use invoice::{InvoicePdf, InvoiceRenderer, InvoiceSettings, Invoicing};
pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockOrderUseCases;
pub use service::{OrderDetail, OrderPorts, OrderService, OrderUseCases};
