//! Products, categories, reviews and the images we serve.

mod error;
mod ports;
mod query;
mod revision;
mod service;

pub use error::CatalogError;
pub use ports::*;
pub use query::{ProductPage, ProductQuery, ProductSort};
pub use revision::CatalogRevision;
#[cfg(any(test, feature = "mock"))]
pub use service::MockCatalogUseCases;
pub use service::{CatalogService, CatalogUseCases, CategoryWithProducts};
