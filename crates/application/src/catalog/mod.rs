//! Products, categories, reviews and the images we serve.

mod error;
mod ports;
mod query;
mod service;

pub use error::CatalogError;
pub use ports::*;
pub use query::{ProductPage, ProductQuery, ProductSort};

/// The catalog's count of changes: its own writes, and stock taken or given back by orders.
pub type CatalogRevision = crate::Revision;
pub use service::{CatalogService, CategoryWithProducts};
