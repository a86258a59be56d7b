//! Writing a product: its row, its variants and lists replaced whole, its photo, inside one
//! write transaction whose broken constraints become the port's conflicts.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::transfer::ProductWrite;
use paduka_application::catalog::{ProductConflict, ProductRecord};
use paduka_domain::catalog::import::PhotoSlot;
use paduka_domain::catalog::{ColourKey, Handle, Image, Product, ProductDraft};
use paduka_domain::gst::Hsn;

use super::read::find_in;
use super::{kind, size_chart};
use crate::db::{
    AnyConnection, Broken, Stop, corrupt, matched_a_row, sha256_hex, to_db_time, too_large,
    write_transaction_with,
};
use crate::schema::{
    categories, product_colors, product_details, product_photos, product_variants, products, users,
};

/// Runs `$body` with `$c` bound to the inner connection of either backend: for statements
/// the common `AnyConnection` cannot express, written once.
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            AnyConnection::Sqlite($c) => $body,
            AnyConnection::Postgresql($c) => $body,
        }
    };
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = products)]
// An edit that leaves the HSN code empty sets it back to the shop's default (NULL).
#[diesel(treat_none_as_null = true)]
struct ProductContent<'a> {
    product_code: &'a str,
    name: &'a str,
    info: &'a str,
    material: &'a str,
    seller_id: Option<&'a str>,
    category_id: &'a str,
    quantity: i32,
    shipping: bool,
    hsn: Option<&'a str>,
    updated_at: NaiveDateTime,
    published: bool,
}

impl<'a> ProductContent<'a> {
    fn from_record(record: &'a ProductRecord) -> QueryResult<Self> {
        let draft = &record.draft;
        Ok(Self {
            product_code: &record.product_code,
            name: &draft.name,
            info: &draft.info,
            material: &draft.material,
            seller_id: Some(record.seller.as_str()),
            category_id: draft.category.as_str(),
            quantity: i32::try_from(draft.quantity).map_err(|_| too_large("quantity"))?,
            shipping: draft.shipping,
            hsn: draft.hsn.as_ref().map(Hsn::as_str),
            updated_at: to_db_time(record.at),
            published: draft.published,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = product_variants)]
struct NewVariant<'a> {
    product_id: &'a str,
    position: i32,
    label: Option<&'a str>,
    model: Option<&'a str>,
    price_paise: i64,
    /// Derived from the two prices, kept for sorting by discount.
    discount: i32,
    stock: Option<i32>,
    sale_price_paise: i64,
    color: &'a str,
    /// What the listing's `color=` matches ('' without a colour).
    color_key: String,
}

#[derive(Insertable)]
#[diesel(table_name = product_colors)]
struct NewColour<'a> {
    product_id: &'a str,
    position: i32,
    name: &'a str,
    hex: Option<&'a str>,
    /// A JSON array of the photo addresses.
    photos: String,
}

#[derive(Insertable)]
#[diesel(table_name = product_details)]
struct NewDetail<'a> {
    product_id: &'a str,
    kind: &'static str,
    position: i32,
    value: &'a str,
}

fn position(index: usize) -> QueryResult<i32> {
    i32::try_from(index).map_err(|_| too_large("list position"))
}

