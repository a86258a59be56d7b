use paduka_domain::InvalidInput;

use crate::RepoError;

/// What sign-in and request authentication can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{0}")]
    Invalid(#[from] InvalidInput),
    /// The same answer for an unknown e-mail and a wrong password: no account enumeration.
    #[error("Invalid email or password")]
    InvalidCredentials,
    #[error("Please login to continue")]
    MissingToken,
    #[error("Your session has expired or is invalid, please login again")]
    InvalidToken,
    #[error("Admin access required")]
    NotAdmin,
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<RepoError> for AuthError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Unexpected(e) => Self::Unexpected(e),
            other => Self::Unexpected(anyhow::Error::new(other)),
        }
    }
}
