//! `/product/{id}`: its name, price, photo, JSON-LD `Product` and breadcrumbs; the product in
//! the first view, as the API answers it (decisions D29). `?color=` a colour it offers: that
//! colour's photo (decisions D47).

use paduka_application::catalog::CatalogError;
use paduka_domain::ProductId;
use paduka_domain::catalog::{Audience, Colour, ColourKey, Product, line_title};

use paduka_http::dto::{ProductDetailDto, ProductResponse};

use super::{FirstView, Page, Previews, View};
use crate::head::{Head, SITE_NAME};
use crate::json_ld;
use crate::text::{collapse, encode_component, encode_query_value, shorten};

impl Previews {
    /// A product's page; [`Page::NotFound`] for an unknown id or a draft: the drawn pages are
    /// every visitor's, so never an admin's (decisions D43). `color`: the address's `?color=`
    /// (ignoring case, decisions D47): a colour the product offers has a page of its own, its
    /// link preview that colour's photo; any other is the product's own page, so made-up
    /// colours neither change the preview nor fill the page cache.
    pub async fn product(&self, id: &ProductId, color: Option<&str>) -> Result<Page, CatalogError> {
        let plain = format!("/product/{id}");
        let Some(asked) = color.and_then(ColourKey::given) else {
            return self.page(plain, 0, self.product_view(id, None)).await;
        };
        let key = format!("{plain}?color={}", encode_query_value(asked.as_str()));
        if let Some(page) = self.pages.get(&key, (self.catalog.revision(), 0)) {
            return Ok(Page::Found(page));
        }
        let offered = match self.catalog.product(id, Audience::Shoppers).await {
            Ok(product) => product.offered_colour(&asked).is_some(),
            Err(CatalogError::ProductNotFound) => false,
            Err(error) => return Err(error),
        };
        if offered {
            self.page(key, 0, self.product_view(id, Some(&asked))).await
        } else {
            self.page(plain, 0, self.product_view(id, None)).await
        }
    }

    /// The product's page in the colour `asked` names, if it offers it (else its own).
    async fn product_view(
        &self,
        id: &ProductId,
        asked: Option<&ColourKey>,
    ) -> Result<Option<View>, CatalogError> {
        let product = match self.catalog.product(id, Audience::Shoppers).await {
            Ok(product) => product,
            Err(CatalogError::ProductNotFound) => return Ok(None),
            Err(error) => return Err(error),
        };
        let colour = asked.and_then(|key| product.offered_colour(key));
        let advice = self.catalog.fit_advice(&product).await?;
        let mut head = self.product_head(&product, colour);
        let mut data = FirstView::default();
        data.add(
            format!("/product/get-product/{}", encode_component(id.as_str())),
            &ProductResponse {
                success: true,
                product: ProductDetailDto::new(&product, &advice),
            },
        );
        head.first_view = data.into_value();
        // Drawn at the colour's address, so the app draws its gallery and swatch picked.
        let mut url = format!("/product/{}", encode_component(id.as_str()));
        if let Some(colour) = colour {
            url.push_str(&format!("?color={}", encode_query_value(&colour.name)));
        }
        Ok(Some(View {
            head,
            route: Some("product"),
            url,
        }))
    }

    /// The head of the product's page, shown in `colour` when there is one: its main photo is
    /// the preview's and the structured data's image.
    fn product_head(&self, product: &Product, colour: Option<&Colour>) -> Head {
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
        let colour_photo = colour
            .and_then(|c| c.photos.first())
            .and_then(|photo| self.absolute(photo));
        let image = colour_photo.or_else(|| self.product_image(product));
        let image_alt = match colour {
            Some(colour) => line_title(&product.name, &colour.name, None),
            None => product.name.clone(),
        };
        let mut data = json_ld::product(
            product,
            &url,
            if text.is_empty() {
                description.clone()
            } else {
                text
            },
            image.as_deref(),
        );
        if let Some(colour) = colour {
            data["color"] = colour.name.clone().into();
        }
        Head {
            title: format!("{} · {SITE_NAME}", product.name),
            description,
            canonical: Some(url.clone()),
            og_title: product.name.clone(),
            og_type: "product",
            image: image.map(|image| (image, image_alt)),
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
