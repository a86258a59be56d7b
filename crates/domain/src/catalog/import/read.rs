//! A file's rows read and checked, and grouped by handle into products.

use std::collections::HashMap;

use super::amount::mrp_and_sale_price;
use super::layout::{Columns, Field, Layout, detect};
use super::photos::is_web_address;
use super::{RowError, RowWarning, Table};
use crate::Paise;
use crate::catalog::Handle;
use crate::catalog::category::is_image_reference;
use crate::catalog::{CategoryDraft, ProductDraft};
use crate::gst::Hsn;

/// The category of a product whose `Type` is empty and whose `Product Category` names none.
pub const UNCATEGORISED: &str = "Uncategorised";

/// Pairs a size gets when its stock is blank and the file says it is not counted
/// (`IMPORT_UNCOUNTED_STOCK`'s default).
pub const DEFAULT_UNCOUNTED_STOCK: u32 = 10;

/// What the shop's settings add to the reading of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportRules {
    /// The stock of a size whose quantity is blank and which Shopify does not count (an
    /// empty `Variant Inventory Tracker`).
    pub uncounted_stock: u32,
}

impl Default for ImportRules {
    fn default() -> Self {
        Self {
            uncounted_stock: DEFAULT_UNCOUNTED_STOCK,
        }
    }
}

/// One size of an imported product: its MRP and the exact price it sells at.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedVariant {
    pub line: u64,
    pub label: Option<String>,
    pub model: Option<String>,
    /// The MRP: the compare-at price, or the price without a higher one.
    pub price: Paise,
    /// The file's price, exactly (decisions D36).
    pub sale_price: Paise,
    /// Its colour, from the option named as one (decisions D44).
    pub color: Option<String>,
    /// The row's `Variant Image`: a photo of its colour (the first its main one), a web
    /// address the job fetches or a path on this shop.
    pub color_photo: Option<PhotoCell>,
}

/// What an option column (or a WooCommerce attribute) holds, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OptionRole {
    Size,
    Colour,
    /// Neither: its value is added to the size label.
    Other,
}

/// The option columns, in order: each option's name and value fields.
const OPTIONS: [(Field, Field); 3] = [
    (Field::OptionName, Field::OptionValue),
    (Field::Option2Name, Field::Option2Value),
    (Field::Option3Name, Field::Option3Value),
];

/// An option's role by its name (decisions section 19). The first option is the size unless it
/// names a colour, as before colours.
fn option_role(index: usize, name: &str) -> OptionRole {
    match role_by_name(name) {
        OptionRole::Other if index == 0 => OptionRole::Size,
        role => role,
    }
}

/// What an option or attribute named `name` is, ignoring case, spaces and a trailing colon:
/// the size, the colour (section 19's lists), or another.
pub(super) fn role_by_name(name: &str) -> OptionRole {
    let name: String = name
        .trim()
        .trim_end_matches(':')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    const COLOUR: [&str; 6] = ["color", "colour", "cor", "couleur", "farbe", "colore"];
    const SIZE: [&str; 7] = [
        "size", "shoesize", "taille", "talla", "tamanho", "größe", "maat",
    ];
    if COLOUR.contains(&name.as_str()) {
        OptionRole::Colour
    } else if SIZE.contains(&name.as_str()) {
        OptionRole::Size
    } else {
        OptionRole::Other
    }
}

/// The stock a file gives a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stock {
    /// The file has no quantity column: the product's stock stays as it is.
    Unchanged,
    /// Every size its own count.
    PerSize,
    /// Only the first size has a count (or none has: 0): one pool for every size.
    Pool(u32),
    /// One size with a count: per size for a new product, and for a known one as it keeps it.
    One(u32),
}

