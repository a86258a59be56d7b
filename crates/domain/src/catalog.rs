//! Products, their variants and photos, and categories.

use chrono::{DateTime, Utc};

use crate::error::{at_most, required};
use crate::gst::Hsn;
use crate::{CategoryId, InvalidInput, MediaId, Paise, Percent, ProductId, UserId};

/// A category of the shop, e.g. "Sneakers".
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
    pub image: String,
}

/// A category's name and image, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryDraft {
    pub name: String,
    pub image: String,
}

impl CategoryDraft {
    pub fn parse(name: Option<&str>, image: Option<&str>) -> Result<Self, InvalidInput> {
        let name = required(name, "Name is required")?;
        at_most(&name, 60, "Name")?;
        let image = image.map(str::trim).unwrap_or_default().to_owned();
        if !image.is_empty() && !is_image_reference(&image) {
            return Err(InvalidInput::new(
                "Image must be an http(s) URL or a path on this server",
            ));
        }
        at_most(&image, 2000, "Image")?;
        Ok(Self { name, image })
    }
}

/// An image we can show: an absolute http(s) URL or a path on this server.
fn is_image_reference(text: &str) -> bool {
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

/// One purchasable version of a product (usually a size), in index order.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// The `type` label shown in the variant selector, e.g. "UK 8".
    pub label: Option<String>,
    pub model: Option<String>,
    pub price: Paise,
    pub discount: Percent,
    /// Pairs of this size in stock; `None` while the product keeps one pool for all its
    /// variants (`Product::quantity`).
    pub stock: Option<u32>,
}

impl Variant {
    pub fn price_after_discount(&self) -> Paise {
        self.price.discounted(self.discount)
    }

    /// What the shopper calls this variant: its `type` (e.g. "UK 8"), else its model.
    pub fn size_label(&self) -> Option<&str> {
        self.label.as_deref().or(self.model.as_deref())
    }
}

/// A product as the admin form sends it, field by field, with list fields already split.
#[derive(Debug, Clone, Default)]
pub struct ProductInput {
    pub product_code: Option<String>,
    pub name: Option<String>,
    pub info: Option<String>,
    pub types: Vec<String>,
    pub models: Vec<String>,
    pub descriptions: Vec<String>,
    pub specifications: Vec<String>,
    pub material: Option<String>,
    pub tags: Vec<String>,
    pub prices: Vec<String>,
    pub discounts: Vec<String>,
    pub seller: Option<String>,
    pub category: Option<String>,
    pub quantity: Option<String>,
    /// Stock per variant, in price order; empty for one pool (`quantity`).
    pub stocks: Vec<String>,
    /// The product's HSN code for tax invoices; empty for the shop's default.
    pub hsn: Option<String>,
    pub shipping: Option<String>,
    pub other_photos: Vec<String>,
}

/// A product's editable content, checked against the catalog rules.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDraft {
    /// The shop's own product code (`product_id`); made up when the form leaves it empty.
    pub product_code: Option<String>,
    pub name: String,
    pub info: String,
    pub variants: Vec<Variant>,
    pub descriptions: Vec<String>,
    pub specifications: Vec<String>,
    pub material: String,
    pub tags: Vec<String>,
    /// `None` means "the admin saving it".
    pub seller: Option<UserId>,
    pub category: CategoryId,
    /// The total: the pool, or the sum of the variants' stock.
    pub quantity: u32,
    pub shipping: bool,
    pub other_photos: Vec<String>,
    /// `None`: the shop's `DEFAULT_HSN`.
    pub hsn: Option<Hsn>,
}

impl ProductDraft {
    pub const MAX_VARIANTS: usize = 50;
    pub const MAX_QUANTITY: u32 = 1_000_000;

