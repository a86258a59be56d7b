use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use futures_util::StreamExt;
use futures_util::stream;
use paduka_domain::catalog::import::{
    Change, FETCHES_AT_ONCE, ImportPlan, ImportRules, MAX_FETCH_BYTES, PhotoAddress, PhotoCell,
    PhotoFiles, PhotoPlan, PhotoSlot, PlannedProduct, RowError, Table, export_table,
    is_web_address, plan_import, read_table_with,
};
use paduka_domain::catalog::{
    Audience, Category, CategoryDraft, Handle, Image, Product, ProductDraft, media_url,
};
use paduka_domain::{CategoryId, ProductId};
use tracing::instrument;

use super::ports::*;
use crate::accounts::Admin;
use crate::catalog::{
    CatalogError, CatalogRevision, CategoryRepository, ImageRepository, PhotoUseCases,
    ProductQuery, ProductRecord, ProductRepository, ProductSort,
};
use crate::{Clock, IdGenerator, RepoError};

/// How many products one transaction of an import writes.
pub const BATCH: usize = 500;

/// How often a job fetching photos records that it is alive (well within [`STALLED_AFTER`]).
pub const HEARTBEAT: chrono::TimeDelta = chrono::TimeDelta::seconds(15);

/// How an import is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportOptions {
    /// Check the file and answer what the import would do, writing nothing.
    pub dry_run: bool,
    /// Import the products whose rows are all right and list the others (decisions
    /// section 19); without it, one wrong row writes nothing.
    pub skip_invalid: bool,
}

impl ImportOptions {
    pub const WRITE: Self = Self {
        dry_run: false,
        skip_invalid: false,
    };
    pub const DRY_RUN: Self = Self {
        dry_run: true,
        skip_invalid: false,
    };

    pub fn skipping_invalid(self) -> Self {
        Self {
            skip_invalid: true,
            ..self
        }
    }
}

/// The file's products: how many may be imported, and how many are wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportTally {
    pub valid: u64,
    pub invalid: u64,
}

/// How an import began: a dry run's report, or the job now running.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportStart {
    DryRun {
        report: ImportReport,
        tally: ImportTally,
    },
    Started {
        job: String,
        tally: ImportTally,
    },
}

/// Why an import was refused.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Some rows are wrong (and `skipInvalid` was not asked for, or left nothing to import);
    /// nothing was written.
    #[error("Import has errors")]
    Rows {
        errors: Vec<RowError>,
        tally: ImportTally,
    },
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

impl From<RepoError> for ImportError {
    fn from(error: RepoError) -> Self {
        Self::Catalog(error.into())
    }
}

/// The admin's catalog export and import.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait CatalogTransferUseCases: Send + Sync {
    /// Every product in Shopify's classic layout, oldest first.
    async fn export(&self, admin: &Admin) -> Result<Table, CatalogError>;

    /// Checks every row of the file (a photo that is not a web address against `zip`, the
    /// photos zip sent with it); on a dry run answers what it would do, else starts the job
    /// that does it: its photos fetched and prepared first, then everything written. With
    /// `skip_invalid`, the wrong products are left out and listed in the report's errors.
    async fn import(
        &self,
        admin: &Admin,
        file: Table,
        zip: Option<PhotoFiles>,
        options: ImportOptions,
    ) -> Result<ImportStart, ImportError>;

    /// A job's progress; `None` for an unknown job.
    async fn import_job(
        &self,
        admin: &Admin,
        job: &str,
    ) -> Result<Option<ImportReport>, CatalogError>;

    /// Fetches a finished job's missing photos again, in the background (the job `running`
    /// meanwhile), each product given its photo once it can be used; the job as it is now.
    /// `None` for an unknown job; a conflict while the job runs or after it failed.
    async fn refetch_photos(
        &self,
        admin: &Admin,
        job: &str,
    ) -> Result<Option<ImportReport>, CatalogError>;
}

/// What `POST /product/import/{job}/photos` answers a job that is not `done` (409).
pub const JOB_NOT_DONE: &str = "The import is still running, or it failed: only a finished \
     import's missing photos can be fetched again";

