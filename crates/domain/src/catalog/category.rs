//! Categories and the category a product names.

use crate::error::{at_most, required_text};
use crate::{CategoryId, InvalidInput};

/// A category of the shop, e.g. "Sneakers".
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
    pub image: String,
}

impl Category {
    /// The category `draft` describes, under `id`.
    pub fn new(id: CategoryId, draft: CategoryDraft) -> Self {
        Self {
            id,
            name: draft.name,
            image: draft.image,
        }
    }
}

/// A category's name and image, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryDraft {
    pub name: String,
    pub image: String,
}

impl CategoryDraft {
    pub fn parse(name: Option<&str>, image: Option<&str>) -> Result<Self, InvalidInput> {
        let name = required_text(name, 60, "Name")?;
        let image = image.unwrap_or_default();
        at_most(image, 2000, "Image")?;
        let image = image.trim().to_owned();
        if !image.is_empty() && !is_image_reference(&image) {
            return Err(InvalidInput::new(
                "Image must be an http(s) URL or a path on this server",
            ));
        }
        Ok(Self { name, image })
    }
}

/// An image we can show: an absolute http(s) URL or a path on this server.
pub(super) fn is_image_reference(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let url_rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    let well_formed = match url_rest {
        Some(rest) => !rest.is_empty() && !rest.starts_with('/'),
        None => text.starts_with('/') && !text.starts_with("//"),
    };
    well_formed
        && !text
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '<')
}

/// The category a product belongs to, as products show it.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryRef {
    pub id: CategoryId,
    pub name: String,
}
