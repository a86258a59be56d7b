use paduka_application::catalog::{ProductPage, ProductQuery, ProductSort};
use paduka_domain::catalog::{Audience, ColourKey, Product, ProductDraft};
use paduka_domain::photo::PhotoWidth;
use paduka_domain::{CategoryId, Paise};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::fit::chart_rows;
use super::{CategoryDto, ChartSizeDto, TryIntoDomain, timestamp};
use crate::ApiError;

/// The category a product belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductCategoryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One of a product's colours (decisions D44).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ColorDto {
    /// 1-40 characters, unique in the product ignoring case; each variant's `color` names one.
    pub name: String,
    /// `#RRGGBB`, or `null`.
    pub hex: Option<String>,
    /// The colour's photos on this shop, the first its main photo.
    pub photos: Vec<String>,
}

/// A product as the shop shows it. Variants are parallel lists in index order: `price[i]`,
/// `salePrice[i]`, `discount[i]`, and `type[i]`/`model[i]` when the product has labels/models. No photo bytes:
/// the photo is at `/api/v1/product/product-photo/{_id}` when `hasPhoto`, and at a given width
/// for `srcset` at `...?w=480&v={photoVersion}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The shop's own product code.
    pub product_id: String,
    /// Unique, made from the name when the product was created and kept when it is renamed;
    /// the key of `GET /product/export` and `POST /product/import` files.
    pub handle: String,
    pub name: String,
    pub info: String,
    /// Variant labels (e.g. sizes); empty when the variants have none.
    #[serde(rename = "type")]
    pub types: Vec<String>,
    /// The product's colours in order; `[]` without colours (decisions D44).
    pub colors: Vec<ColorDto>,
    /// Each variant's colour name, parallel to `price`: a variant is a colour and a size;
    /// all `""` for a product without colours.
    pub color: Vec<String>,
    /// Variant models; empty when the variants have none.
    #[serde(rename = "model")]
    pub models: Vec<String>,
    pub description: Vec<String>,
    pub specifications: Vec<String>,
    pub material: String,
    pub tags: Vec<String>,
    /// Rupees per variant: the MRP, before any discount, tax included.
    pub price: Vec<f64>,
    /// Rupees per variant: what it sells at, exactly (charged, invoiced and refunded), never
    /// above `price` (decisions D36).
    #[serde(rename = "salePrice")]
    pub sale_price: Vec<f64>,
    /// Whole percent per variant, derived: `floor((price - salePrice) * 100 / price)`.
    pub discount: Vec<u8>,
    /// The selling admin's `_id`; `null` once that account is gone.
    pub seller: Option<String>,
    pub category: ProductCategoryDto,
    /// Pairs in stock in all: the pool, or the sum of `stock`.
    pub quantity: u32,
    /// Pairs in stock per variant, parallel to `price`, when the product tracks stock per
    /// size; `null` for one pool (`quantity`).
    pub stock: Option<Vec<u32>>,
    pub shipping: bool,
    /// `false`: a draft, seen by admins only and never ordered (decisions D43).
    pub published: bool,
    /// The product's HSN code for tax invoices; `null`: the shop's default.
    pub hsn: Option<String>,
    /// Gallery image URLs.
    pub otherphoto: Vec<String>,
    /// Its own size chart, as the product form set it, smallest first; `null`: none of its
    /// own (a product sized on the shop's UK 3-12 chart uses that: see `sizeChart` on
    /// `get-product`; decisions D49).
    #[serde(rename = "ownSizeChart")]
    pub own_size_chart: Option<Vec<ChartSizeDto>>,
    #[serde(rename = "hasPhoto")]
    pub has_photo: bool,
    /// The photo's version: with `&v=` set to it, a photo URL is cached for a year, and it
    /// changes whenever the photo does. `null` without a photo.
    #[serde(rename = "photoVersion")]
    pub photo_version: Option<String>,
    /// The average review rating; 0 before any review.
    pub rating: f64,
    #[serde(rename = "numReviews")]
    pub num_reviews: u32,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
    #[serde(rename = "updatedAt")]
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// Every variant's label (or model), parallel to `price`; empty when no variant has one.
fn all_or_none(values: impl Iterator<Item = Option<String>>) -> Vec<String> {
    let values: Vec<Option<String>> = values.collect();
    if values.iter().all(Option::is_none) {
        return Vec::new();
    }
    values.into_iter().map(Option::unwrap_or_default).collect()
}

