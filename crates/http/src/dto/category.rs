use paduka_domain::catalog::{Category, CategoryDraft};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::TryIntoDomain;
use super::schema::{self, WS, request_schema};
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
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CategoryBody {
    pub name: Option<String>,
    /// An http(s) URL or a path on this server.
    pub image: Option<String>,
}

/// An image as `CategoryDraft` takes it: an http(s) URL (scheme in any case) or a path on
/// this server (`/`, not `//`), with no white space, `"` or `<`; trimmed; empty is none.
pub fn image_reference_pattern() -> String {
    let c = format!("[^{WS}\"<]");
    let first = format!("[^/{WS}\"<]");
    schema::trimmed(&format!(
        "(?:[hH][tT][tT][pP][sS]?://{first}{c}*|/(?:{first}{c}*)?)?"
    ))
}

request_schema!(
    CategoryBody,
    schema::schema(schema::object(
        "`POST /category/create-category` and `PUT /category/update-category/{id}`.",
        vec![
            (
                "name",
                schema::not_blank(Some(60)),
                "Unique ignoring case; at most 60 characters, trimmed",
            ),
            (
                "image",
                schema::nullable_string()
                    .pattern(Some(image_reference_pattern()))
                    .max_length(Some(2000)),
                "An http(s) URL or a path on this server; empty or null for none",
            ),
        ],
        &["name"],
    ))
);

impl TryIntoDomain for CategoryBody {
    type Domain = CategoryDraft;

    fn try_into_domain(self) -> Result<CategoryDraft, ApiError> {
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
