//! Payment-provider adapters for Paduka's payment port: Razorpay (Orders API, checkout
//! signature, webhooks, refunds) and an offline sandbox that signs through the same
//! verification code.
//!
//! The checkout use cases and their port land with the checkout issue; this crate is the
//! place their adapters live, so the workspace shape is final from the start.