impl From<&Product> for ProductDto {
    fn from(product: &Product) -> Self {
        let variants = &product.variants;
        Self {
            id: product.id.to_string(),
            product_id: product.product_code.clone(),
            handle: product.handle.to_string(),
            name: product.name.clone(),
            info: product.info.clone(),
            types: all_or_none(variants.iter().map(|v| v.label.clone())),
            colors: product
                .colors
                .iter()
                .map(|c| ColorDto {
                    name: c.name.clone(),
                    hex: c.hex.clone(),
                    photos: c.photos.clone(),
                })
                .collect(),
            color: variants.iter().map(|v| v.color.clone()).collect(),
            models: all_or_none(variants.iter().map(|v| v.model.clone())),
            description: product.descriptions.clone(),
            specifications: product.specifications.clone(),
            material: product.material.clone(),
            tags: product.tags.clone(),
            price: variants.iter().map(|v| v.price.rupees()).collect(),
            sale_price: variants.iter().map(|v| v.sale_price.rupees()).collect(),
            discount: variants.iter().map(|v| v.discount().value()).collect(),
            seller: product.seller.as_ref().map(ToString::to_string),
            category: ProductCategoryDto {
                id: product.category.id.to_string(),
                name: product.category.name.clone(),
            },
            quantity: product.quantity,
            stock: product.stock_per_size(),
            shipping: product.shipping,
            published: product.published,
            hsn: product.hsn.as_ref().map(|h| h.as_str().to_owned()),
            otherphoto: product.other_photos.clone(),
            own_size_chart: product.size_chart.as_ref().map(chart_rows),
            has_photo: product.has_photo,
            photo_version: product.photo_version.clone(),
            rating: (product.rating.average() * 100.0).round() / 100.0,
            num_reviews: product.rating.reviews,
            created_at: timestamp(product.created_at),
            updated_at: timestamp(product.updated_at),
        }
    }
}

/// `GET /product/get-products` filters; all optional. Without them, the whole catalog, newest
/// first.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListParams {
    /// A category `_id`, or several separated by commas (products of any of them): at most
    /// 50, blank entries ignored.
    #[param(
        pattern = r"^(?:[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*,)*(?:[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^,\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^,]*(?:,(?:[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*,)*[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^,\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^,]*){0,49}(?:,[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)*)$"
    )]
    pub category: Option<String>,
    /// Rupees (at most 2 decimals, at most 10,000,000); compared with what the first variant
    /// sells at (`salePrice`). Empty is absent.
    #[serde(rename = "maxPrice")]
    #[param(rename = "maxPrice", value_type = Option<String>, pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:0*(?:[0-9]{1,7}(?:\.[0-9]{0,2})?|10000000(?:\.0{0,2})?))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$")]
    pub max_price: Option<String>,
    /// `newest` (default), `oldest`, `discount`, `price-low` or `price-high`; empty is absent.
    #[param(value_type = Option<String>, pattern = "^(?:newest|oldest|discount|price-low|price-high)?$")]
    pub sort: Option<String>,
    /// Words that must each find the product in its name, info, material, tags, category or
    /// description: inside a word, as a word's beginning within a typo (one from 5 letters,
    /// two from 9), or through a synonym; ignoring case and accents. Name matches first when
    /// sorted `newest`.
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// Only products with this size (a variant's `type`, as written) in stock.
    #[param(max_length = 50)]
    pub size: Option<String>,
    /// `true`: only products with a pair in stock; `false` or empty is absent.
    #[serde(rename = "inStock")]
    #[param(rename = "inStock", value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub in_stock: Option<String>,
    /// Only products with a variant of this colour (its name, ignoring case; decisions D47),
    /// each listed with `shownColor` set to it. A colour no product has lists nothing. Empty
    /// is absent.
    #[param(max_length = 40)]
    pub color: Option<String>,
    /// 1-based page; applies when `limit` is given.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 2147483647)]
    pub page: Option<String>,
    /// Products per page, 1..=100.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

