//! What an import changes: each product of a file created, updated or left as it is.

use std::collections::HashMap;

use super::amount::format_rupees;
use super::export::PhotoAddress;
use super::layout::{Field, Layout};
use super::photos::{PhotoFiles, is_web_address, no_zip_for};
use super::read::{ImportedProduct, PhotoCell, ReadFile, Stock};
use super::{RowError, RowWarning};
use crate::catalog::{CategoryDraft, ColourInput, Handle, Product, ProductDraft, ProductInput};
use crate::{CategoryId, ProductId};

/// What becomes of the product's photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhotoPlan {
    /// The photo it has (this shop's own address for it, or no image at position 1).
    Keep,
    /// A photo the job fetches from the cell's web address.
    Fetch(PhotoCell),
    /// The photos zip's file at `path`, which the cell names.
    FromZip { cell: PhotoCell, path: String },
}

impl PhotoPlan {
    /// The cell the new photo comes from; `None` when the photo is kept.
    pub fn cell(&self) -> Option<&PhotoCell> {
        match self {
            Self::Keep => None,
            Self::Fetch(cell) | Self::FromZip { cell, .. } => Some(cell),
        }
    }
}

/// Where a photo the job fetches goes (decisions D46).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhotoSlot {
    /// The product's own photo.
    Main,
    /// The product's gallery (`otherphoto`).
    Gallery,
    /// The photos of the colour of this name.
    Colour(String),
}

/// A photo of a product's gallery or of one of its colours on another site: the job fetches
/// it and stores it on this shop, so nothing points back at the old shop (section 19).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoFetch {
    pub cell: PhotoCell,
    pub slot: PhotoSlot,
}

/// A product's gallery and colour photos once the job has fetched them.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedPhotos<'a> {
    /// The draft to write, every photo a path on this shop (or an address the product
    /// already had).
    pub draft: ProductDraft,
    /// The photos that could not be used: left out.
    pub missing: Vec<&'a PhotoFetch>,
}

/// What an import does to one product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Create,
    Update(ProductId),
    /// Everything the file says is what the product has, but its photo comes from a web
    /// address or the zip: an update unless that photo turns out to be the one it has, which
    /// only the job knows once it has the photo (a file imported again, `Image Src` and all).
    NewPhoto(ProductId),
    Unchanged(ProductId),
}

/// One product of the file, as it will be written.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedProduct {
    /// The line of its first row.
    pub line: u64,
    pub handle: Handle,
    /// Its category's name, as the shop has it or as it will be created.
    pub category: String,
    /// Checked by the same rules as the admin's form. Its `category` is a placeholder until
    /// the category is known by id (it may not exist yet): see [`PlannedProduct::in_category`].
    pub draft: ProductDraft,
    pub photo: PhotoPlan,
    /// Gallery and colour photos to fetch, in the file's order. Until they are fetched, the
    /// draft names each by its web address (see [`PlannedProduct::with_photos`]).
    pub fetches: Vec<PhotoFetch>,
    pub change: Change,
}

impl PlannedProduct {
    /// The draft with its category's id.
    pub fn in_category(&self, id: CategoryId) -> ProductDraft {
        ProductDraft {
            category: id,
            ..self.draft.clone()
        }
    }

    /// The draft with each fetched photo's address on this shop as `stored` gives it (`None`:
    /// it could not be used, and is left out). When one of a list's photos is left out, the
    /// photos `current` has in that list are kept after the file's, so an import never loses
    /// a photo the product had (a dead link in a file imported again changes nothing).
    pub fn with_photos(
        &self,
        stored: impl Fn(&str) -> Option<String>,
        current: Option<&Product>,
    ) -> ResolvedPhotos<'_> {
        let mut draft = self.draft.clone();
        let mut missing = Vec::new();
        let mut resolve = |list: &mut Vec<String>, slot: &PhotoSlot, had: &[String]| {
            let fetched: Vec<&PhotoFetch> =
                self.fetches.iter().filter(|f| f.slot == *slot).collect();
            if fetched.is_empty() {
                return;
            }
            let mut lost = false;
            let mut out: Vec<String> = Vec::with_capacity(list.len());
            for photo in list.drain(..) {
                let resolved = match fetched.iter().find(|f| f.cell.src == photo) {
                    Some(fetch) => match stored(&photo) {
                        Some(path) => Some(path),
                        None => {
                            lost = true;
                            if !missing.contains(fetch) {
                                missing.push(*fetch);
                            }
                            None
                        }
                    },
                    None => Some(photo),
                };
                if let Some(photo) = resolved
                    && !out.contains(&photo)
                {
                    out.push(photo);
                }
            }
            if lost {
                for photo in had {
                    if !out.contains(photo) {
                        out.push(photo.clone());
                    }
                }
            }
            *list = out;
        };
        let gallery: Vec<String> = current.map(|p| p.other_photos.clone()).unwrap_or_default();
        resolve(&mut draft.other_photos, &PhotoSlot::Gallery, &gallery);
        for colour in &mut draft.colors {
            let had: Vec<String> = current
                .and_then(|p| {
                    p.colors
                        .iter()
                        .find(|c| c.name.to_lowercase() == colour.name.to_lowercase())
                })
                .map(|c| c.photos.clone())
                .unwrap_or_default();
            resolve(
                &mut colour.photos,
                &PhotoSlot::Colour(colour.name.clone()),
                &had,
            );
            colour.photos.truncate(ProductDraft::MAX_COLOR_PHOTOS);
        }
        ResolvedPhotos { draft, missing }
    }

    /// Whether `product` already is what `draft` (this product's, its photos resolved)
    /// describes.
    pub fn leaves(&self, product: &Product, draft: &ProductDraft) -> bool {
        same(product, draft, &self.category)
    }
}

