//! How diesel's errors become the ports' errors: a missing row, and a broken constraint known
//! by the name the migrations give it (SQLite's unique rules looked up by their columns).

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use paduka_application::RepoError;

/// A constraint a statement broke, by the name the migrations give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Broken<'a> {
    /// A unique rule (or primary key). `None` when the backend named one we do not know.
    Unique(Option<&'a str>),
    /// A reference. PostgreSQL names it; SQLite never says which (`None`), so the adapter
    /// knows it from the statement.
    ForeignKey(Option<&'a str>),
}

/// The unique rules SQLite reports, by the columns its message lists (`UNIQUE constraint
/// failed: users.email`), with the names the migrations give them (which PostgreSQL reports).
const SQLITE_UNIQUE_RULES: [(&str, &str); 12] = [
    ("users.email", "users_email_key"),
    ("products.handle", "products_handle_key"),
    ("categories.name_key", "categories_name_key_key"),
    ("products.product_code", "products_product_code_key"),
    (
        "reviews.product_id, reviews.user_id",
        "reviews_product_id_user_id_key",
    ),
    ("orders.payment_id", "orders_payment_id_key"),
    ("orders.invoice_no", "orders_invoice_no_key"),
    (
        "checkout_intents.provider_order_id",
        "checkout_intents_pkey",
    ),
    ("checkout_intents.receipt", "checkout_intents_receipt_key"),
    ("payment_events.event_id", "payment_events_pkey"),
    ("coupons.code", "coupons_code_key"),
    (
        "orders.user_id, orders.cod_key",
        "orders_user_id_cod_key_key",
    ),
];

/// SQLite's message for a broken reference: a foreign key, or the internal trigger by which
/// it enforces `ON DELETE RESTRICT`.
const SQLITE_FOREIGN_KEY_MESSAGE: &str = "FOREIGN KEY constraint failed";

/// The constraint a failed statement broke, if that is why it failed.
pub(crate) fn broken(error: &DieselError) -> Option<Broken<'_>> {
    let DieselError::DatabaseError(kind, info) = error else {
        return None;
    };
    let named = info.constraint_name();
    match kind {
        DatabaseErrorKind::UniqueViolation => Some(Broken::Unique(named.or_else(|| {
            let columns = info.message().strip_prefix("UNIQUE constraint failed: ")?;
            SQLITE_UNIQUE_RULES
                .iter()
                .find(|(listed, _)| *listed == columns)
                .map(|(_, name)| *name)
        }))),
        DatabaseErrorKind::ForeignKeyViolation => Some(Broken::ForeignKey(named)),
        _ if info.message() == SQLITE_FOREIGN_KEY_MESSAGE => Some(Broken::ForeignKey(None)),
        _ => None,
    }
}

/// diesel's error as a port error: a missing row is `NotFound`, a broken constraint that
/// `conflict` names is that conflict, the rest unexpected.
pub(crate) fn repo_error_with<C>(
    error: DieselError,
    conflict: impl FnOnce(&Broken<'_>) -> Option<C>,
) -> RepoError<C> {
    if let DieselError::NotFound = error {
        return RepoError::NotFound;
    }
    match broken(&error).as_ref().and_then(conflict) {
        Some(conflict) => RepoError::Conflict(conflict),
        None => RepoError::Unexpected(anyhow::Error::new(error)),
    }
}

/// diesel's error as a port error with no conflicts: `NotFound` or unexpected.
pub(crate) fn repo_error<C>(error: DieselError) -> RepoError<C> {
    repo_error_with(error, |_| None)
}

/// Why work inside a transaction stopped: diesel's error, or a rule of the port the work
/// checked itself (which must roll the transaction back as well).
#[derive(Debug)]
pub(crate) enum Stop<C> {
    Db(DieselError),
    Conflict(C),
}

impl<C> From<DieselError> for Stop<C> {
    fn from(error: DieselError) -> Self {
        Self::Db(error)
    }
}

impl<C> Stop<C> {
    /// As a port error, `conflict` naming the constraints the port knows.
    pub(crate) fn into_repo(self, conflict: impl FnOnce(&Broken<'_>) -> Option<C>) -> RepoError<C> {
        match self {
            Self::Db(error) => repo_error_with(error, conflict),
            Self::Conflict(conflict) => RepoError::Conflict(conflict),
        }
    }
}
