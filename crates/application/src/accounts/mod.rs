//! Sign-in, the identity of a request, registration with a mailed code, password reset,
//! profiles and users.

mod error;
mod limits;
mod ports;
mod principal;
mod registration;
mod service;
mod users;

pub use error::{AuthError, RegistrationError, UserError};
pub use limits::{Action, RateLimiter, RateLimits, throttle_keys};
pub use ports::*;
pub use principal::{Admin, Principal};
#[cfg(any(test, feature = "mock"))]
pub use registration::MockRegistrationUseCases;
pub use registration::{
    CODE_LIFETIME, MAX_CODE_ATTEMPTS, RESEND_AFTER, RegistrationInput, RegistrationPorts,
    RegistrationService, RegistrationUseCases, code_mail,
};
#[cfg(any(test, feature = "mock"))]
pub use service::MockAuthUseCases;
pub use service::{AuthService, AuthUseCases, Session};
#[cfg(any(test, feature = "mock"))]
pub use users::MockUserUseCases;
pub use users::{UserService, UserUseCases};
