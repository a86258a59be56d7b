use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::coupon::{Coupon, CouponTerms};
use paduka_domain::{CouponId, InvalidInput};
use tracing::instrument;

use super::{CouponConflict, CouponRepository};
use crate::accounts::Admin;
use crate::ports::impl_from_repo_error;
use crate::{Clock, IdGenerator, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum CouponError {
    /// 400.
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// 409.
    #[error("Coupon code already exists")]
    DuplicateCode,
    /// 404.
    #[error("Coupon not found")]
    NotFound,
    /// 500.
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<RepoError<CouponConflict>> for CouponError {
    fn from(error: RepoError<CouponConflict>) -> Self {
        match error {
            RepoError::NotFound => Self::NotFound,
            RepoError::Conflict(CouponConflict::DuplicateCode) => Self::DuplicateCode,
            other => Self::Unexpected(other.unexpected()),
        }
    }
}

impl_from_repo_error!(CouponError, not_found: NotFound);

/// The admin's coupon calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CouponUseCases: Send + Sync {
    /// Every coupon, newest first, with its uses so far.
    async fn list(&self, admin: &Admin) -> Result<Vec<Coupon>, CouponError>;

    async fn create(&self, admin: &Admin, terms: CouponTerms) -> Result<Coupon, CouponError>;

    async fn update(
        &self,
        admin: &Admin,
        id: &CouponId,
        terms: CouponTerms,
    ) -> Result<Coupon, CouponError>;

    async fn delete(&self, admin: &Admin, id: &CouponId) -> Result<(), CouponError>;
}

pub struct CouponService {
    coupons: Arc<dyn CouponRepository>,
    ids: Arc<dyn IdGenerator>,
    clock: Arc<dyn Clock>,
}

impl CouponService {
    pub fn new(
        coupons: Arc<dyn CouponRepository>,
        ids: Arc<dyn IdGenerator>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            coupons,
            ids,
            clock,
        }
    }
}

#[async_trait]
impl CouponUseCases for CouponService {
    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn list(&self, admin: &Admin) -> Result<Vec<Coupon>, CouponError> {
        Ok(self.coupons.all().await?)
    }

    #[instrument(skip(self, terms), fields(admin = %admin.id(), code = terms.code.as_str()))]
    async fn create(&self, admin: &Admin, terms: CouponTerms) -> Result<Coupon, CouponError> {
        let coupon = Coupon {
            id: CouponId::new(self.ids.new_id()),
            terms,
            used: 0,
            created_at: self.clock.now(),
        };
        self.coupons.create(&coupon).await?;
        Ok(coupon)
    }

    #[instrument(skip(self, terms), fields(admin = %admin.id()))]
    async fn update(
        &self,
        admin: &Admin,
        id: &CouponId,
        terms: CouponTerms,
    ) -> Result<Coupon, CouponError> {
        let coupon = Coupon {
            id: id.clone(),
            terms,
            // Kept by the repository: uses move only with orders.
            used: 0,
            created_at: self.clock.now(),
        };
        Ok(self.coupons.update(&coupon).await?)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn delete(&self, admin: &Admin, id: &CouponId) -> Result<(), CouponError> {
        Ok(self.coupons.delete(id).await?)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::coupons::MockCouponRepository;
    use crate::testing::{admin, assert_refused, clock, ids};

    fn terms(code: &str) -> CouponTerms {
        let day = |d| Utc.with_ymd_and_hms(2026, 11, d, 0, 0, 0).unwrap();
        CouponTerms::parse(code, "percent", 10, 0, day(1), day(30), Some(100), Some(1)).unwrap()
    }

    #[tokio::test]
    async fn a_new_coupon_gets_an_id_no_uses_and_is_stored() {
        let mut repo = MockCouponRepository::new();
        repo.expect_create()
            .withf(|c| c.id.as_str() == "coupon-1" && c.terms.code.as_str() == "WELCOME10")
            .times(1)
            .returning(|_| Ok(()));
        let service = CouponService::new(
            Arc::new(repo),
            Arc::new(ids(&["coupon-1"])),
            Arc::new(clock()),
        );
        let coupon = service.create(&admin(), terms("welcome10")).await.unwrap();
        assert_eq!(coupon.used, 0);
        assert_eq!(coupon.terms.max_uses_per_user, Some(1));
    }

    #[tokio::test]
    async fn a_taken_code_and_an_unknown_id_are_refused() {
        let mut repo = MockCouponRepository::new();
        repo.expect_create()
            .returning(|_| Err(RepoError::Conflict(CouponConflict::DuplicateCode)));
        repo.expect_update().returning(|_| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let service = CouponService::new(
            Arc::new(repo),
            Arc::new(ids(&["coupon-2"])),
            Arc::new(clock()),
        );
        assert_refused!(
            service.create(&admin(), terms("SAVE")).await,
            CouponError::DuplicateCode
        );
        let missing = CouponId::new("nope");
        assert_refused!(
            service.update(&admin(), &missing, terms("SAVE")).await,
            CouponError::NotFound
        );
        assert_refused!(
            service.delete(&admin(), &missing).await,
            CouponError::NotFound
        );
    }
}
