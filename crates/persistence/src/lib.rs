//! Diesel adapters for Paduka's repository ports, over SQLite and PostgreSQL.
//!
//! [`Database`] picks the backend from the URL (`postgres://...` or a SQLite path), pools its
//! connections and applies the embedded migrations (`migrations/sqlite`, `migrations/postgres`).
//! Each repository adapter takes a clone of it and runs its diesel work on tokio's blocking
//! threads, never on the async executor. Diesel errors never leave this crate: a broken
//! constraint becomes the conflict its port names (by the constraint's name: PostgreSQL
//! reports it, SQLite's unique rules are looked up by their columns, see `db::Broken`), the
//! rest `RepoError::Unexpected`.

mod categories;
mod changes;
mod checkout;
mod cod_confirmations;
mod coupons;
mod credit;
mod credit_notes;
mod db;
mod images;
mod import_jobs;
mod one_time_codes;
mod orders;
mod photo_variants;
mod products;
mod returns;
mod reviews;
mod sales;
mod sandbox_refunds;
mod schema;
mod search_misses;
mod shiprocket_bookings;
mod sqlite;
mod stats;
mod throttle;
mod users;
mod whatsapp;

pub use categories::DieselCategoryRepository;
pub use changes::ChangeCounts;
pub use checkout::{DieselCheckoutIntentRepository, DieselWebhookEventRepository};
pub use cod_confirmations::DieselCodConfirmations;
pub use coupons::DieselCouponRepository;
pub use credit::DieselStoreCreditRepository;
pub use credit_notes::{
    CreditNoteIssue, DieselCreditNoteRepository, IssuedCreditNote, credit_note_for_source,
    issue_credit_note,
};
pub use db::{AnyConnection, Backend, Database, StartupLock, sqlite_url_in};
pub use images::DieselImageRepository;
pub use import_jobs::DieselImportJobRepository;
pub use one_time_codes::DieselOneTimeCodeRepository;
pub use orders::DieselOrderRepository;
pub use photo_variants::DieselPhotoVariantRepository;
pub use products::DieselProductRepository;
pub use returns::DieselReturnRepository;
pub use reviews::DieselReviewRepository;
pub use sales::DieselSaleRepository;
pub use sandbox_refunds::DieselSandboxRefundLedger;
pub use search_misses::DieselSearchMissRepository;
pub use shiprocket_bookings::DieselShiprocketBookings;
pub use stats::DieselStatsRepository;
pub use throttle::DieselThrottle;
pub use users::DieselUserRepository;
pub use whatsapp::DieselWhatsAppMessages;