    pub fn parse(input: ProductInput) -> Result<Self, InvalidInput> {
        let name = required(input.name.as_deref(), "Name is required")?;
        at_most(&name, 200, "Name")?;
        let info = input.info.unwrap_or_default().trim().to_owned();
        at_most(&info, 2000, "Info")?;

        let prices = non_empty(input.prices);
        if prices.is_empty() {
            return Err(InvalidInput::new("At least one price is required"));
        }
        if prices.len() > Self::MAX_VARIANTS {
            return Err(InvalidInput::new(format!(
                "A product can have at most {} variants",
                Self::MAX_VARIANTS
            )));
        }
        let prices = prices
            .iter()
            .map(|p| Paise::parse_rupees(p))
            .collect::<Result<Vec<_>, _>>()?;
        let discounts = non_empty(input.discounts);
        let types = non_empty(input.types);
        let models = non_empty(input.models);
        for (list, field) in [
            (&types, "types"),
            (&models, "models"),
            (&discounts, "discounts"),
        ] {
            if !list.is_empty() && list.len() != prices.len() {
                return Err(InvalidInput::new(format!(
                    "Give as many {field} as prices ({}), or none",
                    prices.len()
                )));
            }
        }
        let discounts = discounts
            .iter()
            .map(|d| Percent::parse(d))
            .collect::<Result<Vec<_>, _>>()?;
        let stocks = non_empty(input.stocks);
        if !stocks.is_empty() && stocks.len() != prices.len() {
            return Err(InvalidInput::new(format!(
                "Give as many stock numbers as prices ({}), or none",
                prices.len()
            )));
        }
        let stocks = stocks
            .iter()
            .map(|s| parse_count(s, "Stock"))
            .collect::<Result<Vec<_>, _>>()?;
        let variants: Vec<Variant> = prices
            .into_iter()
            .enumerate()
            .map(|(i, price)| Variant {
                label: types.get(i).cloned(),
                model: models.get(i).cloned(),
                price,
                discount: discounts.get(i).copied().unwrap_or(Percent::ZERO),
                stock: stocks.get(i).copied(),
            })
            .collect();

        // Per size, the total is the sum and the form's `quantity` is not used.
        let quantity = if stocks.is_empty() {
            match input.quantity.as_deref().map(str::trim) {
                None | Some("") => 0,
                Some(q) => parse_count(q, "Quantity")?,
            }
        } else {
            stocks.iter().sum()
        };
        let category = required(input.category.as_deref(), "Category is required")?;
        let shipping = match input.shipping.as_deref().map(str::trim) {
            None | Some("") => true,
            Some(v) => {
                parse_flag(v).ok_or_else(|| InvalidInput::new("Shipping must be yes or no"))?
            }
        };
        let other_photos = non_empty(input.other_photos);
        if let Some(bad) = other_photos.iter().find(|p| !is_image_reference(p)) {
            return Err(InvalidInput::new(format!(
                "Other photo \"{bad}\" must be an http(s) URL or a path on this server"
            )));
        }
        let product_code = input
            .product_code
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty());
        if let Some(code) = &product_code {
            at_most(code, 64, "Product Id")?;
        }
        let hsn = input
            .hsn
            .as_deref()
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .map(Hsn::parse)
            .transpose()?;
        Ok(Self {
            product_code,
            name,
            info,
            variants,
            descriptions: non_empty(input.descriptions),
            specifications: non_empty(input.specifications),
            material: input.material.unwrap_or_default().trim().to_owned(),
            tags: non_empty(input.tags),
            seller: input
                .seller
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .map(UserId::new),
            category: CategoryId::new(category),
            quantity,
            shipping,
            other_photos,
            hsn,
        })
    }
}

/// A count of pairs: a whole number from 0 to [`ProductDraft::MAX_QUANTITY`].
fn parse_count(text: &str, what: &str) -> Result<u32, InvalidInput> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|q| *q <= ProductDraft::MAX_QUANTITY)
        .ok_or_else(|| InvalidInput::new(format!("{what} must be a whole number of at least 0")))
}

/// Trims every entry and drops the empty ones (a trailing comma is not a variant).
fn non_empty(list: Vec<String>) -> Vec<String> {
    list.into_iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

fn parse_flag(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// A product as the shop shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: ProductId,
    pub product_code: String,
    pub name: String,
    pub info: String,
    pub variants: Vec<Variant>,
    pub descriptions: Vec<String>,
    pub specifications: Vec<String>,
    pub material: String,
    pub tags: Vec<String>,
    /// The admin selling it; `None` once that account is deleted.
    pub seller: Option<UserId>,
    pub category: CategoryRef,
    /// The total in stock: the pool, or the sum of the variants' stock.
    pub quantity: u32,
    pub shipping: bool,
    pub other_photos: Vec<String>,
    /// Its own HSN code; `None`: the shop's `DEFAULT_HSN`.
    pub hsn: Option<Hsn>,
    pub has_photo: bool,
    /// The photo's version for cacheable URLs ([`crate::photo::photo_version`]); `None`
    /// without a photo.
    pub photo_version: Option<String>,
    pub rating: ProductRating,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Product {
    /// Whether stock is kept per variant (size) rather than in one pool.
    pub fn tracks_sizes(&self) -> bool {
        self.variants.first().is_some_and(|v| v.stock.is_some())
    }

    /// The stock per variant, in price order, or `None` for a pooled product.
    pub fn stock_per_size(&self) -> Option<Vec<u32>> {
        self.variants.iter().map(|v| v.stock).collect()
    }

    /// Pairs that can be sold of the variant at `index`: its own stock, or the pool's.
    pub fn available(&self, index: usize) -> u32 {
        match self.variants.get(index) {
            Some(Variant {
                stock: Some(stock), ..
            }) => *stock,
            Some(_) => self.quantity,
            None => 0,
        }
    }
}

/// The reviews' verdict on a product.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ProductRating {
    pub total_stars: u32,
    pub reviews: u32,
}

impl ProductRating {
    /// The average rating, or 0 before any review.
    pub fn average(self) -> f64 {
        if self.reviews == 0 {
            0.0
        } else {
            f64::from(self.total_stars) / f64::from(self.reviews)
        }
    }
}

/// The image formats we accept for product photos, recognised by their bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    Jpeg,
    Png,
    Webp,
    Gif,
    Avif,
}