/// What the transfer service works through.
#[derive(Clone)]
pub struct TransferPorts {
    pub products: Arc<dyn ProductRepository>,
    pub categories: Arc<dyn CategoryRepository>,
    pub batches: Arc<dyn ProductBatchRepository>,
    pub jobs: Arc<dyn ImportJobRepository>,
    /// Photos from the web, for `Image Src` addresses that are not this shop's.
    pub fetcher: Arc<dyn PhotoFetcher>,
    /// Fetched and zipped photos go the way an admin's upload goes.
    pub photos: Arc<dyn PhotoUseCases>,
    /// Where the fetched photos of galleries and colours are kept (`/api/v1/media/{id}`).
    pub images: Arc<dyn ImageRepository>,
    pub background: Arc<dyn Background>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// The catalog's change counter, bumped after every batch so list caches rebuild.
    pub revision: CatalogRevision,
}

pub struct CatalogTransferService {
    ports: TransferPorts,
    photos: PhotoAddress,
    rules: ImportRules,
}

impl CatalogTransferService {
    /// `photos`: where this shop serves a product's photo, followed by the product's id.
    pub fn new(ports: TransferPorts, photos: PhotoAddress) -> Self {
        Self {
            ports,
            photos,
            rules: ImportRules::default(),
        }
    }

    /// The shop's settings for reading a file (`IMPORT_UNCOUNTED_STOCK`).
    pub fn with_rules(mut self, rules: ImportRules) -> Self {
        self.rules = rules;
        self
    }

    async fn everything(&self) -> Result<Vec<Product>, RepoError> {
        // Drafts too: the export holds them, and an import updates them by their handle.
        let query = ProductQuery {
            sort: ProductSort::Oldest,
            audience: Audience::Admins,
            ..ProductQuery::default()
        };
        Ok(self.ports.products.list(&query, None).await?.products)
    }
}

#[async_trait]
impl CatalogTransferUseCases for CatalogTransferService {
    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn export(&self, admin: &Admin) -> Result<Table, CatalogError> {
        Ok(export_table(&self.everything().await?, &self.photos))
    }

