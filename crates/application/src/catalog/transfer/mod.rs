//! The catalog out and in as Shopify-style CSV files (decisions section 17, D28): the export,
//! and the import checked whole, answered at once for a dry run, else run as a background job
//! whose progress every instance can read.

mod ports;
mod service;

pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockCatalogTransferUseCases;
pub use service::{
    CatalogTransferService, CatalogTransferUseCases, ImportError, ImportOptions, ImportStart,
    ImportTally, JOB_NOT_DONE, TransferPorts,
};

#[cfg(test)]
mod tests;
