use paduka_domain::InvalidInput;

use crate::ports::impl_from_repo_error;

/// What a catalog use case can fail with.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    #[error("Product not found")]
    ProductNotFound,
    #[error("Category not found")]
    CategoryNotFound,
    #[error("Image not found")]
    ImageNotFound,
    /// 404: `Find my size` for a product no size chart sizes (decisions D38).
    #[error("This product has no size chart")]
    NoSizeChart,
    /// The change would break a rule the catalog keeps: a duplicate name, a used category.
    #[error("{0}")]
    Conflict(String),
    /// An upload larger than the rules allow.
    #[error("{0}")]
    TooLarge(String),
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl_from_repo_error!(CatalogError);
