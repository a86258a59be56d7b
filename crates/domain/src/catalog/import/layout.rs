//! The layouts a file may have (Shopify's two, WooCommerce's), told apart by the header row,
//! and where each column is.

use super::RowError;

/// What a column holds. Columns a layout does not name, and unknown ones, are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Handle,
    Title,
    /// The descriptions, one per line.
    Body,
    /// The category, by name.
    Type,
    Tags,
    OptionName,
    /// The size's label (or, by its option's name, the colour: decisions D44).
    OptionValue,
    /// The second and third options: each the size or the colour by its name, else added to
    /// the size label.
    Option2Name,
    Option2Value,
    Option3Name,
    Option3Value,
    /// The size's model.
    Sku,
    /// What the shopper pays (after the discount).
    Price,
    /// The price before the discount.
    CompareAt,
    Quantity,
    ImageSrc,
    ImagePosition,
    /// The colour's main photo, on a row of that colour.
    VariantImage,
    // Paduka's own columns, the same in both layouts.
    Info,
    Material,
    /// The specifications, one per line.
    Specifications,
    Hsn,
    Shipping,
    /// Shopify's `active`, `draft` or `archived`: the last two import a draft (decisions D43).
    Status,
    // Read, never written: what a Shopify export holds beside its own columns.
    /// Shopify's taxonomy path (`Apparel & Accessories > Shoes > Sneakers`): the category
    /// when `Type` is empty.
    ProductCategory,
    /// Empty: Shopify does not count the variant's stock.
    InventoryTracker,
    /// Shopify's (and WooCommerce's) `TRUE`/`FALSE`: `FALSE` imports a draft.
    Published,
}

impl Field {
    /// Every field, in the order the export writes them.
    pub const ALL: [Field; 24] = [
        Field::Handle,
        Field::Title,
        Field::Body,
        Field::Type,
        Field::Tags,
        Field::OptionName,
        Field::OptionValue,
        Field::Option2Name,
        Field::Option2Value,
        Field::Option3Name,
        Field::Option3Value,
        Field::Sku,
        Field::Price,
        Field::CompareAt,
        Field::Quantity,
        Field::ImageSrc,
        Field::ImagePosition,
        Field::VariantImage,
        Field::Info,
        Field::Material,
        Field::Specifications,
        Field::Hsn,
        Field::Shipping,
        Field::Status,
    ];

    /// Every field an import reads: the exported ones and those only Shopify writes.
    pub const READ: [Field; 27] = {
        let mut read = [Field::ProductCategory; 27];
        let mut i = 0;
        while i < Field::ALL.len() {
            read[i] = Field::ALL[i];
            i += 1;
        }
        read[i + 1] = Field::InventoryTracker;
        read[i + 2] = Field::Published;
        read
    };
}

/// Shopify's classic product CSV, the layout its own exports use since 2025, or WooCommerce's
/// product export (read by `woo`, decisions D46).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Classic,
    Shopify2025,
    WooCommerce,
}

impl Layout {
    /// The header this layout gives `field` (for WooCommerce, the column a message about it
    /// names).
    pub fn name(self, field: Field) -> &'static str {
        use Field::*;
        if self == Layout::WooCommerce {
            return woo_name(field);
        }
        let classic = self == Layout::Classic;
        match field {
            Handle if classic => "Handle",
            Handle => "URL handle",
            Title => "Title",
            Body if classic => "Body (HTML)",
            Body => "Description",
            Type => "Type",
            Tags => "Tags",
            OptionName if classic => "Option1 Name",
            OptionName => "Option1 name",
            OptionValue if classic => "Option1 Value",
            OptionValue => "Option1 value",
            Option2Name if classic => "Option2 Name",
            Option2Name => "Option2 name",
            Option2Value if classic => "Option2 Value",
            Option2Value => "Option2 value",
            Option3Name if classic => "Option3 Name",
            Option3Name => "Option3 name",
            Option3Value if classic => "Option3 Value",
            Option3Value => "Option3 value",
            Sku if classic => "Variant SKU",
            Sku => "SKU",
            Price if classic => "Variant Price",
            Price => "Price",
            CompareAt if classic => "Variant Compare At Price",
            CompareAt => "Compare-at price",
            Quantity if classic => "Variant Inventory Qty",
            Quantity => "Inventory quantity",
            ImageSrc if classic => "Image Src",
            ImageSrc => "Product image URL",
            ImagePosition if classic => "Image Position",
            ImagePosition => "Image position",
            VariantImage if classic => "Variant Image",
            VariantImage => "Variant image URL",
            Info => "Info",
            Material => "Material",
            Specifications => "Specifications",
            Hsn => "HSN",
            Shipping => "Shipping",
            Status => "Status",
            Published => "Published",
            ProductCategory if classic => "Product Category",
            ProductCategory => "Product category",
            InventoryTracker if classic => "Variant Inventory Tracker",
            InventoryTracker => "Inventory tracker",
        }
    }

    /// The header row of an export in this layout.
    pub fn header(self) -> Vec<String> {
        Field::ALL
            .iter()
            .map(|f| self.name(*f).to_owned())
            .collect()
    }
}