/// A whole number written in digits only, as the document's integer: `page` and `limit` are
/// never empty, signed or padded with spaces.
fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A parameter's value; an empty one counts as absent.
fn given(value: Option<&String>) -> Option<&str> {
    value.map(|v| v.trim()).filter(|v| !v.is_empty())
}

impl ProductListParams {
    pub const MAX_SEARCH_CHARS: usize = 200;
    pub const MAX_SIZE_CHARS: usize = 50;
    /// A colour's longest name (`ProductDraft::MAX_COLOR_NAME`).
    pub const MAX_COLOR_CHARS: usize = ProductDraft::MAX_COLOR_NAME;
}

/// The search words (`q`), `size` and `inStock`, which the listing and the suggestions share.
fn search_filters(
    q: Option<&String>,
    size: Option<&String>,
    in_stock: Option<&String>,
) -> Result<(Option<String>, Option<String>, bool), ApiError> {
    // The limit counts what was sent, white space included, as the document's maxLength.
    if q.is_some_and(|q| q.chars().count() > ProductListParams::MAX_SEARCH_CHARS) {
        return Err(ApiError::bad_request(format!(
            "q must be at most {} characters",
            ProductListParams::MAX_SEARCH_CHARS
        )));
    }
    if size.is_some_and(|s| s.chars().count() > ProductListParams::MAX_SIZE_CHARS) {
        return Err(ApiError::bad_request(format!(
            "size must be at most {} characters",
            ProductListParams::MAX_SIZE_CHARS
        )));
    }
    let in_stock = match in_stock.map(String::as_str) {
        None | Some("" | "false") => false,
        Some("true") => true,
        Some(_) => return Err(ApiError::bad_request("inStock must be true or false")),
    };
    Ok((
        given(q).map(str::to_owned),
        given(size).map(str::to_owned),
        in_stock,
    ))
}

/// `GET /product/suggest`: the search box's words and the listing's size and stock filters.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestParams {
    /// The words typed so far, matched as the listing's `q`; blank suggests nothing.
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// As the listing's `size`.
    #[param(max_length = 50)]
    pub size: Option<String>,
    /// As the listing's `inStock`.
    #[serde(rename = "inStock")]
    #[param(rename = "inStock", value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub in_stock: Option<String>,
}

impl TryIntoDomain for SuggestParams {
    type Domain = ProductQuery;

    fn try_into_domain(self) -> Result<ProductQuery, ApiError> {
        let (text, size, in_stock) =
            search_filters(self.q.as_ref(), self.size.as_ref(), self.in_stock.as_ref())?;
        Ok(ProductQuery {
            text,
            size,
            in_stock,
            ..ProductQuery::default()
        })
    }
}

/// A suggestion of the search box.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SuggestionDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The photo 240 pixels wide (`/api/v1/product/product-photo/{_id}?w=240&v=...`); `null`
    /// without a photo.
    pub photo: Option<String>,
    /// Rupees: the first variant's price after its discount; `null` without variants.
    pub price: Option<f64>,
}

impl From<&Product> for SuggestionDto {
    fn from(product: &Product) -> Self {
        let thumbnail = PhotoWidth::ALL[0].pixels();
        Self {
            id: product.id.to_string(),
            name: product.name.clone(),
            photo: product
                .photo_version
                .as_ref()
                .filter(|_| product.has_photo)
                .map(|v| {
                    format!(
                        "/api/v1/product/product-photo/{}?w={thumbnail}&v={v}",
                        product.id
                    )
                }),
            price: product.variants.first().map(|v| v.sale_price.rupees()),
        }
    }
}

