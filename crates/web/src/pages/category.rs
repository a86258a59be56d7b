//! `/category/{id}`: its name and product count; its newest product's photo, preloaded as
//! the page's first card; the first page of its products as the app first draws it
//! (decisions D29).

use paduka_application::catalog::CatalogError;
use paduka_domain::CategoryId;
use paduka_domain::text::escape_html;
use paduka_http::dto::{CategoriesResponse, ProductListResponse};

use super::{FIRST_PAGE, FirstView, Page, Previews, View, first_page_address};
use crate::head::{Head, SITE_NAME};
use crate::json_ld;
use crate::markup::{app_shell, breadcrumbs, count, load_more, product_grid};
use crate::photos::{CATEGORY_CARD_SIZES, photo_preload};
use crate::text::shorten;

/// The cards of the first row, on the first screen (`aboveFold` in category.tsx).
const ABOVE_FOLD: usize = 3;

impl Previews {
    /// A category's page; [`Page::NotFound`] for an unknown id.
    pub async fn category(&self, id: &CategoryId) -> Result<Page, CatalogError> {
        self.page(format!("/category/{id}"), 0, async {
            let categories = self.catalog.categories().await?;
            let Some(category) = categories.iter().find(|c| &c.id == id).cloned() else {
                return Ok(None);
            };
            // The very page the app asks for first, so its first card is the one preloaded.
            let first = self.newest(vec![id.clone()], FIRST_PAGE).await?;
            let count = count(first.total, "product");
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
            let mut data = FirstView::default();
            data.add(first_page_address(Some(id)), &ProductListResponse::from(&first));
            data.add(
                "/category/all-categories".into(),
                &CategoriesResponse {
                    success: true,
                    categories: categories.iter().map(Into::into).collect(),
                },
            );
            let listing = if first.products.is_empty() {
                r#"<p class="notice">No products found in this category.</p>"#.to_owned()
            } else {
                format!(
                    "{}{}",
                    product_grid(&first.products, CATEGORY_CARD_SIZES, ABOVE_FOLD),
                    load_more(first.products.len(), first.total)
                )
            };
            let page = format!(
                r#"<div class="container page">{}<div class="category-hero"><h1>{}</h1><p class="muted category-count">{count}</p></div>{listing}</div>"#,
                breadcrumbs(&[("Home", "/".to_owned())], &category.name),
                escape_html(&category.name),
            );
            let head = Head {
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
                first_view: data.into_value(),
                ..Head::default()
            };
            Ok(Some(View {
                head,
                route: Some("category"),
                body: app_shell(false, &page),
            }))
        })
        .await
    }
}
