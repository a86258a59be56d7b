//! WooCommerce's product CSV as its exporter writes it in English (decisions section 19, D46):
//! `simple` and `variable` rows are products, `variation` rows their variants, each attribute
//! the size, the colour or part of the size label by its name. It is read into the same
//! products a Shopify file gives, so both are planned and checked by one path.

use std::collections::HashMap;

use super::export::as_written;
use super::layout::same;
use super::photos::is_web_address;
use super::read::{
    ImportRules, ImportedProduct, ImportedVariant, OptionRole, PhotoCell, ReadFile, Stock,
    UNCATEGORISED, last_part, role_by_name, same_variant, size_label, too_many,
    uncoloured_into_gallery,
};
use super::{Row, RowError, RowWarning, Table};
use crate::Paise;
use crate::catalog::category::is_image_reference;
use crate::catalog::{Handle, ProductDraft};

// The exporter's English headers this reads.
const ID: &str = "ID";
const TYPE: &str = "Type";
const SKU: &str = "SKU";
const NAME: &str = "Name";
const PUBLISHED: &str = "Published";
const SHORT_DESCRIPTION: &str = "Short description";
const DESCRIPTION: &str = "Description";
const SALE_PRICE: &str = "Sale price";
const REGULAR_PRICE: &str = "Regular price";
const SALE_STARTS: &str = "Date sale price starts";
const SALE_ENDS: &str = "Date sale price ends";
const CATEGORIES: &str = "Categories";
const TAGS: &str = "Tags";
const IMAGES: &str = "Images";
const STOCK: &str = "Stock";
const IN_STOCK: &str = "In stock?";
const PARENT: &str = "Parent";

/// The English headers an import of a WooCommerce export reads.
pub(super) const NEEDED: &str = "ID, Type, SKU, Name, Published, Short description, \
     Description, Sale price, Regular price, Categories, Tags, Images, Stock, In stock?, Parent, \
     Attribute 1 name, Attribute 1 value(s)";

/// What a WooCommerce export whose header is in another language is refused with.
pub(super) const NOT_ENGLISH: &str = "This looks like a WooCommerce export whose header is not \
     in English (WooCommerce writes it in the language of the user exporting): set your \
     WordPress profile's language to English and export again. The import reads WooCommerce's \
     English headers: ID, Type, SKU, Name, Published, Short description, Description, Sale \
     price, Regular price, Categories, Tags, Images, Stock, In stock?, Parent, Attribute 1 \
     name, Attribute 1 value(s)";

/// Whether the header is WooCommerce's in English: it names the product's type, name and
/// regular price.
pub(super) fn is_woocommerce(header: &[String]) -> bool {
    [TYPE, NAME, REGULAR_PRICE]
        .iter()
        .all(|name| header.iter().any(|h| same(h, name)))
}

/// Whether a header that is not readable looks like WooCommerce's in another language: its
/// `ID` column (untranslated), or its numbered attribute columns (`Attribut 1 nom`,
/// `Eigenschaft 1 Name`).
pub(super) fn looks_like_woocommerce(header: &[String]) -> bool {
    header.iter().any(|h| same(h, ID) || numbered(h))
}

fn numbered(header: &str) -> bool {
    let words: Vec<&str> = header.split_whitespace().collect();
    words.len() >= 3
        && words[1].bytes().all(|b| b.is_ascii_digit())
        && words[0].chars().all(char::is_alphabetic)
}

/// A list cell as WooCommerce writes it: entries after `, `, a comma inside an entry as `\,`.
pub(super) fn list(cell: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut entry = String::new();
    let mut chars = cell.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&',') => {
                entry.push(',');
                chars.next();
            }
            ',' => entries.push(std::mem::take(&mut entry)),
            c => entry.push(c),
        }
    }
    entries.push(entry);
    entries
        .into_iter()
        .map(|e| e.trim().to_owned())
        .filter(|e| !e.is_empty())
        .collect()
}

