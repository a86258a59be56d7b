//! The catalog in and out as CSV files in Shopify's layouts, and in from WooCommerce's export
//! (decisions section 17, D28, D46): what each column means, the checks a file's rows pass
//! with their messages, rows grouped into products, a size's MRP and exact price from its
//! compare-at price and price, and what an import changes, its photos included. The CSV bytes
//! themselves are an adapter's; this reads and writes cells.

mod amount;
mod export;
mod layout;
mod photos;
mod plan;
mod read;
mod woo;

pub use amount::{format_rupees, mrp_and_sale_price};
pub use export::{PhotoAddress, export_table};
pub use layout::{Field, Layout};
pub use photos::*;
pub use plan::{
    Change, ImportPlan, PhotoFetch, PhotoPlan, PhotoSlot, PlannedProduct, ResolvedPhotos,
    plan_import,
};
pub use read::{
    DEFAULT_UNCOUNTED_STOCK, ImportRules, ImportedProduct, ImportedVariant, PhotoCell, ReadFile,
    Stock, UNCATEGORISED, read_table, read_table_with,
};

/// A CSV file as cells: its header row and the rows below it, each with the line of the file
/// it starts on (a quoted line break makes a row span lines).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Row>,
}

/// One row of a file below its header.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The file's line number where the row starts (the header is line 1).
    pub line: u64,
    pub cells: Vec<String>,
}

/// Why one cell (or row) of a file cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// The file's line number.
    pub row: u64,
    /// The column's header as the file writes it.
    pub column: String,
    pub message: String,
}

/// What an import did to a row that it took anyway (an empty `Type` or a negative stock read as decisions section 19 says, a photo
/// that could not be used).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowWarning {
    pub row: u64,
    /// The column's header as the file writes it.
    pub column: String,
    pub message: String,
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod woo_tests;
