//! Products: the catalog list, the banner's picks, one product, a category page, the photo, and admin writes.

pub mod by_category;
pub mod create;
pub mod delete;
pub mod featured;
pub mod get;
pub mod list;
pub mod photo;
pub mod update;