/// Replaces the product's variants and lists with the record's.
pub(super) fn replace_children(
    conn: &mut AnyConnection,
    id: &str,
    record: &ProductRecord,
) -> QueryResult<()> {
    let draft = &record.draft;
    diesel::delete(product_variants::table.filter(product_variants::product_id.eq(id)))
        .execute(conn)?;
    diesel::delete(product_details::table.filter(product_details::product_id.eq(id)))
        .execute(conn)?;
    diesel::delete(product_colors::table.filter(product_colors::product_id.eq(id)))
        .execute(conn)?;
    let colours = draft
        .colors
        .iter()
        .enumerate()
        .map(|(index, colour)| {
            Ok(NewColour {
                product_id: id,
                position: position(index)?,
                name: &colour.name,
                hex: colour.hex.as_deref(),
                photos: serde_json::to_string(&colour.photos).expect("strings serialise"),
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    if !colours.is_empty() {
        on_backend!(conn, |c| diesel::insert_into(product_colors::table)
            .values(&colours)
            .execute(c))?;
    }

    let variants = draft
        .variants
        .iter()
        .enumerate()
        .map(|(index, variant)| {
            Ok(NewVariant {
                product_id: id,
                position: position(index)?,
                label: variant.label.as_deref(),
                model: variant.model.as_deref(),
                price_paise: variant.price.paise(),
                discount: i32::from(variant.discount().value()),
                sale_price_paise: variant.sale_price.paise(),
                color: &variant.color,
                color_key: ColourKey::of(&variant.color).as_str().to_owned(),
                stock: variant
                    .stock
                    .map(|stock| i32::try_from(stock).map_err(|_| too_large("stock")))
                    .transpose()?,
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    if !variants.is_empty() {
        // Multi-row inserts are backend specific, so run this one on the inner connection.
        on_backend!(conn, |c| diesel::insert_into(product_variants::table)
            .values(&variants)
            .execute(c))?;
    }

    let lists = [
        (kind::DESCRIPTION, &draft.descriptions),
        (kind::SPECIFICATION, &draft.specifications),
        (kind::TAG, &draft.tags),
        (kind::OTHER_PHOTO, &draft.other_photos),
    ];
    let mut details = Vec::new();
    for (kind, values) in lists {
        for (index, value) in values.iter().enumerate() {
            details.push(NewDetail {
                product_id: id,
                kind,
                position: position(index)?,
                value,
            });
        }
    }
    if !details.is_empty() {
        on_backend!(conn, |c| diesel::insert_into(product_details::table)
            .values(&details)
            .execute(c))?;
    }
    Ok(())
}

pub(super) fn replace_photo(
    conn: &mut AnyConnection,
    id: &str,
    photo: &Image,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(product_photos::table.find(id)).execute(conn)?;
    diesel::insert_into(product_photos::table)
        .values((
            product_photos::product_id.eq(id),
            product_photos::content_type.eq(photo.image_type.mime()),
            product_photos::sha256.eq(sha256_hex(&photo.bytes)),
            product_photos::bytes.eq(&photo.bytes),
            product_photos::updated_at.eq(to_db_time(at)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Adds `path` to the product's gallery (last) or to a colour's photos (first), unless it is
/// there already, and moves the product's time; `false` when the product or colour is gone.
pub(super) fn add_photo(
    conn: &mut AnyConnection,
    id: &str,
    slot: &PhotoSlot,
    path: &str,
    at: DateTime<Utc>,
) -> QueryResult<bool> {
    // The row's time moves too, so every instance's caches see the change.
    let matched = diesel::update(products::table.find(id))
        .set(products::updated_at.eq(to_db_time(at)))
        .execute(conn)?;
    if matched == 0 {
        return Ok(false);
    }
    match slot {
        // The product's own photo is `replace_photo`'s.
        PhotoSlot::Main => Ok(false),
        PhotoSlot::Gallery => {
            let photos: Vec<(i32, String)> = product_details::table
                .filter(product_details::product_id.eq(id))
                .filter(product_details::kind.eq(kind::OTHER_PHOTO))
                .select((product_details::position, product_details::value))
                .load(conn)?;
            if photos.iter().any(|(_, value)| value == path) {
                return Ok(true);
            }
            let next = photos.iter().map(|(p, _)| p + 1).max().unwrap_or(0);
            diesel::insert_into(product_details::table)
                .values(NewDetail {
                    product_id: id,
                    kind: kind::OTHER_PHOTO,
                    position: next,
                    value: path,
                })
                .execute(conn)?;
            Ok(true)
        }
        PhotoSlot::Colour(name) => {
            let colour: Option<(i32, String)> = product_colors::table
                .filter(product_colors::product_id.eq(id))
                .filter(product_colors::name.eq(name))
                .select((product_colors::position, product_colors::photos))
                .first(conn)
                .optional()?;
            let Some((position, photos)) = colour else {
                return Ok(false);
            };
            let mut photos: Vec<String> = serde_json::from_str(&photos)
                .map_err(|_| corrupt(format_args!("colour photos of product {id}")))?;
            if !photos.iter().any(|p| p == path) {
                photos.insert(0, path.to_owned());
                photos.truncate(ProductDraft::MAX_COLOR_PHOTOS);
                diesel::update(product_colors::table.find((id, position)))
                    .set(
                        product_colors::photos
                            .eq(serde_json::to_string(&photos).expect("strings serialise")),
                    )
                    .execute(conn)?;
            }
            Ok(true)
        }
    }
}

/// The constraints a product write can break, as the port names them.
fn product_conflict(broken: &Broken<'_>) -> Option<ProductConflict> {
    match broken {
        Broken::Unique(Some("products_product_code_key")) => {
            Some(ProductConflict::DuplicateProductCode)
        }
        Broken::Unique(Some("products_handle_key")) => Some(ProductConflict::DuplicateHandle),
        Broken::ForeignKey(Some("products_category_id_fkey")) => {
            Some(ProductConflict::UnknownCategory)
        }
        Broken::ForeignKey(Some("products_seller_id_fkey")) => Some(ProductConflict::UnknownSeller),
        _ => None,
    }
}

/// Whether a product write makes a new row or changes the existing one.
#[derive(Debug, Clone, Copy)]
pub(super) enum RowWrite {
    /// A new product, not yet reviewed.
    Insert,
    /// An existing product: `NotFound` when there is none.
    Update,
}

/// The record's handle, else the first of the name's handle, `-2`, `-3`, ... that no other
/// product has.
fn free_handle(conn: &mut AnyConnection, id: &str, name: &str) -> QueryResult<Handle> {
    let base = Handle::from_name(name);
    for n in 1.. {
        let candidate = base.numbered(n);
        let taken = products::table
            .filter(products::handle.eq(candidate.as_str()))
            .filter(products::id.ne(id))
            .select(products::id)
            .first::<String>(conn)
            .optional()?;
        if taken.is_none() {
            return Ok(candidate);
        }
    }
    unreachable!("some numbered handle is free")
}

/// Gives every product without a handle (those from before handles) its own, oldest first, so
/// the older of two products of one name keeps the plain handle. Runs after the migrations.
pub(crate) fn backfill_handles(conn: &mut AnyConnection) -> QueryResult<usize> {
    conn.transaction(|conn| {
        let missing: Vec<(String, String)> = products::table
            .filter(products::handle.is_null())
            .order((products::created_at.asc(), products::id.asc()))
            .select((products::id, products::name))
            .load(conn)?;
        for (id, name) in &missing {
            let handle = free_handle(conn, id, name)?;
            diesel::update(products::table.find(id))
                .set(products::handle.eq(handle.as_str()))
                .execute(conn)?;
        }
        Ok(missing.len())
    })
}

/// Gives every coloured variant made before colour keys its key (decisions D47): a key made
/// in Rust, as every write makes it, since the databases' `lower()` is not Rust's for every
/// letter. Runs after the migrations; a variant written since has its key already.
pub(crate) fn backfill_color_keys(conn: &mut AnyConnection) -> QueryResult<usize> {
    conn.transaction(|conn| {
        let unkeyed: Vec<String> = product_variants::table
            .filter(product_variants::color_key.eq(""))
            .filter(product_variants::color.ne(""))
            .select(product_variants::color)
            .distinct()
            .load(conn)?;
        let mut keyed = 0;
        for color in &unkeyed {
            keyed += diesel::update(
                product_variants::table
                    .filter(product_variants::color.eq(color))
                    .filter(product_variants::color_key.eq("")),
            )
            .set(product_variants::color_key.eq(ColourKey::of(color).as_str()))
            .execute(conn)?;
        }
        Ok(keyed)
    })
}

fn write_row(
    conn: &mut AnyConnection,
    id: &str,
    record: &ProductRecord,
    row: RowWrite,
) -> QueryResult<()> {
    let content = ProductContent::from_record(record)?;
    match row {
        RowWrite::Insert => {
            let handle = match &record.handle {
                Some(handle) => handle.clone(),
                None => free_handle(conn, id, &record.draft.name)?,
            };
            diesel::insert_into(products::table)
                .values((
                    products::id.eq(id),
                    products::handle.eq(handle.as_str()),
                    content,
                    products::rating_total.eq(0),
                    products::review_count.eq(0),
                    products::created_at.eq(to_db_time(record.at)),
                    products::size_chart.eq(record
                        .draft
                        .size_chart
                        .as_ref()
                        .map(size_chart::to_json)),
                ))
                .execute(conn)?;
            Ok(())
        }
        RowWrite::Update => {
            matched_a_row(
                diesel::update(products::table.find(id))
                    .set(content)
                    .execute(conn)?,
            )?;
            // A handle is kept when the name changes; only an import names a new one.
            if let Some(handle) = &record.handle {
                diesel::update(products::table.find(id))
                    .set(products::handle.eq(handle.as_str()))
                    .execute(conn)?;
            }
            // Kept unless the form sent one: an import, or a client that knows nothing of
            // charts, never drops it.
            if record.draft.size_chart_given {
                diesel::update(products::table.find(id))
                    .set(
                        products::size_chart.eq(record
                            .draft
                            .size_chart
                            .as_ref()
                            .map(size_chart::to_json)),
                    )
                    .execute(conn)?;
            }
            Ok(())
        }
    }
}

/// Writes a product in one write transaction, its errors as the port's: its category and
/// seller checked, its row inserted or updated, then its variants, lists and photo; the
/// product as it now reads.
pub(super) fn write_product(
    conn: &mut AnyConnection,
    id: &str,
    record: &ProductRecord,
    row: RowWrite,
) -> Result<Product, RepoError<ProductConflict>> {
    write_transaction_with(conn, |conn| {
        check_references(conn, record)?;
        write_row(conn, id, record, row)?;
        replace_children(conn, id, record)?;
        if let Some(photo) = &record.photo {
            replace_photo(conn, id, photo, record.at)?;
        }
        Ok(find_in(conn, id)?.ok_or(diesel::result::Error::NotFound)?)
    })
    .map_err(|stop: Stop<ProductConflict>| stop.into_repo(product_conflict))
}

/// Writes a batch of products in one write transaction, each as [`write_product`] writes one
/// (its photo too, when it has a new one; without reading it back): all of them, or none.
pub(super) fn write_batch(
    conn: &mut AnyConnection,
    batch: &[ProductWrite],
) -> Result<(), RepoError<ProductConflict>> {
    write_transaction_with(conn, |conn| {
        for write in batch {
            let id = write.id.as_str();
            let row = if write.create {
                RowWrite::Insert
            } else {
                RowWrite::Update
            };
            check_references(conn, &write.record)?;
            write_row(conn, id, &write.record, row)?;
            replace_children(conn, id, &write.record)?;
            if let Some(photo) = &write.record.photo {
                replace_photo(conn, id, photo, write.record.at)?;
            }
        }
        Ok(())
    })
    .map_err(|stop: Stop<ProductConflict>| stop.into_repo(product_conflict))
}

/// Refuses a record whose category or seller does not exist. SQLite does not say which
/// foreign key a write broke, so both are looked up first, inside the write transaction
/// (which keeps other SQLite writers out); on PostgreSQL a category or seller deleted
/// concurrently still breaks its named constraint.
pub(super) fn check_references(
    conn: &mut AnyConnection,
    record: &ProductRecord,
) -> Result<(), Stop<ProductConflict>> {
    let category = categories::table
        .find(record.draft.category.as_str())
        .select(categories::id)
        .first::<String>(conn)
        .optional()?;
    if category.is_none() {
        return Err(Stop::Conflict(ProductConflict::UnknownCategory));
    }
    let seller = users::table
        .find(record.seller.as_str())
        .select(users::id)
        .first::<String>(conn)
        .optional()?;
    if seller.is_none() {
        return Err(Stop::Conflict(ProductConflict::UnknownSeller));
    }
    Ok(())
}
