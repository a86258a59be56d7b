//! Coupons: the admin's list and writes, and a shopper applying one to the cart.

pub mod apply;
pub mod create;
pub mod delete;
pub mod list;
pub mod update;
