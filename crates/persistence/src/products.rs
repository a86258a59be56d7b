use async_trait::async_trait;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::{
    ProductConflict, ProductPage, ProductQuery, ProductRecord, ProductRepository,
};
use paduka_domain::ProductId;
use paduka_domain::catalog::{Product, StoredImage};

use crate::db::{Database, matched_a_row, to_db_time};
use crate::schema::{product_photos, products};

mod read;
#[cfg(test)]
mod tests;
mod write;

use read::{PhotoRow, find_in, list_in, random_in};
use write::write_product;

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

/// `product_details.kind` of each list a product has.
mod kind {
    pub const DESCRIPTION: &str = "description";
    pub const SPECIFICATION: &str = "specification";
    pub const TAG: &str = "tag";
    pub const OTHER_PHOTO: &str = "other_photo";
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
                write_product(conn, &id, &record, |conn, content| {
                    diesel::insert_into(products::table)
                        .values((
                            products::id.eq(&id),
                            content,
                            products::rating_total.eq(0),
                            products::review_count.eq(0),
                            products::created_at.eq(to_db_time(record.at)),
                        ))
                        .execute(conn)?;
                    Ok(())
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
                write_product(conn, &id, &record, |conn, content| {
                    let changed = diesel::update(products::table.find(&id))
                        .set(content)
                        .execute(conn)?;
                    matched_a_row(changed)
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
                matched_a_row(deleted)
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
