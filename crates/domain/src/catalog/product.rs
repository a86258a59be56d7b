//! A product as the shop shows it, its variants and its rating.

use chrono::{DateTime, Utc};

use super::{CategoryRef, Handle};
use crate::gst::Hsn;
use crate::returns::SizeChart;
use crate::{Paise, Percent, ProductId, UserId};

/// One of a product's colours, in the product's order (decisions D44): what its swatch shows
/// and the photos shown when it is picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    /// 1-40 characters, unique in the product ignoring case; what variants name it by.
    pub name: String,
    /// `#RRGGBB`, or `None` for a swatch drawn from its photo or name.
    pub hex: Option<String>,
    /// Photo addresses on this shop, the first its main photo.
    pub photos: Vec<String>,
}

/// A colour's name as colours are compared (decisions D44, D47): two names that differ only in
/// case are one colour, within a product, in `?color=` and in the listing's `color=`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColourKey(String);

impl ColourKey {
    pub fn of(name: &str) -> Self {
        Self(name.trim().to_lowercase())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `None` for a blank name: no colour.
    pub fn given(name: &str) -> Option<Self> {
        Some(Self::of(name)).filter(|key| !key.0.is_empty())
    }
}

impl Colour {
    pub fn key(&self) -> ColourKey {
        ColourKey::of(&self.name)
    }
}

/// One purchasable version of a product: a size, or a colour and a size, in index order.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// The name of its colour (one of `Product::colors`), or `""` for a product without
    /// colours.
    pub color: String,
    /// The `type` label shown in the variant selector, e.g. "UK 8".
    pub label: Option<String>,
    pub model: Option<String>,
    /// The MRP: the price before any discount, tax included; nothing sells above it.
    pub price: Paise,
    /// What one pair sells at, exactly (decisions D36): what is charged, invoiced, refunded
    /// and shown. Never above `price`.
    pub sale_price: Paise,
    /// Pairs of this size in stock; `None` while the product keeps one pool for all its
    /// variants (`Product::quantity`).
    pub stock: Option<u32>,
}

impl Variant {
    /// The whole percent the sale price is below the MRP, rounded down (decisions D36).
    pub fn discount(&self) -> Percent {
        self.price.discount_to(self.sale_price)
    }

    /// What the shopper calls this variant: its `type` (e.g. "UK 8"), else its model.
    pub fn size_label(&self) -> Option<&str> {
        self.label.as_deref().or(self.model.as_deref())
    }

    /// Its colour and size as the shopper reads them (`Tan, UK 8`), see [`variant_words`].
    pub fn words(&self) -> Option<String> {
        variant_words(&self.color, self.size_label())
    }
}

/// A variant's colour and size as every printed line names them: `Tan, UK 8`; the size alone
/// without a colour (as before colours), the colour alone without a size; `None` without
/// either.
pub fn variant_words(color: &str, size: Option<&str>) -> Option<String> {
    let size = size.map(str::trim).filter(|s| !s.is_empty());
    match (color.trim(), size) {
        ("", None) => None,
        ("", Some(size)) => Some(size.to_owned()),
        (color, None) => Some(color.to_owned()),
        (color, Some(size)) => Some(format!("{color}, {size}")),
    }
}

/// A sold line's name as the invoice, credit note, packing slip, mails and the courier print
/// it: `Monsoon Knit Slip-On (Tan, UK 8)`, `Trail Runner (UK 8)` without a colour, the bare
/// name without either (decisions D44).
pub fn line_title(name: &str, color: &str, size: Option<&str>) -> String {
    match variant_words(color, size) {
        Some(words) => format!("{name} ({words})"),
        None => name.to_owned(),
    }
}

/// A product as the shop shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: ProductId,
    pub product_code: String,
    /// Unique; made from the name when the product was created and kept since.
    pub handle: Handle,
    pub name: String,
    pub info: String,
    pub variants: Vec<Variant>,
    /// Its colours in order (decisions D44); empty for a product without colours, whose
    /// variants' `color` is `""`.
    pub colors: Vec<Colour>,
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
    /// Whether shoppers see it (decisions D43): a draft (`false`) is seen by admins only and
    /// cannot be ordered.
    pub published: bool,
    /// Its own size chart, set on the product form (decisions D49); `None`: the shop's.
    pub size_chart: Option<SizeChart>,
    pub has_photo: bool,
    /// The photo's version for cacheable URLs ([`crate::photo::photo_version`]); `None`
    /// without a photo.
    pub photo_version: Option<String>,
    pub rating: ProductRating,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Product {
    /// Whether `audience` may see it (listed, searched, its page): a draft only by admins.
    pub fn shown_to(&self, audience: Audience) -> bool {
        self.published || audience == Audience::Admins
    }

    /// Whether a cart may hold it at checkout: a draft is refused as a deleted product is.
    pub fn may_be_ordered(&self) -> bool {
        self.published
    }

    /// The chart `Find my size` works on: its own, else the shop's when that names one of its
    /// sizes; `None` for a product no chart sizes.
    pub fn size_chart_for_fit(&self) -> Option<SizeChart> {
        self.size_chart.clone().or_else(|| {
            SizeChart::for_sizes(self.variants.iter().filter_map(|v| v.label.as_deref()))
        })
    }

    /// The colours a shopper can pick, in order: those with at least one variant (one without
    /// cannot be bought, decisions D44).
    pub fn offered_colours(&self) -> impl Iterator<Item = &Colour> {
        self.colors
            .iter()
            .filter(|colour| self.variants.iter().any(|v| v.color == colour.name))
    }

    /// The offered colour `key` names (ignoring case), if any.
    pub fn offered_colour(&self, key: &ColourKey) -> Option<&Colour> {
        self.offered_colours().find(|colour| colour.key() == *key)
    }

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

/// Who reads the catalog: shoppers (and visitors) see published products only; admins see
/// drafts too (decisions D43).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Audience {
    #[default]
    Shoppers,
    Admins,
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
