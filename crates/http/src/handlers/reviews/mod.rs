//! Reviews: one per shopper per product.

pub mod add;
pub mod list;
