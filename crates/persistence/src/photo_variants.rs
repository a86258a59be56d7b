use async_trait::async_trait;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::{Binary, Integer, Nullable, Text, Timestamp};
use paduka_application::RepoError;
use paduka_application::catalog::{KeptVariant, PhotoVariantRepository};
use paduka_domain::ProductId;
use paduka_domain::catalog::{Image, StoredImage};
use paduka_domain::photo::{PhotoWidth, VariantFormat};

use crate::db::{Database, corrupt, sha256_hex, to_db_time};
use crate::schema::{photo_variants, product_photos};

/// Sized variants of product photos in `photo_variants`, each row tied to the photo it was
/// made from (`ON DELETE CASCADE` from `product_photos`, so a new photo drops them).
#[derive(Debug, Clone)]
pub struct DieselPhotoVariantRepository {
    db: Database,
}

impl DieselPhotoVariantRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn width_column(width: PhotoWidth) -> QueryResult<i32> {
    i32::try_from(width.pixels()).map_err(|_| corrupt("photo width"))
}

/// A kept variant as read: the photo it was made from, and its image (all of it, or none when
/// the photo itself serves this width and format).
#[derive(Queryable, Selectable)]
#[diesel(table_name = photo_variants)]
struct VariantRow {
    photo_sha256: String,
    content_type: Option<String>,
    bytes: Option<Vec<u8>>,
    sha256: Option<String>,
}

#[async_trait]
impl PhotoVariantRepository for DieselPhotoVariantRepository {
    async fn find(
        &self,
        product: &ProductId,
        width: PhotoWidth,
        format: VariantFormat,
    ) -> Result<Option<KeptVariant>, RepoError> {
        let product = product.as_str().to_owned();
        self.db
            .run(move |conn| {
                // Joined with the photo it was made from, so that only the current photo's
                // variants are ever found.
                let row = photo_variants::table
                    .inner_join(
                        product_photos::table.on(product_photos::product_id
                            .eq(photo_variants::product_id)
                            .and(product_photos::sha256.eq(photo_variants::photo_sha256))),
                    )
                    .filter(photo_variants::product_id.eq(product))
                    .filter(photo_variants::width.eq(width_column(width)?))
                    .filter(photo_variants::format.eq(format.key()))
                    .select(VariantRow::as_select())
                    .first(conn)
                    .optional()?;
                row.map(|row| {
                    let VariantRow {
                        photo_sha256,
                        content_type,
                        bytes,
                        sha256,
                    } = row;
                    let image = match (content_type, bytes, sha256) {
                        (Some(content_type), Some(bytes), Some(sha256)) => Some(StoredImage {
                            content_type,
                            bytes,
                            sha256,
                        }),
                        (None, None, None) => None,
                        _ => return Err(corrupt("photo variant without all of its image")),
                    };
                    Ok(KeptVariant {
                        photo_sha256,
                        image,
                    })
                })
                .transpose()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self, image), fields(bytes = image.as_ref().map(|i| i.bytes.len())))]
    async fn keep(
        &self,
        product: &ProductId,
        photo_sha256: &str,
        width: PhotoWidth,
        format: VariantFormat,
        image: Option<Image>,
    ) -> Result<Option<StoredImage>, RepoError> {
        let product = product.as_str().to_owned();
        let photo_sha256 = photo_sha256.to_owned();
        let kept = image.map(|image| StoredImage {
            content_type: image.image_type.mime().to_owned(),
            sha256: sha256_hex(&image.bytes),
            bytes: image.bytes,
        });
        self.db
            .run(move |conn| {
                // Copied from the photo's own row, so nothing is written once the photo has
                // been replaced (or deleted) since the variant was made from it.
                let source = product_photos::table
                    .filter(product_photos::product_id.eq(&product))
                    .filter(product_photos::sha256.eq(&photo_sha256))
                    .select((
                        product_photos::product_id,
                        width_column(width)?.into_sql::<Integer>(),
                        format.key().into_sql::<Text>(),
                        product_photos::sha256,
                        kept.as_ref()
                            .map(|k| k.content_type.clone())
                            .into_sql::<Nullable<Text>>(),
                        kept.as_ref()
                            .map(|k| k.bytes.clone())
                            .into_sql::<Nullable<Binary>>(),
                        kept.as_ref()
                            .map(|k| k.sha256.clone())
                            .into_sql::<Nullable<Text>>(),
                        to_db_time(chrono::Utc::now()).into_sql::<Timestamp>(),
                    ));
                let inserted = diesel::insert_into(photo_variants::table)
                    .values(source)
                    .into_columns((
                        photo_variants::product_id,
                        photo_variants::width,
                        photo_variants::format,
                        photo_variants::photo_sha256,
                        photo_variants::content_type,
                        photo_variants::bytes,
                        photo_variants::sha256,
                        photo_variants::created_at,
                    ))
                    .execute(conn);
                match inserted {
                    // Another request or instance kept it first: the same variant of the
                    // same photo, so theirs serves as well as ours.
                    Ok(_)
                    | Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                        Ok(kept)
                    }
                    Err(error) => Err(error),
                }
            })
            .await
    }
}
