//! The import's use case over in-memory jobs and batches: checked whole, answered at once for
//! a dry run, else a job whose progress and end are recorded; categories made once.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::catalog::import::{PhotoAddress, Row, RowError, Table};
use paduka_test_support::builders::{ProductBuilder, category};
use paduka_test_support::time::now;

use super::*;
use crate::RepoError;
use crate::catalog::{
    CatalogRevision, CategoryConflict, MockCategoryRepository, MockProductRepository,
    ProductConflict, ProductPage,
};
use crate::testing::{admin, clock, ids};

/// Jobs kept as the database would, and every batch written.
#[derive(Default)]
struct Store {
    jobs: Mutex<Vec<(String, ImportReport)>>,
    batches: Mutex<Vec<Vec<ProductWrite>>>,
    spawned: Mutex<Vec<BackgroundJob>>,
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
        Ok(())
    }

    async fn finish(
        &self,
        id: &str,
        status: JobStatus,
        errors: &[RowError],
        _: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut jobs = self.jobs.lock().unwrap();
        let job = jobs
            .iter_mut()
            .find(|(j, _)| j == id)
            .ok_or(RepoError::NotFound)?;
        job.1.status = status;
        job.1.errors = errors.to_vec();
        Ok(())
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

/// The shop: "Trail Runner" (`trail-runner`) in Sneakers.
fn service(store: &Arc<Store>, new_ids: &[&str], creates: &[&str]) -> CatalogTransferService {
    let mut products = MockProductRepository::new();
    products.expect_list().returning(|_, _| {
        Ok(ProductPage {
            products: vec![ProductBuilder::new("p-1").build()],
            total: 1,
            ..ProductPage::default()
        })
    });
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
    CatalogTransferService::new(
        TransferPorts {
            products: Arc::new(products),
            categories: Arc::new(categories),
            batches: store.clone(),
            jobs: store.clone(),
            background: Arc::new(Spawner(store.clone())),
            ids: Arc::new(ids(new_ids)),
            clock: Arc::new(clock()),
            revision: CatalogRevision::default(),
        },
        PhotoAddress::new("https://shop.test/api/v1/product/product-photo/"),
    )
}

fn file(rows: &[&[&str]]) -> Table {
    Table {
        header: ["Handle", "Title", "Type", "Variant Price", "Image Src"]
            .map(str::to_owned)
            .to_vec(),
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
    let answer = service.import(&admin(), table, true).await.unwrap();
    let ImportStart::DryRun(report) = answer else {
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
    let Err(ImportError::Rows(errors)) = service.import(&admin(), table, false).await else {
        panic!("refused");
    };
    assert_eq!(
        (errors[0].row, errors[0].column.as_str()),
        (2, "Variant Price")
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
    let answer = service.import(&admin(), table, false).await.unwrap();
    assert_eq!(
        answer,
        ImportStart::Started {
            job: "job-1".into()
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
async fn a_photo_from_another_address_ends_the_job_failed_with_nothing_written() {
    let store = Arc::new(Store::default());
    let service = service(&store, &["job-1"], &[]);
    let table = file(&[&[
        "mojari",
        "Mojari",
        "Sneakers",
        "999",
        "https://cdn.test/m.jpg",
    ]]);
    service.import(&admin(), table, false).await.unwrap();
    store.run_jobs().await;
    let failed = store.job("job-1");
    assert_eq!(failed.status, JobStatus::Failed);
    assert_eq!(
        (failed.errors[0].row, failed.errors[0].column.as_str()),
        (2, "Image Src")
    );
    assert!(store.batches.lock().unwrap().is_empty());
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
