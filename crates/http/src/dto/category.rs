use paduka_domain::catalog::{Category, CategoryDraft};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ApiError;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CategoryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// An http(s) URL or a path on this server; may be empty.
    pub image: String,
}

impl From<&Category> for CategoryDto {
    fn from(category: &Category) -> Self {
        Self {
            id: category.id.to_string(),
            name: category.name.clone(),
            image: category.image.clone(),
        }
    }
}

/// `POST /category/create-category` and `PUT /category/update-category/{id}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CategoryBody {
    pub name: Option<String>,
    /// An http(s) URL or a path on this server.
    pub image: Option<String>,
}

impl CategoryBody {
    pub fn try_into_domain(self) -> Result<CategoryDraft, ApiError> {
        Ok(CategoryDraft::parse(
            self.name.as_deref(),
            self.image.as_deref(),
        )?)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CategoriesResponse {
    pub success: bool,
    pub categories: Vec<CategoryDto>,
}

/// A created or changed category.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CategoryWriteResponse {
    pub success: bool,
    pub message: String,
    pub category: CategoryDto,
}
