//! Confirming cash-on-delivery orders (decisions section 20, D39): the buyer's answer on
//! WhatsApp or by the mail's link, and the clock that reminds once and then gives up.

mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use ports::{CodConfirmations, CodLinks};
#[cfg(any(test, feature = "mock"))]
pub use ports::{MockCodConfirmations, MockCodLinks};
pub use service::{
    CodAnswers, CodError, CodLinkView, CodPorts, CodService, CodUseCases, TimedCodEvent,
};
#[cfg(any(test, feature = "mock"))]
pub use service::{MockCodAnswers, MockCodUseCases};