/// A description as WooCommerce writes it: its line breaks as `\n`, and a `\n` the text
/// itself holds as `\\n`.
pub(super) fn unescape_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('n') => {
                chars.next();
                out.push('\n');
            }
            Some('\\') => {
                let mut ahead = chars.clone();
                ahead.next();
                if ahead.peek() == Some(&'n') {
                    chars.next();
                    chars.next();
                    out.push_str("\\n");
                } else {
                    out.push('\\');
                }
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// What a row is, by the first entry of its `Type` (`simple, downloadable, virtual` is simple).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Simple,
    Variable,
    Variation,
}

/// The file's columns: the English headers, and the numbered attribute columns in order.
struct Columns<'a> {
    header: &'a [String],
    /// Each `Attribute N name` with its `Attribute N value(s)`, by N.
    attributes: Vec<(usize, usize)>,
}

impl<'a> Columns<'a> {
    fn new(header: &'a [String]) -> Self {
        let mut numbered: HashMap<u32, (Option<usize>, Option<usize>)> = HashMap::new();
        for (index, written) in header.iter().enumerate() {
            let lower = written.trim().to_lowercase();
            let Some(rest) = lower.strip_prefix("attribute ") else {
                continue;
            };
            let Some((n, what)) = rest.split_once(' ') else {
                continue;
            };
            let Ok(n) = n.parse::<u32>() else {
                continue;
            };
            let entry = numbered.entry(n).or_default();
            match what.trim() {
                "name" => entry.0 = entry.0.or(Some(index)),
                "value(s)" => entry.1 = entry.1.or(Some(index)),
                _ => {}
            }
        }
        let mut attributes: Vec<(u32, usize, usize)> = numbered
            .into_iter()
            .filter_map(|(n, (name, values))| Some((n, name?, values?)))
            .collect();
        attributes.sort_unstable();
        Self {
            header,
            attributes: attributes
                .into_iter()
                .map(|(_, name, values)| (name, values))
                .collect(),
        }
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| same(h, name))
    }

    fn has(&self, name: &str) -> bool {
        self.index(name).is_some()
    }

    /// The header as the file writes it.
    fn header(&self, name: &str) -> String {
        self.index(name)
            .map_or_else(|| name.to_owned(), |i| self.header[i].clone())
    }

    /// The trimmed cell, without the `'` WooCommerce (as this shop) puts before text that
    /// would start a formula; `None` when the file has no such column.
    fn get<'r>(&self, row: &'r Row, name: &str) -> Option<&'r str> {
        self.index(name).map(|i| at(row, i))
    }

    /// The trimmed cell, empty when the file has no such column.
    fn cell<'r>(&self, row: &'r Row, name: &str) -> &'r str {
        self.get(row, name).unwrap_or_default()
    }

    /// The row's attributes, in the file's order: each named one with its values (none when
    /// blank) and the header of its name column.
    fn attributes(&self, row: &Row) -> Vec<Attribute> {
        self.attributes
            .iter()
            .filter_map(|&(name, values)| {
                let attribute = at(row, name);
                (!attribute.is_empty()).then(|| Attribute {
                    name: attribute.to_owned(),
                    values: list(at(row, values)),
                    name_column: self.header[name].clone(),
                    value_column: self.header[values].clone(),
                })
            })
            .collect()
    }
}

fn at(row: &Row, index: usize) -> &str {
    row.cells
        .get(index)
        .map(|c| as_written(c.trim()))
        .unwrap_or_default()
}

/// One attribute of a row.
#[derive(Debug, Clone)]
struct Attribute {
    name: String,
    values: Vec<String>,
    /// `Attribute N name` as written.
    name_column: String,
    /// `Attribute N value(s)` as written.
    value_column: String,
}

/// A product of the file: its row, and its variations' rows in file order.
struct Parent {
    row: usize,
    kind: Kind,
    handle: Handle,
    variations: Vec<usize>,
}

/// A row's stock: its own count, or its parent's (`parent`: WooCommerce manages the
/// variation's stock on the variable product).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Count {
    Own(u32),
    Parent,
}