/// A whole file checked against the shop: nothing may be written while `errors` has any.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportPlan {
    pub products: Vec<PlannedProduct>,
    pub warnings: Vec<RowWarning>,
    pub errors: Vec<RowError>,
    /// Categories named by the file that the shop does not have, as first written.
    pub new_categories: Vec<String>,
    /// Products (and rows without a handle) left out for their errors.
    pub invalid: u64,
}

impl ImportPlan {
    pub fn count(&self, kind: fn(&Change) -> bool) -> u64 {
        self.products.iter().filter(|p| kind(&p.change)).count() as u64
    }

    pub fn created(&self) -> u64 {
        self.count(|c| matches!(c, Change::Create))
    }

    /// The products to update, those whose photo alone may differ among them (the dry run
    /// cannot tell before the photos are fetched).
    pub fn updated(&self) -> u64 {
        self.count(|c| matches!(c, Change::Update(_) | Change::NewPhoto(_)))
    }

    pub fn unchanged(&self) -> u64 {
        self.count(|c| matches!(c, Change::Unchanged(_)))
    }

    /// Whether any photo is to be fetched.
    pub fn fetches(&self) -> bool {
        self.products.iter().any(|p| {
            (matches!(p.photo, PhotoPlan::Fetch(_)) || !p.fetches.is_empty())
                && !matches!(p.change, Change::Unchanged(_))
        })
    }

    /// The photos zip's files the products take, each once.
    pub fn zip_paths(&self) -> Vec<&str> {
        let mut paths: Vec<&str> = self
            .products
            .iter()
            .filter_map(|p| match &p.photo {
                PhotoPlan::FromZip { path, .. } => Some(path.as_str()),
                _ => None,
            })
            .collect();
        paths.sort_unstable();
        paths.dedup();
        paths
    }
}

/// The placeholder category of a planned draft.
const PENDING_CATEGORY: &str = "-";

