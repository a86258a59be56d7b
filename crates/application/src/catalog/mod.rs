//! Products, categories, reviews, product photos and the images we serve.

mod error;
mod photos;
mod ports;
mod query;
mod revision;
mod service;

pub use error::CatalogError;
pub use photos::{PhotoRequest, PhotoService, ServedPhoto};
pub use ports::*;
pub use query::{ProductPage, ProductQuery, ProductSort};
pub use revision::CatalogRevision;
pub use service::{CatalogService, CategoryWithProducts};
