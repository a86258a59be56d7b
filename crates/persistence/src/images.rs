use async_trait::async_trait;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::ImageRepository;
use paduka_domain::MediaId;
use paduka_domain::catalog::{Image, StoredImage};

use crate::db::{Database, sha256_hex, to_db_time};
use crate::schema::images;

/// Pictures we serve ourselves (`/api/v1/media/{id}`), bytes and hash in the `images` table.
#[derive(Debug, Clone)]
pub struct DieselImageRepository {
    db: Database,
}

impl DieselImageRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = images)]
struct ImageRow {
    content_type: String,
    bytes: Vec<u8>,
    sha256: String,
}

#[async_trait]
impl ImageRepository for DieselImageRepository {
    #[tracing::instrument(level = "debug", skip(self, image), fields(bytes = image.bytes.len()))]
    async fn store(&self, id: &MediaId, image: Image) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                diesel::insert_into(images::table)
                    .values((
                        images::id.eq(id),
                        images::content_type.eq(image.image_type.mime()),
                        images::sha256.eq(sha256_hex(&image.bytes)),
                        images::bytes.eq(&image.bytes),
                        images::created_at.eq(to_db_time(chrono::Utc::now())),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn find(&self, id: &MediaId) -> Result<Option<StoredImage>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                let row = images::table
                    .find(id)
                    .select(ImageRow::as_select())
                    .first(conn)
                    .optional()?;
                Ok(row.map(|row: ImageRow| StoredImage {
                    content_type: row.content_type,
                    bytes: row.bytes,
                    sha256: row.sha256,
                }))
            })
            .await
    }
}