/// Reads a WooCommerce export into `file` (whose layout is WooCommerce's).
pub(super) fn read(table: &Table, rules: ImportRules, file: &mut ReadFile) {
    let columns = Columns::new(&table.header);
    let mut reader = Reader {
        table,
        columns: &columns,
        rules,
        errors: &mut file.errors,
        warnings: &mut file.warnings,
    };
    let mut parents: Vec<Parent> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    let mut by_sku: HashMap<String, usize> = HashMap::new();
    // Rows not imported (grouped, external, ...), by how a variation would name them.
    let mut skipped: Vec<String> = Vec::new();
    let mut variations: Vec<usize> = Vec::new();
    let mut handles: HashMap<Handle, u64> = HashMap::new();
    for (index, row) in table.rows.iter().enumerate() {
        if row.cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let id = columns.cell(row, ID).to_owned();
        let sku = columns.cell(row, SKU).to_owned();
        match reader.kind(row) {
            Some(Kind::Variation) => variations.push(index),
            Some(kind) => {
                let handle = reader.handle(row, &sku, &mut handles);
                let at = parents.len();
                if !id.is_empty() {
                    by_id.entry(id).or_insert(at);
                }
                if !sku.is_empty() {
                    by_sku.entry(sku.to_lowercase()).or_insert(at);
                }
                parents.push(Parent {
                    row: index,
                    kind,
                    handle,
                    variations: Vec::new(),
                });
            }
            None => {
                if !id.is_empty() {
                    skipped.push(format!("id:{id}"));
                }
                if !sku.is_empty() {
                    skipped.push(sku.to_lowercase());
                }
            }
        }
    }
    // A variation may come before its parent: attached once every product is known.
    for index in variations {
        let row = &table.rows[index];
        let written = columns.cell(row, PARENT);
        let key = match written.strip_prefix("id:") {
            Some(id) => format!("id:{}", id.trim()),
            None => written.to_lowercase(),
        };
        let found = match written.strip_prefix("id:") {
            Some(id) => by_id.get(id.trim()),
            None => by_sku.get(&key),
        };
        let refusal = match found.map(|&p| (p, parents[p].kind)) {
            Some((p, Kind::Variable)) => {
                parents[p].variations.push(index);
                continue;
            }
            // Its parent is not imported, which its own row's warning says.
            None if skipped.contains(&key) => continue,
            Some(_) => format!(
                "{} {written} is a simple product: only a variable product has variations",
                columns.header(PARENT)
            ),
            None if written.is_empty() => format!(
                "{} is required: a variation belongs to a variable product",
                columns.header(PARENT)
            ),
            None => format!(
                "{} {written} is not in the file: a variation needs its variable product's row",
                columns.header(PARENT)
            ),
        };
        reader.refuse(row.line, PARENT, refusal);
        file.invalid += 1;
    }
    for parent in &parents {
        match reader.product(parent) {
            Some(product) => file.products.push(product),
            None => file.invalid += 1,
        }
    }
}

struct Reader<'a> {
    table: &'a Table,
    columns: &'a Columns<'a>,
    rules: ImportRules,
    errors: &'a mut Vec<RowError>,
    warnings: &'a mut Vec<RowWarning>,
}

/// A variant as one variation row gives it, before its stock is known.
struct Made {
    variant: ImportedVariant,
    count: Option<Count>,
    /// Made from a blank attribute value (every value its parent lists).
    expanded: bool,
}

