//! Paduka's use cases, and the ports (traits) they need from the outside world.
//!
//! Each area keeps its ports, service and errors together: `catalog` (products, categories,
//! reviews, images), `sales`, `accounts` (sign-in and users). Adapters in other crates
//! implement the ports; every port has a mockall mock (`feature = "mock"`) for tests.

pub mod accounts;
pub mod admin;
pub mod catalog;
pub mod checkout;
pub mod cod;
pub mod coupons;
pub mod credit;
pub mod mail;
pub mod orders;
pub mod ports;
pub mod returns;
mod revision;
pub mod sales;
#[cfg(test)]
mod testing;
pub mod whatsapp;

pub use ports::{Clock, IdGenerator, ReadinessProbe, RepoError};
#[cfg(test)]
pub use ports::{MockClock, MockIdGenerator};
pub use revision::Revision;