    #[instrument(
        skip(self, file, zip),
        fields(admin = %admin.id(), rows = file.rows.len(), zipped = zip.as_ref().map_or(0, PhotoFiles::len))
    )]
    async fn import(
        &self,
        admin: &Admin,
        file: Table,
        zip: Option<PhotoFiles>,
        options: ImportOptions,
    ) -> Result<ImportStart, ImportError> {
        let read = read_table_with(&file, self.rules);
        let shop = self.everything().await?;
        let categories = self.ports.categories.list().await?;
        let names: Vec<String> = categories.iter().map(|c| c.name.clone()).collect();
        let existing: HashMap<Handle, Product> =
            shop.into_iter().map(|p| (p.handle.clone(), p)).collect();
        let mut plan = plan_import(read, &existing, &names, &self.photos, zip.as_ref());
        let tally = ImportTally {
            valid: plan.products.len() as u64,
            invalid: plan.invalid,
        };
        // A file whose header is wrong has no valid product: skipping cannot import it.
        let skipping = options.skip_invalid && tally.valid > 0;
        if !plan.errors.is_empty() && !skipping {
            return Err(ImportError::Rows {
                errors: plan.errors,
                tally,
            });
        }
        // The wrong products' rows stay in the report for the admin to fix.
        let skipped = std::mem::take(&mut plan.errors);
        let total = plan.products.len() as u64;
        let unchanged = plan.unchanged();
        let mut report = ImportReport {
            status: JobStatus::Done,
            counts: ImportCounts {
                processed: total,
                total,
                created: plan.created(),
                updated: plan.updated(),
                unchanged,
            },
            warnings: plan.warnings.clone(),
            errors: skipped.clone(),
            missing: Vec::new(),
        };
        if options.dry_run {
            return Ok(ImportStart::DryRun { report, tally });
        }
        // The job starts with what needs no writing counted.
        report.status = JobStatus::Running;
        report.counts = ImportCounts {
            processed: unchanged,
            total,
            unchanged,
            ..ImportCounts::default()
        };
        let job = self.ports.ids.new_id();
        self.ports
            .jobs
            .start(&job, &report, self.ports.clock.now())
            .await?;
        // The job needs only the files its products take.
        let mut zip = zip.unwrap_or_default();
        zip.keep_only(&plan.zip_paths());
        let run = ImportJob {
            ports: self.ports.clone(),
            job: job.clone(),
            admin: admin.clone(),
            counts: report.counts,
            existing,
            categories,
            missing: Vec::new(),
            skipped,
        };
        self.ports.background.spawn(Box::pin(run.run(plan, zip)));
        Ok(ImportStart::Started { job, tally })
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn import_job(
        &self,
        admin: &Admin,
        job: &str,
    ) -> Result<Option<ImportReport>, CatalogError> {
        let kept = self.ports.jobs.find(job).await?;
        Ok(kept.map(|job| job.seen_at(self.ports.clock.now())))
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn refetch_photos(
        &self,
        admin: &Admin,
        job: &str,
    ) -> Result<Option<ImportReport>, CatalogError> {
        let now = self.ports.clock.now();
        let Some(mut report) = self.ports.jobs.find(job).await?.map(|j| j.seen_at(now)) else {
            return Ok(None);
        };
        if report.status != JobStatus::Done {
            return Err(CatalogError::Conflict(JOB_NOT_DONE.into()));
        }
        // A zip's file cannot be fetched again: only web addresses are.
        if !report.missing.iter().any(|m| is_web_address(&m.src)) {
            return Ok(Some(report));
        }
        if !self.ports.jobs.reopen(job, now).await? {
            return Err(CatalogError::Conflict(JOB_NOT_DONE.into()));
        }
        report.status = JobStatus::Running;
        let refetch = Refetch {
            ports: self.ports.clone(),
            job: job.to_owned(),
            admin: admin.clone(),
            missing: report.missing.clone(),
            skipped: report.errors.clone(),
        };
        self.ports.background.spawn(Box::pin(refetch.run()));
        Ok(Some(report))
    }
}

/// A finished job's missing photos fetched again, in the background.
struct Refetch {
    ports: TransferPorts,
    job: String,
    admin: Admin,
    missing: Vec<MissingPhoto>,
    /// The products the import left out, listed as they were.
    skipped: Vec<RowError>,
}

impl Refetch {
    async fn run(self) {
        let missing = self.fetch().await;
        if let Err(e) = self
            .ports
            .jobs
            .finish(
                &self.job,
                JobStatus::Done,
                &self.skipped,
                &missing,
                self.ports.clock.now(),
            )
            .await
        {
            tracing::error!(job = %self.job, error = %e, "could not record the photos' fetch");
        }
    }

    /// Each address once, [`FETCHES_AT_ONCE`] at a time, each product given its photo in its
    /// place (its own, its gallery's, a colour's); the photos still missing after (a fault on
    /// our side leaves the rest missing as they were).
    async fn fetch(&self) -> Vec<MissingPhoto> {
        let addresses: std::collections::BTreeSet<&str> = self
            .missing
            .iter()
            .map(|m| m.src.as_str())
            .filter(|src| is_web_address(src))
            .collect();
        let addresses: Vec<Source> = addresses
            .into_iter()
            .map(|url| Source::Web(url.to_owned()))
            .collect();
        let results: Vec<(Source, Result<Image, Unusable>)> = stream::iter(addresses)
            .map(|source| async move {
                let prepared = prepare(&self.ports, &self.admin, &source, None).await;
                (source, prepared)
            })
            .buffer_unordered(FETCHES_AT_ONCE)
            .collect()
            .await;
        let mut still = Vec::new();
        let mut set_any = false;
        let mut fault = false;
        // Each address's photo kept once, however many places take it.
        let mut kept: HashMap<&str, String> = HashMap::new();
        for missing in &self.missing {
            let found = results
                .iter()
                .find(|(source, _)| matches!(source, Source::Web(url) if *url == missing.src));
            match found {
                Some((_, Ok(image))) if !fault => {
                    match self.place(missing, image, &mut kept).await {
                        // A product deleted since has no photo to miss.
                        Ok(()) => set_any = true,
                        Err(e) => {
                            tracing::error!(job = %self.job, error = %e, "a fetched photo was not stored");
                            fault = true;
                            still.push(missing.clone());
                        }
                    }
                }
                Some((_, Err(Unusable::Row(message)))) => still.push(MissingPhoto {
                    message: message.clone(),
                    ..missing.clone()
                }),
                _ => still.push(missing.clone()),
            }
        }
        if set_any {
            self.ports.revision.bump();
        }
        still
    }

    /// Gives the missing photo's product the fetched `image` in its place.
    async fn place<'a>(
        &self,
        missing: &'a MissingPhoto,
        image: &Image,
        kept: &mut HashMap<&'a str, String>,
    ) -> Result<(), RepoError> {
        let at = self.ports.clock.now();
        if missing.slot == PhotoSlot::Main {
            self.ports
                .batches
                .set_photo(&missing.product, image.clone(), at)
                .await?;
            return Ok(());
        }
        let path = match kept.get(missing.src.as_str()) {
            Some(path) => path.clone(),
            None => {
                let path = media_url(&self.ports.images.keep(image.clone()).await?);
                kept.insert(&missing.src, path.clone());
                path
            }
        };
        self.ports
            .batches
            .add_photo(&missing.product, &missing.slot, &path, at)
            .await?;
        Ok(())
    }
}