impl Reader<'_> {
    fn refuse(&mut self, line: u64, column: &str, message: impl Into<String>) {
        self.errors.push(RowError {
            row: line,
            column: self.columns.header(column),
            message: message.into(),
        });
    }

    fn warn(&mut self, line: u64, column: &str, message: impl Into<String>) {
        self.warnings.push(RowWarning {
            row: line,
            column: self.columns.header(column),
            message: message.into(),
        });
    }

    /// The row's kind; `None` (with a warning) for a type that is not imported.
    fn kind(&mut self, row: &Row) -> Option<Kind> {
        let written = self.columns.cell(row, TYPE);
        let first = list(written).into_iter().next().unwrap_or_default();
        match first.to_lowercase().as_str() {
            "simple" => Some(Kind::Simple),
            "variable" => Some(Kind::Variable),
            "variation" => Some(Kind::Variation),
            "" => {
                self.warn(row.line, TYPE, "Type is empty: the row is not imported");
                None
            }
            other => {
                self.warn(
                    row.line,
                    TYPE,
                    format!(
                        "Type {other}: not imported (only simple and variable products and their \
                         variations are)"
                    ),
                );
                None
            }
        }
    }

    /// A product's handle: made from its SKU, else its name, as a handle is made from a name;
    /// a handle the file's products already make is numbered, with a warning.
    fn handle(&mut self, row: &Row, sku: &str, taken: &mut HashMap<Handle, u64>) -> Handle {
        let source = if sku.is_empty() {
            self.columns.cell(row, NAME)
        } else {
            sku
        };
        let base = Handle::from_name(source);
        let handle = (1..)
            .map(|n| base.numbered(n))
            .find(|h| !taken.contains_key(h))
            .expect("some numbered handle is free");
        if handle != base {
            let column = if sku.is_empty() { NAME } else { SKU };
            let first = taken[&base];
            self.warn(
                row.line,
                column,
                format!(
                    "{} \"{source}\" makes the handle {base}, which row {first}'s product has: \
                     imported as {handle}",
                    self.columns.header(column)
                ),
            );
        }
        taken.insert(handle.clone(), row.line);
        handle
    }

    /// The product of `parent`'s rows, or `None` when a row is wrong (its errors noted).
    fn product(&mut self, parent: &Parent) -> Option<ImportedProduct> {
        let errors_before = self.errors.len();
        let columns = self.columns;
        let table = self.table;
        let row = &table.rows[parent.row];
        let line = row.line;
        let name = columns.get(row, NAME).map(str::to_owned);
        if name.as_deref() == Some("") {
            self.refuse(line, NAME, "Name is required");
        }
        let (info, descriptions) = self.descriptions(row);
        let category = self.category(row);
        let tags = columns.get(row, TAGS).map(list);
        let published = self.published(row);
        let attributes = columns.attributes(row);
        let sku = Some(columns.cell(row, SKU).to_owned()).filter(|s| !s.is_empty());
        let (photo, gallery) = self.images(row)?;
        let mut specifications: Vec<String> = Vec::new();
        let mut made: Vec<Made> = Vec::new();
        match parent.kind {
            // A simple product is one variant: an attribute of one value that names a size or
            // a colour is its size or colour; any other describes it (as WooCommerce shows
            // it under Additional information). (A parent is never a variation.)
            Kind::Simple | Kind::Variation => {
                let mut options = Vec::new();
                for attribute in &attributes {
                    let role = role_by_name(&attribute.name);
                    match attribute.values.as_slice() {
                        [value] if role != OptionRole::Other => {
                            options.push((role, attribute.clone(), value.clone()));
                        }
                        [] => {}
                        values => specifications.push(format!(
                            "{}: {}",
                            attribute.name,
                            values.join(", ")
                        )),
                    }
                }
                let has_size = options.iter().any(|(r, ..)| *r == OptionRole::Size);
                match self.variant(row, sku.clone(), &options, has_size) {
                    Some(Some(variant)) => made.push(Made {
                        variant,
                        count: self.count(row)?,
                        expanded: false,
                    }),
                    Some(None) => self.refuse(
                        line,
                        REGULAR_PRICE,
                        "A product needs at least one size with a price",
                    ),
                    None => {}
                }
            }
            Kind::Variable => {
                made = self.variations(parent, &attributes, &mut specifications)?;
                if made.is_empty() && self.errors.len() == errors_before {
                    self.refuse(
                        line,
                        REGULAR_PRICE,
                        "A product needs at least one size with a price",
                    );
                }
            }
        }
        let mut variants: Vec<ImportedVariant> = made.iter().map(|m| m.variant.clone()).collect();
        if let Some((over, message)) = too_many(&variants) {
            self.refuse(over, PARENT, message);
        }
        let (stock, stocks) = self.stock(parent, &made);
        let other_photos = uncoloured_into_gallery(&mut variants, photo.as_ref(), gallery);
        if self.errors.len() > errors_before {
            return None;
        }
        Some(ImportedProduct {
            line,
            handle: parent.handle.clone(),
            name,
            descriptions,
            category,
            fallback_category: UNCATEGORISED.to_owned(),
            tags,
            info,
            material: None,
            specifications: (!specifications.is_empty()).then_some(specifications),
            hsn: None,
            shipping: None,
            published,
            variants,
            stocks,
            stock: stock?,
            photo,
            other_photos,
        })
    }

    /// A variable product's variants: each variation row once per value of each attribute
    /// it leaves blank (every value its parent lists); a colour and size twice is an error,
    /// unless a blank value made it, when the first is kept with a warning. The parent's
    /// attributes no variation names describe the product (`specifications`).
    fn variations(
        &mut self,
        parent: &Parent,
        attributes: &[Attribute],
        specifications: &mut Vec<String>,
    ) -> Option<Vec<Made>> {
        let columns = self.columns;
        let table = self.table;
        let line = table.rows[parent.row].line;
        let listed = |name: &str| {
            attributes
                .iter()
                .find(|a| a.name.to_lowercase() == name.to_lowercase())
        };
        let has_size = attributes
            .iter()
            .any(|a| role_by_name(&a.name) == OptionRole::Size);
        let mut named: Vec<String> = Vec::new();
        let mut warned: Vec<String> = Vec::new();
        let mut made: Vec<Made> = Vec::new();
        let mut failed = false;
        for &index in &parent.variations {
            let row = &table.rows[index];
            // A variation switched off in WooCommerce (`Published` 0) is not sold there.
            if columns.cell(row, PUBLISHED) == "0" {
                self.warn(
                    row.line,
                    PUBLISHED,
                    format!(
                        "{} 0: a variation switched off in WooCommerce, not imported",
                        columns.header(PUBLISHED)
                    ),
                );
                continue;
            }
            // Each attribute's values: its own, or all its parent's when left blank.
            let mut choices: Vec<(OptionRole, Attribute, Vec<String>, bool)> = Vec::new();
            for attribute in columns.attributes(row) {
                if !named
                    .iter()
                    .any(|n| n.to_lowercase() == attribute.name.to_lowercase())
                {
                    named.push(attribute.name.clone());
                }
                let role = role_by_name(&attribute.name);
                let (values, expanded) = if attribute.values.is_empty() {
                    let all = listed(&attribute.name)
                        .map(|a| a.values.clone())
                        .unwrap_or_default();
                    (all, true)
                } else {
                    (vec![attribute.values.join(", ")], false)
                };
                if values.is_empty() {
                    continue;
                }
                if role == OptionRole::Other
                    && !warned
                        .iter()
                        .any(|w| w.to_lowercase() == attribute.name.to_lowercase())
                {
                    warned.push(attribute.name.clone());
                    self.warnings.push(RowWarning {
                        row: line,
                        column: attribute.name_column.clone(),
                        message: format!(
                            "{} {} kept in the size label",
                            attribute.name_column, attribute.name
                        ),
                    });
                }
                choices.push((role, attribute, values, expanded));
            }
            let sku = Some(columns.cell(row, SKU).to_owned()).filter(|s| !s.is_empty());
            let count = self.count(row);
            let mut combinations: Vec<Vec<(OptionRole, Attribute, String)>> = vec![Vec::new()];
            for (role, attribute, values, _) in &choices {
                combinations = combinations
                    .into_iter()
                    .flat_map(|done| {
                        values.iter().map(move |value| {
                            let mut next = done.clone();
                            next.push((*role, attribute.clone(), value.clone()));
                            next
                        })
                    })
                    .collect();
            }
            let expanded = choices.iter().any(|(.., e)| *e);
            for options in combinations {
                let variant = match self.variant(row, sku.clone(), &options, has_size) {
                    Some(Some(variant)) => variant,
                    Some(None) => {
                        self.refuse(
                            row.line,
                            REGULAR_PRICE,
                            format!("{} is required", columns.header(REGULAR_PRICE)),
                        );
                        failed = true;
                        break;
                    }
                    None => {
                        failed = true;
                        break;
                    }
                };
                let Some(count) = count else {
                    failed = true;
                    break;
                };
                let value_column = options.first().map_or_else(
                    || columns.header(PARENT),
                    |(_, a, _)| a.value_column.clone(),
                );
                if let Some(first) = made
                    .iter()
                    .find(|m| same_variant(std::slice::from_ref(&m.variant), &variant).is_some())
                {
                    let words = match &variant.color {
                        Some(colour) => {
                            format!("{colour}, {}", variant.label.as_deref().unwrap_or_default())
                        }
                        None => format!("Size {}", variant.label.as_deref().unwrap_or_default()),
                    };
                    let message = format!("{words} is on row {} already", first.variant.line);
                    if expanded || first.expanded {
                        self.warnings.push(RowWarning {
                            row: row.line,
                            column: value_column,
                            message: format!("{message}: the first is kept"),
                        });
                        continue;
                    }
                    self.errors.push(RowError {
                        row: row.line,
                        column: value_column,
                        message,
                    });
                    failed = true;
                    break;
                }
                if made
                    .first()
                    .is_some_and(|m| m.variant.color.is_some() != variant.color.is_some())
                {
                    self.errors.push(RowError {
                        row: row.line,
                        column: value_column,
                        message: "Every size of a product with colours needs its colour".into(),
                    });
                    failed = true;
                    break;
                }
                made.push(Made {
                    variant,
                    count,
                    expanded,
                });
            }
        }
        for attribute in attributes {
            let used = named
                .iter()
                .any(|n| n.to_lowercase() == attribute.name.to_lowercase());
            if !used && !attribute.values.is_empty() {
                specifications.push(format!(
                    "{}: {}",
                    attribute.name,
                    attribute.values.join(", ")
                ));
            }
        }
        (!failed).then_some(made)
    }

    /// One variant of `row` with these options (role, attribute, value): its prices, size
    /// label, colour and the row's own image; `None` when a cell is wrong (noted),
    /// `Some(None)` when the row has no price.
    fn variant(
        &mut self,
        row: &Row,
        model: Option<String>,
        options: &[(OptionRole, Attribute, String)],
        has_size_option: bool,
    ) -> Option<Option<ImportedVariant>> {
        let regular = self.amount(row, REGULAR_PRICE).ok()?;
        let sale = self.amount(row, SALE_PRICE).ok()?;
        let Some(price) = sale.or(regular) else {
            return Some(None);
        };
        let (mrp, sale_price) = super::amount::mrp_and_sale_price(price, regular);
        if sale.is_some()
            && [SALE_STARTS, SALE_ENDS]
                .iter()
                .any(|c| !self.columns.cell(row, c).is_empty())
        {
            let warned = self
                .warnings
                .iter()
                .any(|w| w.row == row.line && w.column == self.columns.header(SALE_PRICE));
            if !warned {
                self.warn(
                    row.line,
                    SALE_PRICE,
                    format!(
                        "{} has dates in WooCommerce ({} / {}): this shop has no scheduled \
                         prices, so it sells at {} from now on",
                        self.columns.header(SALE_PRICE),
                        self.columns.header(SALE_STARTS),
                        self.columns.header(SALE_ENDS),
                        super::amount::format_rupees(sale_price)
                    ),
                );
            }
        }
        let mut size = None;
        let mut color = None;
        let mut others = Vec::new();
        for (role, _, value) in options {
            match role {
                OptionRole::Size if size.is_none() => size = Some(value.clone()),
                OptionRole::Colour if color.is_none() => color = Some(value.clone()),
                _ => others.push(value.clone()),
            }
        }
        let label = size_label(size, others, color.is_some(), has_size_option);
        // A variation's own image (the first of its `Images`): its colour's photo.
        let color_photo = match list(self.columns.cell(row, IMAGES)).into_iter().next() {
            Some(src) if self.is_photo(row, &src) => Some(PhotoCell {
                line: row.line,
                column: self.columns.header(IMAGES),
                src,
            }),
            Some(_) => return None,
            None => None,
        };
        Some(Some(ImportedVariant {
            line: row.line,
            label,
            model,
            price: mrp,
            sale_price,
            color,
            color_photo,
        }))
    }

    /// Whether `src` can be one of a product's photos (an address, or a path on this shop);
    /// refused on its row otherwise.
    fn is_photo(&mut self, row: &Row, src: &str) -> bool {
        if is_image_reference(src) {
            return true;
        }
        self.refuse(
            row.line,
            IMAGES,
            format!("Image \"{src}\" must be an http(s) URL or a path on this server"),
        );
        false
    }

    /// A product row's `Images`: the first its own photo (a web address, or a file of the
    /// photos zip), the others its gallery; `None` when one is wrong (noted).
    #[allow(clippy::type_complexity)] // the photo and the gallery, as the Shopify reader's
    fn images(&mut self, row: &Row) -> Option<(Option<PhotoCell>, Option<Vec<PhotoCell>>)> {
        let Some(cell) = self.columns.get(row, IMAGES) else {
            return Some((None, None));
        };
        let column = self.columns.header(IMAGES);
        let mut photo = None;
        let mut gallery = Vec::new();
        let mut wrong = false;
        for (i, src) in list(cell).into_iter().enumerate() {
            let own = i == 0;
            if (!own || is_web_address(&src)) && !self.is_photo(row, &src) {
                wrong = true;
                continue;
            }
            let cell = PhotoCell {
                line: row.line,
                column: column.clone(),
                src,
            };
            if own {
                photo = Some(cell);
            } else if !gallery.iter().any(|g: &PhotoCell| g.src == cell.src) {
                gallery.push(cell);
            }
        }
        (!wrong).then_some((photo, Some(gallery)))
    }

    /// An amount as WooCommerce writes it (its shop's decimal separator, a comma in many
    /// countries); `Ok(None)` when blank.
    fn amount(&mut self, row: &Row, column: &str) -> Result<Option<Paise>, ()> {
        let text = self.columns.cell(row, column);
        if text.is_empty() {
            return Ok(None);
        }
        let point = if text.contains(',') && !text.contains('.') {
            text.replacen(',', ".", 1)
        } else {
            text.to_owned()
        };
        match Paise::parse_rupees(&point) {
            Ok(amount) => Ok(Some(amount)),
            Err(_) => {
                self.refuse(
                    row.line,
                    column,
                    format!(
                        "{} \"{text}\" must be a number of rupees of at least 0, with at most 2 \
                         decimals",
                        self.columns.header(column)
                    ),
                );
                Err(())
            }
        }
    }

    /// The row's stock as the file gives it: `None` when wrong (noted), `Some(None)` without
    /// a `Stock` column. A blank count WooCommerce does not manage but sells (`In stock?` 1,
    /// or `backorder`) is [`ImportRules::uncounted_stock`]; any other blank, and a count below
    /// 0, is 0; each with a warning.
    fn count(&mut self, row: &Row) -> Option<Option<Count>> {
        let Some(text) = self.columns.get(row, STOCK) else {
            return Some(None);
        };
        let header = self.columns.header(STOCK);
        let count = match text {
            "" => {
                let selling = matches!(
                    self.columns.cell(row, IN_STOCK).to_lowercase().as_str(),
                    "1" | "backorder"
                );
                if selling {
                    let pairs = self.rules.uncounted_stock;
                    self.warn(
                        row.line,
                        STOCK,
                        format!(
                            "{header} is blank and {} is {} (stock not managed): {pairs} pairs",
                            self.columns.header(IN_STOCK),
                            self.columns.cell(row, IN_STOCK)
                        ),
                    );
                    Count::Own(pairs)
                } else {
                    self.warn(row.line, STOCK, format!("{header} is blank: 0 pairs"));
                    Count::Own(0)
                }
            }
            text if text.eq_ignore_ascii_case("parent") => Count::Parent,
            text => match text.parse::<i64>() {
                Ok(q) if q < 0 => {
                    self.warn(row.line, STOCK, format!("{header} {q} is below 0: 0 pairs"));
                    Count::Own(0)
                }
                Ok(q) if q <= i64::from(ProductDraft::MAX_QUANTITY) => {
                    Count::Own(u32::try_from(q).unwrap_or(0))
                }
                _ => {
                    self.refuse(
                        row.line,
                        STOCK,
                        format!(
                            "{header} must be a whole number from 0 to {}",
                            ProductDraft::MAX_QUANTITY
                        ),
                    );
                    return None;
                }
            },
        };
        Some(Some(count))
    }

    /// The product's stock from its variants' counts: one per variant; the parent's pool
    /// when every variation's stock is the parent's (`parent`); a simple product's own count.
    fn stock(&mut self, parent: &Parent, made: &[Made]) -> (Option<Stock>, Vec<u32>) {
        if !self.columns.has(STOCK) {
            return (Some(Stock::Unchanged), Vec::new());
        }
        let counts: Vec<Option<Count>> = made.iter().map(|m| m.count).collect();
        let from_parent = counts.iter().filter(|c| **c == Some(Count::Parent)).count();
        let table = self.table;
        let row = &table.rows[parent.row];
        let pool = if from_parent > 0 {
            match self.count(row) {
                Some(Some(Count::Own(q))) => q,
                Some(_) => 0,
                None => return (None, Vec::new()),
            }
        } else {
            0
        };
        if from_parent > 0 && from_parent == counts.len() {
            return (Some(Stock::Pool(pool)), Vec::new());
        }
        if from_parent > 0 {
            self.warn(
                row.line,
                STOCK,
                format!(
                    "{} is parent on some sizes only: each of them gets the product's {pool} pairs",
                    self.columns.header(STOCK)
                ),
            );
        }
        let stocks: Vec<u32> = counts
            .iter()
            .map(|c| match c {
                Some(Count::Own(q)) => *q,
                _ => pool,
            })
            .collect();
        match (parent.kind, stocks.as_slice()) {
            (Kind::Simple, [one]) => (Some(Stock::One(*one)), stocks),
            _ => (Some(Stock::PerSize), stocks),
        }
    }

    /// The short description (`info`) and the description's lines, `\n` read as line breaks
    /// and HTML kept as written, as Shopify's `Body (HTML)`. A short description longer than
    /// `info` may be starts the description instead, with a warning.
    fn descriptions(&mut self, row: &Row) -> (Option<String>, Option<Vec<String>>) {
        let lines = |text: &str| -> Vec<String> {
            unescape_lines(text)
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let mut descriptions = self.columns.get(row, DESCRIPTION).map(lines);
        let info = self.columns.get(row, SHORT_DESCRIPTION).map(|short| {
            let text = unescape_lines(short).trim().to_owned();
            if text.chars().count() <= ProductDraft::MAX_INFO {
                return text;
            }
            self.warn(
                row.line,
                SHORT_DESCRIPTION,
                format!(
                    "{} is longer than {} characters: it starts the description instead",
                    self.columns.header(SHORT_DESCRIPTION),
                    ProductDraft::MAX_INFO
                ),
            );
            let mut all = lines(short);
            all.extend(descriptions.take().unwrap_or_default());
            descriptions = Some(all);
            String::new()
        });
        (info, descriptions)
    }

    /// The category: the last part of the first path `Categories` lists (`Shoes > Sneakers,
    /// Sale` -> `Sneakers`), else [`UNCATEGORISED`] with a warning; `None` without the column.
    fn category(&mut self, row: &Row) -> Option<String> {
        let cell = self.columns.get(row, CATEGORIES)?;
        let header = self.columns.header(CATEGORIES);
        let first = list(cell).into_iter().next();
        match first.as_deref().map(|path| (path, last_part(path))) {
            Some((_, Some(name))) => Some(name),
            Some((path, None)) => {
                self.warn(
                    row.line,
                    CATEGORIES,
                    format!(
                        "{header} \"{path}\" cannot be a category's name: the product is in \
                         {UNCATEGORISED}"
                    ),
                );
                Some(UNCATEGORISED.to_owned())
            }
            None => {
                self.warn(
                    row.line,
                    CATEGORIES,
                    format!("{header} is empty: the product is in {UNCATEGORISED}"),
                );
                Some(UNCATEGORISED.to_owned())
            }
        }
    }

    /// `Published` 1 is published; 0 (private), -1 (draft) and 2 (pending review) import a
    /// draft (decisions D43); blank says nothing.
    fn published(&mut self, row: &Row) -> Option<bool> {
        match self.columns.get(row, PUBLISHED)?.to_lowercase().as_str() {
            "" => None,
            "1" | "true" | "yes" => Some(true),
            "0" | "-1" | "2" | "false" | "no" => Some(false),
            _ => {
                self.refuse(
                    row.line,
                    PUBLISHED,
                    format!(
                        "{} must be 1 (published), 0 (private) or -1 (draft)",
                        self.columns.header(PUBLISHED)
                    ),
                );
                None
            }
        }
    }
}
