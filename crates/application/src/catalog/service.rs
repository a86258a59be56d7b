use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::catalog::search::{self, SearchQuery};
use paduka_domain::catalog::{
    Audience, Category, CategoryDraft, ColourKey, Image, Product, ProductDraft, ProductInput,
    StoredImage,
};
use paduka_domain::review::{Review, ReviewDraft};
use paduka_domain::{CategoryId, InvalidInput, MediaId, ProductId, ReviewId};
use tracing::instrument;

use super::ports::*;
use super::{CatalogError, CatalogRevision, ProductPage, ProductQuery};
use crate::accounts::{Admin, Principal, UserRepository};
use crate::{Clock, IdGenerator, RepoError};

/// Everything a shopper reads and an admin edits in the catalog.
pub struct CatalogService {
    pub(crate) products: Arc<dyn ProductRepository>,
    pub(crate) categories: Arc<dyn CategoryRepository>,
    pub(crate) reviews: Arc<dyn ReviewRepository>,
    pub(crate) images: Arc<dyn ImageRepository>,
    pub(crate) users: Arc<dyn UserRepository>,
    pub(crate) ids: Arc<dyn IdGenerator>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) search: CatalogSearch,
    /// Bumped after every catalog write, so readers holding a copy know it is stale.
    revision: CatalogRevision,
    /// `FIT_MIN_RETURNS` and the returns' fit reasons (decisions D38); `None`: no advice.
    pub(super) fit: Option<super::fit::FitSource>,
}

/// The search index and the count of searches that found nothing.
#[derive(Clone)]
pub struct CatalogSearch {
    pub index: Arc<dyn ProductSearch>,
    pub misses: Arc<dyn SearchMissRepository>,
}

/// How many products the search box suggests (the spec's five).
pub const SUGGESTIONS: u32 = 5;

/// How many of the most missed searches the admin sees, and over how many days.
pub const MOST_MISSED: u32 = 20;
pub const MISSES_OVER_DAYS: u64 = 30;

/// How many products the home page's banner rotates through (the spec's five).
pub const FEATURED_PRODUCTS: u32 = 5;

/// A category page: the category and its products.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryWithProducts {
    pub category: Category,
    pub products: Vec<Product>,
}

