//! Timed sales shown in the storefront's banner.

mod ports;
mod service;

pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockSaleUseCases;
pub use service::{SaleError, SaleService, SaleUseCases};
