//! Products: the catalog list, search suggestions and misses, the banner's picks, one product, a
//! category page, the photo, admin writes, and the catalog's CSV export and import.

pub mod by_category;
pub mod create;
pub mod delete;
pub mod export;
pub mod featured;
pub mod find_size;
pub mod get;
pub mod import;
pub mod list;
pub mod photo;
pub mod search_misses;
pub mod suggest;
pub mod update;
