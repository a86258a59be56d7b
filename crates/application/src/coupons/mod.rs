//! Coupons (decisions D7): the admin's calls. Applying one to a cart and taking its use in the
//! order's transaction belong to checkout.

mod ports;
mod service;

pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockCouponUseCases;
pub use service::{CouponError, CouponService, CouponUseCases};