/// What shoppers read and admins edit in the catalog: the use cases the HTTP layer calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CatalogUseCases: Send + Sync {
    /// Changes whenever this process changes the catalog (products, stock, reviews,
    /// categories). Caches of catalog reads compare it to know when to rebuild.
    fn revision(&self) -> u64;

    /// The listing; with `text`, what the search finds (decisions D27), name matches first
    /// when sorted newest first, and an empty answer counted as a miss.
    async fn list_products(&self, query: &ProductQuery) -> Result<ProductPage, CatalogError>;

    /// Up to [`SUGGESTIONS`] products the search box suggests for `query` (its text, size and
    /// stock filters); no miss is counted, since it asks at every key.
    async fn suggest(&self, query: &ProductQuery) -> Result<Vec<Product>, CatalogError>;

    /// The [`MOST_MISSED`] searches that found nothing most often in the last
    /// [`MISSES_OVER_DAYS`] days (India's days), most first.
    async fn search_misses(&self, admin: &Admin) -> Result<Vec<SearchMiss>, CatalogError>;

    /// Up to [`FEATURED_PRODUCTS`] published products chosen at random, for the home page's
    /// banner.
    async fn featured_products(&self) -> Result<Vec<Product>, CatalogError>;

    /// The product, if `audience` may see it: a draft is `ProductNotFound` to shoppers
    /// (decisions D43).
    async fn product(&self, id: &ProductId, audience: Audience) -> Result<Product, CatalogError>;

    /// Whether `product` runs small or large, from its returns of the last 180 days, and the
    /// size chart its page shows (decisions D38).
    async fn fit_advice(&self, product: &Product) -> Result<super::FitAdvice, CatalogError>;

    /// `Find my size`: the size on the product's chart for a foot of `foot_mm`, moved by its
    /// fit. `ProductNotFound`; `NoSizeChart` for a product no chart sizes.
    async fn find_size(
        &self,
        id: &ProductId,
        foot_mm: u32,
    ) -> Result<super::SizeSuggestion, CatalogError>;

    async fn category_page(&self, id: &CategoryId) -> Result<CategoryWithProducts, CatalogError>;

    async fn create_product(
        &self,
        admin: &Admin,
        input: ProductInput,
        photo: Option<Image>,
    ) -> Result<Product, CatalogError>;

    async fn update_product(
        &self,
        admin: &Admin,
        id: &ProductId,
        input: ProductInput,
        photo: Option<Image>,
    ) -> Result<Product, CatalogError>;

    async fn delete_product(&self, admin: &Admin, id: &ProductId) -> Result<(), CatalogError>;

    async fn image(&self, id: &MediaId) -> Result<StoredImage, CatalogError>;

    async fn reviews(&self, product: &ProductId) -> Result<Vec<Review>, CatalogError>;

    /// The reviewer is always the signed-in user, whatever the request body says.
    async fn add_review(
        &self,
        user: &Principal,
        product: &ProductId,
        draft: ReviewDraft,
    ) -> Result<Review, CatalogError>;

    async fn categories(&self) -> Result<Vec<Category>, CatalogError>;

    async fn create_category(
        &self,
        admin: &Admin,
        draft: CategoryDraft,
    ) -> Result<Category, CatalogError>;

    async fn update_category(
        &self,
        admin: &Admin,
        id: &CategoryId,
        draft: CategoryDraft,
    ) -> Result<Category, CatalogError>;

    /// Refused while products use the category, so nothing is orphaned.
    async fn delete_category(
        &self,
        admin: &Admin,
        id: &CategoryId,
    ) -> Result<Category, CatalogError>;

    /// Stores an image we serve ourselves (demo gallery pictures, a colour's photo the admin
    /// uploads) and returns its id.
    async fn store_image(&self, admin: &Admin, image: Image) -> Result<MediaId, CatalogError>;
}

impl CatalogService {
    #[allow(clippy::too_many_arguments)] // one per port, each named
    pub fn new(
        products: Arc<dyn ProductRepository>,
        categories: Arc<dyn CategoryRepository>,
        reviews: Arc<dyn ReviewRepository>,
        images: Arc<dyn ImageRepository>,
        users: Arc<dyn UserRepository>,
        ids: Arc<dyn IdGenerator>,
        clock: Arc<dyn Clock>,
        search: CatalogSearch,
    ) -> Self {
        Self {
            products,
            categories,
            reviews,
            images,
            users,
            ids,
            clock,
            search,
            revision: CatalogRevision::default(),
            fit: None,
        }
    }

    /// Fit advice from the returns' reasons `reasons` holds, under `rule`.
    pub fn with_fit(
        mut self,
        rule: paduka_domain::returns::FitRule,
        reasons: Arc<dyn super::FitRepository>,
    ) -> Self {
        self.fit = Some(super::fit::FitSource { rule, reasons });
        self
    }

    /// The shared counter, for the services that change stock (checkout, orders).
    pub fn revision_handle(&self) -> CatalogRevision {
        self.revision.clone()
    }

    /// The page `query` lists: through the search index when it has words.
    async fn searched(
        &self,
        query: &ProductQuery,
    ) -> Result<(ProductPage, Option<SearchQuery>), CatalogError> {
        let Some(words) = query.text.as_deref().and_then(SearchQuery::parse) else {
            let mut page = self.products.list(query, None).await?;
            page.shown_colors = shown_colours(&page.products, query.color.as_ref(), &[]);
            return Ok((page, None));
        };
        let hits = self
            .search
            .index
            .search(&words, self.revision.current())
            .await?;
        let mut page = self.products.list(query, Some(&hits)).await?;
        if page.total > 0 {
            page.corrected = hits.corrected;
        }
        // The words as they found the products: a typo's colour is the one it was corrected to.
        let matched = page
            .corrected
            .as_deref()
            .and_then(SearchQuery::parse)
            .unwrap_or_else(|| words.clone());
        page.shown_colors = shown_colours(&page.products, query.color.as_ref(), matched.words());
        Ok((page, Some(words)))
    }