/// A started import, run in the background.
struct ImportJob {
    ports: TransferPorts,
    job: String,
    admin: Admin,
    counts: ImportCounts,
    existing: HashMap<Handle, Product>,
    categories: Vec<Category>,
    /// Photos that could not be used, with the products left without them.
    missing: Vec<MissingPhoto>,
    /// The file's wrong products, left out (`skipInvalid`): the finished job still lists them.
    skipped: Vec<RowError>,
}

/// Where a new photo comes from: the same address, or the same file, is fetched and prepared
/// once however many products name it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Source {
    Web(String),
    Zip(String),
}

impl Source {
    fn of(photo: &PhotoPlan) -> Option<(Self, &PhotoCell)> {
        match photo {
            PhotoPlan::Keep => None,
            PhotoPlan::Fetch(cell) => Some((Self::Web(cell.src.clone()), cell)),
            PhotoPlan::FromZip { cell, path } => Some((Self::Zip(path.clone()), cell)),
        }
    }
}

/// Why a photo cannot be stored: the seller's to fix (the row's message), or ours.
#[derive(Debug)]
enum Unusable {
    Row(String),
    Fault(String),
}

/// The job's photos: the products' own photos prepared, each with how many products still
/// take it (the last one takes it without a copy, so memory is given back as the batches are
/// written); the gallery and colour photos kept on this shop, by their web address; and why
/// each photo that cannot be used cannot.
#[derive(Default)]
struct Prepared {
    images: HashMap<Source, (Image, usize)>,
    stored: HashMap<String, String>,
    failed: HashMap<Source, String>,
}

impl Prepared {
    fn take(&mut self, source: &Source) -> Option<Image> {
        let (image, uses) = self.images.get_mut(source)?;
        *uses -= 1;
        if *uses == 0 {
            self.images.remove(source).map(|(image, _)| image)
        } else {
            Some(image.clone())
        }
    }
}

/// A product to write, its photos resolved.
struct Write {
    planned: PlannedProduct,
    draft: ProductDraft,
    id: ProductId,
    create: bool,
    /// Its photos that could not be used, listed once it is written.
    missing: Vec<MissingPhoto>,
}

impl ImportJob {
    async fn run(mut self, plan: ImportPlan, zip: PhotoFiles) {
        let outcome = self.write(plan, zip).await;
        let (status, errors) = match outcome {
            Ok(()) => (JobStatus::Done, std::mem::take(&mut self.skipped)),
            Err(errors) => (JobStatus::Failed, errors),
        };
        if let Err(e) = self
            .ports
            .jobs
            .finish(
                &self.job,
                status,
                &errors,
                &self.missing,
                self.ports.clock.now(),
            )
            .await
        {
            tracing::error!(job = %self.job, error = %e, "could not record the import's end");
        }
    }

