use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use paduka_domain::catalog::search::SearchQuery;
use paduka_domain::catalog::{
    Category, Handle, Image, ImageType, Product, ProductDraft, StoredImage,
};
use paduka_domain::photo::{PhotoWidth, VariantFormat};
use paduka_domain::review::{Review, ReviewDraft};
use paduka_domain::{CategoryId, InvalidInput, MediaId, ProductId, ReviewId, UserId};

use super::{ProductPage, ProductQuery};
use crate::RepoError;

/// A product about to be stored. `draft.seller` and `draft.product_code` are already
/// resolved into `seller` and `product_code`, which are the ones to store.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductRecord {
    pub product_code: String,
    /// The handle to store; `None` keeps the current one, or makes a new product's from its
    /// name (the first free of `name`, `name-2`, ...).
    pub handle: Option<Handle>,
    pub seller: UserId,
    pub draft: ProductDraft,
    /// A new photo; `None` keeps the current one (or none, for a new product).
    pub photo: Option<Image>,
    pub at: DateTime<Utc>,
}

/// The rules a product write can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ProductConflict {
    /// Another product has this product code (`products_product_code_key`).
    #[error("another product has this product code")]
    DuplicateProductCode,
    /// Another product has this handle (`products_handle_key`).
    #[error("another product has this handle")]
    DuplicateHandle,
    /// The category does not exist (`products_category_id_fkey`).
    #[error("the category does not exist")]
    UnknownCategory,
    /// The seller's account does not exist (`products_seller_id_fkey`).
    #[error("the seller does not exist")]
    UnknownSeller,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ProductRepository: Send + Sync {
    /// The products matching `query`, ordered and paged as it says, with the number matching
    /// before paging; drafts only when its audience is admins (decisions D43).
    /// With `found`, only its products, those it found by name first when sorted newest
    /// first; `query.text` is not read (the search found `found`).
    async fn list<'a>(
        &self,
        query: &ProductQuery,
        found: Option<&'a SearchHits>,
    ) -> Result<ProductPage, RepoError>;

    /// Up to `count` published products picked at random (the storefront's banner).
    async fn random(&self, count: u32) -> Result<Vec<Product>, RepoError>;

    /// The product, draft or not, or `None` when no product has this id.
    async fn find(&self, id: &ProductId) -> Result<Option<Product>, RepoError>;

    /// Stores a new product with its variants and photo, all or nothing. A [`ProductConflict`]
    /// when its product code is taken or its category or seller does not exist.
    async fn create(
        &self,
        id: &ProductId,
        record: ProductRecord,
    ) -> Result<Product, RepoError<ProductConflict>>;

    /// Replaces the product's content and variants (and photo, when one is given).
    /// `NotFound` for an unknown id; a [`ProductConflict`] as for `create`.
    async fn update(
        &self,
        id: &ProductId,
        record: ProductRecord,
    ) -> Result<Product, RepoError<ProductConflict>>;

    /// Deletes the product with its variants, photo and reviews. Past orders keep their
    /// snapshot. `NotFound` for an unknown id.
    async fn delete(&self, id: &ProductId) -> Result<(), RepoError>;

    /// The product's photo, or `None` when the product or its photo does not exist.
    async fn photo(&self, id: &ProductId) -> Result<Option<StoredImage>, RepoError>;
}

/// The rules a category write can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CategoryConflict {
    /// Another category has the same name, ignoring case (`categories_name_key_key`).
    #[error("another category has this name")]
    DuplicateName,
    /// Products still use the category (`products_category_id_fkey`, `ON DELETE RESTRICT`).
    #[error("products use the category")]
    InUse,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CategoryRepository: Send + Sync {
    /// Every category, by name.
    async fn list(&self) -> Result<Vec<Category>, RepoError>;

    async fn find(&self, id: &CategoryId) -> Result<Option<Category>, RepoError>;

    /// `DuplicateName` when another category has the same name, ignoring case.
    async fn create(&self, category: &Category) -> Result<(), RepoError<CategoryConflict>>;

    /// `NotFound` for an unknown id; `DuplicateName` as for `create`.
    async fn update(&self, category: &Category) -> Result<(), RepoError<CategoryConflict>>;

    /// `NotFound` for an unknown id; `InUse` while products use the category.
    async fn delete(&self, id: &CategoryId) -> Result<(), RepoError<CategoryConflict>>;
}

