use async_trait::async_trait;
use paduka_domain::SaleId;
use paduka_domain::sale::Sale;

use crate::RepoError;

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SaleRepository: Send + Sync {
    /// Every sale, by start time.
    async fn list(&self) -> Result<Vec<Sale>, RepoError>;

    async fn create(&self, sale: &Sale) -> Result<(), RepoError>;

    /// `NotFound` for an unknown id.
    async fn update(&self, sale: &Sale) -> Result<(), RepoError>;

    /// `NotFound` for an unknown id.
    async fn delete(&self, id: &SaleId) -> Result<(), RepoError>;
}