/// A product as a file's rows describe it. `None` fields are columns the file does not
/// have: an update keeps what the product has.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedProduct {
    /// The line of its first row.
    pub line: u64,
    pub handle: Handle,
    pub name: Option<String>,
    pub descriptions: Option<Vec<String>>,
    /// The category's name; `None` without a `Type` column.
    pub category: Option<String>,
    /// The category a new product gets when the file has no `Type` column: the last part of
    /// `Product Category`, else [`UNCATEGORISED`].
    pub fallback_category: String,
    pub tags: Option<Vec<String>>,
    pub info: Option<String>,
    pub material: Option<String>,
    pub specifications: Option<Vec<String>>,
    pub hsn: Option<Option<Hsn>>,
    pub shipping: Option<bool>,
    /// From `Status` and `Published` (decisions D43); `None` when the file has neither.
    pub published: Option<bool>,
    pub variants: Vec<ImportedVariant>,
    /// Per size, parallel to `variants`, when `stock` is `PerSize` (or `One`).
    pub stocks: Vec<u32>,
    pub stock: Stock,
    /// The image at position 1: the product's own photo.
    pub photo: Option<PhotoCell>,
    /// Images at positions 2 and after, in order (and, on a product without colours, its rows'
    /// `Variant Image`s), each where the file names it; `None` without an image column.
    pub other_photos: Option<Vec<PhotoCell>>,
}

/// A product's photo as its rows give it: the `Image Src` at position 1, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoCell {
    /// The line of the row it is on.
    pub line: u64,
    /// The image column's header as the file writes it.
    pub column: String,
    /// A web address, or the name of a file in the photos zip.
    pub src: String,
}

/// What a file holds: its products, and the warnings and errors of its rows. Nothing may be
/// written when `errors` is not empty.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReadFile {
    pub products: Vec<ImportedProduct>,
    pub warnings: Vec<RowWarning>,
    pub errors: Vec<RowError>,
    /// Rows below the header.
    pub rows: u64,
    /// Products (and rows without a handle) left out for their errors.
    pub invalid: u64,
    /// The file's layout; `None` when its header could not be read.
    pub layout: Option<Layout>,
}

/// Reads a file's cells: finds its layout from the header, checks every row, groups rows by
/// handle (a product's rows need not be next to each other), splits each size's price into
/// price and discount.
pub fn read_table(table: &Table) -> ReadFile {
    read_table_with(table, ImportRules::default())
}

/// [`read_table`] with the shop's own rules.
pub fn read_table_with(table: &Table, rules: ImportRules) -> ReadFile {
    let mut file = ReadFile {
        rows: table.rows.len() as u64,
        ..ReadFile::default()
    };
    let layout = match detect(&table.header) {
        Ok(layout) => layout,
        Err(error) => {
            file.errors.push(error);
            return file;
        }
    };
    file.layout = Some(layout);
    if layout == Layout::WooCommerce {
        super::woo::read(table, rules, &mut file);
        file.warnings.sort_by_key(|w| w.row);
        return file;
    }
    let columns = Columns::find(&table.header, layout);
    if !columns.has(Field::Price) {
        file.errors.push(RowError {
            row: 1,
            column: columns.header(Field::Handle),
            message: format!(
                "The file has no {} column",
                columns.layout.name(Field::Price)
            ),
        });
        return file;
    }
    let mut groups: Vec<(Handle, Vec<usize>)> = Vec::new();
    let mut by_handle: HashMap<Handle, usize> = HashMap::new();
    let mut unformed: Vec<String> = Vec::new();
    for (index, row) in table.rows.iter().enumerate() {
        if row.cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let text = columns.cell(&row.cells, Field::Handle).unwrap_or_default();
        let handle = match Handle::parse(text) {
            Ok(handle) => handle,
            Err(e) if text.is_empty() => {
                file.invalid += 1;
                file.errors.push(RowError {
                    row: row.line,
                    column: columns.header(Field::Handle),
                    message: e.to_string(),
                });
                continue;
            }
            // Shopify takes capitals, `™` and emoji in handles: made a handle as a name
            // is, once per handle as written.
            Err(_) => {
                let made = Handle::from_name(text);
                if !unformed.iter().any(|t| t == text) {
                    unformed.push(text.to_owned());
                    file.warnings.push(RowWarning {
                        row: row.line,
                        column: columns.header(Field::Handle),
                        message: format!(
                            "{} \"{text}\" is not in handle form: imported as {made}",
                            columns.header(Field::Handle)
                        ),
                    });
                }
                made
            }
        };
        let group = *by_handle.entry(handle.clone()).or_insert_with(|| {
            groups.push((handle, Vec::new()));
            groups.len() - 1
        });
        groups[group].1.push(index);
    }
    for (handle, rows) in groups {
        let mut reader = ProductReader {
            table,
            columns: &columns,
            rules,
            errors: &mut file.errors,
            warnings: &mut file.warnings,
        };
        match reader.product(handle, &rows) {
            Some(product) => file.products.push(product),
            None => file.invalid += 1,
        }
    }
    file.warnings.sort_by_key(|w| w.row);
    file
}