    /// Writes the plan: photos first (one that cannot be used leaves its product, or its
    /// place in the gallery or a colour, without it), then the missing categories, then the
    /// products in batches.
    async fn write(&mut self, plan: ImportPlan, zip: PhotoFiles) -> Result<(), Vec<RowError>> {
        let mut photos = self.photos(&plan, zip).await?;
        let categories = self.categories(&plan).await.map_err(failure)?;
        let mut writes = Vec::with_capacity(plan.products.len());
        let counted = self.counts;
        for planned in plan.products {
            if let Some(write) = self.resolve(planned, &mut photos).await.map_err(failure)? {
                writes.push(write);
            }
        }
        if self.counts != counted {
            self.ports
                .jobs
                .progress(&self.job, self.counts, self.ports.clock.now())
                .await
                .map_err(failure)?;
        }
        for batch in writes.chunks_mut(BATCH) {
            let at = self.ports.clock.now();
            let mut records = Vec::with_capacity(batch.len());
            let mut missing = Vec::new();
            for write in batch.iter_mut() {
                let planned = &write.planned;
                let category = categories
                    .get(&planned.category.to_lowercase())
                    .cloned()
                    .ok_or_else(|| {
                        failure(format!("category {} was not made", planned.category))
                    })?;
                let current = (!write.create)
                    .then(|| self.existing.get(&planned.handle))
                    .flatten();
                missing.append(&mut write.missing);
                records.push(ProductWrite {
                    record: ProductRecord {
                        product_code: match current {
                            Some(product) => product.product_code.clone(),
                            None => imported_product_code(write.id.as_str()),
                        },
                        handle: Some(planned.handle.clone()),
                        seller: current
                            .and_then(|p| p.seller.clone())
                            .unwrap_or_else(|| self.admin.id().clone()),
                        draft: ProductDraft {
                            category,
                            ..write.draft.clone()
                        },
                        photo: Source::of(&planned.photo)
                            .and_then(|(source, _)| photos.take(&source)),
                        at,
                    },
                    create: write.create,
                    id: write.id.clone(),
                });
            }
            self.ports
                .batches
                .write_batch(records)
                .await
                .map_err(failure)?;
            self.missing.extend(missing);
            self.ports.revision.bump();
            for write in batch.iter() {
                self.counts.processed += 1;
                if write.create {
                    self.counts.created += 1;
                } else {
                    self.counts.updated += 1;
                }
            }
            self.ports
                .jobs
                .progress(&self.job, self.counts, self.ports.clock.now())
                .await
                .map_err(failure)?;
        }
        Ok(())
    }

    /// `planned` with its fetched photos in their places, and those that could not be used
    /// noted; `None` when it leaves its product as it is after all (a file imported again
    /// whose photos, fetched anew, are the ones the product has), which is then counted
    /// unchanged.
    async fn resolve(
        &mut self,
        planned: PlannedProduct,
        photos: &mut Prepared,
    ) -> Result<Option<Write>, RepoError> {
        let current = match &planned.change {
            Change::Unchanged(_) => return Ok(None),
            Change::Create => None,
            Change::Update(_) | Change::NewPhoto(_) => self.existing.get(&planned.handle),
        };
        let id = match current {
            Some(product) => product.id.clone(),
            None => ProductId::new(self.ports.ids.new_id()),
        };
        let resolved = planned.with_photos(|src| photos.stored.get(src).cloned(), current);
        let failed = |src: &str| {
            photos
                .failed
                .get(&Source::Web(src.to_owned()))
                .cloned()
                .unwrap_or_else(|| format!("The photo at {src} could not be fetched"))
        };
        let mut missing: Vec<MissingPhoto> = resolved
            .missing
            .iter()
            .map(|fetch| MissingPhoto {
                row: fetch.cell.line,
                column: fetch.cell.column.clone(),
                src: fetch.cell.src.clone(),
                product: id.clone(),
                message: failed(&fetch.cell.src),
                slot: fetch.slot.clone(),
            })
            .collect();
        let main = Source::of(&planned.photo);
        if let Some((source, cell)) = &main
            && let Some(message) = photos.failed.get(source)
        {
            missing.insert(
                0,
                MissingPhoto {
                    row: cell.line,
                    column: cell.column.clone(),
                    src: cell.src.clone(),
                    product: id.clone(),
                    message: message.clone(),
                    slot: PhotoSlot::Main,
                },
            );
        }
        let draft = resolved.draft;
        if let Some(product) = current
            && planned.leaves(product, &draft)
            && self
                .same_photo(product, main.as_ref().map(|(s, _)| s), photos)
                .await?
        {
            self.missing.extend(missing);
            self.counts.unchanged += 1;
            self.counts.processed += 1;
            return Ok(None);
        }
        Ok(Some(Write {
            create: current.is_none(),
            planned,
            draft,
            id,
            missing,
        }))
    }