/// Up to five products for the search box, best first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SuggestResponse {
    pub success: bool,
    pub products: Vec<SuggestionDto>,
}

/// A search that found nothing, and how often it did.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SearchMissDto {
    /// The query as counted: lower-case, without accents, its words one space apart.
    pub q: String,
    pub count: u64,
}

/// The 20 searches that found nothing most often in the last 30 days, most first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SearchMissesResponse {
    pub success: bool,
    pub misses: Vec<SearchMissDto>,
}

impl TryIntoDomain for ProductListParams {
    type Domain = ProductQuery;

    fn try_into_domain(self) -> Result<ProductQuery, ApiError> {
        let categories: Vec<CategoryId> = given(self.category.as_ref())
            .map(|ids| {
                ids.split(',')
                    .map(str::trim)
                    .filter(|id| !id.is_empty())
                    .map(CategoryId::new)
                    .collect()
            })
            .unwrap_or_default();
        if categories.len() > ProductQuery::MAX_CATEGORIES {
            return Err(ApiError::bad_request(format!(
                "category names at most {} categories",
                ProductQuery::MAX_CATEGORIES
            )));
        }
        let max_price = given(self.max_price.as_ref())
            .map(|text| {
                Paise::parse_rupees(text).map_err(|_| {
                    ApiError::bad_request(
                        "maxPrice must be a number of rupees of at least 0, with at most 2 decimals",
                    )
                })
            })
            .transpose()?;
        // Exactly a name: ` newest` is not one.
        let sort = self
            .sort
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(ProductSort::parse)
            .transpose()?
            .unwrap_or_default();
        let (text, size, in_stock) =
            search_filters(self.q.as_ref(), self.size.as_ref(), self.in_stock.as_ref())?;
        // The limit counts what was sent, as the document's maxLength.
        if self
            .color
            .as_ref()
            .is_some_and(|c| c.chars().count() > ProductListParams::MAX_COLOR_CHARS)
        {
            return Err(ApiError::bad_request(format!(
                "color must be at most {} characters",
                ProductListParams::MAX_COLOR_CHARS
            )));
        }
        let color = given(self.color.as_ref()).map(ColourKey::of);
        let page = self
            .page
            .as_deref()
            .map(|p| {
                digits(p)
                    .filter(|p| (1..=ProductQuery::MAX_PAGE).contains(p))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "page must be a whole number from 1 to {}",
                            ProductQuery::MAX_PAGE
                        ))
                    })
            })
            .transpose()?
            .unwrap_or(1);
        let limit = self
            .limit
            .as_deref()
            .map(|l| {
                digits(l)
                    .filter(|l| (1..=ProductQuery::MAX_LIMIT).contains(l))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "limit must be a whole number from 1 to {}",
                            ProductQuery::MAX_LIMIT
                        ))
                    })
            })
            .transpose()?;
        Ok(ProductQuery {
            categories,
            max_price,
            sort,
            text,
            size,
            in_stock,
            color,
            page,
            limit,
            products_only: false,
            // Who asks is the handler's to say (only a search is counted per client; drafts
            // are listed to admins only).
            searcher: None,
            audience: Audience::Shoppers,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductListResponse {
    pub success: bool,
    /// How many products this reply holds.
    pub count: usize,
    /// How many products match in all (before paging).
    pub total: u64,
    /// Rupees: the highest first-variant `salePrice` among the products matching every filter
    /// but `maxPrice` (the price slider's maximum); 0 when none does.
    #[serde(rename = "priceCeiling")]
    pub price_ceiling: f64,
    /// With `q`: the words as corrected when a word found products only through a typo
    /// (`Showing results for ...`); else `null`.
    #[serde(rename = "correctedQ")]
    pub corrected_q: Option<String>,
    pub products: Vec<ListedProductDto>,
}

/// A product in a listing: the product, and the colour its card shows (decisions D47).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ListedProductDto {
    #[serde(flatten)]
    pub product: ProductDto,
    /// The name of the colour the listing's `color` or its search words (`q`) name, as the
    /// product writes it: the card shows that colour's main photo and links to the product
    /// page with `?color=`. `null` when neither names one of the product's colours.
    #[serde(rename = "shownColor")]
    pub shown_color: Option<String>,
}

/// The reply for one page of a listing; also what the web pages' first view carries.
impl From<&ProductPage> for ProductListResponse {
    fn from(page: &ProductPage) -> Self {
        let products: Vec<ListedProductDto> = page
            .products
            .iter()
            .map(|product| ListedProductDto {
                product: product.into(),
                shown_color: page.shown_colors.get(&product.id).cloned(),
            })
            .collect();
        Self {
            success: true,
            count: products.len(),
            total: page.total,
            price_ceiling: page.price_ceiling.rupees(),
            corrected_q: page.corrected.clone(),
            products,
        }
    }
}

/// The home page's banner: up to five products chosen at random.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FeaturedProductsResponse {
    pub success: bool,
    pub products: Vec<ProductDto>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductResponse {
    pub success: bool,
    /// With its fit advice and size chart (decisions D38).
    pub product: super::ProductDetailDto,
}

/// A created or changed product.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductWriteResponse {
    pub success: bool,
    /// `Product Created Successfully` or `Product Updated Successfully`.
    pub message: String,
    pub product: ProductDto,
}

