//! Users, as administrators see them.

pub mod get_sellers;
