use crate::ports::impl_from_repo_error;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl_from_repo_error!(AdminError);