    fn note_changed(&self) {
        self.revision.bump();
    }

    /// Passes a write's result through, marking the catalog changed when it succeeded.
    fn changed<T, E>(&self, result: Result<T, E>) -> Result<T, E> {
        if result.is_ok() {
            self.note_changed();
        }
        result
    }

    /// Resolves what the form may leave out (product code, seller) and checks what it refers
    /// to (category, seller) exists.
    async fn product_record(
        &self,
        admin: &Admin,
        draft: ProductDraft,
        photo: Option<Image>,
        current: Option<&Product>,
    ) -> Result<ProductRecord, CatalogError> {
        if self.categories.find(&draft.category).await?.is_none() {
            return Err(InvalidInput::new("Category not found").into());
        }
        let seller = match &draft.seller {
            None => current
                .and_then(|p| p.seller.clone())
                .unwrap_or_else(|| admin.id().clone()),
            Some(seller) => {
                let is_admin = self.users.find(seller).await?.is_some_and(|u| u.is_admin());
                if !is_admin {
                    return Err(InvalidInput::new("Seller must be an admin").into());
                }
                seller.clone()
            }
        };
        let product_code = match (&draft.product_code, current) {
            (Some(code), _) => code.clone(),
            (None, Some(current)) => current.product_code.clone(),
            (None, None) => new_product_code(&self.ids.new_id()),
        };
        Ok(ProductRecord {
            product_code,
            handle: None,
            seller,
            draft,
            photo,
            at: self.clock.now(),
        })
    }
}

#[async_trait]
impl CatalogUseCases for CatalogService {
    fn revision(&self) -> u64 {
        self.revision.current()
    }

    // --- products -------------------------------------------------------------------------

    #[instrument(skip(self))]
    async fn list_products(&self, query: &ProductQuery) -> Result<ProductPage, CatalogError> {
        let (page, words) = self.searched(query).await?;
        if let Some(miss) = words.and_then(|words| words.miss())
            && page.total == 0
        {
            let day = india_day(self.clock.now());
            let forget_before = day - chrono::Days::new(MISSES_OVER_DAYS);
            let searcher = query.searcher.clone();
            let recorded = self
                .search
                .misses
                .record(&miss, day, searcher, forget_before);
            // A miss not counted is no reason to fail the shopper's search.
            if let Err(error) = recorded.await {
                tracing::warn!(%error, "a search miss was not counted");
            }
        }
        Ok(page)
    }

    #[instrument(skip(self))]
    async fn suggest(&self, query: &ProductQuery) -> Result<Vec<Product>, CatalogError> {
        let query = ProductQuery {
            page: 1,
            limit: Some(SUGGESTIONS),
            products_only: true,
            ..query.clone()
        };
        Ok(self.searched(&query).await?.0.products)
    }

    #[instrument(skip(self, _admin))]
    async fn search_misses(&self, _admin: &Admin) -> Result<Vec<SearchMiss>, CatalogError> {
        let since = india_day(self.clock.now()) - chrono::Days::new(MISSES_OVER_DAYS - 1);
        Ok(self.search.misses.most_missed(since, MOST_MISSED).await?)
    }

    #[instrument(skip(self))]
    async fn featured_products(&self) -> Result<Vec<Product>, CatalogError> {
        Ok(self.products.random(FEATURED_PRODUCTS).await?)
    }

    #[instrument(skip(self))]
    async fn product(&self, id: &ProductId, audience: Audience) -> Result<Product, CatalogError> {
        self.products
            .find(id)
            .await?
            .filter(|product| product.shown_to(audience))
            .ok_or(CatalogError::ProductNotFound)
    }

