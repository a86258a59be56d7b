//! Payment-provider adapters for Paduka's payment port
//! ([`PaymentGateway`](paduka_application::checkout::PaymentGateway)):
//!
//! - [`RazorpayGateway`]: Razorpay's Orders and Refunds APIs over reqwest (rustls), checkout
//!   and webhook signatures checked with HMAC-SHA256 in constant time;
//! - [`SandboxGateway`]: an offline stand-in (the default without keys, and in tests) that
//!   makes order ids locally, signs payments with a local secret and verifies them with the
//!   very same code, and records refunds in memory.
//!
//! Both read webhooks in Razorpay's format.

mod razorpay;
mod sandbox;
pub mod signature;
mod webhook;

pub use razorpay::{RazorpayConfig, RazorpayGateway};
pub use sandbox::SandboxGateway;
pub use webhook::parse_webhook;
