//! Timed sales: the banner's list, and admin writes.

pub mod create;
pub mod delete;
pub mod list;
pub mod update;
