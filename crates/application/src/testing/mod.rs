//! What the services' unit tests share besides `paduka-test-support`: who calls, the fake
//! answers most ports give, in-memory fakes of the ports use cases write through
//! ([`fakes`]), and how a test reads an unexpected failure.

pub mod fakes;

use std::fmt::Debug;
use std::sync::Arc;

use paduka_test_support::builders::UserBuilder;
use paduka_test_support::time::now;

use crate::accounts::{Admin, AuthError, Principal, RegistrationError, UserError};
use crate::catalog::CatalogError;
use crate::checkout::CheckoutError;
use crate::orders::{InvoiceSettings, Invoicing, MockInvoiceRenderer, OrderError};
use crate::{MockClock, MockIdGenerator, RepoError};

/// `shopper-1` ("Shopper-1"), signed in.
pub fn shopper() -> Principal {
    Principal::of(&UserBuilder::shopper("shopper-1").build())
}

/// The admin `admin`, signed in.
pub fn admin() -> Admin {
    Admin::trusted(&UserBuilder::admin("admin").build())
}

/// A clock that always reads [`now`].
pub fn clock() -> MockClock {
    let mut clock = MockClock::new();
    clock.expect_now().return_const(now());
    clock
}

/// The bytes [`invoicing`]'s renderer draws every invoice as.
pub const FAKE_PDF: &[u8] = b"%PDF-fake";

/// Invoicing with the default settings (an unregistered shop in Uttar Pradesh, `5@2500,18`,
/// HSN 6403, `PDK`), drawing every invoice and packing slip as [`FAKE_PDF`].
pub fn invoicing() -> Arc<Invoicing> {
    let mut renderer = MockInvoiceRenderer::new();
    renderer
        .expect_render()
        .returning(|_| Ok(FAKE_PDF.to_vec()));
    renderer
        .expect_render_packing_slip()
        .returning(|_| Ok(FAKE_PDF.to_vec()));
    renderer
        .expect_render_credit_note()
        .returning(|_| Ok(FAKE_PDF.to_vec()));
    Arc::new(Invoicing::new(
        InvoiceSettings::default(),
        Arc::new(renderer),
    ))
}

/// An id generator that hands out exactly `ids`, in order, and no more.
pub fn ids(ids: &[&str]) -> MockIdGenerator {
    let mut queue: Vec<String> = ids.iter().rev().map(|id| (*id).to_owned()).collect();
    let mut generator = MockIdGenerator::new();
    generator
        .expect_new_id()
        .times(ids.len())
        .returning(move || queue.pop().expect("no more ids"));
    generator
}

/// What a repository answers when its database is down.
pub fn down<C>() -> RepoError<C> {
    RepoError::Unexpected(anyhow::anyhow!("database is down"))
}

/// A use case's error that may be a fault on our side rather than a refusal.
pub trait MaybeUnexpected: Debug {
    fn unexpected(&self) -> Option<&anyhow::Error>;
}

macro_rules! maybe_unexpected {
    ($($error:ty),+) => {
        $(impl MaybeUnexpected for $error {
            fn unexpected(&self) -> Option<&anyhow::Error> {
                match self {
                    Self::Unexpected(error) => Some(error),
                    _ => None,
                }
            }
        })+
    };
}

maybe_unexpected!(
    AuthError,
    CatalogError,
    CheckoutError,
    OrderError,
    RegistrationError,
    UserError
);

/// Asserts that `call` failed on our side, with `cause` at the root of the error.
pub fn assert_unexpected<T: Debug, E: MaybeUnexpected>(
    call: &str,
    result: Result<T, E>,
    cause: &str,
) {
    match result {
        Err(error) => match error.unexpected() {
            Some(e) => assert_eq!(e.root_cause().to_string(), cause, "{call}: {e:#}"),
            None => panic!("{call}: expected an unexpected error, got {error:?}"),
        },
        Ok(value) => panic!("{call}: expected an unexpected error, got {value:?}"),
    }
}

/// Asserts that `call` failed because the database is [`down`].
pub fn assert_down<T: Debug, E: MaybeUnexpected>(call: &str, result: Result<T, E>) {
    assert_unexpected(call, result, "database is down");
}

/// Asserts that `$result` failed with an error matching `$pattern` whose message, when
/// given, is `$message`.
macro_rules! assert_refused {
    ($result:expr, $pattern:pat $(, $message:expr)? $(,)?) => {
        match $result {
            Err(error @ $pattern) => {
                $(assert_eq!(error.to_string(), $message);)?
                let _ = error;
            }
            other => panic!("expected {}, got {other:?}", stringify!($pattern)),
        }
    };
}

pub(crate) use assert_refused;