    #[instrument(skip(self, product), fields(product = %product.id))]
    async fn fit_advice(&self, product: &Product) -> Result<super::FitAdvice, CatalogError> {
        self.fit_of(product).await
    }

    #[instrument(skip(self))]
    async fn find_size(
        &self,
        id: &ProductId,
        foot_mm: u32,
    ) -> Result<super::SizeSuggestion, CatalogError> {
        let product = self.product(id, Audience::Shoppers).await?;
        self.suggest_size(&product, foot_mm).await
    }

    #[instrument(skip(self))]
    async fn category_page(&self, id: &CategoryId) -> Result<CategoryWithProducts, CatalogError> {
        let category = self
            .categories
            .find(id)
            .await?
            .ok_or(CatalogError::CategoryNotFound)?;
        let query = ProductQuery {
            categories: vec![id.clone()],
            ..ProductQuery::default()
        };
        let products = self.products.list(&query, None).await?.products;
        Ok(CategoryWithProducts { category, products })
    }

    #[instrument(skip(self, input, photo), fields(admin = %admin.id()))]
    async fn create_product(
        &self,
        admin: &Admin,
        input: ProductInput,
        photo: Option<Image>,
    ) -> Result<Product, CatalogError> {
        let draft = ProductDraft::parse(input)?;
        let id = ProductId::new(self.ids.new_id());
        let record = self.product_record(admin, draft, photo, None).await?;
        let created = self
            .products
            .create(&id, record)
            .await
            .map_err(product_conflict);
        self.changed(created)
    }

