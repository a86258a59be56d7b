//! The HTTP contract, exercised on the real application: every test runs once on SQLite (a
//! temporary file) and once on PostgreSQL (a schema of its own on `TEST_POSTGRES_URL`; see
//! `paduka_test_support::database`), as `<module>::sqlite::<test>` and
//! `<module>::postgres::<test>`.

mod accounts;
mod admin;
mod auth;
mod cash_on_delivery;
mod catalog_transfer;
mod categories;
mod checkout;
mod cod_areas;
mod cod_confirmation;
mod colors;
mod colour_photos;
mod colour_search;
mod compression;
mod coupons;
mod credit_notes;
mod dev_outbox;
mod drafts;
mod exact_prices;
mod fit;
mod helpers;
mod import_photos;
mod invoices;
mod nul;
mod payment_charges;
mod photos;
mod previews;
mod products;
mod razorpay;
mod replacement_orders;
mod returns;
mod reviews;
mod sales;
mod search;
mod shipping;
mod shiprocket;
mod site;
mod stock_per_size;
mod store_credit;
mod whatsapp;
mod woocommerce_import;

use paduka_test_support::on_both_backends;
