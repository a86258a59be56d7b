//! The repository adapters against real databases: every test body runs once on SQLite (a
//! temporary file) and once on PostgreSQL (a database of its own on `TEST_POSTGRES_URL`,
//! default `postgres://root@127.0.0.1:5432/test`; skipped with a warning when unreachable,
//! failing under `CI=true`).

mod helpers;

mod catalog;
mod checkout;
mod database;
mod one_time_codes;
mod orders;
mod photo_variants;
mod products;
mod reviews;
mod sales;
mod stats;
mod users;
