use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::transfer::{ProductBatchRepository, ProductWrite};
use paduka_application::catalog::{
    ProductConflict, ProductPage, ProductQuery, ProductRecord, ProductRepository, SearchDocument,
    SearchDocuments, SearchHits,
};
use paduka_domain::ProductId;
use paduka_domain::catalog::import::PhotoSlot;
use paduka_domain::catalog::{Image, Product, StoredImage};

use crate::db::{Database, to_db_time, write_transaction};
use crate::images::find_image;
use crate::schema::{product_photos, products};

mod read;
mod write;

use read::{documents_in, find_in, list_in, random_in};
use write::{RowWrite, add_photo, replace_photo, write_batch, write_product};
pub(crate) use write::{backfill_color_keys, backfill_handles};

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

    async fn write(
        &self,
        id: &ProductId,
        record: ProductRecord,
        row: RowWrite,
    ) -> Result<Product, RepoError<ProductConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_raw(move |conn| write_product(conn, &id, &record, row))
            .await
    }
}

/// `products.size_chart`: a product's own chart as JSON, `[{"label", "footMm"}]` smallest
/// first (decisions D49).
mod size_chart {
    use paduka_domain::returns::{ChartSize, SizeChart};
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Stored {
        label: String,
        foot_mm: u32,
    }

    pub fn to_json(chart: &SizeChart) -> String {
        let sizes: Vec<Stored> = chart
            .sizes()
            .iter()
            .map(|size| Stored {
                label: size.label.clone(),
                foot_mm: size.foot_mm,
            })
            .collect();
        serde_json::to_string(&sizes).expect("labels and numbers serialise")
    }

    /// `None` when the text is not a chart the domain accepts.
    pub fn from_json(text: &str) -> Option<SizeChart> {
        let sizes: Vec<Stored> = serde_json::from_str(text).ok()?;
        let sizes = sizes
            .into_iter()
            .map(|s| ChartSize {
                label: s.label,
                foot_mm: s.foot_mm,
            })
            .collect();
        SizeChart::new(sizes).ok()
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
    async fn list<'a>(
        &self,
        query: &ProductQuery,
        found: Option<&'a SearchHits>,
    ) -> Result<ProductPage, RepoError> {
        let query = query.clone();
        let found = found.cloned();
        self.db
            .run(move |conn| list_in(conn, &query, found.as_ref()))
            .await
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
        self.write(id, record, RowWrite::Insert).await
    }

    #[tracing::instrument(level = "debug", skip(self, record), fields(code = %record.product_code))]
    async fn update(
        &self,
        id: &ProductId,
        record: ProductRecord,
    ) -> Result<Product, RepoError<ProductConflict>> {
        self.write(id, record, RowWrite::Update).await
    }

    /// Variants, lists, photo and reviews go with the product (`ON DELETE CASCADE`).
    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &ProductId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .write_one(move |conn| diesel::delete(products::table.find(id)).execute(conn))
            .await
    }

    async fn photo(&self, id: &ProductId) -> Result<Option<StoredImage>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                let photo = product_photos::table.find(id);
                find_image(
                    conn,
                    photo.select((
                        product_photos::content_type,
                        product_photos::bytes,
                        product_photos::sha256,
                    )),
                )
            })
            .await
    }
}

#[async_trait]
impl ProductBatchRepository for DieselProductRepository {
    #[tracing::instrument(level = "debug", skip(self, batch), fields(products = batch.len()))]
    async fn write_batch(
        &self,
        batch: Vec<ProductWrite>,
    ) -> Result<(), RepoError<ProductConflict>> {
        self.db.run_raw(move |conn| write_batch(conn, &batch)).await
    }

    #[tracing::instrument(level = "debug", skip(self, photo))]
    async fn set_photo(
        &self,
        id: &ProductId,
        photo: Image,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    // The row's time moves too, so every instance's caches see the change.
                    let matched = diesel::update(products::table.find(&id))
                        .set(products::updated_at.eq(to_db_time(at)))
                        .execute(conn)?;
                    if matched == 0 {
                        return Ok(false);
                    }
                    replace_photo(conn, &id, &photo, at)?;
                    Ok(true)
                })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn add_photo(
        &self,
        id: &ProductId,
        slot: &PhotoSlot,
        path: &str,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let id = id.as_str().to_owned();
        let slot = slot.clone();
        let path = path.to_owned();
        self.db
            .run(move |conn| write_transaction(conn, |conn| add_photo(conn, &id, &slot, &path, at)))
            .await
    }
}

#[async_trait]
impl SearchDocuments for DieselProductRepository {
    async fn search_documents(&self) -> Result<Vec<SearchDocument>, RepoError> {
        self.db.run(documents_in).await
    }
}