/// The WooCommerce column a message about `field` names.
fn woo_name(field: Field) -> &'static str {
    use Field::*;
    match field {
        Handle | Sku => "SKU",
        Title => "Name",
        Body => "Description",
        Type | ProductCategory => "Categories",
        Tags => "Tags",
        OptionName => "Attribute 1 name",
        OptionValue => "Attribute 1 value(s)",
        Option2Name => "Attribute 2 name",
        Option2Value => "Attribute 2 value(s)",
        Option3Name => "Attribute 3 name",
        Option3Value => "Attribute 3 value(s)",
        Price => "Sale price",
        CompareAt => "Regular price",
        Quantity => "Stock",
        ImageSrc | ImagePosition | VariantImage => "Images",
        Info => "Short description",
        Material => "Material",
        Specifications => "Specifications",
        Hsn => "HSN",
        Shipping => "Shipping",
        Status | Published => "Published",
        InventoryTracker => "In stock?",
    }
}

/// The file's layout from its header row, or why it cannot be read: a WooCommerce export in
/// another language is told so, with the English headers it needs.
pub(super) fn detect(header: &[String]) -> Result<Layout, RowError> {
    let has = |name: &str| header.iter().any(|h| same(h, name));
    if has(Layout::Classic.name(Field::Handle)) {
        Ok(Layout::Classic)
    } else if has(Layout::Shopify2025.name(Field::Handle)) {
        Ok(Layout::Shopify2025)
    } else if super::woo::is_woocommerce(header) {
        Ok(Layout::WooCommerce)
    } else {
        let message = if super::woo::looks_like_woocommerce(header) {
            super::woo::NOT_ENGLISH.to_owned()
        } else {
            format!(
                "The first row must name the columns, with Handle (Shopify's product CSV), URL \
                 handle (Shopify's export since 2025), or WooCommerce's {}",
                super::woo::NEEDED
            )
        };
        Err(RowError {
            row: 1,
            column: header.first().cloned().unwrap_or_default(),
            message,
        })
    }
}

/// Where each known column of a file is, and its header as written.
#[derive(Debug, Clone)]
pub(super) struct Columns {
    pub layout: Layout,
    found: Vec<(Field, usize, String)>,
}

impl Columns {
    /// A Shopify file's columns from its header row; headers are compared trimmed and
    /// ignoring case.
    pub fn find(header: &[String], layout: Layout) -> Self {
        let mut found = Vec::new();
        for field in Field::READ {
            // The first of repeated headers counts.
            if let Some(index) = header.iter().position(|h| same(h, layout.name(field))) {
                found.push((field, index, header[index].clone()));
            }
        }
        Self { layout, found }
    }

    /// The column of `field`, if the file has it.
    pub fn index(&self, field: Field) -> Option<usize> {
        self.found
            .iter()
            .find(|(f, ..)| *f == field)
            .map(|(_, i, _)| *i)
    }

    pub fn has(&self, field: Field) -> bool {
        self.index(field).is_some()
    }

    /// The header as the file writes it, or as the layout names it when the file has none.
    pub fn header(&self, field: Field) -> String {
        self.found
            .iter()
            .find(|(f, ..)| *f == field)
            .map(|(_, _, h)| h.clone())
            .unwrap_or_else(|| self.layout.name(field).to_owned())
    }

    /// The trimmed cell of `field` in `cells`, without the `'` an export puts before text
    /// that would start a formula; `None` when the file has no such column.
    pub fn cell<'a>(&self, cells: &'a [String], field: Field) -> Option<&'a str> {
        self.index(field).map(|i| {
            cells
                .get(i)
                .map(|c| super::export::as_written(c.trim()))
                .unwrap_or_default()
        })
    }
}

pub(super) fn same(written: &str, name: &str) -> bool {
    written.trim().eq_ignore_ascii_case(name)
}
