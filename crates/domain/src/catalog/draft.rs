//! A product as the admin form sends it, and the catalog rules that check it.

use super::category::is_image_reference;
use super::{Colour, ColourKey, Product, Variant};
use crate::error::{at_most, required, required_text};
use crate::gst::Hsn;
use crate::returns::{ChartSizeInput, SizeChart};
use crate::{CategoryId, InvalidInput, Paise, Percent, UserId};

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
    /// Exact selling prices per variant (rupees), each at most its price (the MRP); empty:
    /// each price less its discount, or what the size sold at before (decisions D36).
    pub sale_prices: Vec<String>,
    pub seller: Option<String>,
    pub category: Option<String>,
    pub quantity: Option<String>,
    /// Stock per variant, in price order; empty for one pool (`quantity`).
    pub stocks: Vec<String>,
    /// The product's HSN code for tax invoices; empty for the shop's default.
    pub hsn: Option<String>,
    pub shipping: Option<String>,
    pub other_photos: Vec<String>,
    /// `true`/`false` (or yes/no, on/off, 1/0); absent or empty: published (decisions D43).
    pub published: Option<String>,
    /// The product's colours (decisions D44); `None` when the form did not send them (an
    /// update then keeps the product's, see [`ProductDraft::keep_colors`]), empty for none.
    pub colors: Option<Vec<ColourInput>>,
    /// Each variant's colour name, in price order: one per price when there are colours,
    /// none without.
    pub variant_colors: Vec<String>,
    /// The product's own size chart (decisions D49); `None` when the form did not send it (an
    /// update keeps the product's), empty for the shop's chart.
    pub size_chart: Option<Vec<ChartSizeInput>>,
}

impl ProductInput {
    /// The form for an update of `current`: what it leaves out of whether the product is
    /// published keeps what the product has, so a client that never sends the field does not
    /// publish a draft by saving it.
    pub fn over(mut self, current: &Product) -> Self {
        if self
            .published
            .as_deref()
            .is_none_or(|p| p.trim().is_empty())
        {
            self.published = Some(current.published.to_string());
        }
        self
    }
}

/// A colour as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColourInput {
    pub name: String,
    pub hex: Option<String>,
    pub photos: Vec<String>,
}

/// A product's editable content, checked against the catalog rules.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDraft {
    /// The shop's own product code (`product_id`); made up when the form leaves it empty.
    pub product_code: Option<String>,
    pub name: String,
    pub info: String,
    pub variants: Vec<Variant>,
    /// Whether the sale prices were given; if not, each is its price less its discount until
    /// [`ProductDraft::keep_sale_prices`] keeps what an unchanged size sold at.
    pub sale_prices_given: bool,
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
    /// Whether shoppers see it; `false`: a draft (decisions D43).
    pub published: bool,
    /// Its colours in order; each variant's `color` names one (or all are `""` without).
    pub colors: Vec<Colour>,
    /// Whether the form sent the colours; if not, an update keeps the product's
    /// ([`ProductDraft::keep_colors`]).
    pub colors_given: bool,
    /// Its own size chart; `None`: the shop's.
    pub size_chart: Option<SizeChart>,
    /// Whether the form sent the size chart; if not, an update keeps the product's.
    pub size_chart_given: bool,
}

impl ProductDraft {
    /// Colours and sizes together (decisions section 19).
    pub const MAX_VARIANTS: usize = 250;
    pub const MAX_QUANTITY: u32 = 1_000_000;
    pub const MAX_COLORS: usize = 20;
    pub const MAX_COLOR_NAME: usize = 40;
    pub const MAX_COLOR_PHOTOS: usize = 20;
    /// Characters of `info`, at most.
    pub const MAX_INFO: usize = 2000;

