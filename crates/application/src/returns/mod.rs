//! Returns and size exchanges (decisions D24): asking for one, moving it along, refunding it.

mod error;
mod mails;
mod ports;
mod service;

pub use error::ReturnError;
#[cfg(test)]
pub use ports::MockReturnRepository;
pub use ports::{NewReturn, PickupUpdate, RefundClaim, ReturnConflict, ReturnRepository, Stepped};
#[cfg(any(test, feature = "mock"))]
pub use service::MockReturnUseCases;
pub use service::{ReturnPorts, ReturnService, ReturnUseCases, refund_key};

#[cfg(test)]
mod service_tests;