/// A category page.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CategoryProductsResponse {
    pub success: bool,
    pub category: CategoryDto,
    pub count: usize,
    pub products: Vec<ProductDto>,
}

/// The admin product form (`multipart/form-data`). List fields are comma separated, or the
/// same field repeated. Only `name`, `price` and `category` are required; `photo` is optional
/// on update (none keeps the current one).
///
/// This type only describes the form in the OpenAPI document; `upload` reads the real one.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ProductForm {
    /// The shop's product code; made up when empty. At most 64 characters, trimmed.
    #[schema(max_length = 64)]
    pub product_id: Option<String>,
    /// At most 200 characters, trimmed.
    #[schema(
        pattern = r"[^\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]",
        max_length = 200
    )]
    pub name: String,
    /// At most 2000 characters, trimmed.
    #[schema(max_length = 2000)]
    pub info: Option<String>,
    /// Variant labels, e.g. `UK 7,UK 8` (none, or one per price).
    #[serde(rename = "type")]
    pub types: Option<String>,
    /// Variant models (none, or one per price).
    pub model: Option<String>,
    pub description: Option<String>,
    pub specifications: Option<String>,
    pub material: Option<String>,
    pub tags: Option<String>,
    /// Rupees per variant, e.g. `2499,2599.50`: 1 to 250 prices (a variant is a colour and a
    /// size), each at most 10,000,000
    /// with at most 2 decimals; empty entries are dropped.
    #[schema(
        pattern = r"^(?:[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*,)*[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[0-9]+(?:\.[0-9]{0,2})?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:,[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[0-9]+(?:\.[0-9]{0,2})?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)?)*$"
    )]
    pub price: String,
    /// Whole percent, 0 to 100, per variant (none, or one per price; default 0).
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[-+]?0+|\+?0*(?:[1-9][0-9]?|100))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:,[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[-+]?0+|\+?0*(?:[1-9][0-9]?|100))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)*$"
    )]
    pub discount: Option<String>,
    /// Exact selling prices in rupees per variant, e.g. `1299,1299.50` (none, or one per
    /// price), each at most its price, the MRP (400 otherwise); `discount` is then derived
    /// from them. Without them, a size whose price and discount are unchanged keeps what it
    /// sells at, and any other sells at its price less its discount (decisions D36).
    #[serde(rename = "salePrice")]
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[0-9]+(?:\.[0-9]{0,2})?)?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:,[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[0-9]+(?:\.[0-9]{0,2})?)?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)*$"
    )]
    pub sale_price: Option<String>,
    /// The product's colours in order, as JSON: `[{"name": "Tan", "hex": "#A0522D", "photos":
    /// ["/api/v1/media/..."]}]`. At most 20; each name 1-40 characters without a comma,
    /// unique ignoring case; `hex` `#RRGGBB` or null; `photos` paths on this shop, the first
    /// the colour's main photo. `[]` or blank: no colours. Left out on update: the product
    /// keeps its colours (and each variant its colour) when the prices are as many as before
    /// (decisions D44).
    pub colors: Option<String>,
    /// Each variant's colour name, in price order, e.g. `Tan,Tan,Black`: one per price when
    /// the product has colours, none without. No two variants of one colour and size.
    pub color: Option<String>,
    /// The product's own size chart as JSON, smallest first: `[{"size": "EU 40", "footCm":
    /// 25}]` (a number, or a number as text), at most 40 sizes, each label once and each foot
    /// length 10 to 40 cm and longer than the one before. `[]` or blank: none of its own (the
    /// shop's UK 3-12 chart when it names a size). Left out on update: the product keeps its
    /// own (decisions D49).
    #[serde(rename = "sizeChart")]
    pub size_chart: Option<String>,
    /// An admin's `_id`; default the caller.
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub seller: Option<String>,
    /// A category `_id`.
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub category: String,
    /// Pairs in stock, 0 to 1,000,000; empty is 0.
    #[schema(value_type = Option<String>, pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:\+?0*(?:[0-9]{1,6}|1000000))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$")]
    pub quantity: Option<u32>,
    /// Pairs in stock per size, in price order, e.g. `3,0,5` (one per price, each 0 to
    /// 1,000,000): tracks stock per size, and `quantity` is their sum. Empty: one pool.
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:\+?0*(?:[0-9]{1,6}|1000000))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:,[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:\+?0*(?:[0-9]{1,6}|1000000))?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)*$"
    )]
    pub stock: Option<String>,
    /// `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`, in any case; empty is true.
    #[schema(value_type = Option<String>, pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[tT][rR][uU][eE]|[yY][eE][sS]|[oO][nN]|1|[fF][aA][lL][sS][eE]|[nN][oO]|[oO][fF][fF]|0)?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$")]
    pub shipping: Option<bool>,
    /// `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`, in any case: `false` saves a draft,
    /// which only admins see and nobody can order (decisions D43). Empty is true when
    /// creating; left out of an update, the product stays as it is.
    #[schema(value_type = Option<String>, pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[tT][rR][uU][eE]|[yY][eE][sS]|[oO][nN]|1|[fF][aA][lL][sS][eE]|[nN][oO]|[oO][fF][fF]|0)?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$")]
    pub published: Option<bool>,
    /// The HSN code for tax invoices: 4 to 8 digits; empty: the shop's default.
    #[schema(
        pattern = r"^[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(?:[0-9]{4,8})?[\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub hsn: Option<String>,
    /// Gallery image URLs (http(s) or paths on this server), comma separated.
    pub otherphoto: Option<String>,
    /// JPEG, PNG, WebP, GIF or AVIF, at most 20 MB and 50 megapixels.
    #[schema(value_type = Option<String>, format = Binary)]
    pub photo: Option<Vec<u8>>,
}

