//! `/product/{id}`: its name, price, photo, JSON-LD `Product` and breadcrumbs; the product in
//! the first view, as the API answers it (decisions D29).

use paduka_application::catalog::CatalogError;
use paduka_domain::ProductId;
use paduka_domain::catalog::{Audience, Product};

use paduka_http::dto::{ProductDetailDto, ProductResponse};

use super::{FirstView, Page, Previews, View};
use crate::head::{Head, SITE_NAME};
use crate::json_ld;
use crate::text::{collapse, encode_component, shorten};

impl Previews {
    /// A product's page; [`Page::NotFound`] for an unknown id or a draft: the drawn pages are
    /// every visitor's, so never an admin's (decisions D43).
    pub async fn product(&self, id: &ProductId) -> Result<Page, CatalogError> {
        self.page(format!("/product/{id}"), 0, async {
            match self.catalog.product(id, Audience::Shoppers).await {
                Ok(product) => {
                    let advice = self.catalog.fit_advice(&product).await?;
                    let mut head = self.product_head(&product);
                    let mut data = FirstView::default();
                    data.add(
                        format!("/product/get-product/{}", encode_component(id.as_str())),
                        &ProductResponse {
                            success: true,
                            product: ProductDetailDto::new(&product, &advice),
                        },
                    );
                    head.first_view = data.into_value();
                    Ok(Some(View {
                        head,
                        route: Some("product"),
                        url: format!("/product/{}", encode_component(id.as_str())),
                    }))
                }
                Err(CatalogError::ProductNotFound) => Ok(None),
                Err(error) => Err(error),
            }
        })
        .await
    }

    fn product_head(&self, product: &Product) -> Head {
        let url = self.product_url(&product.id);
        let first = product.variants.first();
        let price = first.map(|v| v.sale_price);
        let text = if !product.info.trim().is_empty() {
            collapse(&product.info)
        } else {
            collapse(&product.descriptions.join(", "))
        };
        let price_text = match first {
            Some(v) if v.discount().value() > 0 => format!(
                "{} ({}% off {})",
                v.sale_price.in_indian_style(),
                v.discount().value(),
                v.price.in_indian_style()
            ),
            Some(v) => v.sale_price.in_indian_style(),
            None => String::new(),
        };
        let mut description = format!("{} at {SITE_NAME}", product.name);
        if !price_text.is_empty() {
            description.push_str(&format!(": {price_text}"));
        }
        description.push('.');
        if !text.is_empty() {
            description.push(' ');
            description.push_str(&text);
        }
        let description = shorten(&description);
        let image = self.product_image(product);
        let data = json_ld::product(
            product,
            &url,
            if text.is_empty() {
                description.clone()
            } else {
                text
            },
            image.as_deref(),
        );
        Head {
            title: format!("{} · {SITE_NAME}", product.name),
            description,
            canonical: Some(url.clone()),
            og_title: product.name.clone(),
            og_type: "product",
            image: image.map(|image| (image, product.name.clone())),
            price,
            json_ld: vec![
                data,
                json_ld::breadcrumbs(&[
                    ("Home", self.url("/")),
                    (
                        &product.category.name,
                        self.category_url(&product.category.id),
                    ),
                    (&product.name, url),
                ]),
            ],
            ..Head::default()
        }
    }
}