    pub fn parse(input: ProductInput) -> Result<Self, InvalidInput> {
        let name = required_text(input.name.as_deref(), 200, "Name")?;
        let info = input.info.unwrap_or_default();
        at_most(&info, Self::MAX_INFO, "Info")?;
        let info = info.trim().to_owned();

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
        let sale_prices = non_empty(input.sale_prices);
        let types = non_empty(input.types);
        let models = non_empty(input.models);
        for (list, field) in [
            (&types, "types"),
            (&models, "models"),
            (&discounts, "discounts"),
            (&sale_prices, "sale prices"),
        ] {
            one_per_price(list, prices.len(), field)?;
        }
        let discounts = discounts
            .iter()
            .map(|d| Percent::parse(d))
            .collect::<Result<Vec<_>, _>>()?;
        let sale_prices = sale_prices
            .iter()
            .map(|p| Paise::parse_rupees(p))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some((sale, mrp)) = sale_prices
            .iter()
            .zip(&prices)
            .find(|(sale, mrp)| sale > mrp)
        {
            return Err(InvalidInput::new(format!(
                "Sale price {} is above its MRP {}: nothing may sell above the MRP",
                sale.in_indian_style(),
                mrp.in_indian_style()
            )));
        }
        let stocks = non_empty(input.stocks);
        one_per_price(&stocks, prices.len(), "stock numbers")?;
        let stocks = stocks
            .iter()
            .map(|s| parse_count(s, "Stock"))
            .collect::<Result<Vec<_>, _>>()?;
        let colors_given = input.colors.is_some();
        let colors = parse_colors(input.colors.unwrap_or_default())?;
        let variant_colors =
            variant_colors(&colors, non_empty(input.variant_colors), prices.len())?;
        let variants: Vec<Variant> = prices
            .into_iter()
            .enumerate()
            .map(|(i, price)| Variant {
                color: variant_colors.get(i).cloned().unwrap_or_default(),
                label: types.get(i).cloned(),
                model: models.get(i).cloned(),
                price,
                sale_price: sale_prices.get(i).copied().unwrap_or_else(|| {
                    price.discounted(discounts.get(i).copied().unwrap_or(Percent::ZERO))
                }),
                stock: stocks.get(i).copied(),
            })
            .collect();
        // Without `colors` the form may be one that knows nothing of them, re-saving a
        // product with colours whose sizes repeat: checked once its colours are known
        // (`keep_colors`); a product without colours keeps today's freedom.
        if colors_given {
            no_variant_twice(&variants)?;
        }

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
        let published = match input.published.as_deref().map(str::trim) {
            None | Some("") => true,
            Some(v) => {
                parse_flag(v).ok_or_else(|| InvalidInput::new("Published must be true or false"))?
            }
        };
        let other_photos = non_empty(input.other_photos);
        if let Some(bad) = other_photos.iter().find(|p| !is_image_reference(p)) {
            return Err(InvalidInput::new(format!(
                "Other photo \"{bad}\" must be an http(s) URL or a path on this server"
            )));
        }
        if let Some(code) = &input.product_code {
            at_most(code, 64, "Product Id")?;
        }
        let product_code = input
            .product_code
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty());
        let size_chart_given = input.size_chart.is_some();
        let size_chart = match input.size_chart {
            Some(rows) if !rows.is_empty() => Some(SizeChart::from_form(rows)?),
            _ => None,
        };
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
            sale_prices_given: !sale_prices.is_empty(),
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
            published,
            colors,
            colors_given,
            size_chart,
            size_chart_given,
        })
    }
}

/// Checks the form's colours (decisions D44): at most [`ProductDraft::MAX_COLORS`], each
/// name 1-40 characters without a comma (the form's lists are comma separated) and unique
/// ignoring case, its hex `#RRGGBB` or none, its photos paths on this shop.
fn parse_colors(inputs: Vec<ColourInput>) -> Result<Vec<Colour>, InvalidInput> {
    if inputs.len() > ProductDraft::MAX_COLORS {
        return Err(InvalidInput::new(format!(
            "A product can have at most {} colours",
            ProductDraft::MAX_COLORS
        )));
    }
    let mut colors: Vec<Colour> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let name = required_text(
            Some(&input.name),
            ProductDraft::MAX_COLOR_NAME,
            "Colour name",
        )?;
        if name.contains(',') {
            return Err(InvalidInput::new(format!(
                "Colour name \"{name}\" must not contain a comma"
            )));
        }
        if colors.iter().any(|c| same_name(&c.name, &name)) {
            return Err(InvalidInput::new(format!(
                "Colour \"{name}\" is given twice: each colour once"
            )));
        }
        let hex = input
            .hex
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty());
        if let Some(hex) = &hex
            && !is_hex_colour(hex)
        {
            return Err(InvalidInput::new(format!(
                "Colour {name}'s hex \"{hex}\" must be # and six hex digits, as #A0522D"
            )));
        }
        let photos = non_empty(input.photos);
        if photos.len() > ProductDraft::MAX_COLOR_PHOTOS {
            return Err(InvalidInput::new(format!(
                "Colour {name} can have at most {} photos",
                ProductDraft::MAX_COLOR_PHOTOS
            )));
        }
        if let Some(bad) = photos
            .iter()
            .find(|p| !(p.starts_with('/') && is_image_reference(p)))
        {
            return Err(InvalidInput::new(format!(
                "Colour {name}'s photo \"{bad}\" must be a photo on this shop (a path such as /api/v1/media/...)"
            )));
        }
        colors.push(Colour { name, hex, photos });
    }
    Ok(colors)
}

