//! `/category/{id}`: its name and product count; its newest product's photo, preloaded as
//! the page's first card.

use paduka_application::catalog::CatalogError;
use paduka_domain::CategoryId;

use super::{Page, Previews};
use crate::head::{Head, SITE_NAME};
use crate::json_ld;
use crate::photos::{CATEGORY_CARD_SIZES, photo_preload};
use crate::text::shorten;

/// The first page the category page asks for (`limit` in index.html's preload script).
const CATEGORY_FIRST_PAGE: u32 = 24;

impl Previews {
    /// A category's page; [`Page::NotFound`] for an unknown id.
    pub async fn category(&self, id: &CategoryId) -> Result<Page, CatalogError> {
        self.page(format!("/category/{id}"), async {
            let categories = self.catalog.categories().await?;
            let Some(category) = categories.into_iter().find(|c| &c.id == id) else {
                return Ok(None);
            };
            // The very page the app asks for first, so its first card is the one preloaded.
            let first = self.newest(vec![id.clone()], CATEGORY_FIRST_PAGE).await?;
            let count = match first.total {
                1 => "1 product".to_owned(),
                n => format!("{n} products"),
            };
            let url = self.category_url(id);
            let preload = first.products.first().and_then(|product| {
                let version = product
                    .photo_version
                    .as_deref()
                    .filter(|_| product.has_photo)?;
                Some(photo_preload(&product.id, version, CATEGORY_CARD_SIZES))
            });
            let image = first
                .products
                .iter()
                .find_map(|product| Some((self.product_image(product)?, product.name.clone())))
                .or_else(|| Some((self.absolute(&category.image)?, category.name.clone())));
            Ok(Some(Head {
                title: format!("{} · {SITE_NAME}", category.name),
                description: shorten(&format!(
                    "{}: {count} at {SITE_NAME}, footwear for every step, delivered across India.",
                    category.name
                )),
                canonical: Some(url.clone()),
                og_title: category.name.clone(),
                og_type: "website",
                image,
                preload,
                json_ld: vec![json_ld::breadcrumbs(&[
                    ("Home", self.url("/")),
                    (&category.name, url),
                ])],
                ..Head::default()
            }))
        })
        .await
    }
}
