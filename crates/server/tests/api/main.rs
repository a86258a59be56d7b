//! The HTTP contract, exercised on the real application over a temporary SQLite database.

mod accounts;
mod admin;
mod auth;
mod categories;
mod checkout;
mod compression;
mod helpers;
mod photos;
mod products;
mod razorpay;
mod reviews;
mod sales;
mod site;