    /// Whether the product's own photo stays as it is: none is given, the one given cannot be
    /// used (the product keeps its own), or it has the very bytes the product's photo has
    /// (then taken, not written again).
    async fn same_photo(
        &self,
        product: &Product,
        source: Option<&Source>,
        photos: &mut Prepared,
    ) -> Result<bool, RepoError> {
        let Some(source) = source else {
            return Ok(true);
        };
        if photos.failed.contains_key(source) {
            return Ok(true);
        }
        let Some((new, _)) = photos.images.get(source) else {
            return Ok(false);
        };
        let same = self
            .ports
            .products
            .photo(&product.id)
            .await?
            .is_some_and(|current| current.bytes == new.bytes);
        if same {
            photos.take(source);
        }
        Ok(same)
    }

    /// Every new photo of the products to write: fetched (or taken from the zip) and
    /// prepared as an admin's upload is, [`FETCHES_AT_ONCE`] at a time, each address or file
    /// once; a gallery's or colour's kept on this shop as soon as it is ready. One that cannot
    /// be used is noted with why; only a fault on our side fails the job, before anything is
    /// written.
    async fn photos(
        &self,
        plan: &ImportPlan,
        mut zip: PhotoFiles,
    ) -> Result<Prepared, Vec<RowError>> {
        // How many products take each source as their own photo.
        let mut uses: HashMap<Source, usize> = HashMap::new();
        // The addresses of gallery and colour photos.
        let mut kept: std::collections::HashSet<String> = std::collections::HashSet::new();
        for planned in &plan.products {
            if matches!(planned.change, Change::Unchanged(_)) {
                continue;
            }
            if let Some((source, _)) = Source::of(&planned.photo) {
                *uses.entry(source).or_default() += 1;
            }
            for fetch in &planned.fetches {
                kept.insert(fetch.cell.src.clone());
            }
        }
        let mut sources: Vec<Source> = uses.keys().cloned().collect();
        for url in &kept {
            let source = Source::Web(url.clone());
            if !uses.contains_key(&source) {
                sources.push(source);
            }
        }
        let work: Vec<(Source, Option<Vec<u8>>)> = sources
            .into_iter()
            .map(|source| {
                let bytes = match &source {
                    Source::Zip(path) => zip.take(path),
                    Source::Web(_) => None,
                };
                (source, bytes)
            })
            .collect();
        let pending: Vec<_> = work
            .into_iter()
            .map(|(source, bytes)| async move {
                let prepared = prepare(&self.ports, &self.admin, &source, bytes).await;
                (source, prepared)
            })
            .collect();
        let mut fetching = stream::iter(pending).buffer_unordered(FETCHES_AT_ONCE);
        let mut prepared = Prepared::default();
        let mut moved = self.ports.clock.now();
        while let Some((source, result)) = fetching.next().await {
            match result {
                Ok(image) => {
                    if let Source::Web(url) = &source
                        && kept.contains(url)
                    {
                        let id = self
                            .ports
                            .images
                            .keep(image.clone())
                            .await
                            .map_err(failure)?;
                        prepared.stored.insert(url.clone(), media_url(&id));
                    }
                    if let Some(n) = uses.get(&source) {
                        prepared.images.insert(source, (image, *n));
                    }
                }
                Err(Unusable::Row(message)) => {
                    prepared.failed.insert(source, message);
                }
                Err(Unusable::Fault(cause)) => return Err(failure(cause)),
            }
            // Thousands of photos take minutes before the first batch: the job says it is alive.
            let now = self.ports.clock.now();
            if now - moved >= HEARTBEAT {
                self.ports
                    .jobs
                    .progress(&self.job, self.counts, now)
                    .await
                    .map_err(failure)?;
                moved = now;
            }
        }
        Ok(prepared)
    }

