use async_trait::async_trait;
use paduka_domain::coupon::{Coupon, CouponCode};
use paduka_domain::{CouponId, UserId};

use crate::RepoError;

/// The rule a coupon write can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponConflict {
    /// Another coupon has this code (`coupons_code_key`; codes are stored upper case).
    #[error("duplicate coupon code")]
    DuplicateCode,
}

/// Coupons (`coupons`). `used` is only ever changed by placing and cancelling orders
/// ([`OrderRepository`](crate::orders::OrderRepository)).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CouponRepository: Send + Sync {
    /// Every coupon, newest first.
    async fn all(&self) -> Result<Vec<Coupon>, RepoError>;

    async fn find(&self, id: &CouponId) -> Result<Option<Coupon>, RepoError>;

    async fn find_by_code(&self, code: &CouponCode) -> Result<Option<Coupon>, RepoError>;

    /// Stores a new coupon (its `used` as given, 0).
    async fn create(&self, coupon: &Coupon) -> Result<(), RepoError<CouponConflict>>;

    /// Replaces the coupon's terms, keeping `used` and `created_at`; the coupon as stored.
    /// `NotFound` for an unknown id.
    async fn update(&self, coupon: &Coupon) -> Result<Coupon, RepoError<CouponConflict>>;

    /// `NotFound` for an unknown id. Orders keep the code they saved.
    async fn delete(&self, id: &CouponId) -> Result<(), RepoError>;

    /// This account's orders, not cancelled, that use the coupon.
    async fn uses_by(&self, id: &CouponId, user: &UserId) -> Result<i64, RepoError>;
}
