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

    #[tracing::instrument(level = "debug", skip(self, image), fields(bytes = image.bytes.len()))]
    async fn keep(&self, image: Image) -> Result<MediaId, RepoError> {
        let sha256 = sha256_hex(&image.bytes);
        let id = content_id(&sha256);
        let kept = MediaId::new(id.clone());
        self.db
            .run(move |conn| {
                // The same bytes kept before (or by another instance at once): already there.
                let insert = diesel::insert_into(images::table)
                    .values((
                        images::id.eq(id),
                        images::content_type.eq(image.image_type.mime()),
                        images::sha256.eq(sha256),
                        images::bytes.eq(&image.bytes),
                        images::created_at.eq(to_db_time(chrono::Utc::now())),
                    ))
                    .on_conflict_do_nothing();
                match conn {
                    AnyConnection::Postgresql(pg) => insert.execute(pg)?,
                    AnyConnection::Sqlite(sqlite) => insert.execute(sqlite)?,
                };
                Ok(())
            })
            .await?;
        Ok(kept)
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

/// An image's id from its hex SHA-256, in the UUID form every id of the API has: its first
/// 128 bits as a version 8 (application-defined) UUID.
fn content_id(sha256: &str) -> String {
    // A hex SHA-256 has 64 digits; padded only so that nothing here can panic.
    let mut hex: Vec<char> = sha256
        .chars()
        .chain(std::iter::repeat('0'))
        .take(32)
        .collect();
    hex[12] = '8';
    // The variant bits: 10xx.
    let variant = hex[16].to_digit(16).unwrap_or(0);
    hex[16] = char::from_digit(0x8 | (variant & 0x3), 16).unwrap_or('8');
    let hex: String = hex.into_iter().collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::content_id;

    #[test]
    fn a_content_id_is_a_version_8_uuid_of_the_hash() {
        let id = content_id("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
        assert_eq!(id, "01234567-89ab-8def-8123-456789abcdef");
    }
}