/// The category named by a Shopify taxonomy path (or a WooCommerce category path): its last
/// part (`Apparel & Accessories > Shoes > Sneakers` -> `Sneakers`), when that is a name a
/// category may have.
pub(super) fn last_part(path: &str) -> Option<String> {
    let last = path.rsplit('>').map(str::trim).find(|p| !p.is_empty())?;
    CategoryDraft::parse(Some(last), None)
        .is_ok()
        .then(|| last.to_owned())
}

struct ProductReader<'a> {
    table: &'a Table,
    columns: &'a Columns,
    rules: ImportRules,
    errors: &'a mut Vec<RowError>,
    warnings: &'a mut Vec<RowWarning>,
}

impl ProductReader<'_> {
    fn refuse(&mut self, line: u64, field: Field, message: impl Into<String>) {
        self.errors.push(RowError {
            row: line,
            column: self.columns.header(field),
            message: message.into(),
        });
    }

    fn warn(&mut self, line: u64, field: Field, message: impl Into<String>) {
        self.warnings.push(RowWarning {
            row: line,
            column: self.columns.header(field),
            message: message.into(),
        });
    }

    /// The product of a handle's rows, or `None` when a row is wrong (its errors noted).
    fn product(&mut self, handle: Handle, rows: &[usize]) -> Option<ImportedProduct> {
        let errors_before = self.errors.len();
        let columns = self.columns;
        let first = &self.table.rows[rows[0]];
        let line = first.line;
        let cell = |field: Field| columns.cell(&first.cells, field).map(str::to_owned);
        let lines = |field: Field| {
            cell(field).map(|text| {
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
        };
        let name = cell(Field::Title);
        if name.as_deref() == Some("") {
            self.refuse(line, Field::Title, "Title is required");
        }
        // Shopify does not require a Type: its taxonomy's last part, else Uncategorised.
        let fallback_category = cell(Field::ProductCategory)
            .and_then(|path| last_part(&path))
            .unwrap_or_else(|| UNCATEGORISED.to_owned());
        let category = match cell(Field::Type) {
            Some(text) if text.is_empty() => {
                let message = if fallback_category == UNCATEGORISED {
                    format!("Type is empty: the product is in {UNCATEGORISED}")
                } else {
                    format!(
                        "Type is empty: the product is in {fallback_category}, from {}",
                        columns.header(Field::ProductCategory)
                    )
                };
                self.warn(line, Field::Type, message);
                Some(fallback_category.clone())
            }
            other => other,
        };
        let hsn = match cell(Field::Hsn) {
            None => None,
            Some(text) if text.is_empty() => Some(None),
            Some(text) => match Hsn::parse(&text) {
                Ok(hsn) => Some(Some(hsn)),
                Err(e) => {
                    self.refuse(line, Field::Hsn, e.to_string());
                    None
                }
            },
        };
        let shipping = match cell(Field::Shipping).as_deref() {
            None => None,
            Some("") => Some(true),
            Some(text) => match text.to_ascii_lowercase().as_str() {
                "yes" | "true" | "1" => Some(true),
                "no" | "false" | "0" => Some(false),
                _ => {
                    self.refuse(line, Field::Shipping, "Shipping must be yes or no");
                    None
                }
            },
        };
        let published = self.published(line, &cell);

        // The options' names are on the product's first row.
        let roles: Vec<OptionRole> = OPTIONS
            .iter()
            .enumerate()
            .map(|(i, (name, _))| option_role(i, &cell(*name).unwrap_or_default()))
            .collect();
        let mut warned_options: Vec<usize> = Vec::new();
        let mut variants = Vec::new();
        let mut quantities = Vec::new();
        let mut images: Vec<(u64, Option<u32>, String)> = Vec::new();
        for &index in rows {
            let row = &self.table.rows[index];
            let get = |field: Field| columns.cell(&row.cells, field);
            if let Some(url) = get(Field::ImageSrc).filter(|u| !u.is_empty()) {
                let position = match get(Field::ImagePosition).unwrap_or_default() {
                    "" => None,
                    text => match text.parse::<u32>().ok().filter(|p| *p >= 1) {
                        Some(p) => Some(p),
                        None => {
                            self.refuse(
                                row.line,
                                Field::ImagePosition,
                                "Image position must be a whole number from 1",
                            );
                            None
                        }
                    },
                };
                images.push((row.line, position, url.to_owned()));
            }
            let price_text = get(Field::Price).unwrap_or_default();
            if price_text.is_empty() {
                if images.last().is_none_or(|(l, ..)| *l != row.line) {
                    self.refuse(row.line, Field::Price, "Price is required");
                }
                continue;
            }
            let option_name = get(Field::OptionName)
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .or_else(|| cell(Field::OptionName))
                .unwrap_or_default();
            let Some(variant) =
                self.variant(row.line, &row.cells, price_text, &roles, &option_name)
            else {
                continue;
            };
            // Another option's value is kept in the size label, said once per option.
            for (i, (name, value)) in OPTIONS.iter().enumerate() {
                if roles[i] == OptionRole::Other
                    && !warned_options.contains(&i)
                    && get(*value).is_some_and(|v| !v.is_empty())
                {
                    warned_options.push(i);
                    let option = cell(*name).unwrap_or_default();
                    self.warn(
                        line,
                        *name,
                        format!("{} {option} kept in the size label", columns.header(*name)),
                    );
                }
            }
            if let Err(message) = fits_among(&variants, &variant) {
                self.refuse(row.line, Field::OptionValue, message);
                continue;
            }
            variants.push(variant);
            // Shopify leaves the tracker empty on a variant whose stock it does not count.
            let uncounted = get(Field::InventoryTracker).is_some_and(str::is_empty);
            quantities.push((row.line, get(Field::Quantity).map(str::to_owned), uncounted));
        }
        if variants.is_empty() && self.errors.len() == errors_before {
            self.refuse(
                line,
                Field::Price,
                "A product needs at least one size with a price",
            );
        }
        if let Some((line, message)) = too_many(&variants) {
            self.refuse(line, Field::Handle, message);
        }
        let (stock, stocks) = self.stock(&quantities);
        let (photo, other_photos) = if columns.has(Field::ImageSrc) {
            // Written positions first, in order; unnumbered images after them in file order.
            let mut numbered = images;
            numbered.sort_by_key(|(_, position, _)| position.unwrap_or(u32::MAX));
            let mut photo: Option<PhotoCell> = None;
            let mut others: Vec<PhotoCell> = Vec::new();
            for (i, (line, position, url)) in numbered.into_iter().enumerate() {
                let own = position == Some(1) || (position.is_none() && i == 0);
                // The product's own photo may name a file of the photos zip; the others are
                // kept as written, so they must be addresses a browser can load.
                if (!own || is_web_address(&url)) && !is_image_reference(&url) {
                    self.refuse(
                        line,
                        Field::ImageSrc,
                        format!("Image \"{url}\" must be an http(s) URL or a path on this server"),
                    );
                } else {
                    let cell = PhotoCell {
                        line,
                        column: columns.header(Field::ImageSrc),
                        src: url,
                    };
                    if own {
                        photo = Some(cell);
                    } else {
                        others.push(cell);
                    }
                }
            }
            (photo, Some(others))
        } else {
            (None, None)
        };
        let other_photos = uncoloured_into_gallery(&mut variants, photo.as_ref(), other_photos);
        if self.errors.len() > errors_before {
            return None;
        }
        Some(ImportedProduct {
            line,
            handle,
            name,
            descriptions: lines(Field::Body),
            category,
            fallback_category,
            tags: cell(Field::Tags).map(|t| {
                t.split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned)
                    .collect()
            }),
            info: cell(Field::Info),
            material: cell(Field::Material),
            specifications: lines(Field::Specifications),
            hsn,
            shipping,
            published,
            variants,
            stocks,
            stock: stock?,
            photo,
            other_photos,
        })
    }

    /// Whether the product is published, from its first row's `Status` (`active`; `draft` or
    /// `archived`: a draft) and `Published` (`TRUE`; `FALSE`: a draft): either one saying
    /// draft makes it one. Blank cells say nothing; `None` when neither says anything.
    fn published(&mut self, line: u64, cell: &dyn Fn(Field) -> Option<String>) -> Option<bool> {
        let status = match cell(Field::Status)
            .map(|s| s.to_ascii_lowercase())
            .as_deref()
        {
            None | Some("") => None,
            Some("active") => Some(true),
            Some("draft" | "archived") => Some(false),
            Some(_) => {
                self.refuse(
                    line,
                    Field::Status,
                    "Status must be active, draft or archived",
                );
                None
            }
        };
        let published = match cell(Field::Published)
            .map(|s| s.to_ascii_lowercase())
            .as_deref()
        {
            None | Some("") => None,
            Some("true" | "yes" | "1") => Some(true),
            Some("false" | "no" | "0") => Some(false),
            Some(_) => {
                self.refuse(line, Field::Published, "Published must be TRUE or FALSE");
                None
            }
        };
        match (status, published) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(true) && b.unwrap_or(true)),
        }
    }

    /// A size's row: its price (what it sells at) and compare-at price (its MRP), its label
    /// and model.
    fn variant(
        &mut self,
        line: u64,
        cells: &[String],
        price_text: &str,
        roles: &[OptionRole],
        option_name: &str,
    ) -> Option<ImportedVariant> {
        let columns = self.columns;
        let get = |field: Field| columns.cell(cells, field).unwrap_or_default();
        let amount = |field: Field, text: &str| {
            Paise::parse_rupees(text).map_err(|_| {
                format!(
                    "{} \"{text}\" must be a number of rupees of at least 0, with at most 2 decimals",
                    columns.header(field)
                )
            })
        };
        let price = amount(Field::Price, price_text);
        let compare_text = get(Field::CompareAt);
        let compare_at = (!compare_text.is_empty()).then(|| amount(Field::CompareAt, compare_text));
        let price = match price {
            Ok(price) => price,
            Err(message) => {
                self.refuse(line, Field::Price, message);
                return None;
            }
        };
        let compare_at = match compare_at.transpose() {
            Ok(c) => c,
            Err(message) => {
                self.refuse(line, Field::CompareAt, message);
                return None;
            }
        };
        let (mrp, sale_price) = mrp_and_sale_price(price, compare_at);
        // Each option by its role: the size, the colour, or added to the size label.
        let mut size: Option<String> = None;
        let mut others: Vec<String> = Vec::new();
        let mut color: Option<String> = None;
        for (i, (_, value_field)) in OPTIONS.iter().enumerate() {
            let value = match get(*value_field) {
                "" => continue,
                // Shopify's one variant of a product without options.
                "Default Title" if i == 0 && option_name.eq_ignore_ascii_case("title") => {
                    continue;
                }
                value => value.to_owned(),
            };
            match roles[i] {
                OptionRole::Size if size.is_none() => size = Some(value),
                OptionRole::Colour if color.is_none() => color = Some(value),
                _ => others.push(value),
            }
        }
        let label = size_label(
            size,
            others,
            color.is_some(),
            roles.contains(&OptionRole::Size),
        );
        let model = Some(get(Field::Sku).to_owned()).filter(|m| !m.is_empty());
        // The colour's photo, or (without colours) one more of the gallery: fetched by the job
        // when it is on another site.
        let color_photo = match get(Field::VariantImage) {
            "" => None,
            url if is_image_reference(url) => Some(PhotoCell {
                line,
                column: columns.header(Field::VariantImage),
                src: url.to_owned(),
            }),
            url => {
                self.refuse(
                    line,
                    Field::VariantImage,
                    format!("Image \"{url}\" must be an http(s) URL or a path on this server"),
                );
                return None;
            }
        };
        Some(ImportedVariant {
            line,
            label,
            model,
            price: mrp,
            sale_price,
            color,
            color_photo,
        })
    }

    /// The stock the quantity column gives: every size its own, or the first size the
    /// pool's (others blank). What a real export holds is taken with a warning: a blank count
    /// Shopify does not track is [`ImportRules::uncounted_stock`], a count below 0 (Shopify
    /// sells on) and any other blank are 0.
    fn stock(&mut self, quantities: &[(u64, Option<String>, bool)]) -> (Option<Stock>, Vec<u32>) {
        if !self.columns.has(Field::Quantity) {
            return (Some(Stock::Unchanged), Vec::new());
        }
        let header = self.columns.header(Field::Quantity);
        let mut counts = Vec::new();
        for (line, text, uncounted) in quantities {
            let line = *line;
            match text.as_deref().unwrap_or_default() {
                "" if *uncounted => {
                    let pairs = self.rules.uncounted_stock;
                    self.warn(
                        line,
                        Field::Quantity,
                        format!(
                            "{header} is blank and {} is empty (stock not tracked): {pairs} pairs",
                            self.columns.header(Field::InventoryTracker)
                        ),
                    );
                    counts.push((line, Some(pairs)));
                }
                "" => counts.push((line, None)),
                text => match text.parse::<i64>() {
                    Ok(q) if q < 0 => {
                        self.warn(
                            line,
                            Field::Quantity,
                            format!("{header} {q} is below 0: 0 pairs"),
                        );
                        counts.push((line, Some(0)));
                    }
                    Ok(q) if q <= i64::from(ProductDraft::MAX_QUANTITY) => {
                        counts.push((line, u32::try_from(q).ok()));
                    }
                    _ => {
                        self.refuse(
                            line,
                            Field::Quantity,
                            format!(
                                "{header} must be a whole number from 0 to {}",
                                ProductDraft::MAX_QUANTITY
                            ),
                        );
                        return (None, Vec::new());
                    }
                },
            }
        }
        let given = counts.iter().filter(|(_, q)| q.is_some()).count();
        match (counts.as_slice(), given) {
            ([], _) => (Some(Stock::Pool(0)), Vec::new()),
            ([(line, _), ..], 0) => {
                let line = *line;
                self.warn(line, Field::Quantity, format!("{header} is blank: 0 pairs"));
                (Some(Stock::Pool(0)), Vec::new())
            }
            ([(_, Some(q))], 1) => (Some(Stock::One(*q)), vec![*q]),
            ([(_, Some(pool)), rest @ ..], 1) if rest.iter().all(|(_, q)| q.is_none()) => {
                (Some(Stock::Pool(*pool)), Vec::new())
            }
            (all, _) => {
                let mut stocks = Vec::with_capacity(all.len());
                for (line, q) in all {
                    if q.is_none() {
                        self.warn(
                            *line,
                            Field::Quantity,
                            format!("{header} is blank: 0 pairs"),
                        );
                    }
                    stocks.push(q.unwrap_or(0));
                }
                (Some(Stock::PerSize), stocks)
            }
        }
    }
}

