//! Sign-in, the identity of a request, and users.

mod error;
mod ports;
mod principal;
mod service;

pub use error::AuthError;
pub use ports::*;
pub use principal::{Admin, Principal};
pub use service::{AuthService, Session};
