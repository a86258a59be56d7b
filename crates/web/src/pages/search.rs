//! `/search?q=`: the products the words find, newest first, as the listing the search page asks
//! for (decisions D27), with the categories; `noindex` (a search is not a page of the shop's
//! own). A search with other parameters (`size`) is the app's alone: the plain shell.

use paduka_application::catalog::CatalogError;
use paduka_http::dto::{CategoriesResponse, ProductListParams, ProductListResponse, TryIntoDomain};

use super::{FIRST_PAGE, FirstView, Page, Previews, View};
use crate::head::{Head, SITE_NAME};
use crate::text::encode_query_value;

impl Previews {
    /// The search page for the words `q` (already trimmed, not empty). `None`: words the API
    /// would refuse (too long), for the app to say so.
    pub async fn search(&self, q: &str) -> Result<Option<Page>, CatalogError> {
        let params = ProductListParams {
            q: Some(q.to_owned()),
            sort: Some("newest".into()),
            page: Some("1".into()),
            limit: Some(FIRST_PAGE.to_string()),
            ..ProductListParams::default()
        };
        // Exactly the query the API makes of the app's request, refused where it refuses.
        let Ok(query) = params.try_into_domain() else {
            return Ok(None);
        };
        let q_value = encode_query_value(q);
        let address =
            format!("/product/get-products?sort=newest&q={q_value}&page=1&limit={FIRST_PAGE}");
        let page = self
            .page(format!("/search?q={q_value}"), 0, async {
                let found = self.catalog.list_products(&query).await?;
                let categories = self.catalog.categories().await?;
                let mut data = FirstView::default();
                data.add(address, &ProductListResponse::from(&found));
                data.add(
                    "/category/all-categories".into(),
                    &CategoriesResponse {
                        success: true,
                        categories: categories.iter().map(Into::into).collect(),
                    },
                );
                let title = format!("{q} · {SITE_NAME}");
                Ok(Some(View {
                    head: Head {
                        title: title.clone(),
                        description: format!("Footwear at {SITE_NAME} for “{q}”."),
                        og_title: title,
                        og_type: "website",
                        noindex: true,
                        first_view: data.into_value(),
                        ..Head::default()
                    },
                    route: Some("search"),
                    url: format!("/search?q={q_value}"),
                }))
            })
            .await?;
        Ok(Some(page))
    }
}