/// The admin's photo upload (`multipart/form-data`), for a colour's photos (decisions D48).
///
/// This type only describes the form in the OpenAPI document; `upload` reads the real one.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct PhotoForm {
    /// JPEG, PNG, WebP, GIF or AVIF, at most 20 MB and 50 megapixels.
    #[schema(value_type = String, format = Binary)]
    pub photo: Vec<u8>,
}

/// A stored photo: where it is served, the path a colour's `photos` names.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StoredPhotoResponse {
    pub success: bool,
    /// `Photo stored`.
    pub message: String,
    /// `/api/v1/media/{id}`.
    pub path: String,
}

/// `GET /product/product-photo/{id}` options; both optional.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PhotoParams {
    /// A width for `srcset`: 240, 480, 960 or 1600 (never wider than the photo); anything
    /// else is 400 `Unsupported width`. WebP when `Accept` names `image/webp`, else the
    /// photo's own format.
    #[param(value_type = Option<u32>, inline, schema_with = photo_widths)]
    pub w: Option<String>,
    /// The product's `photoVersion`. When it is the current photo's, the reply may be kept
    /// for a year (`immutable`); otherwise it is revalidated as usual.
    pub v: Option<String>,
}

/// The widths `w` takes.
fn photo_widths() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Integer)
        .enum_values(Some(PhotoWidth::ALL.iter().map(|w| w.pixels())))
        .build()
}