/// Two colour names are one colour when they differ only in case.
fn same_name(a: &str, b: &str) -> bool {
    ColourKey::of(a) == ColourKey::of(b)
}

fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text.bytes().skip(1).all(|b| b.is_ascii_hexdigit())
}

/// Each variant's colour as the product names it: one per price naming one of `colors`
/// (ignoring case) when there are colours, none without.
fn variant_colors(
    colors: &[Colour],
    given: Vec<String>,
    prices: usize,
) -> Result<Vec<String>, InvalidInput> {
    if colors.is_empty() {
        if given.is_empty() {
            return Ok(Vec::new());
        }
        return Err(InvalidInput::new(
            "Variant colours need the product's colours: send colors, or no color",
        ));
    }
    if given.len() != prices {
        return Err(InvalidInput::new(format!(
            "Give a colour for each price ({prices}): every variant of a product with colours has one"
        )));
    }
    given
        .iter()
        .map(|name| {
            colors
                .iter()
                .find(|c| same_name(&c.name, name))
                .map(|c| c.name.clone())
                .ok_or_else(|| {
                    InvalidInput::new(format!(
                        "Variant colour \"{name}\" is not one of the product's colours"
                    ))
                })
        })
        .collect()
}

/// No two variants of one colour (or both without) and the same size.
fn no_variant_twice(variants: &[Variant]) -> Result<(), InvalidInput> {
    for (i, variant) in variants.iter().enumerate() {
        let Some(size) = variant.size_label() else {
            continue;
        };
        let twice = variants[..i]
            .iter()
            .any(|v| v.color == variant.color && v.size_label() == Some(size));
        if twice {
            return Err(InvalidInput::new(format!(
                "Two variants are {}: each colour and size once",
                variant.words().unwrap_or_default()
            )));
        }
    }
    Ok(())
}

impl ProductDraft {
    /// Re-saving a product without sale prices never reprices it (decisions D36): a size
    /// whose price and discount are what `before` had keeps the sale price it had (an
    /// imported ₹1,299 under an MRP of ₹3,299 stays ₹1,299, not 60 % off ₹3,299); a changed
    /// one keeps its price less its discount. A size is matched by its label (type, else
    /// model), else by its place when neither has one.
    pub fn keep_sale_prices(&mut self, before: &[Variant]) {
        if self.sale_prices_given {
            return;
        }
        for (i, variant) in self.variants.iter_mut().enumerate() {
            let same = match variant.size_label() {
                Some(label) => before
                    .iter()
                    .find(|b| b.color == variant.color && b.size_label() == Some(label)),
                None => before
                    .get(i)
                    .filter(|b| b.color == variant.color && b.size_label().is_none()),
            };
            if let Some(old) = same
                .filter(|old| old.price == variant.price && old.discount() == variant.discount())
            {
                variant.sale_price = old.sale_price;
            }
        }
    }
}

impl ProductDraft {
    /// An update whose form did not send colours keeps the product's (decisions D44), so a
    /// form that does not know them never drops them: its colours, and each variant's colour
    /// by place, when the variants are as many as before; a refusal otherwise.
    pub fn keep_colors(&mut self, before: &Product) -> Result<(), InvalidInput> {
        if self.colors_given || before.colors.is_empty() {
            return Ok(());
        }
        if self.variants.len() != before.variants.len() {
            return Err(InvalidInput::new(
                "This product has colours: send colors and a color for each price",
            ));
        }
        self.colors.clone_from(&before.colors);
        for (variant, old) in self.variants.iter_mut().zip(&before.variants) {
            variant.color.clone_from(&old.color);
        }
        no_variant_twice(&self.variants)
    }
}

/// A per-variant list is empty or has one entry per price.
fn one_per_price(list: &[String], prices: usize, field: &str) -> Result<(), InvalidInput> {
    if list.is_empty() || list.len() == prices {
        Ok(())
    } else {
        Err(InvalidInput::new(format!(
            "Give as many {field} as prices ({prices}), or none"
        )))
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
