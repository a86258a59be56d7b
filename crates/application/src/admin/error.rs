use crate::RepoError;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<RepoError> for AdminError {
    fn from(error: RepoError) -> Self {
        Self::Unexpected(error.unexpected())
    }
}
