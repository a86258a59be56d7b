//! The payment adapters: Razorpay against a mock Razorpay on loopback, the offline sandbox,
//! and both adapters' signatures (one test binary instead of three).

mod razorpay;
mod sandbox;
mod signatures;
