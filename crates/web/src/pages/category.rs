//! `/category/{id}`: its name and product count; the first page of its products and the
//! categories in the first view, as the API answers them (decisions D29).

use paduka_application::catalog::CatalogError;
use paduka_domain::CategoryId;
use paduka_http::dto::{CategoriesResponse, ProductListResponse};

use super::{FIRST_PAGE, FirstView, Page, Previews, View, first_page_address};
use crate::head::{Head, SITE_NAME};
use crate::json_ld;
use crate::text::{encode_component, shorten};

/// "1 product", "24 products": the description's count.
fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl Previews {
    /// A category's page; [`Page::NotFound`] for an unknown id.
    pub async fn category(&self, id: &CategoryId) -> Result<Page, CatalogError> {
        self.page(format!("/category/{id}"), 0, async {
            let categories = self.catalog.categories().await?;
            let Some(category) = categories.iter().find(|c| &c.id == id).cloned() else {
                return Ok(None);
            };
            // The very page the app asks for first.
            let first = self.newest(vec![id.clone()], FIRST_PAGE).await?;
            let count = count(first.total, "product");
            let url = self.category_url(id);
            let image = first
                .products
                .iter()
                .find_map(|product| Some((self.product_image(product)?, product.name.clone())))
                .or_else(|| Some((self.absolute(&category.image)?, category.name.clone())));
            let mut data = FirstView::default();
            data.add(
                first_page_address(Some(id)),
                &ProductListResponse::from(&first),
            );
            data.add(
                "/category/all-categories".into(),
                &CategoriesResponse {
                    success: true,
                    categories: categories.iter().map(Into::into).collect(),
                },
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
                url: format!("/category/{}", encode_component(id.as_str())),
            }))
        })
        .await
    }
}
