//! The import's use case over in-memory jobs and batches: checked whole, answered at once for
//! a dry run, else a job whose progress and end are recorded; categories made once.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::catalog::import::{PhotoAddress, PhotoFiles, PhotoSlot, Row, RowError, Table};
use paduka_domain::catalog::{Image, ImageType, StoredImage};
use paduka_domain::photo::NOT_AN_IMAGE;
use paduka_domain::{InvalidInput, ProductId};
use paduka_test_support::builders::{ProductBuilder, category};
use paduka_test_support::time::now;

use super::*;
use crate::RepoError;
use crate::catalog::{
    CatalogError, CatalogRevision, CategoryConflict, MockCategoryRepository, MockPhotoUseCases,
    MockProductRepository, ProductConflict, ProductPage,
};
use crate::testing::{admin, clock, ids};

/// Jobs kept as the database would, and every batch written.
#[derive(Default)]
struct Store {
    jobs: Mutex<Vec<(String, ImportReport)>>,
    batches: Mutex<Vec<Vec<ProductWrite>>>,
    spawned: Mutex<Vec<BackgroundJob>>,
    /// Every progress recorded, with the batches written by then.
    moves: Mutex<Vec<(ImportCounts, usize)>>,
    /// Photos set on their own (fetched again), by product.
    photos_set: Mutex<Vec<(ProductId, Image)>>,
    /// Gallery and colour photos kept, each once, their ids `media-1`, `media-2`, ...
    kept: Mutex<Vec<Image>>,
    /// Photos added to a gallery or a colour (fetched again), by product.
    added: Mutex<Vec<(ProductId, PhotoSlot, String)>>,
}

#[async_trait]
impl crate::catalog::ImageRepository for Store {
    async fn store(&self, _: &paduka_domain::MediaId, _: Image) -> Result<(), RepoError> {
        unreachable!("an import keeps its photos by their bytes")
    }

    async fn keep(&self, image: Image) -> Result<paduka_domain::MediaId, RepoError> {
        let mut kept = self.kept.lock().unwrap();
        let at = match kept.iter().position(|k| *k == image) {
            Some(at) => at,
            None => {
                kept.push(image);
                kept.len() - 1
            }
        };
        Ok(paduka_domain::MediaId::new(format!("media-{}", at + 1)))
    }

    async fn find(&self, _: &paduka_domain::MediaId) -> Result<Option<StoredImage>, RepoError> {
        Ok(None)
    }
}

#[async_trait]
impl ImportJobRepository for Store {
    async fn start(
        &self,
        id: &str,
        report: &ImportReport,
        _: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.jobs
            .lock()
            .unwrap()
            .push((id.to_owned(), report.clone()));
        Ok(())
    }

    async fn progress(
        &self,
        id: &str,
        counts: ImportCounts,
        _: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut jobs = self.jobs.lock().unwrap();
        let job = jobs
            .iter_mut()
            .find(|(j, _)| j == id)
            .ok_or(RepoError::NotFound)?;
        job.1.counts = counts;
        let written = self.batches.lock().unwrap().len();
        self.moves.lock().unwrap().push((counts, written));
        Ok(())
    }

    async fn finish(
        &self,
        id: &str,
        status: JobStatus,
        errors: &[RowError],
        missing: &[MissingPhoto],
        _: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut jobs = self.jobs.lock().unwrap();
        let job = jobs
            .iter_mut()
            .find(|(j, _)| j == id)
            .ok_or(RepoError::NotFound)?;
        job.1.status = status;
        job.1.errors = errors.to_vec();
        job.1.missing = missing.to_vec();
        Ok(())
    }