/// Plans a read file against the shop's products (by handle) and category names: a new
/// handle creates a product, a known one updates it, or leaves it when nothing differs; a
/// column the file does not have keeps what the product has. A photo that is not a web
/// address names a file of `zip`, the photos zip sent with the file (if any).
pub fn plan_import(
    file: ReadFile,
    existing: &HashMap<Handle, Product>,
    categories: &[String],
    photos: &PhotoAddress,
    zip: Option<&PhotoFiles>,
) -> ImportPlan {
    let layout = file.layout.unwrap_or(Layout::Classic);
    let mut plan = ImportPlan {
        warnings: file.warnings,
        errors: file.errors,
        invalid: file.invalid,
        ..ImportPlan::default()
    };
    for imported in file.products {
        let current = existing.get(&imported.handle);
        let category = match (&imported.category, current) {
            (Some(name), _) => name.clone(),
            (None, Some(product)) => product.category.name.clone(),
            (None, None) => {
                plan.warnings.push(RowWarning {
                    row: imported.line,
                    column: layout.name(Field::Type).into(),
                    message: format!(
                        "The file has no {}: the product is in {}",
                        layout.name(Field::Type),
                        imported.fallback_category
                    ),
                });
                imported.fallback_category.clone()
            }
        };
        if let Err(e) = CategoryDraft::parse(Some(&category), None) {
            plan.errors.push(RowError {
                row: imported.line,
                column: layout.name(Field::Type).into(),
                message: e.to_string().replace("Name", layout.name(Field::Type)),
            });
            plan.invalid += 1;
            continue;
        }
        // A file without colours (decisions D44): a product with colours keeps them only while
        // the file's sizes are its variants', place by place; anything else would drop them,
        // so it is refused rather than done silently.
        if let Some(product) = current.filter(|p| !p.colors.is_empty())
            && !has_colours(&imported)
            && !same_sizes(product, &imported)
        {
            plan.errors.push(RowError {
                row: imported.line,
                column: layout.name(Field::Handle).into(),
                message: format!(
                    "{} has colours, which an import cannot change yet: edit its colours and sizes in the admin's form",
                    product.name
                ),
            });
            plan.invalid += 1;
            continue;
        }
        let (input, colour_photos) = input(&imported, current);
        let draft = match ProductDraft::parse(input) {
            Ok(draft) => named_as_the_file_says(draft, &imported),
            Err(e) => {
                plan.errors.push(RowError {
                    row: imported.line,
                    column: column_of(layout, e.message()).into(),
                    message: e.to_string(),
                });
                plan.invalid += 1;
                continue;
            }
        };
        let (draft, fetches) = with_photos_to_fetch(draft, &imported, current, colour_photos);
        let photo = match &imported.photo {
            None => PhotoPlan::Keep,
            Some(cell) if is_web_address(&cell.src) => {
                match (photos.product_of(&cell.src), current) {
                    (Some(own), Some(product)) if own == product.id => PhotoPlan::Keep,
                    _ => PhotoPlan::Fetch(cell.clone()),
                }
            }
            Some(cell) => match zip.map(|files| files.find(&cell.src)) {
                Some(Ok(path)) => PhotoPlan::FromZip {
                    cell: cell.clone(),
                    path: path.to_owned(),
                },
                refused => {
                    plan.errors.push(RowError {
                        row: cell.line,
                        column: cell.column.clone(),
                        message: match refused {
                            Some(Err(message)) => message,
                            _ => no_zip_for(&cell.src),
                        },
                    });
                    plan.invalid += 1;
                    continue;
                }
            },
        };
        let change = match current {
            None => Change::Create,
            Some(product) if fetches.is_empty() && same(product, &draft, &category) => {
                match photo {
                    PhotoPlan::Keep => Change::Unchanged(product.id.clone()),
                    _ => Change::NewPhoto(product.id.clone()),
                }
            }
            Some(product) => Change::Update(product.id.clone()),
        };
        // Only a product that is written makes its category.
        let known = |name: &str| {
            categories
                .iter()
                .chain(&plan.new_categories)
                .any(|c| c.to_lowercase() == name.to_lowercase())
        };
        if !known(&category) {
            plan.new_categories.push(category.clone());
        }
        plan.products.push(PlannedProduct {
            line: imported.line,
            handle: imported.handle,
            category,
            draft,
            photo,
            fetches,
            change,
        });
    }
    plan.errors.sort_by_key(|e| e.row);
    plan.warnings.sort_by_key(|w| w.row);
    plan
}

