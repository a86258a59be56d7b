use async_trait::async_trait;
use diesel::prelude::*;
use diesel::query_dsl::methods::LoadQuery;
use paduka_application::RepoError;
use paduka_application::catalog::ImageRepository;
use paduka_domain::MediaId;
use paduka_domain::catalog::{Image, StoredImage};

use crate::db::{AnyConnection, Database, sha256_hex, to_db_time};
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

/// The picture `query` selects as `(content_type, bytes, sha256)`, the columns both `images`
/// and `product_photos` hold, if there is one.
pub(crate) fn find_image<'q>(
    conn: &mut AnyConnection,
    query: impl LoadQuery<'q, AnyConnection, (String, Vec<u8>, String)>,
) -> QueryResult<Option<StoredImage>> {
    let found = query.get_result(conn).optional()?;
    Ok(found.map(|(content_type, bytes, sha256)| StoredImage {
        content_type,
        bytes,
        sha256,
    }))
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
                let image = images::table.find(id);
                find_image(
                    conn,
                    image.select((images::content_type, images::bytes, images::sha256)),
                )
            })
            .await
    }
}
