use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::{max, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use paduka_application::RepoError;
use paduka_application::catalog::{
    ProductConflict, ProductPage, ProductQuery, ProductRecord, ProductRepository, ProductSort,
};
use paduka_domain::catalog::{CategoryRef, Image, Product, ProductRating, StoredImage, Variant};
use paduka_domain::gst::Hsn;
use paduka_domain::photo::photo_version;
use paduka_domain::{CategoryId, Paise, Percent, ProductId, UserId};

use crate::db::{
    AnyConnection, Broken, Database, Stop, corrupt, from_db_time, sha256_hex, to_db_time,
    too_large, write_transaction_with,
};
use crate::schema::{
    categories, product_details, product_photos, product_variants, products, users,
};

/// Products in `products`, their variants in `product_variants`, their lists in
/// `product_details` and their photo in `product_photos`.
///
/// Listing is three queries whatever the page size: the page of products (with category
/// name, photo hash and first variant joined), then all their variants, then all their
/// list entries, assembled here.
#[derive(Debug, Clone)]
pub struct DieselProductRepository {
    db: Database,
}

impl DieselProductRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

diesel::define_sql_function! {
    /// Lower-cases text (ASCII letters only on SQLite).
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// `product_details.kind` of each list a product has.
mod kind {
    pub const DESCRIPTION: &str = "description";
    pub const SPECIFICATION: &str = "specification";
    pub const TAG: &str = "tag";
    pub const OTHER_PHOTO: &str = "other_photo";
}

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

/// How many ids go into one `IN (...)` list (well under both backends' bind limits).
const IN_CHUNK: usize = 500;

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
struct ProductRow {
    id: String,
    product_code: String,
    name: String,
    info: String,
    material: String,
    seller_id: Option<String>,
    category_id: String,
    quantity: i32,
    shipping: bool,
    rating_total: i32,
    review_count: i32,
    hsn: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// A product row with what is joined to it: its category's name and its photo's hash.
#[derive(Queryable, Selectable)]
struct ListedRow {
    #[diesel(embed)]
    product: ProductRow,
    #[diesel(select_expression = categories::name)]
    category_name: String,
    /// The SHA-256 of its photo, when it has one: the photo's version.
    #[diesel(select_expression = product_photos::sha256.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<product_photos::sha256>)]
    photo_sha256: Option<String>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_variants)]
struct VariantRow {
    product_id: String,
    label: Option<String>,
    model: Option<String>,
    price_paise: i64,
    discount: i32,
    stock: Option<i32>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_details)]
struct DetailRow {
    product_id: String,
    kind: String,
    value: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_photos)]
