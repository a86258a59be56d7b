//! `/`: the built file's own title and description; the banner, the categories and the first
//! page of the listing, as the app first draws them (decisions D29).

use std::time::{SystemTime, UNIX_EPOCH};

use paduka_application::catalog::CatalogError;
use paduka_http::cache::ListCache;
use paduka_http::dto::{CategoriesResponse, FeaturedProductsResponse, ProductListResponse};

use super::{FIRST_PAGE, FirstView, Page, Previews, View, first_page_address};
use crate::head::Head;
use crate::json_ld;
use crate::markup::{
    BANNER_PRODUCT_COUNT, HERO_SIZES, app_shell, category_grid, featured_banner, product_listing,
};
use crate::photos::photo_preload;

impl Previews {
    /// The home page.
    pub async fn home(&self) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        // The banner is a random pick, made again as often as the API's own
        // (`ListCache::MAX_AGE`) as well as on every catalog change.
        let period = ListCache::MAX_AGE.as_secs().max(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        self.page("/".into(), now / period, async {
            let newest = self.newest(Vec::new(), FIRST_PAGE).await?;
            let mut featured = self.catalog.featured_products().await?;
            featured.truncate(BANNER_PRODUCT_COUNT);
            let categories = self.catalog.categories().await?;
            let image = newest.products.iter().find_map(|product| {
                let url = self.product_image(product)?;
                Some((url, product.name.clone()))
            });
            // The banner's first slide is the first screen's largest picture.
            let preload = featured.first().and_then(|product| {
                let version = product
                    .photo_version
                    .as_deref()
                    .filter(|_| product.has_photo)?;
                Some(photo_preload(&product.id, version, HERO_SIZES))
            });
            let mut data = FirstView::default();
            data.add(
                "/product/featured".into(),
                &FeaturedProductsResponse {
                    success: true,
                    products: featured.iter().map(Into::into).collect(),
                },
            );
            data.add(first_page_address(None), &ProductListResponse::from(&newest));
            data.add(
                "/category/all-categories".into(),
                &CategoriesResponse {
                    success: true,
                    categories: categories.iter().map(Into::into).collect(),
                },
            );
            let page = format!(
                r#"<div class="container page-home"><h1 class="visually-hidden">Paduka footwear shop</h1>{}{}{}</div>"#,
                featured_banner(&featured),
                category_grid(&categories),
                product_listing(
                    &newest.products,
                    newest.total,
                    newest.price_ceiling,
                    &categories
                ),
            );
            Ok(Some(View {
                head: Head {
                    title: shell.title.clone(),
                    description: shell.description.clone(),
                    canonical: Some(self.url("/")),
                    og_title: shell.title.clone(),
                    og_type: "website",
                    image,
                    preload,
                    json_ld: vec![json_ld::web_site(self.url("/"))],
                    first_view: data.into_value(),
                    ..Head::default()
                },
                route: None,
                body: app_shell(true, &page),
            }))
        })
        .await
    }
}
