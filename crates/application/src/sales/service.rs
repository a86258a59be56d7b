use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::sale::{Sale, SaleDraft};
use paduka_domain::{InvalidInput, SaleId};
use tracing::instrument;

use super::SaleRepository;
use crate::accounts::Admin;
use crate::ports::impl_from_repo_error;
use crate::{IdGenerator, Revision};

#[derive(Debug, thiserror::Error)]
pub enum SaleError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    #[error("Sale not found")]
    NotFound,
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl_from_repo_error!(SaleError, not_found: NotFound);

pub struct SaleService {
    sales: Arc<dyn SaleRepository>,
    ids: Arc<dyn IdGenerator>,
    /// Bumped after every sale write, so readers holding a copy know it is stale.
    revision: Revision,
}

/// The shop's timed sales: the use cases the HTTP layer calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait SaleUseCases: Send + Sync {
    /// Changes whenever this process changes a sale. Caches of the list compare it to know
    /// when to rebuild.
    fn revision(&self) -> u64;

    async fn list(&self) -> Result<Vec<Sale>, SaleError>;

    async fn create(&self, admin: &Admin, draft: SaleDraft) -> Result<Sale, SaleError>;

    async fn update(&self, admin: &Admin, id: &SaleId, draft: SaleDraft)
    -> Result<Sale, SaleError>;

    async fn delete(&self, admin: &Admin, id: &SaleId) -> Result<(), SaleError>;
}

impl SaleService {
    pub fn new(sales: Arc<dyn SaleRepository>, ids: Arc<dyn IdGenerator>) -> Self {
        Self {
            sales,
            ids,
            revision: Revision::default(),
        }
    }

    /// The count [`SaleUseCases::revision`] reads, for whoever learns of changes elsewhere
    /// (other instances sharing the database).
    pub fn revision_handle(&self) -> Revision {
        self.revision.clone()
    }

    /// Passes a write's result through, marking the sales changed when it succeeded.
    fn changed<T, E>(&self, result: Result<T, E>) -> Result<T, E> {
        if result.is_ok() {
            self.revision.bump();
        }
        result
    }
}

#[async_trait]
impl SaleUseCases for SaleService {
    fn revision(&self) -> u64 {
        self.revision.current()
    }

    #[instrument(skip(self))]
    async fn list(&self) -> Result<Vec<Sale>, SaleError> {
        Ok(self.sales.list().await?)
    }

    #[instrument(skip(self, draft), fields(admin = %admin.id()))]
    async fn create(&self, admin: &Admin, draft: SaleDraft) -> Result<Sale, SaleError> {
        let sale = Sale::new(SaleId::new(self.ids.new_id()), draft);
        self.changed(self.sales.create(&sale).await)?;
        Ok(sale)
    }

    #[instrument(skip(self, draft), fields(admin = %admin.id()))]
    async fn update(
        &self,
        admin: &Admin,
        id: &SaleId,
        draft: SaleDraft,
    ) -> Result<Sale, SaleError> {
        let sale = Sale::new(id.clone(), draft);
        self.changed(self.sales.update(&sale).await)?;
        Ok(sale)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn delete(&self, admin: &Admin, id: &SaleId) -> Result<(), SaleError> {
        Ok(self.changed(self.sales.delete(id).await)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MockIdGenerator;
    use crate::RepoError;
    use crate::sales::MockSaleRepository;
    use crate::testing::{admin, assert_refused, ids};

    fn draft() -> SaleDraft {
        SaleDraft::parse(
            Some("Diwali"),
            Some("2025-10-01T00:00Z"),
            Some("2025-10-31T00:00Z"),
            Some("20"),
        )
        .unwrap()
    }

    #[tokio::test]
    async fn a_created_sale_gets_a_new_id_and_is_stored() {
        let mut repo = MockSaleRepository::new();
        repo.expect_create()
            .withf(|sale| sale.id.as_str() == "sale-1" && sale.name == "Diwali")
            .times(1)
            .returning(|_| Ok(()));
        let service = SaleService::new(Arc::new(repo), Arc::new(ids(&["sale-1"])));
        let before = service.revision();
        let sale = service.create(&admin(), draft()).await.unwrap();
        assert_eq!(sale.discount.value(), 20);
        assert_ne!(service.revision(), before, "a cached list must rebuild");
    }

    #[tokio::test]
    async fn updating_or_deleting_an_unknown_sale_is_not_found() {
        let mut repo = MockSaleRepository::new();
        repo.expect_update().returning(|_| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let service = SaleService::new(Arc::new(repo), Arc::new(MockIdGenerator::new()));
        let missing = SaleId::new("nope");
        assert_refused!(
            service.update(&admin(), &missing, draft()).await,
            SaleError::NotFound
        );
        assert_refused!(
            service.delete(&admin(), &missing).await,
            SaleError::NotFound
        );
        assert_eq!(service.revision(), 0, "nothing changed");
    }
}