/// The admin form's fields for an imported product: the file's columns, else what the
/// product has; and each colour's photos as the file gives them (see [`colours`]).
fn input(
    imported: &ImportedProduct,
    current: Option<&Product>,
) -> (ProductInput, Vec<(String, Vec<PhotoCell>)>) {
    let keep = |file: &Option<String>, has: fn(&Product) -> String| {
        file.clone().or_else(|| current.map(has))
    };
    let keep_list = |file: &Option<Vec<String>>, has: fn(&Product) -> Vec<String>| {
        file.clone()
            .or_else(|| current.map(has))
            .unwrap_or_default()
    };
    let variants = &imported.variants;
    // Some blank: none given here, each size's own set after (`named_as_the_file_says`).
    let all_or_none = |values: Vec<Option<String>>| -> Vec<String> {
        values
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default()
    };
    let (quantity, stocks) = match imported.stock {
        Stock::PerSize => (None, imported.stocks.clone()),
        Stock::Pool(pool) => (Some(pool), Vec::new()),
        Stock::One(q) if current.is_some_and(|p| !p.tracks_sizes()) => (Some(q), Vec::new()),
        Stock::One(q) => (None, vec![q]),
        Stock::Unchanged => match current {
            Some(p) if p.tracks_sizes() && p.variants.len() == variants.len() => {
                (None, p.stock_per_size().unwrap_or_default())
            }
            Some(p) => (Some(p.quantity), Vec::new()),
            None => (Some(0), Vec::new()),
        },
    };
    let (colors, variant_colors, colour_photos) = colours(imported, current);
    let other_photos = imported
        .other_photos
        .as_ref()
        .map(|cells| cells.iter().map(|c| c.src.clone()).collect());
    let input = ProductInput {
        product_code: None,
        name: keep(&imported.name, |p| p.name.clone()),
        info: keep(&imported.info, |p| p.info.clone()),
        types: all_or_none(variants.iter().map(|v| v.label.clone()).collect()),
        models: all_or_none(variants.iter().map(|v| v.model.clone()).collect()),
        descriptions: keep_list(&imported.descriptions, |p| p.descriptions.clone()),
        specifications: keep_list(&imported.specifications, |p| p.specifications.clone()),
        material: keep(&imported.material, |p| p.material.clone()),
        tags: keep_list(&imported.tags, |p| p.tags.clone()),
        prices: variants.iter().map(|v| format_rupees(v.price)).collect(),
        discounts: Vec::new(),
        sale_prices: variants
            .iter()
            .map(|v| format_rupees(v.sale_price))
            .collect(),
        seller: None,
        category: Some(PENDING_CATEGORY.into()),
        quantity: quantity.map(|q| q.to_string()),
        stocks: stocks.iter().map(u32::to_string).collect(),
        hsn: match (&imported.hsn, current) {
            (Some(hsn), _) => hsn.as_ref().map(|h| h.as_str().to_owned()),
            (None, Some(p)) => p.hsn.as_ref().map(|h| h.as_str().to_owned()),
            (None, None) => None,
        },
        shipping: imported
            .shipping
            .or_else(|| current.map(|p| p.shipping))
            .map(|s| if s { "yes" } else { "no" }.to_owned()),
        other_photos: keep_list(&other_photos, |p| p.other_photos.clone()),
        published: imported
            .published
            .or_else(|| current.map(|p| p.published))
            .map(|p| p.to_string()),
        colors: Some(colors),
        variant_colors,
        // No export has a size chart: the product keeps its own (decisions D49).
        size_chart: None,
    };
    (input, colour_photos)
}

/// The draft with the file's photos on other sites back in their places (the form's rules
/// take only this shop's paths for a colour), and those the job fetches: each colour's, and
/// each of the gallery's that the product does not already have (an address the admin gave
/// it stays as it is, so the shop's own export imports back unchanged).
fn with_photos_to_fetch(
    mut draft: ProductDraft,
    imported: &ImportedProduct,
    current: Option<&Product>,
    colour_photos: Vec<(String, Vec<PhotoCell>)>,
) -> (ProductDraft, Vec<PhotoFetch>) {
    let mut fetches = Vec::new();
    for cell in imported.other_photos.iter().flatten() {
        let had = current.is_some_and(|p| p.other_photos.contains(&cell.src));
        if is_web_address(&cell.src) && !had {
            fetches.push(PhotoFetch {
                cell: cell.clone(),
                slot: PhotoSlot::Gallery,
            });
        }
    }
    for (name, cells) in colour_photos {
        let Some(colour) = draft
            .colors
            .iter_mut()
            .find(|c| c.name.to_lowercase() == name.to_lowercase())
        else {
            continue;
        };
        let mut photos: Vec<String> = cells.iter().map(|c| c.src.clone()).collect();
        for kept in colour.photos.drain(..) {
            if !photos.contains(&kept) {
                photos.push(kept);
            }
        }
        photos.truncate(ProductDraft::MAX_COLOR_PHOTOS);
        colour.photos = photos;
        for cell in cells {
            if is_web_address(&cell.src) && colour.photos.contains(&cell.src) {
                fetches.push(PhotoFetch {
                    cell,
                    slot: PhotoSlot::Colour(colour.name.clone()),
                });
            }
        }
    }
    (draft, fetches)
}

/// Whether the file gives the product's sizes colours.
fn has_colours(imported: &ImportedProduct) -> bool {
    imported.variants.iter().any(|v| v.color.is_some())
}