impl ImageType {
    pub fn from_mime(mime: &str) -> Option<Self> {
        Some(match mime {
            "image/jpeg" => Self::Jpeg,
            "image/png" => Self::Png,
            "image/webp" => Self::Webp,
            "image/gif" => Self::Gif,
            "image/avif" => Self::Avif,
            _ => return None,
        })
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
            Self::Avif => "image/avif",
        }
    }
}

/// An image we store and serve ourselves: a product photo or a gallery picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    pub image_type: ImageType,
    pub bytes: Vec<u8>,
}

/// A stored image with its content hash, ready to serve with an `ETag`.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredImage {
    pub content_type: String,
    pub bytes: Vec<u8>,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
}

/// Where the gallery picture with this id is served.
pub fn media_url(id: &MediaId) -> String {
    format!("/api/v1/media/{id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ProductInput {
        ProductInput {
            name: Some("Trail Runner".into()),
            prices: vec!["2499".into(), "2599.50".into()],
            category: Some("cat-1".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_minimal_product_gets_zero_discounts_and_no_labels() {
        let draft = ProductDraft::parse(input()).unwrap();
        assert_eq!(draft.variants.len(), 2);
        assert_eq!(draft.variants[1].price.paise(), 259_950);
        assert!(
            draft
                .variants
                .iter()
                .all(|v| v.discount == Percent::ZERO && v.label.is_none())
        );
        assert_eq!(draft.quantity, 0);
        assert!(draft.shipping);
    }

    #[test]
    fn variant_lists_must_match_the_prices() {
        let mut bad = input();
        bad.types = vec!["UK 7".into()];
        assert_eq!(
            ProductDraft::parse(bad).unwrap_err().message(),
            "Give as many types as prices (2), or none"
        );
        let mut good = input();
        good.types = vec!["UK 7".into(), "UK 8".into()];
        good.discounts = vec!["10".into(), "0".into()];
        let draft = ProductDraft::parse(good).unwrap();
        assert_eq!(draft.variants[0].label.as_deref(), Some("UK 7"));
        assert_eq!(draft.variants[0].price_after_discount().paise(), 224_910);
    }

    #[test]
    fn each_broken_rule_is_named() {
        type BreakRule = fn(&mut ProductInput);
        let cases: Vec<(BreakRule, &str)> = vec![
            (|i| i.name = Some("  ".into()), "Name is required"),
            (|i| i.prices.clear(), "At least one price is required"),
            (
                |i| i.prices = vec!["-5".into()],
                "must be a number of rupees",
            ),
            (
                |i| i.discounts = vec!["10".into(), "101".into()],
                "Discount must be",
            ),
            (|i| i.quantity = Some("-1".into()), "Quantity must be"),
            (|i| i.quantity = Some("2.5".into()), "Quantity must be"),
            (|i| i.category = None, "Category is required"),
            (
                |i| i.other_photos = vec!["javascript:alert(1)".into()],
                "Other photo",
            ),
        ];
        for (break_rule, expected) in cases {
            let mut bad = input();
            break_rule(&mut bad);
            let message = ProductDraft::parse(bad).unwrap_err().to_string();
            assert!(
                message.contains(expected),
                "{message:?} should mention {expected:?}"
            );
        }
    }

    #[test]
    fn a_stock_list_tracks_sizes_and_its_sum_is_the_quantity() {
        let mut sized = input();
        sized.stocks = vec!["3".into(), " 0 ".into()];
        sized.quantity = Some("99".into());
        let draft = ProductDraft::parse(sized).unwrap();
        assert_eq!(draft.variants[0].stock, Some(3));
        assert_eq!(draft.variants[1].stock, Some(0));
        assert_eq!(
            draft.quantity, 3,
            "the form's quantity is not used per size"
        );

        let pooled = ProductDraft::parse(input()).unwrap();
        assert!(pooled.variants.iter().all(|v| v.stock.is_none()));

        for (stocks, expected) in [
            (
                vec!["3"],
                "Give as many stock numbers as prices (2), or none",
            ),
            (
                vec!["3", "-1"],
                "Stock must be a whole number of at least 0",
            ),
            (
                vec!["3", "1.5"],
                "Stock must be a whole number of at least 0",
            ),
            (
                vec!["3", "1000001"],
                "Stock must be a whole number of at least 0",
            ),
        ] {
            let mut bad = input();
            bad.stocks = stocks.into_iter().map(str::to_owned).collect();
            assert_eq!(ProductDraft::parse(bad).unwrap_err().message(), expected);
        }
    }

    fn product_with(variants: Vec<Variant>, quantity: u32) -> Product {
        Product {
            id: ProductId::new("p"),
            product_code: "P".into(),
            name: "Runner".into(),
            info: String::new(),
            variants,
            descriptions: vec![],
            specifications: vec![],
            material: String::new(),
            tags: vec![],
            seller: None,
            category: CategoryRef {
                id: CategoryId::new("c"),
                name: "Running".into(),
            },
            quantity,
            shipping: true,
            other_photos: vec![],
            hsn: None,
            has_photo: false,
            photo_version: None,
            rating: ProductRating::default(),
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
        }
    }

    proptest::proptest! {
        #[test]
        fn what_can_be_sold_of_a_size_is_its_own_stock_or_the_pool(
            stocks in proptest::collection::vec(0_u32..=1_000_000, 1..=ProductDraft::MAX_VARIANTS),
            pool in 0_u32..=1_000_000,
            per_size: bool,
        ) {
            let mut form = ProductInput {
                name: Some("Runner".into()),
                category: Some("c".into()),
                prices: stocks.iter().map(|_| "100".to_owned()).collect(),
                quantity: Some(pool.to_string()),
                ..Default::default()
            };
            if per_size {
                form.stocks = stocks.iter().map(u32::to_string).collect();
            }
            let draft = ProductDraft::parse(form).unwrap();
            let product = product_with(draft.variants, draft.quantity);
            proptest::prop_assert_eq!(product.tracks_sizes(), per_size);
            let total: u32 = stocks.iter().sum();
            for (index, stock) in stocks.iter().enumerate() {
                let expected = if per_size { *stock } else { pool };
                proptest::prop_assert_eq!(product.available(index), expected);
            }
            proptest::prop_assert_eq!(product.quantity, if per_size { total } else { pool });
            proptest::prop_assert_eq!(product.available(stocks.len()), 0, "no such size");
            proptest::prop_assert_eq!(
                product.stock_per_size(),
                per_size.then(|| stocks.clone())
            );
        }
    }

    #[test]
    fn an_hsn_code_is_4_to_8_digits_or_left_to_the_shop() {
        let mut own = input();
        own.hsn = Some(" 640399 ".into());
        assert_eq!(
            ProductDraft::parse(own).unwrap().hsn.unwrap().as_str(),
            "640399"
        );
        let mut blank = input();
        blank.hsn = Some(" ".into());
        assert_eq!(ProductDraft::parse(blank).unwrap().hsn, None);
        let mut bad = input();
        bad.hsn = Some("64A3".into());
        assert!(
            ProductDraft::parse(bad)
                .unwrap_err()
                .message()
                .contains("HSN code")
        );
    }

    #[test]
    fn category_images_are_urls_or_local_paths() {
        assert!(CategoryDraft::parse(Some("Boots"), Some("https://x.in/b.png")).is_ok());
        assert!(CategoryDraft::parse(Some("Boots"), Some("/api/v1/media/1")).is_ok());
        assert!(CategoryDraft::parse(Some("Boots"), Some("//evil.example/x.png")).is_err());
        assert!(CategoryDraft::parse(Some("Boots"), Some("ftp://x.in/b.png")).is_err());
        assert!(CategoryDraft::parse(Some(" "), None).is_err());
    }

    #[test]
    fn the_average_rating_is_zero_before_reviews() {
        assert_eq!(ProductRating::default().average(), 0.0);
        assert_eq!(
            ProductRating {
                total_stars: 9,
                reviews: 2
            }
            .average(),
            4.5
        );
    }
}
