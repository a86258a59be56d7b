//! Reading products: a page of the list (searched, filtered, sorted), a few at random, one by
//! id, each assembled from its rows in a fixed number of queries.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::{max, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};
use paduka_application::catalog::{
    ProductPage, ProductQuery, ProductSort, SearchDocument, SearchHits,
};
use paduka_domain::catalog::{
    Audience, CategoryRef, Colour, Handle, Product, ProductRating, Variant,
};
use paduka_domain::gst::Hsn;
use paduka_domain::photo::photo_version;
use paduka_domain::{CategoryId, Paise, ProductId, UserId};

use super::{kind, size_chart};
use crate::db::{AnyConnection, IN_CHUNK, corrupt, from_db_time, too_large};
use crate::schema::{
    categories, product_colors, product_details, product_photos, product_variants, products,
};

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
    /// NULL only between the migration that added it and its backfill (`backfill_handles`).
    handle: Option<String>,
    published: bool,
    size_chart: Option<String>,
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
    stock: Option<i32>,
    sale_price_paise: i64,
    color: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_colors)]
struct ColourRow {
    product_id: String,
    name: String,
    hex: Option<String>,
    photos: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_details)]
struct DetailRow {
    product_id: String,
    kind: String,
    value: String,
}

/// Products joined with their category, their photo's hash and their first variant,
/// boxed so filters can be added one by one. A macro because the query's type is unnameable.
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

/// Products with their first variant only: what filtering, sorting and counting a list read.
/// A search can find thousands of products; each joined table is another lookup for every one
/// (and a photo's hash is stored after its bytes), so only a page's rows are read whole.
macro_rules! matching_source {
    () => {
        products::table
            .left_join(
                product_variants::table.on(product_variants::product_id
                    .eq(products::id)
                    .and(product_variants::position.eq(0))),
            )
            .into_boxed::<crate::db::MultiBackend>()
    };
}

/// `products.id` is one of `$ids` (an iterator of `&str`), given as one JSON array: one bound
/// parameter however many products a search found (SQLite binds at most 32,766). A macro, as
/// its type is unnameable.
macro_rules! one_of {
    ($conn:expr, $ids:expr) => {{
        let ids: Vec<&str> = $ids.collect();
        let json = serde_json::to_string(&ids).expect("strings serialise");
        let (open, close) = match $conn {
            AnyConnection::Sqlite(_) => ("products.id IN (SELECT value FROM json_each(", "))"),
            AnyConnection::Postgresql(_) => (
                "products.id IN (SELECT json_array_elements_text(CAST(",
                " AS json)))",
            ),
        };
        sql::<Bool>(open).bind::<Text, _>(json).sql(close)
    }};
}

/// The products `$query` matches (from `$source`, [`product_source`] or [`matching_source`]),
/// with or without its `max_price` (the price slider's ceiling is taken over every filter but
/// that one), and only `$found`'s when a search found them.
macro_rules! filtered_products {
    ($source:expr, $conn:expr, $query:expr, $found:expr) => {
        filtered_products!($source, $conn, $query, $found, $query.max_price)
    };
    ($source:expr, $conn:expr, $query:expr, $found:expr, $max_price:expr) => {{
        let query: &ProductQuery = $query;
        let mut source = $source;
        if query.audience == Audience::Shoppers {
            source = source.filter(products::published.eq(true));
        }
        if !query.categories.is_empty() {
            let ids: Vec<&str> = query.categories.iter().map(CategoryId::as_str).collect();
            source = source.filter(products::category_id.eq_any(ids));
        }
        if let Some(max_price) = $max_price {
            source = source.filter(product_variants::sale_price_paise.le(Paise::paise(max_price)));
        }
        if let Some(found) = $found {
            source = source.filter(one_of!($conn, found.ids.iter().map(ProductId::as_str)));
        }
        if let Some(size) = &query.size {
            // A size is in stock when its variant has pairs, or when the product pools its
            // sizes and the pool has pairs. Asked of each product's own variants (its key's
            // first column), so a search's few hundred products cost a few hundred lookups,
            // not a pass over every variant of the shop.
            source = source.filter(
                sql::<Bool>(
                    "EXISTS (SELECT 1 FROM product_variants sized \
                     WHERE sized.product_id = products.id AND sized.label = ",
                )
                .bind::<Text, _>(size.clone())
                .sql(
                    " AND (sized.stock > 0 \
                     OR (sized.stock IS NULL AND products.quantity > 0)))",
                ),
            );
        }
        if query.in_stock {
            source = source.filter(products::quantity.gt(0));
        }
        if let Some(color) = &query.color {
            // A variant of that colour, by its key (decisions D47): asked of each product's own
            // variants, as the size is.
            source = source.filter(
                sql::<Bool>(
                    "EXISTS (SELECT 1 FROM product_variants coloured \
                     WHERE coloured.product_id = products.id AND coloured.color_key = ",
                )
                .bind::<Text, _>(color.as_str().to_owned())
                .sql(")"),
            );
        }
        source
    }};
}

