//! Products, categories, reviews, product photos and the images we serve.

mod error;
mod fit;
mod photos;
mod ports;
mod query;
mod service;
pub mod transfer;

pub use error::CatalogError;
#[cfg(test)]
pub use fit::MockFitRepository;
pub use fit::{FitAdvice, FitRepository, SizeSuggestion};
#[cfg(any(test, feature = "mock"))]
pub use photos::MockPhotoUseCases;
pub use photos::{PhotoRequest, PhotoService, PhotoUseCases, ServedPhoto};
pub use ports::*;
pub use query::{ProductPage, ProductQuery, ProductSort};

#[cfg(any(test, feature = "mock"))]
pub use service::MockCatalogUseCases;
pub use service::{
    CatalogSearch, CatalogService, CatalogUseCases, CategoryWithProducts, FEATURED_PRODUCTS,
    MISSES_OVER_DAYS, MOST_MISSED, SUGGESTIONS,
};

/// The catalog's count of changes: its own writes, and stock taken or given back by orders.
pub type CatalogRevision = crate::Revision;