struct PhotoRow {
    content_type: String,
    bytes: Vec<u8>,
    sha256: String,
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
    discount: i32,
    stock: Option<i32>,
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
fn replace_children(conn: &mut AnyConnection, id: &str, record: &ProductRecord) -> QueryResult<()> {
    let draft = &record.draft;
    diesel::delete(product_variants::table.filter(product_variants::product_id.eq(id)))
        .execute(conn)?;
    diesel::delete(product_details::table.filter(product_details::product_id.eq(id)))
        .execute(conn)?;

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
                discount: i32::from(variant.discount.value()),
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

fn replace_photo(
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

/// `%word%` for `LIKE ... ESCAPE '\'`, with the word's own wildcards escaped.
fn like_pattern(word: &str) -> String {
    let mut pattern = String::with_capacity(word.len() + 2);
    pattern.push('%');
    for c in word.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The words of a text search, lower-cased and each as a `LIKE` pattern.
fn search_patterns(text: Option<&str>) -> Vec<String> {
    let mut patterns: Vec<String> = text
        .unwrap_or_default()
        .split_whitespace()
        .map(|word| like_pattern(&word.to_lowercase()))
        .collect();
    patterns.sort();
    patterns.dedup();
    patterns
}

/// Products joined with their category, their photo's hash and their first variant,
/// boxed so filters can be added one by one. A macro because the query's type is unnameable
/// and it is built twice (the page and, when paged, the count).
macro_rules! product_source {
    () => {
        products::table
            .inner_join(categories::table)
            .left_join(product_photos::table)
            .left_join(
                product_variants::table.on(product_variants::product_id
                    .eq(products::id)
                    .and(product_variants::position.eq(0))),
            )
            .into_boxed::<crate::db::MultiBackend>()
    };
}

/// The products `$query` matches, with or without its `max_price` (the price slider's
/// ceiling is taken over every filter but that one).
macro_rules! filtered_products {
    ($query:expr, $patterns:expr) => {
        filtered_products!($query, $patterns, $query.max_price)
    };
    ($query:expr, $patterns:expr, $max_price:expr) => {{
        let query: &ProductQuery = $query;
        let mut source = product_source!();
        if !query.categories.is_empty() {
            let ids: Vec<&str> = query.categories.iter().map(CategoryId::as_str).collect();
            source = source.filter(products::category_id.eq_any(ids));
        }
        if let Some(max_price) = $max_price {
            source = source.filter(product_variants::price_paise.le(Paise::paise(max_price)));
        }
        for pattern in $patterns {
            let tagged = product_details::table
                .filter(product_details::kind.eq(kind::TAG))
                .filter(
                    lower(product_details::value)
                        .like(pattern.clone())
                        .escape('\\'),
                )
                .select(product_details::product_id);
            source = source.filter(
                lower(products::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(products::info).like(pattern.clone()).escape('\\'))
                    .or(lower(products::material).like(pattern.clone()).escape('\\'))
                    .or(lower(categories::name).like(pattern.clone()).escape('\\'))
                    .or(products::id.eq_any(tagged)),
            );
        }
        source
    }};
}

fn list_in(conn: &mut AnyConnection, query: &ProductQuery) -> QueryResult<ProductPage> {
    let patterns = search_patterns(query.text.as_deref());
    let mut page = filtered_products!(query, &patterns);
    page = match query.sort {
        ProductSort::Newest => page.order((products::updated_at.desc(), products::id.desc())),
        ProductSort::Oldest => page.order((products::updated_at.asc(), products::id.asc())),
        // Products without variants last, whichever way each backend sorts NULL.
        ProductSort::Discount => page
            .order(product_variants::discount.is_null())
            .then_order_by(product_variants::discount.desc()),
        ProductSort::PriceLow => page
            .order(product_variants::price_paise.is_null())
            .then_order_by(product_variants::price_paise.asc()),
        ProductSort::PriceHigh => page
            .order(product_variants::price_paise.is_null())
            .then_order_by(product_variants::price_paise.desc()),
    };
    if !matches!(query.sort, ProductSort::Newest | ProductSort::Oldest) {
        page = page.then_order_by((products::updated_at.desc(), products::id.desc()));
    }
    let offset = i64::try_from(query.offset()).map_err(|_| too_large("page"))?;
    if let Some(limit) = query.limit {
        page = page.limit(i64::from(limit)).offset(offset);
    }
    let rows = page.select(ListedRow::as_select()).load(conn)?;

    let found = rows.len() as u64;
    let total = match query.limit {
        None => found,
        // A short page that is not past the end says how many there are.
        Some(limit) if found < u64::from(limit) && (found > 0 || offset == 0) => {
            query.offset() + found
        }
        Some(_) => {
            let count = filtered_products!(query, &patterns)
                .count()
                .get_result::<i64>(conn)?;
            u64::try_from(count).map_err(|_| corrupt("count"))?
        }
    };
    let price_ceiling = filtered_products!(query, &patterns, None::<Paise>)
        .select(max(product_variants::price_paise.nullable()))
        .first::<Option<i64>>(conn)?
        .map_or(Paise::ZERO, Paise::from_stored);
    Ok(ProductPage {
        products: assemble(conn, rows)?,
        total,
        price_ceiling,
    })
}

fn random_in(conn: &mut AnyConnection, count: u32) -> QueryResult<Vec<Product>> {
    // RANDOM() is the same function on SQLite and PostgreSQL; a shop's catalog is small
    // enough to shuffle, and the reply is cached.
    let rows = product_source!()
        .order(sql::<BigInt>("RANDOM()"))
        .limit(i64::from(count))
        .select(ListedRow::as_select())
        .load(conn)?;
    assemble(conn, rows)
}

fn find_in(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<Product>> {
    let rows = product_source!()
        .filter(products::id.eq(id.to_owned()))
        .select(ListedRow::as_select())
        .load(conn)?;
    Ok(assemble(conn, rows)?.pop())
}

#[derive(Default)]
struct Parts {
    variants: Vec<Variant>,
    descriptions: Vec<String>,
    specifications: Vec<String>,
    tags: Vec<String>,
    other_photos: Vec<String>,
}

/// Loads the variants and lists of `rows`' products (one query each, however many
/// products) and builds the products, in the order of `rows`.
fn assemble(conn: &mut AnyConnection, rows: Vec<ListedRow>) -> QueryResult<Vec<Product>> {
    let ids: Vec<&str> = rows.iter().map(|row| row.product.id.as_str()).collect();
    let mut parts: HashMap<String, Parts> = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(IN_CHUNK) {
        let variants = product_variants::table
            .filter(product_variants::product_id.eq_any(chunk))
            .order((product_variants::product_id, product_variants::position))
            .select(VariantRow::as_select())
            .load(conn)?;
        for row in variants {
            let product_id = row.product_id;
            let discount = Percent::new(i64::from(row.discount))
                .map_err(|_| corrupt(format_args!("discount of product {product_id}")))?;
            if row.price_paise < 0 {
                return Err(corrupt(format_args!("price of product {product_id}")));
            }
            let stock = row
                .stock
                .map(u32::try_from)
                .transpose()
                .map_err(|_| corrupt(format_args!("stock of product {product_id}")))?;
            parts.entry(product_id).or_default().variants.push(Variant {
                label: row.label,
                model: row.model,
                price: Paise::from_stored(row.price_paise),
                discount,
                stock,
            });
        }

        let details = product_details::table
            .filter(product_details::product_id.eq_any(chunk))
            .order((
                product_details::product_id,
                product_details::kind,
                product_details::position,
            ))
            .select(DetailRow::as_select())
            .load(conn)?;
        for DetailRow {
            product_id,
            kind,
            value,
        } in details
        {
            let entry = parts.entry(product_id).or_default();
            let list = match kind.as_str() {
                kind::DESCRIPTION => &mut entry.descriptions,
                kind::SPECIFICATION => &mut entry.specifications,
                kind::TAG => &mut entry.tags,
                kind::OTHER_PHOTO => &mut entry.other_photos,
                _ => return Err(corrupt(format_args!("product detail kind {kind}"))),
            };
            list.push(value);
        }
    }

    rows.into_iter()
        .map(|listed| {
            let ListedRow {
                product: row,
                category_name,
                photo_sha256,
            } = listed;
            let parts = parts.remove(&row.id).unwrap_or_default();
            let number = |value: i32, what: &str| {
                u32::try_from(value).map_err(|_| corrupt(format_args!("{what} of {}", row.id)))
            };
            let hsn = row
                .hsn
                .as_deref()
                .map(Hsn::parse)
                .transpose()
                .map_err(|_| corrupt(format_args!("HSN code of {}", row.id)))?;
            Ok(Product {
                hsn,
                quantity: number(row.quantity, "quantity")?,
                rating: ProductRating {
                    total_stars: number(row.rating_total, "rating total")?,
                    reviews: number(row.review_count, "review count")?,
                },
                id: ProductId::new(row.id),
                product_code: row.product_code,
                name: row.name,
                info: row.info,
                variants: parts.variants,
                descriptions: parts.descriptions,
                specifications: parts.specifications,
                material: row.material,
                tags: parts.tags,
                seller: row.seller_id.map(UserId::new),
                category: CategoryRef {
                    id: CategoryId::new(row.category_id),
                    name: category_name,
                },
                shipping: row.shipping,
                other_photos: parts.other_photos,
                has_photo: photo_sha256.is_some(),
                photo_version: photo_sha256.as_deref().map(photo_version),
                created_at: from_db_time(row.created_at),
                updated_at: from_db_time(row.updated_at),
            })
        })
        .collect()
}

/// The constraints a product write can break, as the port names them.
fn product_conflict(broken: &Broken<'_>) -> Option<ProductConflict> {
    match broken {
        Broken::Unique(Some("products_product_code_key")) => {
            Some(ProductConflict::DuplicateProductCode)
        }
        Broken::ForeignKey(Some("products_category_id_fkey")) => {
            Some(ProductConflict::UnknownCategory)
        }
        Broken::ForeignKey(Some("products_seller_id_fkey")) => Some(ProductConflict::UnknownSeller),
        _ => None,
    }
}

/// Runs a product write in a write transaction, its errors as the port's.
fn write_product(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<Product, Stop<ProductConflict>>,
) -> Result<Product, RepoError<ProductConflict>> {
    write_transaction_with(conn, work).map_err(|stop| stop.into_repo(product_conflict))
}

/// Refuses a record whose category or seller does not exist. SQLite does not say which
/// foreign key a write broke, so both are looked up first, inside the write transaction
/// (which keeps other SQLite writers out); on PostgreSQL a category or seller deleted
/// concurrently still breaks its named constraint.
fn check_references(
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

#[async_trait]
impl ProductRepository for DieselProductRepository {
    async fn list(&self, query: &ProductQuery) -> Result<ProductPage, RepoError> {
        let query = query.clone();
        self.db.run(move |conn| list_in(conn, &query)).await
    }

    async fn random(&self, count: u32) -> Result<Vec<Product>, RepoError> {
        self.db.run(move |conn| random_in(conn, count)).await
    }

    async fn find(&self, id: &ProductId) -> Result<Option<Product>, RepoError> {
        let id = id.as_str().to_owned();
        self.db.run(move |conn| find_in(conn, &id)).await
    }

    #[tracing::instrument(level = "debug", skip(self, record), fields(code = %record.product_code))]
    async fn create(
        &self,
        id: &ProductId,
        record: ProductRecord,
    ) -> Result<Product, RepoError<ProductConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_raw(move |conn| {
                write_product(conn, |conn| {
                    check_references(conn, &record)?;
                    let at = to_db_time(record.at);
                    diesel::insert_into(products::table)
                        .values((
                            products::id.eq(&id),
                            ProductContent::from_record(&record)?,
                            products::rating_total.eq(0),
                            products::review_count.eq(0),
                            products::created_at.eq(at),
                        ))
                        .execute(conn)?;
                    replace_children(conn, &id, &record)?;
                    if let Some(photo) = &record.photo {
                        replace_photo(conn, &id, photo, record.at)?;
                    }
                    Ok(find_in(conn, &id)?.ok_or(diesel::result::Error::NotFound)?)
                })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self, record), fields(code = %record.product_code))]
    async fn update(
        &self,
        id: &ProductId,
        record: ProductRecord,
    ) -> Result<Product, RepoError<ProductConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_raw(move |conn| {
                write_product(conn, |conn| {
                    check_references(conn, &record)?;
                    let changed = diesel::update(products::table.find(&id))
                        .set(ProductContent::from_record(&record)?)
                        .execute(conn)?;
                    if changed == 0 {
                        return Err(diesel::result::Error::NotFound.into());
                    }
                    replace_children(conn, &id, &record)?;
                    if let Some(photo) = &record.photo {
                        replace_photo(conn, &id, photo, record.at)?;
                    }
                    Ok(find_in(conn, &id)?.ok_or(diesel::result::Error::NotFound)?)
                })
            })
            .await
    }

    /// Variants, lists, photo and reviews go with the product (`ON DELETE CASCADE`).
    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &ProductId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                let deleted = diesel::delete(products::table.find(id)).execute(conn)?;
                if deleted == 0 {
                    return Err(diesel::result::Error::NotFound);
                }
                Ok(())
            })
            .await
    }

    async fn photo(&self, id: &ProductId) -> Result<Option<StoredImage>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                let row = product_photos::table
                    .find(id)
                    .select(PhotoRow::as_select())
                    .first(conn)
                    .optional()?;
                Ok(row.map(|row: PhotoRow| StoredImage {
                    content_type: row.content_type,
                    bytes: row.bytes,
                    sha256: row.sha256,
                }))
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_words_are_lower_cased_and_their_wildcards_escaped() {
        assert_eq!(
            search_patterns(Some("  Trail 50%_off a\\b trail ")),
            vec!["%50\\%\\_off%", "%a\\\\b%", "%trail%"]
        );
        assert!(search_patterns(Some("   ")).is_empty());
        assert!(search_patterns(None).is_empty());
    }
}
