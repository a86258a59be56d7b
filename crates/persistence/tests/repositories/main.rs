//! The repository adapters against real databases: every test body runs once on SQLite (a
//! temporary file) and once on PostgreSQL (a schema of its own on `TEST_POSTGRES_URL`,
//! default `postgres://root@127.0.0.1:5432/test`; skipped with a warning when unreachable,
//! failing under `CI=true`). See `paduka_test_support::database`.

mod helpers;

use paduka_test_support::on_both_backends;

mod cash_on_delivery;
mod catalog;
mod catalog_import;
mod changes;
mod checkout;
mod credit_notes;
mod database;
mod invoices;
mod one_time_codes;
mod orders;
mod photo_variants;
mod products;
mod replacement_orders;
mod return_pickups;
mod returns;
mod reviews;
mod sale_prices;
mod sales;
mod sandbox_refunds;
mod search_misses;
mod shipping;
mod shiprocket_bookings;
mod stats;
mod stock_and_coupons;
mod store_credit;
mod throttle;
mod users;
mod whatsapp;
