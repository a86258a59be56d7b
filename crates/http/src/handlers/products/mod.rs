//! Products: the catalog list, search suggestions and misses, the banner's picks, one product, a category page, the photo, and admin writes.

pub mod by_category;
pub mod create;
pub mod delete;
pub mod featured;
pub mod get;
pub mod list;
pub mod photo;
pub mod search_misses;
pub mod suggest;
pub mod update;