    /// Every category the plan names, by lower-cased name, the missing ones created.
    async fn categories(
        &mut self,
        plan: &ImportPlan,
    ) -> Result<HashMap<String, CategoryId>, anyhow::Error> {
        let mut known: HashMap<String, CategoryId> = self
            .categories
            .iter()
            .map(|c| (c.name.to_lowercase(), c.id.clone()))
            .collect();
        for name in &plan.new_categories {
            let draft = CategoryDraft::parse(Some(name), None)?;
            let category = Category::new(CategoryId::new(self.ports.ids.new_id()), draft);
            match self.ports.categories.create(&category).await {
                Ok(()) => {}
                // Made meanwhile (by an admin, or another import): use that one.
                Err(RepoError::Conflict(_)) => {
                    let all = self
                        .ports
                        .categories
                        .list()
                        .await
                        .map_err(|e| e.unexpected())?;
                    if let Some(made) = all
                        .iter()
                        .find(|c| c.name.to_lowercase() == name.to_lowercase())
                    {
                        known.insert(name.to_lowercase(), made.id.clone());
                    }
                    continue;
                }
                Err(other) => return Err(other.unexpected()),
            }
            self.ports.revision.bump();
            known.insert(name.to_lowercase(), category.id);
        }
        Ok(known)
    }
}

/// One photo, fetched or unzipped, judged and prepared by the photo pipeline.
async fn prepare(
    ports: &TransferPorts,
    admin: &Admin,
    source: &Source,
    zipped: Option<Vec<u8>>,
) -> Result<Image, Unusable> {
    let (bytes, what) = match source {
        Source::Web(url) => match ports.fetcher.fetch(url, MAX_FETCH_BYTES).await {
            Ok(bytes) => (bytes, format!("The photo at {url}")),
            Err(error) => {
                return Err(Unusable::Row(format!(
                    "The photo at {url} could not be fetched: {error}"
                )));
            }
        },
        Source::Zip(path) => match zipped {
            Some(bytes) => (bytes, format!("The photo {path} of the photos zip")),
            None => return Err(Unusable::Fault(format!("{path} was not kept from the zip"))),
        },
    };
    match ports.photos.prepare_upload(admin, bytes).await {
        Ok(image) => Ok(image),
        Err(CatalogError::Invalid(refused)) => {
            Err(Unusable::Row(format!("{what} cannot be used: {refused}")))
        }
        Err(CatalogError::TooLarge(refused)) => {
            Err(Unusable::Row(format!("{what} cannot be used: {refused}")))
        }
        Err(other) => Err(Unusable::Fault(format!("{what}: {other}"))),
    }
}

/// A job's failure as the errors it reports: a fault on our side is not any row's.
fn failure(error: impl std::fmt::Display) -> Vec<RowError> {
    tracing::error!(error = %error, "an import job failed");
    vec![RowError {
        row: 0,
        column: String::new(),
        message: "The import failed on our side; nothing more was written. Try again".into(),
    }]
}

/// An imported product's code: `PDK-` and 12 hex digits of its id (more than the form's 8, as
/// an import makes thousands at once).
fn imported_product_code(id: &str) -> String {
    let tail: String = id
        .chars()
        .filter(char::is_ascii_hexdigit)
        .rev()
        .take(12)
        .collect();
    format!(
        "PDK-{}",
        tail.chars().rev().collect::<String>().to_uppercase()
    )
}