/// The product's colours and each size's, as the file gives them (decisions D44): its colours
/// in the order the product has them, new ones in the file's order; each keeps its hex and its
/// photos, after its rows' `Variant Image`s (the first its main photo). The form takes this
/// shop's paths only: the images on other sites are handed back apart, per colour, for the job
/// to fetch. Without colours in the file, the product's own, which only a product whose sizes
/// the file keeps place by place gets here with.
#[allow(clippy::type_complexity)] // the form's two lists, and the photos it cannot hold
fn colours(
    imported: &ImportedProduct,
    current: Option<&Product>,
) -> (Vec<ColourInput>, Vec<String>, Vec<(String, Vec<PhotoCell>)>) {
    let same = |a: &str, b: &str| a.to_lowercase() == b.to_lowercase();
    if !has_colours(imported) {
        let Some(product) = current.filter(|p| !p.colors.is_empty()) else {
            return (Vec::new(), Vec::new(), Vec::new());
        };
        let colors = product
            .colors
            .iter()
            .map(|c| ColourInput {
                name: c.name.clone(),
                hex: c.hex.clone(),
                photos: c.photos.clone(),
            })
            .collect();
        return (
            colors,
            product.variants.iter().map(|v| v.color.clone()).collect(),
            Vec::new(),
        );
    }
    let mut names: Vec<String> = Vec::new();
    for name in imported.variants.iter().filter_map(|v| v.color.as_deref()) {
        if !names.iter().any(|n| same(n, name)) {
            names.push(name.to_owned());
        }
    }
    let had = |name: &str| current.and_then(|p| p.colors.iter().find(|c| same(&c.name, name)));
    if let Some(product) = current {
        names.sort_by_key(|n| {
            product
                .colors
                .iter()
                .position(|c| same(&c.name, n))
                .unwrap_or(usize::MAX)
        });
    }
    let mut file_photos = Vec::new();
    let colors = names
        .iter()
        .map(|name| {
            let before = had(name);
            let mut cells: Vec<PhotoCell> = Vec::new();
            for cell in imported
                .variants
                .iter()
                .filter(|v| v.color.as_deref().is_some_and(|c| same(c, name)))
                .filter_map(|v| v.color_photo.as_ref())
            {
                if !cells.iter().any(|c| c.src == cell.src) {
                    cells.push(cell.clone());
                }
            }
            let mut photos: Vec<String> = cells
                .iter()
                .filter(|c| !is_web_address(&c.src))
                .map(|c| c.src.clone())
                .collect();
            for kept in before.map(|c| c.photos.clone()).unwrap_or_default() {
                if !photos.contains(&kept) {
                    photos.push(kept);
                }
            }
            photos.truncate(ProductDraft::MAX_COLOR_PHOTOS);
            if !cells.is_empty() {
                file_photos.push((name.clone(), cells));
            }
            ColourInput {
                name: name.clone(),
                hex: before.and_then(|c| c.hex.clone()),
                photos,
            }
        })
        .collect();
    let variant_colors = imported
        .variants
        .iter()
        .map(|v| v.color.clone().unwrap_or_default())
        .collect();
    (colors, variant_colors, file_photos)
}

/// Whether the file's sizes are the product's variants, place by place.
fn same_sizes(product: &Product, imported: &ImportedProduct) -> bool {
    product.variants.len() == imported.variants.len()
        && product
            .variants
            .iter()
            .zip(&imported.variants)
            .all(|(v, row)| v.label == row.label && v.model == row.model)
}

/// The draft with each size's label and model as its row gives them: the form's lists hold
/// all of them or none, and a real export leaves some blank (Shopify's own sample file has
/// SKUs on two sizes of three).
fn named_as_the_file_says(mut draft: ProductDraft, imported: &ImportedProduct) -> ProductDraft {
    if draft.variants.len() == imported.variants.len() {
        for (variant, row) in draft.variants.iter_mut().zip(&imported.variants) {
            variant.label.clone_from(&row.label);
            variant.model.clone_from(&row.model);
        }
    }
    draft
}

/// Whether the product already is what the draft describes (its seller and code are kept).
fn same(product: &Product, draft: &ProductDraft, category: &str) -> bool {
    product.name == draft.name
        && product.info == draft.info
        && product.variants == draft.variants
        && product.colors == draft.colors
        && product.descriptions == draft.descriptions
        && product.specifications == draft.specifications
        && product.material == draft.material
        && product.tags == draft.tags
        && product.quantity == draft.quantity
        && product.shipping == draft.shipping
        && product.published == draft.published
        && product.other_photos == draft.other_photos
        && product.hsn == draft.hsn
        && product.category.name.to_lowercase() == category.to_lowercase()
}

/// The column (as the file's layout names it) a draft's refusal is about, from its message.
fn column_of(layout: Layout, message: &str) -> &'static str {
    let field = if message.starts_with("Name") {
        Field::Title
    } else if message.starts_with("Info") {
        Field::Info
    } else if message.contains(" types ") {
        Field::OptionValue
    } else if message.contains(" models ") {
        Field::Sku
    } else if message.starts_with("Other photo") {
        Field::ImageSrc
    } else if message.contains("variants") {
        Field::Price
    } else {
        Field::Handle
    };
    layout.name(field)
}