/// A size's label from its options' values: the size, then any other option's value after
/// ` / ` (`UK 8 / Wide`); only a colour, without any size option, is `One size` (section 19).
pub(super) fn size_label(
    size: Option<String>,
    others: Vec<String>,
    coloured: bool,
    has_size_option: bool,
) -> Option<String> {
    let label = if others.is_empty() {
        size
    } else {
        Some(
            size.into_iter()
                .chain(others)
                .collect::<Vec<_>>()
                .join(" / "),
        )
    };
    match label {
        None if coloured && !has_size_option => Some("One size".to_owned()),
        label => label,
    }
}

/// Why `variant` cannot join the product's `variants` so far: a colour and size given twice
/// (two stocks a shopper could not tell apart), or a product with colours on some sizes only.
pub(super) fn fits_among(
    variants: &[ImportedVariant],
    variant: &ImportedVariant,
) -> Result<(), String> {
    if let Some(first) = same_variant(variants, variant) {
        let label = variant.label.as_deref().unwrap_or_default();
        return Err(match &variant.color {
            Some(colour) => format!("{colour}, {label} is on row {} already", first.line),
            None => format!("Size {label} is on row {} already", first.line),
        });
    }
    if !variants.is_empty() && variants.iter().any(|v| v.color.is_some()) != variant.color.is_some()
    {
        return Err("Every size of a product with colours needs its colour".into());
    }
    Ok(())
}

