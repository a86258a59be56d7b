//! `/`: the built file's own title and description; the first view holds the banner's products,
//! the categories and the first page of the listing, as the API answers them (decisions D29).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use paduka_application::catalog::CatalogError;
use paduka_http::cache::ListCache;
use paduka_http::dto::{CategoriesResponse, FeaturedProductsResponse, ProductListResponse};

use super::{FIRST_PAGE, FirstView, Page, Previews, View, first_page_address};
use crate::head::Head;
use crate::json_ld;

impl Previews {
    /// Which period the home page's banner is in: it is a random pick, made again as often
    /// as the API's own (`ListCache::MAX_AGE`) as well as on every catalog change.
    fn home_period() -> u64 {
        let period = ListCache::MAX_AGE.as_secs().max(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        now / period
    }

    /// Draws the home page ahead of its visitors (decisions D32): at once, then whenever the
    /// catalog changes or the banner's period turns, so a request finds it kept instead of
    /// waiting for its render (the largest page, 30-40 ms of QuickJS). Runs until the process
    /// ends; nothing to do without a built frontend or a server render.
    pub fn keep_home_drawn(self: Arc<Self>) {
        if self.shell.is_none() || !self.renderer.is_running() {
            return;
        }
        tokio::spawn(async move {
            let mut drawn_for = None;
            loop {
                let now = (self.catalog.revision(), Self::home_period());
                if drawn_for != Some(now) {
                    match self.home().await {
                        Ok(_) => drawn_for = Some(now),
                        Err(error) => tracing::debug!(%error, "the home page was not drawn ahead"),
                    }
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
    }

    /// The home page.
    pub async fn home(&self) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        self.page("/".into(), Self::home_period(), async {
            let newest = self.newest(Vec::new(), FIRST_PAGE).await?;
            let featured = self.catalog.featured_products().await?;
            let categories = self.catalog.categories().await?;
            let image = newest.products.iter().find_map(|product| {
                let url = self.product_image(product)?;
                Some((url, product.name.clone()))
            });
            let mut data = FirstView::default();
            data.add(
                "/product/featured".into(),
                &FeaturedProductsResponse {
                    success: true,
                    products: featured.iter().map(Into::into).collect(),
                },
            );
            data.add(
                first_page_address(None),
                &ProductListResponse::from(&newest),
            );
            data.add(
                "/category/all-categories".into(),
                &CategoriesResponse {
                    success: true,
                    categories: categories.iter().map(Into::into).collect(),
                },
            );
            Ok(Some(View {
                head: Head {
                    title: shell.title.clone(),
                    description: shell.description.clone(),
                    canonical: Some(self.url("/")),
                    og_title: shell.title.clone(),
                    og_type: "website",
                    image,
                    json_ld: vec![json_ld::web_site(self.url("/"))],
                    first_view: data.into_value(),
                    ..Head::default()
                },
                route: None,
                url: "/".into(),
            }))
        })
        .await
    }
}