/// `$page` ordered as `$query` asks; with a search, its name matches first.
macro_rules! ordered {
    ($page:expr, $conn:expr, $query:expr, $hits:expr) => {{
        let query: &ProductQuery = $query;
        let mut page = $page;
        page = match (query.sort, $hits) {
            // A search's name matches first (decisions D27), newest first within each.
            (ProductSort::Newest, Some(hits)) => page
                .order(one_of!($conn, hits.by_name.iter().map(ProductId::as_str)).desc())
                .then_order_by((products::updated_at.desc(), products::id.desc())),
            (ProductSort::Newest, None) => {
                page.order((products::updated_at.desc(), products::id.desc()))
            }
            (ProductSort::Oldest, _) => {
                page.order((products::updated_at.asc(), products::id.asc()))
            }
            // Products without variants last, whichever way each backend sorts NULL.
            (ProductSort::Discount, _) => page
                .order(product_variants::discount.is_null())
                .then_order_by(product_variants::discount.desc()),
            (ProductSort::PriceLow, _) => page
                .order(product_variants::sale_price_paise.is_null())
                .then_order_by(product_variants::sale_price_paise.asc()),
            (ProductSort::PriceHigh, _) => page
                .order(product_variants::sale_price_paise.is_null())
                .then_order_by(product_variants::sale_price_paise.desc()),
        };
        if !matches!(query.sort, ProductSort::Newest | ProductSort::Oldest) {
            page = page.then_order_by((products::updated_at.desc(), products::id.desc()));
        }
        page
    }};
}

pub(super) fn list_in(
    conn: &mut AnyConnection,
    query: &ProductQuery,
    hits: Option<&SearchHits>,
) -> QueryResult<ProductPage> {
    let offset = i64::try_from(query.offset()).map_err(|_| too_large("page"))?;
    let rows = match query.limit {
        // The whole list: read whole in one statement.
        None => ordered!(
            filtered_products!(product_source!(), conn, query, hits),
            conn,
            query,
            hits
        )
        .select(ListedRow::as_select())
        .load(conn)?,
        // A page: its ids first, from the products and their first variants only, then its
        // rows whole.
        Some(limit) => {
            let ids: Vec<String> = ordered!(
                filtered_products!(matching_source!(), conn, query, hits),
                conn,
                query,
                hits
            )
            .limit(i64::from(limit))
            .offset(offset)
            .select(products::id)
            .load(conn)?;
            if ids.is_empty() {
                Vec::new()
            } else {
                let mut rows = product_source!()
                    .filter(one_of!(conn, ids.iter().map(String::as_str)))
                    .select(ListedRow::as_select())
                    .load(conn)?;
                let place: HashMap<&str, usize> = ids
                    .iter()
                    .enumerate()
                    .map(|(i, id)| (id.as_str(), i))
                    .collect();
                rows.sort_by_key(|row| place.get(row.product.id.as_str()).copied());
                rows
            }
        }
    };

    let found = rows.len() as u64;
    // A short page that is not past the end says how many there are.
    let short_page = match query.limit {
        None => true,
        Some(limit) => found < u64::from(limit) && (found > 0 || offset == 0),
    };
    let (total, price_ceiling) = if query.products_only {
        (query.offset() + found, None)
    } else if query.max_price.is_none() {
        // Without a price limit the count and the ceiling are over the same products: one pass.
        let (count, ceiling) = filtered_products!(matching_source!(), conn, query, hits)
            .select((
                diesel::dsl::count_star(),
                max(product_variants::sale_price_paise.nullable()),
            ))
            .first::<(i64, Option<i64>)>(conn)?;
        let total = if short_page {
            query.offset() + found
        } else {
            u64::try_from(count).map_err(|_| corrupt("count"))?
        };
        (total, ceiling)
    } else {
        let total = if short_page {
            query.offset() + found
        } else {
            let count = filtered_products!(matching_source!(), conn, query, hits)
                .count()
                .get_result::<i64>(conn)?;
            u64::try_from(count).map_err(|_| corrupt("count"))?
        };
        let ceiling = filtered_products!(matching_source!(), conn, query, hits, None::<Paise>)
            .select(max(product_variants::sale_price_paise.nullable()))
            .first::<Option<i64>>(conn)?;
        (total, ceiling)
    };
    Ok(ProductPage {
        products: assemble(conn, rows)?,
        total,
        price_ceiling: price_ceiling.map_or(Paise::ZERO, Paise::from_stored),
        ..ProductPage::default()
    })
}