impl PhotoParams {
    pub fn width(&self) -> Result<Option<PhotoWidth>, ApiError> {
        Ok(self.w.as_deref().map(PhotoWidth::parse).transpose()?)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};
    use paduka_domain::catalog::{CategoryRef, ProductRating, Variant};
    use paduka_domain::{Percent, ProductId, UserId};
    use serde_json::json;

    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    fn variant(label: Option<&str>, rupees: &str, discount: i64) -> Variant {
        Variant {
            color: String::new(),
            label: label.map(str::to_owned),
            model: None,
            price: Paise::parse_rupees(rupees).unwrap(),
            sale_price: Paise::parse_rupees(rupees)
                .unwrap()
                .discounted(Percent::new(discount).unwrap()),
            stock: None,
        }
    }

    fn product(variants: Vec<Variant>) -> Product {
        Product {
            id: ProductId::new("p-1"),
            product_code: "PDK-1".into(),
            handle: paduka_domain::catalog::Handle::from_name("Tempo"),
            name: "Tempo".into(),
            info: "Daily trainer".into(),
            variants,
            descriptions: vec!["Springy".into()],
            specifications: vec![],
            material: "Mesh".into(),
            tags: vec!["road".into()],
            seller: Some(UserId::new("admin-1")),
            category: CategoryRef {
                id: CategoryId::new("c-1"),
                name: "Running".into(),
            },
            quantity: 12,
            shipping: true,
            other_photos: vec!["/api/v1/media/m-1".into()],
            colors: vec![],
            hsn: None,
            published: true,
            size_chart: None,
            has_photo: true,
            photo_version: Some("0123456789abcdef".into()),
            rating: ProductRating {
                total_stars: 7,
                reviews: 2,
            },
            created_at: at("2025-01-31T18:30:00+05:30"),
            updated_at: at("2025-02-01T10:00:00.250Z"),
        }
    }

    #[test]
    fn a_product_that_tracks_sizes_lists_its_stock_per_size() {
        let mut sized = product(vec![
            variant(Some("UK 7"), "4599", 0),
            variant(Some("UK 8"), "4599", 0),
        ]);
        sized.variants[0].stock = Some(3);
        sized.variants[1].stock = Some(0);
        sized.quantity = 3;
        let value = serde_json::to_value(ProductDto::from(&sized)).unwrap();
        assert_eq!(value["stock"], json!([3, 0]));
        assert_eq!(value["quantity"], 3);
    }

    #[test]
    fn a_product_speaks_rupees_and_utc() {
        let dto = ProductDto::from(&product(vec![
            variant(Some("UK 7"), "4599", 20),
            variant(Some("UK 8"), "4599.50", 0),
        ]));
        let value = serde_json::to_value(dto).unwrap();
        assert_eq!(
            value,
            json!({
                "_id": "p-1",
                "product_id": "PDK-1",
                "handle": "tempo",
                "name": "Tempo",
                "info": "Daily trainer",
                "type": ["UK 7", "UK 8"],
                "colors": [],
                "color": ["", ""],
                "model": [],
                "description": ["Springy"],
                "specifications": [],
                "material": "Mesh",
                "tags": ["road"],
                "price": [4599.0, 4599.5],
                "salePrice": [3679.2, 4599.5],
                "discount": [20, 0],
                "seller": "admin-1",
                "category": {"_id": "c-1", "name": "Running"},
                "quantity": 12,
                "stock": null,
                "shipping": true,
                "published": true,
                "hsn": null,
                "otherphoto": ["/api/v1/media/m-1"],
                "ownSizeChart": null,
                "hasPhoto": true,
                "photoVersion": "0123456789abcdef",
                "rating": 3.5,
                "numReviews": 2,
                "createdAt": "2025-01-31T13:00:00.000Z",
                "updatedAt": "2025-02-01T10:00:00.250Z",
            })
        );
    }

