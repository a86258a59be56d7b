//! Product photos: uploads judged and prepared for storage, and the sized variants the
//! storefront's `srcset` asks for, made once and kept for every instance of the shop.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use paduka_domain::catalog::{Image, ImageType, StoredImage};
use paduka_domain::photo::{self, PhotoWidth, VariantFormat, photo_version};
use paduka_domain::{InvalidInput, ProductId};
use tokio::sync::OnceCell;
use tracing::instrument;

use super::CatalogError;
use super::ports::{PhotoCodec, PhotoError, PhotoVariantRepository, ProductRepository};
use crate::accounts::Admin;

/// Product photos: the use cases the HTTP layer (and the demo loader) calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait PhotoUseCases: Send + Sync {
    /// Judges an admin's upload and gives the photo to store (upright, without metadata, at
    /// most 2048 px on its long side). Refused: over 20 MB (413), not an image of a type we
    /// take, or too many pixels (400).
    async fn prepare_upload(&self, admin: &Admin, upload: Vec<u8>) -> Result<Image, CatalogError>;

    /// The product's photo, or the variant `request` asks for: made on first request, kept,
    /// and from then on read back. A variant is never larger than the photo: when encoding
    /// would not make it smaller, the photo itself serves that width.
    async fn product_photo(
        &self,
        id: &ProductId,
        request: PhotoRequest,
    ) -> Result<ServedPhoto, CatalogError>;
}

/// Uploads in, photos and their variants out.
pub struct PhotoService {
    products: Arc<dyn ProductRepository>,
    variants: Arc<dyn PhotoVariantRepository>,
    codec: Arc<dyn PhotoCodec>,
    /// Variants being made right now, so that concurrent requests for one share its encoding.
    in_flight: Mutex<HashMap<VariantKey, Arc<Making>>>,
}

/// One variant being made: its result once ready (`None`: the photo itself serves it).
type Making = OnceCell<Option<StoredImage>>;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct VariantKey {
    product: ProductId,
    photo_sha256: String,
    width: PhotoWidth,
    format: VariantFormat,
}

/// What a client asks of `GET /product/product-photo/{id}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhotoRequest {
    /// `None`: the stored photo itself.
    pub width: Option<PhotoWidth>,
    /// The client says it takes WebP.
    pub accepts_webp: bool,
}

/// An image to send, and the version of the product photo it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ServedPhoto {
    pub image: StoredImage,
    /// [`photo_version`] of the product's current photo.
    pub version: String,
}

impl ServedPhoto {
    fn new(image: StoredImage, photo_sha256: &str) -> Self {
        Self {
            image,
            version: photo_version(photo_sha256),
        }
    }
}

impl PhotoService {
    pub fn new(
        products: Arc<dyn ProductRepository>,
        variants: Arc<dyn PhotoVariantRepository>,
        codec: Arc<dyn PhotoCodec>,
    ) -> Self {
        Self {
            products,
            variants,
            codec,
            in_flight: Mutex::default(),
        }
    }

    async fn stored_photo(&self, id: &ProductId) -> Result<StoredImage, CatalogError> {
        self.products
            .photo(id)
            .await?
            .ok_or(CatalogError::ImageNotFound)
    }

    async fn whole_photo(&self, id: &ProductId) -> Result<ServedPhoto, CatalogError> {
        let photo = self.stored_photo(id).await?;
        let sha256 = photo.sha256.clone();
        Ok(ServedPhoto::new(photo, &sha256))
    }

    /// Makes the variant, or waits for the request already making it.
    async fn make_once(
        &self,
        key: VariantKey,
        photo: &StoredImage,
    ) -> Result<Option<StoredImage>, CatalogError> {
        let making = self.in_flight().entry(key.clone()).or_default().clone();
        let made = making
            .get_or_try_init(|| self.make(&key, photo))
            .await
            .cloned();
        // Once made, the variant is in the database for whoever asks next.
        let mut in_flight = self.in_flight();
        if in_flight
            .get(&key)
            .is_some_and(|current| Arc::ptr_eq(current, &making))
        {
            in_flight.remove(&key);
        }
        made
    }

    fn in_flight(&self) -> std::sync::MutexGuard<'_, HashMap<VariantKey, Arc<Making>>> {
        self.in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    async fn make(
        &self,
        key: &VariantKey,
        photo: &StoredImage,
    ) -> Result<Option<StoredImage>, CatalogError> {
        // A request that finished just before this one started may have kept it already.
        if let Some(kept) = self
            .variants
            .find(&key.product, key.width, key.format)
            .await?
            && kept.photo_sha256 == key.photo_sha256
        {
            return Ok(kept.image);
        }
        let target = match key.format {
            VariantFormat::Webp => Some(ImageType::Webp),
            VariantFormat::AsPhoto => ImageType::from_mime(&photo.content_type),
        };
        let encoded = match target {
            Some(target) => match self.codec.resize(photo.clone(), key.width, target).await {
                Ok(encoded) => encoded,
                Err(PhotoError::Unexpected(cause)) => return Err(CatalogError::Unexpected(cause)),
                Err(refused) => {
                    tracing::warn!(product = %key.product, %refused, "a stored photo cannot be decoded; it serves every width");
                    None
                }
            },
            None => None,
        };
        // A variant is worth its bytes only when it is smaller than the photo it stands for.
        let smaller = encoded.filter(|image| image.bytes.len() < photo.bytes.len());
        Ok(self
            .variants
            .keep(
                &key.product,
                &key.photo_sha256,
                key.width,
                key.format,
                smaller,
            )
            .await?)
    }
}

#[async_trait]
impl PhotoUseCases for PhotoService {
    #[instrument(skip(self, upload), fields(admin = %admin.id(), bytes = upload.len()))]
    async fn prepare_upload(&self, admin: &Admin, upload: Vec<u8>) -> Result<Image, CatalogError> {
        if upload.len() > photo::MAX_UPLOAD_BYTES {
            return Err(CatalogError::TooLarge(photo::TOO_MANY_BYTES.into()));
        }
        self.codec
            .prepare(upload)
            .await
            .map_err(|error| match error {
                PhotoError::NotAnImage => {
                    CatalogError::Invalid(InvalidInput::new(photo::NOT_AN_IMAGE))
                }
                PhotoError::Refused(invalid) => CatalogError::Invalid(invalid),
                PhotoError::Unexpected(cause) => CatalogError::Unexpected(cause),
            })
    }

    #[instrument(skip(self))]
    async fn product_photo(
        &self,
        id: &ProductId,
        request: PhotoRequest,
    ) -> Result<ServedPhoto, CatalogError> {
        let Some(width) = request.width else {
            return self.whole_photo(id).await;
        };
        let format = VariantFormat::for_client(request.accepts_webp);
        if let Some(kept) = self.variants.find(id, width, format).await? {
            return match kept.image {
                Some(image) => Ok(ServedPhoto::new(image, &kept.photo_sha256)),
                None => self.whole_photo(id).await,
            };
        }

        let photo = self.stored_photo(id).await?;
        let key = VariantKey {
            product: id.clone(),
            photo_sha256: photo.sha256.clone(),
            width,
            format,
        };
        let variant = self.make_once(key, &photo).await?;
        let sha256 = photo.sha256.clone();
        Ok(ServedPhoto::new(variant.unwrap_or(photo), &sha256))
    }
}

#[cfg(test)]
#[path = "photos_tests.rs"]
mod tests;