    #[instrument(skip(self, input, photo), fields(admin = %admin.id()))]
    async fn update_product(
        &self,
        admin: &Admin,
        id: &ProductId,
        input: ProductInput,
        photo: Option<Image>,
    ) -> Result<Product, CatalogError> {
        let current = self.product(id, Audience::Admins).await?;
        let mut draft = ProductDraft::parse(input.over(&current))?;
        // Colours first: a kept sale price is matched by colour and size.
        draft.keep_colors(&current)?;
        draft.keep_sale_prices(&current.variants);
        let record = self
            .product_record(admin, draft, photo, Some(&current))
            .await?;
        let updated = self.products.update(id, record).await.map_err(|e| match e {
            RepoError::NotFound => CatalogError::ProductNotFound,
            other => product_conflict(other),
        });
        self.changed(updated)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn delete_product(&self, admin: &Admin, id: &ProductId) -> Result<(), CatalogError> {
        let deleted = self.products.delete(id).await.map_err(|e| match e {
            RepoError::NotFound => CatalogError::ProductNotFound,
            other => other.into(),
        });
        self.changed(deleted)
    }

    #[instrument(skip(self))]
    async fn image(&self, id: &MediaId) -> Result<StoredImage, CatalogError> {
        self.images
            .find(id)
            .await?
            .ok_or(CatalogError::ImageNotFound)
    }

    // --- reviews --------------------------------------------------------------------------

    #[instrument(skip(self))]
    async fn reviews(&self, product: &ProductId) -> Result<Vec<Review>, CatalogError> {
        self.product(product, Audience::Shoppers).await?;
        Ok(self.reviews.for_product(product).await?)
    }

    #[instrument(skip(self, draft), fields(user = %user.user_id))]
    async fn add_review(
        &self,
        user: &Principal,
        product: &ProductId,
        draft: ReviewDraft,
    ) -> Result<Review, CatalogError> {
        self.product(product, Audience::Shoppers).await?;
        let record = ReviewRecord {
            id: ReviewId::new(self.ids.new_id()),
            product: product.clone(),
            user: user.user_id.clone(),
            draft,
            at: self.clock.now(),
        };
        let review = self.reviews.upsert(record).await.map_err(|e| match e {
            RepoError::NotFound => CatalogError::ProductNotFound,
            other => other.into(),
        });
        self.changed(review)
    }

    // --- categories -----------------------------------------------------------------------

    #[instrument(skip(self))]
    async fn categories(&self) -> Result<Vec<Category>, CatalogError> {
        Ok(self.categories.list().await?)
    }

    #[instrument(skip(self, draft), fields(admin = %admin.id()))]
    async fn create_category(
        &self,
        admin: &Admin,
        draft: CategoryDraft,
    ) -> Result<Category, CatalogError> {
        let category = Category::new(CategoryId::new(self.ids.new_id()), draft);
        self.categories
            .create(&category)
            .await
            .map_err(category_conflict)?;
        self.note_changed();
        Ok(category)
    }

    #[instrument(skip(self, draft), fields(admin = %admin.id()))]
    async fn update_category(
        &self,
        admin: &Admin,
        id: &CategoryId,
        draft: CategoryDraft,
    ) -> Result<Category, CatalogError> {
        let category = Category::new(id.clone(), draft);
        self.categories
            .update(&category)
            .await
            .map_err(|e| match e {
                RepoError::NotFound => CatalogError::CategoryNotFound,
                other => category_conflict(other),
            })?;
        self.note_changed();
        Ok(category)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn delete_category(
        &self,
        admin: &Admin,
        id: &CategoryId,
    ) -> Result<Category, CatalogError> {
        let category = self
            .categories
            .find(id)
            .await?
            .ok_or(CatalogError::CategoryNotFound)?;
        self.categories.delete(id).await.map_err(|e| match e {
            RepoError::NotFound => CatalogError::CategoryNotFound,
            RepoError::Conflict(CategoryConflict::InUse) => CatalogError::Conflict(format!(
                "{} still has products; move or delete them first",
                category.name
            )),
            other => other.into(),
        })?;
        self.note_changed();
        Ok(category)
    }

    // --- seeding, and the admin's photo uploads ---------------------------------------------

    async fn store_image(&self, _admin: &Admin, image: Image) -> Result<MediaId, CatalogError> {
        let id = MediaId::new(self.ids.new_id());
        self.images.store(&id, image).await?;
        Ok(id)
    }
}

/// Each product's colour shown in a listing, as the domain's `shown_colour` decides it.
fn shown_colours(
    products: &[Product],
    asked: Option<&ColourKey>,
    words: &[String],
) -> HashMap<ProductId, String> {
    products
        .iter()
        .filter_map(|product| {
            search::shown_colour(product, asked, words)
                .map(|colour| (product.id.clone(), colour.name.clone()))
        })
        .collect()
}

/// A short, readable product code from a fresh id, e.g. `PDK-7F3A9C21`.
fn new_product_code(id: &str) -> String {
    let tail: String = id
        .chars()
        .filter(char::is_ascii_hexdigit)
        .rev()
        .take(8)
        .collect();
    format!(
        "PDK-{}",
        tail.chars().rev().collect::<String>().to_uppercase()
    )
}

/// A product write's refusal as the admin's form shows it. The category and seller were
/// checked just before; one deleted meanwhile reads as if the check had found it gone.
fn product_conflict(error: RepoError<ProductConflict>) -> CatalogError {
    match error {
        RepoError::Conflict(ProductConflict::DuplicateProductCode) => {
            CatalogError::Conflict("Another product already has this Product Id".into())
        }
        RepoError::Conflict(ProductConflict::DuplicateHandle) => {
            CatalogError::Conflict("Another product already has this handle".into())
        }
        RepoError::Conflict(ProductConflict::UnknownCategory) => {
            InvalidInput::new("Category not found").into()
        }
        RepoError::Conflict(ProductConflict::UnknownSeller) => {
            InvalidInput::new("Seller must be an admin").into()
        }
        other => other.into(),
    }
}

fn category_conflict(error: RepoError<CategoryConflict>) -> CatalogError {
    match error {
        RepoError::Conflict(CategoryConflict::DuplicateName) => {
            CatalogError::Conflict("Category already exists".into())
        }
        other => other.into(),
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;

/// The day in India at `at`: misses are counted per India day, as the overview counts orders.
fn india_day(at: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDate {
    at.with_timezone(&paduka_domain::sale::india_time())
        .date_naive()
}