    #[test]
    fn without_labels_type_is_empty_and_without_reviews_the_rating_is_zero() {
        let mut plain = product(vec![variant(None, "999", 0)]);
        plain.rating = ProductRating::default();
        plain.seller = None;
        plain.has_photo = false;
        plain.photo_version = None;
        let value = serde_json::to_value(ProductDto::from(&plain)).unwrap();
        assert_eq!(value["photoVersion"], json!(null));
        assert_eq!(value["type"], json!([]));
        assert_eq!(value["price"], json!([999.0]));
        assert_eq!(value["rating"], json!(0.0));
        assert_eq!(value["seller"], json!(null));
        assert!(value.get("photo").is_none());
    }

    fn params(query: &str) -> Result<ProductQuery, ApiError> {
        let params = actix_web::web::Query::<ProductListParams>::from_query(query).unwrap();
        params.into_inner().try_into_domain()
    }

    #[test]
    fn list_parameters_become_a_query() {
        assert_eq!(
            params("").unwrap(),
            ProductQuery {
                page: 1,
                ..ProductQuery::default()
            }
        );
        let query =
            params("category=c-1&maxPrice=2999.5&sort=price-low&q=%20red%20&page=2&limit=10")
                .unwrap();
        assert_eq!(query.categories, vec![CategoryId::new("c-1")]);
        assert_eq!(query.max_price, Some(Paise::from_stored(299_950)));
        assert_eq!(query.sort, ProductSort::PriceLow);
        assert_eq!(query.text.as_deref(), Some("red"));
        assert_eq!((query.page, query.limit), (2, Some(10)));
        assert_eq!(params("maxPrice=&q=").unwrap().max_price, None);
        assert_eq!(
            params("category=c-1,%20c-2,,").unwrap().categories,
            vec![CategoryId::new("c-1"), CategoryId::new("c-2")],
            "several categories, spaces and empty names ignored"
        );
        assert_eq!(
            params("page=2147483647&limit=1").unwrap().page,
            2_147_483_647
        );
        // A colour ignoring case: one key, so one cached list, however it is written.
        assert_eq!(
            params("color=%20BLACK%20").unwrap().color,
            Some(ColourKey::of("black"))
        );
        assert_eq!(params("color=").unwrap().color, None);
        assert!(params(&format!("color={}", "é".repeat(40))).is_ok());
    }

    #[test]
    fn bad_list_parameters_are_refused_with_a_reason() {
        for (query, message) in [
            ("sort=cheapest", "sort must be one of"),
            ("limit=0", "limit must be"),
            ("limit=101", "limit must be"),
            ("page=0&limit=5", "page must be"),
            ("page=x", "page must be"),
            ("page=", "page must be"),
            ("page=%202", "page must be"),
            ("page=2147483648&limit=5", "page must be"),
            ("limit=+5", "limit must be"),
            ("limit=", "limit must be"),
            ("sort=%20newest", "sort must be one of"),
            ("maxPrice=10000000.01", "maxPrice must be"),
            (
                format!("category={}", vec!["c"; 51].join(",")).as_str(),
                "category names at most 50",
            ),
            ("maxPrice=-5", "maxPrice must be"),
            ("maxPrice=abc", "maxPrice must be"),
            (
                format!("color={}", "b".repeat(41)).as_str(),
                "color must be at most 40 characters",
            ),
        ] {
            let error = params(query).unwrap_err();
            assert!(
                error.public_message().starts_with(message),
                "{query}: {error}"
            );
            assert_eq!(error.status(), actix_web::http::StatusCode::BAD_REQUEST);
        }
    }
}
