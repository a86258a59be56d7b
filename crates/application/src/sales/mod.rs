//! Timed sales shown in the storefront's banner.

mod ports;
mod service;

pub use ports::*;
pub use service::{SaleError, SaleService};