/// The variant among `variants` of the same colour and size as `variant` (ignoring case); a
/// variant without a size label is never the same as another.
pub(super) fn same_variant<'a>(
    variants: &'a [ImportedVariant],
    variant: &ImportedVariant,
) -> Option<&'a ImportedVariant> {
    let lower = |o: &Option<String>| o.as_ref().map(|t| t.to_lowercase());
    let label = variant.label.as_ref()?.to_lowercase();
    variants.iter().find(|v| {
        lower(&v.label) == Some(label.clone()) && lower(&v.color) == lower(&variant.color)
    })
}

/// The line and message when a product has more variants than a product may.
pub(super) fn too_many(variants: &[ImportedVariant]) -> Option<(u64, String)> {
    let over = variants.get(ProductDraft::MAX_VARIANTS)?;
    Some((
        over.line,
        format!(
            "A product can have at most {} sizes",
            ProductDraft::MAX_VARIANTS
        ),
    ))
}

/// The gallery of a product whose `variants` have no colours: its rows' `Variant Image`s (a
/// variation's image) join it after its own (section 19), each address once and never the
/// product's own photo again. With colours, they are the colours' photos and stay.
pub(super) fn uncoloured_into_gallery(
    variants: &mut [ImportedVariant],
    photo: Option<&PhotoCell>,
    gallery: Option<Vec<PhotoCell>>,
) -> Option<Vec<PhotoCell>> {
    if variants.iter().any(|v| v.color.is_some()) {
        return gallery;
    }
    let loose: Vec<PhotoCell> = variants
        .iter_mut()
        .filter_map(|v| v.color_photo.take())
        .collect();
    if loose.is_empty() {
        return gallery;
    }
    let mut gallery = gallery.unwrap_or_default();
    for cell in loose {
        let known =
            photo.is_some_and(|p| p.src == cell.src) || gallery.iter().any(|g| g.src == cell.src);
        if !known {
            gallery.push(cell);
        }
    }
    Some(gallery)
}
