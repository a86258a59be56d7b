//! Store credit (`GET /user/credit`): the shopper's balance and its ledger. Spending happens
//! inside an order's placing transaction and giving back inside its cancellation's, so the
//! port here only reads, and grants credit outside any other change (support, tests, demo
//! data); the rules are [`paduka_domain::credit`]'s.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::UserId;
use paduka_domain::credit::{CreditReason, CreditStatement};

use crate::RepoError;
use crate::accounts::Principal;

/// Credit coming in: whose, how much, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditGrant {
    pub user: UserId,
    /// Whole rupees, more than 0.
    pub amount_rupees: i64,
    pub reason: CreditReason,
    pub at: DateTime<Utc>,
}

/// Stored store credit (`store_credit_balances`, `store_credit_entries`).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait StoreCreditRepository: Send + Sync {
    /// The user's balance in whole rupees; 0 for one who never had credit.
    async fn balance(&self, user: &UserId) -> Result<i64, RepoError>;

    /// The balance and every entry, newest first.
    async fn statement(&self, user: &UserId) -> Result<CreditStatement, RepoError>;

    /// Adds credit in its own transaction; `false` (nothing written) when the reason's entry
    /// exists already (see [`CreditReason::key`]). `NotFound` for an unknown user.
    async fn grant(&self, grant: &CreditGrant) -> Result<bool, RepoError>;
}

/// What reading one's credit can fail with: only the unexpected (500).
#[derive(Debug, thiserror::Error)]
pub enum CreditError {
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

crate::ports::impl_from_repo_error!(CreditError);

/// `GET /user/credit`: the signed-in shopper's own credit. The HTTP layer holds a
/// `dyn CreditUseCases`.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CreditUseCases: Send + Sync {
    /// The caller's balance and entries, newest first (a balance of 0 and no entries for
    /// one who never had credit).
    async fn my_credit(&self, user: &Principal) -> Result<CreditStatement, CreditError>;
}

/// The store credit use cases over their port.
pub struct CreditService {
    credit: Arc<dyn StoreCreditRepository>,
}

impl CreditService {
    pub fn new(credit: Arc<dyn StoreCreditRepository>) -> Self {
        Self { credit }
    }
}

#[async_trait]
impl CreditUseCases for CreditService {
    async fn my_credit(&self, user: &Principal) -> Result<CreditStatement, CreditError> {
        Ok(self.credit.statement(&user.user_id).await?)
    }
}