/// A review about to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewRecord {
    /// Used only when the user has not reviewed this product before.
    pub id: ReviewId,
    pub product: ProductId,
    pub user: UserId,
    pub draft: ReviewDraft,
    pub at: DateTime<Utc>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReviewRepository: Send + Sync {
    /// The product's reviews, most recently written or changed first.
    async fn for_product(&self, product: &ProductId) -> Result<Vec<Review>, RepoError>;

    /// Adds the user's review of the product, or replaces their earlier one (keeping its id
    /// and creation time), and updates the product's rating in the same transaction.
    /// `NotFound` when the product or user does not exist.
    async fn upsert(&self, review: ReviewRecord) -> Result<Review, RepoError>;
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ImageRepository: Send + Sync {
    /// Stores an image we serve at `/api/v1/media/{id}`.
    async fn store(&self, id: &MediaId, image: Image) -> Result<(), RepoError>;

    /// Stores an image under an id made from its bytes, and answers that id: the same bytes
    /// always get the same id and are stored once (an import's photos, fetched again by the
    /// same file, then change nothing).
    async fn keep(&self, image: Image) -> Result<MediaId, RepoError>;

    /// The image, or `None` for an unknown id.
    async fn find(&self, id: &MediaId) -> Result<Option<StoredImage>, RepoError>;
}

/// Why a codec could not take an image.
#[derive(Debug, thiserror::Error)]
pub enum PhotoError {
    /// The bytes are not a JPEG, PNG, WebP, GIF or AVIF image, or it is damaged.
    #[error("not a JPEG, PNG, WebP, GIF or AVIF image")]
    NotAnImage,
    /// An image, but one whose dimensions break a rule (the message says which).
    #[error(transparent)]
    Refused(InvalidInput),
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

/// Reads and writes image pixels: the one place that knows image formats.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PhotoCodec: Send + Sync {
    /// Judges an upload by its content (never its name) and gives the photo to store: the
    /// upload itself, byte for byte, when it is upright, carries no metadata and fits in
    /// [`paduka_domain::photo::MAX_STORED_SIDE`]; else re-encoded in its own format, turned
    /// upright, without metadata and scaled down to fit.
    async fn prepare(&self, upload: Vec<u8>) -> Result<Image, PhotoError>;

    /// The stored photo at `width` (see [`PhotoWidth::fit`]) encoded as `format`. `None` when
    /// that would be the photo itself (no narrower, already in `format`) or when its format
    /// cannot be decoded here.
    async fn resize(
        &self,
        photo: StoredImage,
        width: PhotoWidth,
        format: ImageType,
    ) -> Result<Option<Image>, PhotoError>;
}

/// A variant kept for a product's current photo.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptVariant {
    /// The SHA-256 of the photo it was made from, which is the product's current photo.
    pub photo_sha256: String,
    /// Its bytes; `None` when the photo itself serves this width and format.
    pub image: Option<StoredImage>,
}

/// Photo variants, made once and kept where every instance of the shop finds them.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PhotoVariantRepository: Send + Sync {
    /// The variant kept for the product's current photo, if any.
    async fn find(
        &self,
        product: &ProductId,
        width: PhotoWidth,
        format: VariantFormat,
    ) -> Result<Option<KeptVariant>, RepoError>;

    /// Keeps a variant made from the photo whose SHA-256 is `photo_sha256` (`image` `None`:
    /// the photo itself serves it) and returns the image with its hash. Keeps nothing when
    /// the product's photo has changed since, or when the variant is kept already (another
    /// request or instance made it first). A variant goes when its photo is replaced.
    async fn keep(
        &self,
        product: &ProductId,
        photo_sha256: &str,
        width: PhotoWidth,
        format: VariantFormat,
        image: Option<Image>,
    ) -> Result<Option<StoredImage>, RepoError>;
}

/// A product's text as search reads it: its name apart, everything else searched together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDocument {
    pub id: ProductId,
    pub name: String,
    /// Info, material, tags, category name and descriptions, one a line.
    pub body: String,
}

/// Where the search index is built from.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SearchDocuments: Send + Sync {
    /// Every published product's text: a draft is never found, nor a word corrected to its
    /// (decisions D43).
    async fn search_documents(&self) -> Result<Vec<SearchDocument>, RepoError>;
}

/// What a search found: every matching product, those matched by their name first, and the
/// query as corrected when a word matched only through a typo.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchHits {
    /// Every product every word found, in no particular order.
    pub ids: Vec<ProductId>,
    /// Those of `ids` whose name alone has every word: listed first.
    pub by_name: Vec<ProductId>,
    /// [`SearchQuery::corrected`](paduka_domain::catalog::search::SearchQuery::corrected).
    pub corrected: Option<String>,
}

/// The search index (decisions D27): which products a query's words find, as the domain's
/// search rules say.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ProductSearch: Send + Sync {
    /// The products `query` finds in the catalog as of `revision` (the catalog's
    /// [`Revision`](crate::Revision)): an index built before it moved is built again first.
    async fn search(&self, query: &SearchQuery, revision: u64) -> Result<SearchHits, RepoError>;
}

/// A query that found nothing, and how often it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchMiss {
    pub query: String,
    pub count: u64,
}

/// Counts of searches that found nothing, per normalised query and day.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SearchMissRepository: Send + Sync {
    /// One more miss of `query` on `day`, unless `searcher` (the client's address) was
    /// counted for it that day already (`None`: counted); misses and searchers of days before
    /// `forget_before` are deleted.
    async fn record(
        &self,
        query: &str,
        day: NaiveDate,
        searcher: Option<String>,
        forget_before: NaiveDate,
    ) -> Result<(), RepoError>;

    /// The `limit` queries missed most often from `since` on, most first (ties by query).
    async fn most_missed(&self, since: NaiveDate, limit: u32)
    -> Result<Vec<SearchMiss>, RepoError>;
}