    async fn reopen(&self, id: &str, _: DateTime<Utc>) -> Result<bool, RepoError> {
        let mut jobs = self.jobs.lock().unwrap();
        match jobs.iter_mut().find(|(j, _)| j == id) {
            Some((_, job)) if job.status == JobStatus::Done => {
                job.status = JobStatus::Running;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn find(&self, id: &str) -> Result<Option<KeptJob>, RepoError> {
        let jobs = self.jobs.lock().unwrap();
        Ok(jobs.iter().find(|(j, _)| j == id).map(|(_, r)| KeptJob {
            report: r.clone(),
            moved_at: now(),
        }))
    }
}

#[async_trait]
impl ProductBatchRepository for Store {
    async fn write_batch(
        &self,
        batch: Vec<ProductWrite>,
    ) -> Result<(), RepoError<ProductConflict>> {
        self.batches.lock().unwrap().push(batch);
        Ok(())
    }

    async fn set_photo(
        &self,
        id: &ProductId,
        photo: Image,
        _: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        self.photos_set.lock().unwrap().push((id.clone(), photo));
        Ok(true)
    }

    async fn add_photo(
        &self,
        id: &ProductId,
        slot: &PhotoSlot,
        path: &str,
        _: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        self.added
            .lock()
            .unwrap()
            .push((id.clone(), slot.clone(), path.to_owned()));
        Ok(true)
    }
}

struct Spawner(Arc<Store>);

impl Background for Spawner {
    fn spawn(&self, job: BackgroundJob) {
        self.0.spawned.lock().unwrap().push(job);
    }
}

impl Store {
    /// Runs the jobs the service started, as the runtime would after the answer.
    async fn run_jobs(&self) {
        let jobs: Vec<BackgroundJob> = self.spawned.lock().unwrap().drain(..).collect();
        for job in jobs {
            job.await;
        }
    }

    fn job(&self, id: &str) -> ImportReport {
        let jobs = self.jobs.lock().unwrap();
        jobs.iter().find(|(j, _)| j == id).unwrap().1.clone()
    }
}

/// The shop: "Trail Runner" (`trail-runner`) in Sneakers; nothing fetched.
fn service(store: &Arc<Store>, new_ids: &[&str], creates: &[&str]) -> CatalogTransferService {
    let mut fetcher = MockPhotoFetcher::new();
    fetcher.expect_fetch().never();
    let mut photos = MockPhotoUseCases::new();
    photos.expect_prepare_upload().never();
    service_with(store, new_ids, creates, fetcher, photos)
}

/// A photo as the pipeline prepares it: the bytes it was given, as a JPEG.
fn prepared(bytes: &[u8]) -> Image {
    Image {
        image_type: ImageType::Jpeg,
        bytes: bytes.to_vec(),
    }
}

/// The photo pipeline: `JPEG...` bytes are photos, anything else is not an image.
fn pipeline() -> MockPhotoUseCases {
    let mut photos = MockPhotoUseCases::new();
    photos.expect_prepare_upload().returning(|_, bytes| {
        if bytes.starts_with(b"JPEG") {
            Ok(prepared(&bytes))
        } else {
            Err(CatalogError::Invalid(InvalidInput::new(NOT_AN_IMAGE)))
        }
    });
    photos
}

fn service_with(
    store: &Arc<Store>,
    new_ids: &[&str],
    creates: &[&str],
    fetcher: MockPhotoFetcher,
    photos: MockPhotoUseCases,
) -> CatalogTransferService {
    CatalogTransferService::new(
        ports(store, new_ids, creates, fetcher, photos),
        PhotoAddress::new("https://shop.test/api/v1/product/product-photo/"),
    )
}

/// The shop's products as the import lists them: "Trail Runner" (`p-1`) alone.
fn shop_products() -> MockProductRepository {
    let mut products = MockProductRepository::new();
    products.expect_list().returning(|_, _| {
        Ok(ProductPage {
            products: vec![ProductBuilder::new("p-1").build()],
            total: 1,
            ..ProductPage::default()
        })
    });
    products
}

fn ports(
    store: &Arc<Store>,
    new_ids: &[&str],
    creates: &[&str],
    fetcher: MockPhotoFetcher,
    photos: MockPhotoUseCases,
) -> TransferPorts {
    let products = shop_products();
    let mut categories = MockCategoryRepository::new();
    categories
        .expect_list()
        .returning(|| Ok(vec![category("cat-1", "Sneakers")]));
    let creates: Vec<String> = creates.iter().map(|c| (*c).to_owned()).collect();
    categories
        .expect_create()
        .times(creates.len())
        .returning(move |made| {
            assert!(
                creates.contains(&made.name),
                "{} was not to be made",
                made.name
            );
            Ok::<(), RepoError<CategoryConflict>>(())
        });
    TransferPorts {
        products: Arc::new(products),
        categories: Arc::new(categories),
        batches: store.clone(),
        jobs: store.clone(),
        fetcher: Arc::new(fetcher),
        photos: Arc::new(photos),
        images: store.clone(),
        background: Arc::new(Spawner(store.clone())),
        ids: Arc::new(ids(new_ids)),
        clock: Arc::new(clock()),
        revision: CatalogRevision::default(),
    }
}

fn file(rows: &[&[&str]]) -> Table {
    table(
        &["Handle", "Title", "Type", "Variant Price", "Image Src"],
        rows,
    )
}

fn table(header: &[&str], rows: &[&[&str]]) -> Table {
    Table {
        header: header.iter().map(|h| (*h).to_owned()).collect(),
        rows: rows
            .iter()
            .enumerate()
            .map(|(i, cells)| Row {
                line: i as u64 + 2,
                cells: cells.iter().map(|c| (*c).to_owned()).collect(),
            })
            .collect(),
    }
}

#[tokio::test]
async fn a_dry_run_answers_what_would_change_and_writes_nothing() {
    let store = Arc::new(Store::default());
    let service = service(&store, &[], &[]);
    let table = file(&[
        &["trail-runner", "Trail Runner II", "Sneakers", "2499", ""],
        &["mojari", "Mojari", "Ethnic", "999", ""],
    ]);
    let answer = service
        .import(&admin(), table, None, ImportOptions::DRY_RUN)
        .await
        .unwrap();
    let ImportStart::DryRun { report, .. } = answer else {
        panic!("a dry run answers at once: {answer:?}");
    };
    assert_eq!(report.status, JobStatus::Done);
    assert_eq!(
        report.counts,
        ImportCounts {
            processed: 2,
            total: 2,
            created: 1,
            updated: 1,
            unchanged: 0
        }
    );
    assert!(store.jobs.lock().unwrap().is_empty());
    assert!(store.spawned.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_wrong_row_refuses_the_whole_file() {
    let store = Arc::new(Store::default());
    let service = service(&store, &[], &[]);
    let table = file(&[&["mojari", "Mojari", "Ethnic", "cheap", ""]]);
    let Err(ImportError::Rows { errors, .. }) = service
        .import(&admin(), table, None, ImportOptions::WRITE)
        .await
    else {
        panic!("refused");
    };
    assert_eq!(
        (errors[0].row, errors[0].column.as_str()),
        (2, "Variant Price")
    );
    assert!(store.jobs.lock().unwrap().is_empty());
}

#[tokio::test]
async fn skip_invalid_imports_the_right_products_and_lists_the_wrong_ones() {
    let store = Arc::new(Store::default());
    let service = service(
        &store,
        &["job-1", "cat-2", "0190aaaa-0000-7000-8000-00000000abcd"],
        &["Ethnic"],
    );
    let table = file(&[
        &["mojari", "Mojari", "Ethnic", "999", ""],
        &["jutti", "Jutti", "Ethnic", "cheap", ""],
        &["kolhapuri", "Kolhapuri", "Ethnic", "", ""],
    ]);
    let Err(ImportError::Rows { errors, tally }) = service
        .import(&admin(), table.clone(), None, ImportOptions::DRY_RUN)
        .await
    else {
        panic!("without skipInvalid one wrong row refuses the file");
    };
    assert_eq!(errors.len(), 2);
    assert_eq!(
        tally,
        ImportTally {
            valid: 1,
            invalid: 2
        }
    );

    let skipping = ImportOptions::DRY_RUN.skipping_invalid();
    let Ok(ImportStart::DryRun { report, tally }) = service
        .import(&admin(), table.clone(), None, skipping)
        .await
    else {
        panic!("a dry run skipping the wrong products answers what it would do");
    };
    assert_eq!(
        tally,
        ImportTally {
            valid: 1,
            invalid: 2
        }
    );
    assert_eq!((report.counts.total, report.counts.created), (1, 1));
    let rows: Vec<u64> = report.errors.iter().map(|e| e.row).collect();
    assert_eq!(rows, [3, 4]);
    assert!(store.jobs.lock().unwrap().is_empty());

    let answer = service
        .import(
            &admin(),
            table,
            None,
            ImportOptions::WRITE.skipping_invalid(),
        )
        .await
        .unwrap();
    assert!(matches!(
        answer,
        ImportStart::Started {
            tally: ImportTally {
                valid: 1,
                invalid: 2
            },
            ..
        }
    ));
    store.run_jobs().await;
    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done);
    assert_eq!(
        done.errors.len(),
        2,
        "the finished job still lists the wrong products"
    );
    let batches = store.batches.lock().unwrap();
    let written: Vec<&str> = batches
        .iter()
        .flatten()
        .map(|w| w.record.handle.as_ref().unwrap().as_str())
        .collect();
    assert_eq!(written, ["mojari"]);
}

#[tokio::test]
async fn skip_invalid_cannot_import_a_file_without_a_valid_product() {
    let store = Arc::new(Store::default());
    let service = service(&store, &[], &[]);
    let table = file(&[&["jutti", "Jutti", "Ethnic", "cheap", ""]]);
    let options = ImportOptions::WRITE.skipping_invalid();
    let Err(ImportError::Rows { tally, .. }) = service.import(&admin(), table, None, options).await
    else {
        panic!("nothing to import is still refused");
    };
    assert_eq!(
        tally,
        ImportTally {
            valid: 0,
            invalid: 1
        }
    );
    assert!(store.jobs.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_job_makes_the_missing_category_then_writes_the_products_and_ends_done() {
    let store = Arc::new(Store::default());
    let service = service(
        &store,
        &["job-1", "cat-2", "0190aaaa-0000-7000-8000-00000000abcd"],
        &["Ethnic"],
    );
    let table = file(&[
        &["trail-runner", "Trail Runner", "Sneakers", "2499", ""],
        &["mojari", "Mojari", "Ethnic", "999", ""],
    ]);
    let answer = service
        .import(&admin(), table, None, ImportOptions::WRITE)
        .await
        .unwrap();
    assert_eq!(
        answer,
        ImportStart::Started {
            job: "job-1".into(),
            tally: ImportTally {
                valid: 2,
                invalid: 0
            }
        }
    );
    let started = store.job("job-1");
    assert_eq!(started.status, JobStatus::Running);
    assert_eq!((started.counts.processed, started.counts.unchanged), (1, 1));

    store.run_jobs().await;
    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done);
    assert_eq!(
        done.counts,
        ImportCounts {
            processed: 2,
            total: 2,
            created: 1,
            updated: 0,
            unchanged: 1
        }
    );
    let batches = store.batches.lock().unwrap();
    let write = &batches[0][0];
    assert!(write.create);
    assert_eq!(write.record.handle.as_ref().unwrap().as_str(), "mojari");
    assert_eq!(write.record.draft.category.as_str(), "cat-2");
    assert_eq!(write.record.product_code, "PDK-00000000ABCD");
    assert_eq!(write.record.seller.as_str(), "admin");
}

#[tokio::test]
async fn a_dry_run_checks_zip_names_but_fetches_nothing() {
    let store = Arc::new(Store::default());
    let service = service(&store, &[], &[]);
    let table = file(&[
        &[
            "mojari",
            "Mojari",
            "Sneakers",
            "999",
            "https://cdn.test/m.jpg",
        ],
        &["jutti", "Jutti", "Sneakers", "999", "jutti.jpg"],
    ]);
    let mut zip = PhotoFiles::new();
    zip.insert("photos/jutti.jpg", b"JPEG jutti".to_vec());
    let answer = service
        .import(&admin(), table.clone(), Some(zip), ImportOptions::DRY_RUN)
        .await
        .unwrap();
    let ImportStart::DryRun { report, .. } = answer else {
        panic!("a dry run answers at once: {answer:?}");
    };
    assert_eq!(report.counts.created, 2);

    let Err(ImportError::Rows { errors, .. }) = service
        .import(&admin(), table, None, ImportOptions::DRY_RUN)
        .await
    else {
        panic!("a file name without a zip is a row's error");
    };
    assert_eq!((errors[0].row, errors[0].column.as_str()), (3, "Image Src"));
}

#[tokio::test]
async fn a_job_fetches_each_address_once_and_stores_the_prepared_photos_with_the_products() {
    let store = Arc::new(Store::default());
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .withf(|url, max| url == "https://cdn.test/m.jpg" && *max == 20 * 1024 * 1024)
        .times(1)
        .returning(|_, _| Ok(b"JPEG mojari".to_vec()));
    let service = service_with(
        &store,
        &[
            "job-1",
            "0190aaaa-0000-7000-8000-000000000001",
            "0190aaaa-0000-7000-8000-000000000002",
            "0190aaaa-0000-7000-8000-000000000003",
        ],
        &[],
        fetcher,
        pipeline(),
    );
    let table = file(&[
        &[
            "mojari",
            "Mojari",
            "Sneakers",
            "999",
            "https://cdn.test/m.jpg",
        ],
        &[
            "mojari-2",
            "Mojari II",
            "Sneakers",
            "999",
            "https://cdn.test/m.jpg",
        ],
        &["jutti", "Jutti", "Sneakers", "999", "jutti.jpg"],
    ]);
    let mut zip = PhotoFiles::new();
    zip.insert("photos/jutti.jpg", b"JPEG jutti".to_vec());
    zip.insert("photos/unused.jpg", b"not needed".to_vec());
    service
        .import(&admin(), table, Some(zip), ImportOptions::WRITE)
        .await
        .unwrap();
    // Nothing fetched before the request was answered.
    assert!(store.batches.lock().unwrap().is_empty());
    store.run_jobs().await;

    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done, "{:?}", done.errors);
    assert_eq!((done.counts.processed, done.counts.created), (3, 3));
    let batches = store.batches.lock().unwrap();
    let photo = |handle: &str| {
        batches[0]
            .iter()
            .find(|w| w.record.handle.as_ref().unwrap().as_str() == handle)
            .unwrap()
            .record
            .photo
            .clone()
    };
    assert_eq!(photo("mojari"), Some(prepared(b"JPEG mojari")));
    assert_eq!(photo("mojari-2"), Some(prepared(b"JPEG mojari")));
    assert_eq!(photo("jutti"), Some(prepared(b"JPEG jutti")));
}

#[tokio::test]
async fn a_photo_that_cannot_be_used_leaves_its_product_without_it_and_the_job_ends_done() {
    let store = Arc::new(Store::default());
    let mut fetcher = MockPhotoFetcher::new();
    fetcher.expect_fetch().returning(|url, _| match url {
        "https://cdn.test/gone.jpg" => Err(FetchError::Status(404)),
        "http://127.0.0.1/m.jpg" => Err(FetchError::Refused {
            address: "127.0.0.1".parse().unwrap(),
            network: paduka_domain::net::NonPublic::Loopback,
        }),
        "https://cdn.test/page.html" => Ok(b"<html>".to_vec()),
        _ => Ok(b"JPEG fine".to_vec()),
    });
    let ids = [
        "job-1", "p-fine", "p-gone", "p-local", "p-page", "p-zipped", "p-gone-2",
    ];
    let service = service_with(&store, &ids, &[], fetcher, pipeline());
    let table = file(&[
        &[
            "fine",
            "Fine",
            "Sneakers",
            "999",
            "https://cdn.test/fine.jpg",
        ],
        &[
            "gone",
            "Gone",
            "Sneakers",
            "999",
            "https://cdn.test/gone.jpg",
        ],
        &[
            "local",
            "Local",
            "Sneakers",
            "999",
            "http://127.0.0.1/m.jpg",
        ],
        &[
            "page",
            "Page",
            "Sneakers",
            "999",
            "https://cdn.test/page.html",
        ],
        &["zipped", "Zipped", "Sneakers", "999", "notes.txt"],
        &[
            "gone-2",
            "Gone",
            "Sneakers",
            "999",
            "https://cdn.test/gone.jpg",
        ],
    ]);
    let mut zip = PhotoFiles::new();
    zip.insert("notes.txt", b"hello".to_vec());
    service
        .import(&admin(), table, Some(zip), ImportOptions::WRITE)
        .await
        .unwrap();
    store.run_jobs().await;

    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done);
    assert_eq!(done.errors, []);
    assert_eq!((done.counts.created, done.counts.processed), (6, 6));
    let missing: Vec<(u64, &str, &str, &str)> = done
        .missing
        .iter()
        .map(|m| {
            (
                m.row,
                m.column.as_str(),
                m.product.as_str(),
                m.message.as_str(),
            )
        })
        .collect();
    let gone =
        "The photo at https://cdn.test/gone.jpg could not be fetched: the server answered 404";
    assert_eq!(
        missing,
        [
            (3, "Image Src", "p-gone", gone),
            (
                4,
                "Image Src",
                "p-local",
                "The photo at http://127.0.0.1/m.jpg could not be fetched: its address 127.0.0.1 is this server's own (loopback): this shop fetches photos only from the public internet"
            ),
            (
                5,
                "Image Src",
                "p-page",
                "The photo at https://cdn.test/page.html cannot be used: Photo must be a JPEG, PNG, WebP, GIF or AVIF image"
            ),
            (
                6,
                "Image Src",
                "p-zipped",
                "The photo notes.txt of the photos zip cannot be used: Photo must be a JPEG, PNG, WebP, GIF or AVIF image"
            ),
            (7, "Image Src", "p-gone-2", gone),
        ]
    );
    assert_eq!(done.all_warnings().len(), 5, "each is a warning of its row");
    let batches = store.batches.lock().unwrap();
    let photos: Vec<(&str, bool)> = batches[0]
        .iter()
        .map(|w| (w.id.as_str(), w.record.photo.is_some()))
        .collect();
    assert_eq!(
        photos,
        [
            ("p-fine", true),
            ("p-gone", false),
            ("p-local", false),
            ("p-page", false),
            ("p-zipped", false),
            ("p-gone-2", false),
        ],
        "every product written, those without a usable photo without one"
    );
}

#[tokio::test]
async fn fetching_again_fetches_only_the_missing_web_photos_and_sets_those_that_now_work() {
    let store = Arc::new(Store::default());
    let missing = |row: u64, src: &str, product: &str| MissingPhoto {
        row,
        column: "Image Src".into(),
        src: src.into(),
        product: ProductId::new(product),
        message: "could not be fetched".into(),
        slot: PhotoSlot::Main,
    };
    store.jobs.lock().unwrap().push((
        "job-1".into(),
        ImportReport {
            status: JobStatus::Done,
            counts: ImportCounts::default(),
            warnings: vec![],
            errors: vec![],
            missing: vec![
                missing(2, "https://cdn.test/back.jpg", "p1"),
                missing(3, "https://cdn.test/still-gone.jpg", "p2"),
                missing(4, "notes.txt", "p3"),
                missing(5, "https://cdn.test/back.jpg", "p4"),
            ],
        },
    ));
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .withf(|url, _| url == "https://cdn.test/back.jpg")
        .times(1)
        .returning(|_, _| Ok(b"JPEG back".to_vec()));
    fetcher
        .expect_fetch()
        .withf(|url, _| url == "https://cdn.test/still-gone.jpg")
        .times(1)
        .returning(|_, _| Err(FetchError::Status(410)));
    let service = service_with(&store, &[], &[], fetcher, pipeline());

    let running = service
        .refetch_photos(&admin(), "job-1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(running.status, JobStatus::Running);
    assert!(
        matches!(
            service.refetch_photos(&admin(), "job-1").await,
            Err(CatalogError::Conflict(message)) if message == JOB_NOT_DONE
        ),
        "not twice at once"
    );
    store.run_jobs().await;

    let after = store.job("job-1");
    assert_eq!(after.status, JobStatus::Done);
    let still: Vec<(&str, &str)> = after
        .missing
        .iter()
        .map(|m| (m.product.as_str(), m.message.as_str()))
        .collect();
    assert_eq!(
        still,
        [
            (
                "p2",
                "The photo at https://cdn.test/still-gone.jpg could not be fetched: the server answered 410"
            ),
            ("p3", "could not be fetched"),
        ],
        "the zip's file is not fetched again"
    );
    let set: Vec<(String, Image)> = store
        .photos_set
        .lock()
        .unwrap()
        .iter()
        .map(|(id, image)| (id.as_str().to_owned(), image.clone()))
        .collect();
    assert_eq!(
        set,
        [
            ("p1".to_owned(), prepared(b"JPEG back")),
            ("p4".to_owned(), prepared(b"JPEG back")),
        ]
    );
    assert!(
        service
            .refetch_photos(&admin(), "nope")
            .await
            .unwrap()
            .is_none()
    );
}

fn running() -> ImportReport {
    ImportReport {
        status: JobStatus::Running,
        counts: ImportCounts {
            processed: 500,
            total: 2_000,
            ..ImportCounts::default()
        },
        warnings: Vec::new(),
        errors: Vec::new(),
        missing: Vec::new(),
    }
}

#[test]
fn a_running_job_that_stopped_moving_is_told_failed_with_how_to_finish_it() {
    let moved_at = now();
    let kept = KeptJob {
        report: running(),
        moved_at,
    };
    let moving = kept.clone().seen_at(moved_at + STALLED_AFTER);
    assert_eq!(moving, running(), "still within the allowance");

    let stalled = kept.seen_at(moved_at + STALLED_AFTER + chrono::TimeDelta::seconds(1));
    assert_eq!(stalled.status, JobStatus::Failed);
    assert_eq!(
        stalled.counts.processed, 500,
        "what was written is still counted"
    );
    assert_eq!(stalled.errors.len(), 1);
    assert!(
        stalled.errors[0]
            .message
            .contains("import the same file again")
    );
}

#[test]
fn a_finished_job_stays_as_it_ended_however_old() {
    let mut done = running();
    done.status = JobStatus::Done;
    let kept = KeptJob {
        report: done.clone(),
        moved_at: now(),
    };
    assert_eq!(kept.seen_at(now() + chrono::TimeDelta::days(30)), done);
}

#[tokio::test]
async fn the_job_an_admin_reads_is_the_kept_one_as_seen_now() {
    let store = Arc::new(Store::default());
    store.jobs.lock().unwrap().push(("job-1".into(), running()));
    let service = service(&store, &[], &[]);
    let seen = service.import_job(&admin(), "job-1").await.unwrap();
    assert_eq!(seen, Some(running()), "moved just now: still running");
    assert_eq!(service.import_job(&admin(), "job-2").await.unwrap(), None);
}

#[tokio::test]
async fn a_job_fetching_many_photos_says_it_is_alive_before_its_first_batch() {
    let store = Arc::new(Store::default());
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .times(12)
        .returning(|_, _| Ok(b"JPEG".to_vec()));
    let handles: Vec<String> = (0..12).map(|i| format!("shoe-{i}")).collect();
    let urls: Vec<String> = (0..12)
        .map(|i| format!("https://cdn.test/{i}.jpg"))
        .collect();
    let ids_made: Vec<String> = std::iter::once("job-1".to_owned())
        .chain((0..12).map(|i| format!("0190aaaa-0000-7000-8000-0000000000{i:02}")))
        .collect();
    let id_refs: Vec<&str> = ids_made.iter().map(String::as_str).collect();
    let mut ports = ports(&store, &id_refs, &[], fetcher, pipeline());
    // Every reading of the clock is 10 s after the one before: photos that take their time.
    let ticks = Arc::new(std::sync::atomic::AtomicI64::new(0));
    let mut slow = crate::MockClock::new();
    slow.expect_now().returning(move || {
        now()
            + chrono::TimeDelta::seconds(
                10 * ticks.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
            )
    });
    ports.clock = Arc::new(slow);
    let service = CatalogTransferService::new(
        ports,
        PhotoAddress::new("https://shop.test/api/v1/product/product-photo/"),
    );
    let rows: Vec<Vec<&str>> = handles
        .iter()
        .zip(&urls)
        .map(|(handle, url)| vec![handle.as_str(), "Shoe", "Sneakers", "999", url.as_str()])
        .collect();
    let rows: Vec<&[&str]> = rows.iter().map(Vec::as_slice).collect();
    service
        .import(&admin(), file(&rows), None, ImportOptions::WRITE)
        .await
        .unwrap();
    store.run_jobs().await;

    assert_eq!(store.job("job-1").status, JobStatus::Done);
    let moves = store.moves.lock().unwrap();
    let before_writing: Vec<_> = moves.iter().filter(|(_, written)| *written == 0).collect();
    assert!(
        before_writing.len() >= 3,
        "the job moved {} times while fetching",
        before_writing.len()
    );
    assert!(
        before_writing
            .iter()
            .all(|(counts, _)| counts.processed == 0)
    );
}

/// The shop's "Trail Runner" with a photo of `stored` bytes, over `fetcher` and the pipeline.
fn service_with_photo(
    store: &Arc<Store>,
    stored: &'static [u8],
    fetcher: MockPhotoFetcher,
) -> CatalogTransferService {
    let mut ports = ports(store, &["job-1"], &[], fetcher, pipeline());
    let mut products = shop_products();
    products
        .expect_photo()
        .withf(|id| id.as_str() == "p-1")
        .returning(move |_| {
            Ok(Some(StoredImage {
                content_type: "image/jpeg".into(),
                bytes: stored.to_vec(),
                sha256: String::new(),
            }))
        });
    ports.products = Arc::new(products);
    CatalogTransferService::new(
        ports,
        PhotoAddress::new("https://shop.test/api/v1/product/product-photo/"),
    )
}

/// A file of one row: the shop's product as it is, with a photo address.
fn photo_only(url: &str) -> Table {
    file(&[&["trail-runner", "Trail Runner", "Sneakers", "2499", url]])
}

fn fetching(bytes: &'static [u8]) -> MockPhotoFetcher {
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .times(1)
        .returning(move |_, _| Ok(bytes.to_vec()));
    fetcher
}

#[tokio::test]
async fn a_file_imported_again_photos_and_all_leaves_its_products_unchanged() {
    let store = Arc::new(Store::default());
    let service = service_with_photo(&store, b"JPEG runner", fetching(b"JPEG runner"));
    let table = photo_only("https://cdn.test/runner.jpg");
    // Before fetching, the photo may be new: the dry run counts an update.
    let Ok(ImportStart::DryRun {
        report: checked, ..
    }) = service
        .import(&admin(), table.clone(), None, ImportOptions::DRY_RUN)
        .await
    else {
        panic!("a dry run answers at once");
    };
    assert_eq!((checked.counts.updated, checked.counts.unchanged), (1, 0));

    service
        .import(&admin(), table, None, ImportOptions::WRITE)
        .await
        .unwrap();
    store.run_jobs().await;
    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done, "{:?}", done.errors);
    assert_eq!(
        (
            done.counts.processed,
            done.counts.updated,
            done.counts.unchanged
        ),
        (1, 0, 1)
    );
    assert!(store.batches.lock().unwrap().is_empty(), "nothing written");
}

#[tokio::test]
async fn a_new_photo_at_the_same_address_updates_the_product() {
    let store = Arc::new(Store::default());
    let service = service_with_photo(&store, b"JPEG runner", fetching(b"JPEG runner, retouched"));
    service
        .import(
            &admin(),
            photo_only("https://cdn.test/runner.jpg"),
            None,
            ImportOptions::WRITE,
        )
        .await
        .unwrap();
    store.run_jobs().await;
    let done = store.job("job-1");
    assert_eq!((done.counts.updated, done.counts.unchanged), (1, 0));
    let batches = store.batches.lock().unwrap();
    assert_eq!(
        batches[0][0].record.photo,
        Some(prepared(b"JPEG runner, retouched"))
    );
}

/// A file with a gallery and colours: `mojari` in Tan and Black, each colour's `Variant Image`
/// and two gallery photos on another shop, one of them dead.
fn coloured_file() -> Table {
    let header = [
        "Handle",
        "Title",
        "Type",
        "Option1 Name",
        "Option1 Value",
        "Option2 Name",
        "Option2 Value",
        "Variant Price",
        "Variant Image",
        "Image Src",
        "Image Position",
    ];
    let rows: [&[&str]; 3] = [
        &[
            "mojari",
            "Mojari",
            "Ethnic",
            "Size",
            "UK 7",
            "Color",
            "Tan",
            "999",
            "https://old.test/tan.jpg",
            "https://old.test/main.jpg",
            "1",
        ],
        &[
            "mojari",
            "",
            "",
            "",
            "UK 7",
            "",
            "Black",
            "999",
            "https://old.test/black.jpg",
            "https://old.test/side.jpg",
            "2",
        ],
        &[
            "mojari",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "https://old.test/gone.jpg",
            "3",
        ],
    ];
    table(&header, &rows)
}

#[tokio::test]
async fn gallery_and_colour_photos_are_fetched_and_kept_on_this_shop_and_a_dead_one_is_listed() {
    let store = Arc::new(Store::default());
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .times(5)
        .returning(|url, _| match url {
            "https://old.test/gone.jpg" => Err(FetchError::Status(404)),
            url => Ok(format!("JPEG {url}").into_bytes()),
        });
    let service = service_with(
        &store,
        &["job-1", "cat-ethnic", "p-mojari"],
        &["Ethnic"],
        fetcher,
        pipeline(),
    );
    service
        .import(&admin(), coloured_file(), None, ImportOptions::WRITE)
        .await
        .unwrap();
    store.run_jobs().await;

    let done = store.job("job-1");
    assert_eq!(done.status, JobStatus::Done, "{:?}", done.errors);
    let missing: Vec<(u64, &str, &PhotoSlot)> = done
        .missing
        .iter()
        .map(|m| (m.row, m.column.as_str(), &m.slot))
        .collect();
    assert_eq!(missing, [(4, "Image Src", &PhotoSlot::Gallery)]);
    assert_eq!(
        done.missing[0].message,
        "The photo at https://old.test/gone.jpg could not be fetched: the server answered 404"
    );
    let batches = store.batches.lock().unwrap();
    let draft = &batches[0][0].record.draft;
    // Kept in the order they were ready: each photo's path is its own.
    let kept = store.kept.lock().unwrap();
    let path_of = |url: &str| {
        let bytes = format!("JPEG {url}").into_bytes();
        let at = kept.iter().position(|k| k.bytes == bytes).unwrap();
        format!("/api/v1/media/media-{}", at + 1)
    };
    assert_eq!(
        kept.len(),
        3,
        "the colours' and the side photo; not the main one"
    );
    assert_eq!(draft.other_photos, [path_of("https://old.test/side.jpg")]);
    let colours: Vec<(&str, &[String])> = draft
        .colors
        .iter()
        .map(|c| (c.name.as_str(), c.photos.as_slice()))
        .collect();
    assert_eq!(
        colours,
        [
            ("Tan", &[path_of("https://old.test/tan.jpg")][..]),
            ("Black", &[path_of("https://old.test/black.jpg")][..]),
        ]
    );
    assert_eq!(
        batches[0][0].record.photo,
        Some(prepared(b"JPEG https://old.test/main.jpg")),
        "the product's own photo, as before"
    );
}

#[tokio::test]
async fn fetching_again_puts_a_gallery_or_colour_photo_back_in_its_place() {
    let store = Arc::new(Store::default());
    let missing = |src: &str, slot: PhotoSlot| MissingPhoto {
        row: 2,
        column: "Variant Image".into(),
        src: src.into(),
        product: ProductId::new("p1"),
        message: "could not be fetched".into(),
        slot,
    };
    store.jobs.lock().unwrap().push((
        "job-1".into(),
        ImportReport {
            status: JobStatus::Done,
            counts: ImportCounts::default(),
            warnings: vec![],
            errors: vec![],
            missing: vec![
                missing("https://old.test/tan.jpg", PhotoSlot::Colour("Tan".into())),
                missing("https://old.test/tan.jpg", PhotoSlot::Gallery),
                missing("https://old.test/main.jpg", PhotoSlot::Main),
            ],
        },
    ));
    let mut fetcher = MockPhotoFetcher::new();
    fetcher
        .expect_fetch()
        .times(2)
        .returning(|url, _| Ok(format!("JPEG {url}").into_bytes()));
    let service = service_with(&store, &[], &[], fetcher, pipeline());
    service.refetch_photos(&admin(), "job-1").await.unwrap();
    store.run_jobs().await;

    assert_eq!(store.job("job-1").missing, []);
    assert_eq!(
        store.kept.lock().unwrap().len(),
        1,
        "kept once for both places"
    );
    let added = store.added.lock().unwrap().clone();
    assert_eq!(
        added,
        [
            (
                ProductId::new("p1"),
                PhotoSlot::Colour("Tan".into()),
                "/api/v1/media/media-1".to_owned()
            ),
            (
                ProductId::new("p1"),
                PhotoSlot::Gallery,
                "/api/v1/media/media-1".to_owned()
            ),
        ]
    );
    let set = store.photos_set.lock().unwrap();
    assert_eq!(set.len(), 1);
    assert_eq!(set[0].1, prepared(b"JPEG https://old.test/main.jpg"));
}
