//! What Paduka's tests share, so that each test says only what is special about it.
//!
//! - [`time`]: the fixed instants every fake clock reads.
//! - [`builders`]: users, products, categories and orders with shop-like defaults, changed
//!   field by field (`UserBuilder::shopper("u1").named("Asha").build()`).
//! - `database` (feature `database`): [`TestDb`](database::TestDb), a migrated database of
//!   its own per test on SQLite or PostgreSQL, and [`on_both_backends!`], which runs a test
//!   body once on each.
//!
//! It is a dev-dependency only. The application crate's unit tests use it without the
//! `database` feature, so they never depend on an adapter.

pub mod builders;
#[cfg(feature = "database")]
pub mod database;
pub mod time;
