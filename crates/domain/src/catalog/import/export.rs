//! A catalog as a file in Shopify's classic layout (decisions section 17).

use super::Table;
use super::amount::format_rupees;
use super::layout::{Field, Layout};
use crate::ProductId;
use crate::catalog::Product;

/// Where this shop serves a product's own photo, e.g.
/// `https://shop.example.in/api/v1/product/product-photo/` followed by the product's id: the
/// export writes it, and an import recognises it as the photo the product already has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoAddress {
    prefix: String,
}

impl PhotoAddress {
    pub fn new(prefix: impl Into<String>) -> Self {
        Self {
            prefix: prefix.into(),
        }
    }

    pub fn of(&self, product: &ProductId) -> String {
        format!("{}{product}", self.prefix)
    }

    /// The product whose own photo `url` is, when it is one of this shop's photo addresses
    /// (with or without a query, such as `?v=`).
    pub fn product_of(&self, url: &str) -> Option<ProductId> {
        let rest = url.strip_prefix(&self.prefix)?;
        let id = rest.split(['?', '#']).next().unwrap_or_default();
        (!id.is_empty() && !id.contains('/')).then(|| ProductId::new(id))
    }
}

/// The first characters that make a spreadsheet read a cell as a formula (OWASP's CSV
/// injection), their full-width forms too: such a cell is written after a `'`.
const FORMULA_STARTS: [char; 10] = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

fn starts_a_formula(text: &str) -> bool {
    text.starts_with(FORMULA_STARTS)
}

/// A cell a spreadsheet shows as text: `'` before one that would start a formula.
fn never_a_formula(cell: String) -> String {
    if starts_a_formula(&cell) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// A cell as the export wrote it before it was protected: one `'` taken off a cell that
/// would otherwise start a formula (a `'` before anything else is the seller's own).
pub(super) fn as_written(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if starts_a_formula(rest) => rest,
        _ => cell,
    }
}

/// The products as rows in the classic layout: one row per size with the product's own
/// columns on its first row; its photos (position 1 its own, 2+ its other photos) on its rows
/// in turn, then on extra rows with only the handle and the image, as Shopify writes them.
pub fn export_table(products: &[Product], photos: &PhotoAddress) -> Table {
    let layout = Layout::Classic;
    let mut table = Table {
        header: layout.header(),
        rows: Vec::new(),
    };
    for product in products {
        let mut images: Vec<(usize, String)> = Vec::new();
        if product.has_photo {
            images.push((1, photos.of(&product.id)));
        }
        images.extend(
            product
                .other_photos
                .iter()
                .enumerate()
                .map(|(i, url)| (i + 2, url.clone())),
        );
        let rows = product.variants.len().max(images.len());
        for index in 0..rows {
            let mut cells = vec![String::new(); Field::ALL.len()];
            let mut set = |field: Field, value: String| {
                if let Some(i) = Field::ALL.iter().position(|f| *f == field) {
                    cells[i] = value;
                }
            };
            set(Field::Handle, product.handle.to_string());
            if index == 0 {
                set(Field::Title, product.name.clone());
                set(Field::Body, product.descriptions.join("\n"));
                set(Field::Type, product.category.name.clone());
                set(Field::Tags, product.tags.join(", "));
                set(Field::OptionName, "Size".into());
                // Colours as Shopify writes them: the second option (decisions D44).
                if !product.colors.is_empty() {
                    set(Field::Option2Name, "Color".into());
                }
                set(Field::Info, product.info.clone());
                set(Field::Material, product.material.clone());
                set(Field::Specifications, product.specifications.join("\n"));
                set(
                    Field::Hsn,
                    product
                        .hsn
                        .as_ref()
                        .map(|h| h.as_str().to_owned())
                        .unwrap_or_default(),
                );
                set(
                    Field::Shipping,
                    if product.shipping { "yes" } else { "no" }.into(),
                );
                set(
                    Field::Status,
                    if product.published { "active" } else { "draft" }.into(),
                );
            }
            if let Some(variant) = product.variants.get(index) {
                set(
                    Field::OptionValue,
                    variant.label.clone().unwrap_or_default(),
                );
                set(Field::Sku, variant.model.clone().unwrap_or_default());
                if !product.colors.is_empty() {
                    set(Field::Option2Value, variant.color.clone());
                    let main = product
                        .colors
                        .iter()
                        .find(|c| c.name == variant.color)
                        .and_then(|c| c.photos.first());
                    set(Field::VariantImage, main.cloned().unwrap_or_default());
                }
                set(Field::Price, format_rupees(variant.sale_price));
                set(Field::CompareAt, format_rupees(variant.price));
                let quantity = match variant.stock {
                    Some(stock) => stock.to_string(),
                    None if index == 0 => product.quantity.to_string(),
                    None => String::new(),
                };
                set(Field::Quantity, quantity);
            }
            if let Some((position, url)) = images.get(index) {
                set(Field::ImageSrc, url.clone());
                set(Field::ImagePosition, position.to_string());
            }
            table.rows.push(super::Row {
                line: table.rows.len() as u64 + 2,
                cells: cells.into_iter().map(never_a_formula).collect(),
            });
        }
    }
    table
}
