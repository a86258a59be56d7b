//! Categories: the list everyone sees, and admin writes.

pub mod create;
pub mod delete;
pub mod list;
pub mod update;