/// Every published product's text for the search index: its name, and its info, material,
/// category name, tags, descriptions and the colours its variants have (decisions D47) one a
/// line. Drafts are left out (decisions D43).
pub(super) fn documents_in(conn: &mut AnyConnection) -> QueryResult<Vec<SearchDocument>> {
    let rows: Vec<(String, String, String, String, String)> = products::table
        .inner_join(categories::table)
        .filter(products::published.eq(true))
        .select((
            products::id,
            products::name,
            products::info,
            products::material,
            categories::name,
        ))
        .order(products::id)
        .load(conn)?;
    let details: Vec<(String, String)> = product_details::table
        .filter(product_details::kind.eq_any([kind::TAG, kind::DESCRIPTION]))
        .order((
            product_details::product_id,
            product_details::kind,
            product_details::position,
        ))
        .select((product_details::product_id, product_details::value))
        .load(conn)?;
    // A colour is offered once a variant has it: those are the colours a shopper can buy.
    let colours: Vec<(String, String)> = product_variants::table
        .filter(product_variants::color.ne(""))
        .select((product_variants::product_id, product_variants::color))
        .distinct()
        .order((product_variants::product_id, product_variants::color))
        .load(conn)?;
    let mut lists: HashMap<String, Vec<String>> = HashMap::new();
    for (id, value) in details.into_iter().chain(colours) {
        lists.entry(id).or_default().push(value);
    }
    Ok(rows
        .into_iter()
        .map(|(id, name, info, material, category)| {
            let mut body = vec![info, material, category];
            body.extend(lists.remove(&id).unwrap_or_default());
            SearchDocument {
                id: ProductId::new(id),
                name,
                body: body.join("\n"),
            }
        })
        .collect())
}

pub(super) fn random_in(conn: &mut AnyConnection, count: u32) -> QueryResult<Vec<Product>> {
    // RANDOM() is the same function on SQLite and PostgreSQL; a shop's catalog is small
    // enough to shuffle, and the reply is cached.
    let rows = product_source!()
        .filter(products::published.eq(true))
        .order(sql::<BigInt>("RANDOM()"))
        .limit(i64::from(count))
        .select(ListedRow::as_select())
        .load(conn)?;
    assemble(conn, rows)
}

pub(super) fn find_in(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<Product>> {
    let rows = product_source!()
        .filter(products::id.eq(id.to_owned()))
        .select(ListedRow::as_select())
        .load(conn)?;
    Ok(assemble(conn, rows)?.pop())
}

#[derive(Default)]
struct Parts {
    variants: Vec<Variant>,
    colors: Vec<Colour>,
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
            if row.price_paise < 0 || row.sale_price_paise < 0 {
                return Err(corrupt(format_args!("price of product {product_id}")));
            }
            let stock = row
                .stock
                .map(u32::try_from)
                .transpose()
                .map_err(|_| corrupt(format_args!("stock of product {product_id}")))?;
            parts.entry(product_id).or_default().variants.push(Variant {
                color: row.color,
                label: row.label,
                model: row.model,
                price: Paise::from_stored(row.price_paise),
                sale_price: Paise::from_stored(row.sale_price_paise),
                stock,
            });
        }

        let colours = product_colors::table
            .filter(product_colors::product_id.eq_any(chunk))
            .order((product_colors::product_id, product_colors::position))
            .select(ColourRow::as_select())
            .load(conn)?;
        for row in colours {
            let photos: Vec<String> = serde_json::from_str(&row.photos).map_err(|_| {
                corrupt(format_args!("colour photos of product {}", row.product_id))
            })?;
            parts
                .entry(row.product_id)
                .or_default()
                .colors
                .push(Colour {
                    name: row.name,
                    hex: row.hex,
                    photos,
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
            let size_chart = row
                .size_chart
                .as_deref()
                .map(|text| {
                    size_chart::from_json(text)
                        .ok_or_else(|| corrupt(format_args!("size chart of {}", row.id)))
                })
                .transpose()?;
            let handle = match &row.handle {
                Some(handle) => Handle::parse(handle)
                    .map_err(|_| corrupt(format_args!("handle of {}", row.id)))?,
                None => Handle::from_name(&row.name),
            };
            Ok(Product {
                handle,
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
                colors: parts.colors,
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
                published: row.published,
                size_chart,
                other_photos: parts.other_photos,
                has_photo: photo_sha256.is_some(),
                photo_version: photo_sha256.as_deref().map(photo_version),
                created_at: from_db_time(row.created_at),
                updated_at: from_db_time(row.updated_at),
            })
        })
        .collect()
}
