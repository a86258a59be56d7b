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
                    .select((images::content_type, images::bytes, images::sha256))
                    .first::<(String, Vec<u8>, String)>(conn)
                    .optional()?;
                Ok(row.map(|(content_type, bytes, sha256)| StoredImage {
                    content_type,
                    bytes,
                    sha256,
                }))
            })
            .await
    }
}
