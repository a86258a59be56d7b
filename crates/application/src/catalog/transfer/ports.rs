//! What an import needs from outside: its job's progress where every instance reads it, the
//! products written in batches, photos fetched from the web, and a way to run the job in the
//! background.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::ProductId;
use paduka_domain::catalog::import::{
    FETCH_TIMEOUT, MAX_FETCH_BYTES, MAX_REDIRECTS, PhotoSlot, RowError, RowWarning,
};
use paduka_domain::net::NonPublic;

use crate::RepoError;
use crate::catalog::{ProductConflict, ProductRecord};

/// Where an import job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    Running,
    Done,
    Failed,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Running => "running",
            Self::Done => "done",
            Self::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "running" => Self::Running,
            "done" => Self::Done,
            "failed" => Self::Failed,
            _ => return None,
        })
    }
}

/// Products of a job counted so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportCounts {
    pub processed: u64,
    pub total: u64,
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
}

/// An import as `GET /product/import/{job}` tells it (and a dry run answers at once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    pub status: JobStatus,
    pub counts: ImportCounts,
    /// What the file's rows say (the photos' warnings are in `missing`).
    pub warnings: Vec<RowWarning>,
    pub errors: Vec<RowError>,
    /// Photos that could not be used: their products were written without them.
    pub missing: Vec<MissingPhoto>,
}

impl ImportReport {
    /// Every warning, the rows' and the missing photos', by row.
    pub fn all_warnings(&self) -> Vec<RowWarning> {
        let mut all = self.warnings.clone();
        all.extend(self.missing.iter().map(|m| RowWarning {
            row: m.row,
            column: m.column.clone(),
            message: m.message.clone(),
        }));
        all.sort_by_key(|w| w.row);
        all
    }
}

/// A photo an import could not fetch or use (decisions section 19): its product was written
/// without it, and `POST /product/import/{job}/photos` fetches it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingPhoto {
    /// The row and column that name it.
    pub row: u64,
    pub column: String,
    /// The web address (or the photos zip's file, which cannot be fetched again).
    pub src: String,
    /// The product that is without it.
    pub product: ProductId,
    /// Why, as the job's warning says it.
    pub message: String,
    /// Where it goes once fetched: the product's own photo, its gallery, or a colour's photos.
    pub slot: PhotoSlot,
}

/// A job that has not moved for this long is taken for stopped: the instance running it was
/// stopped or crashed (a running job records its progress after every batch and every few
/// photos, a few seconds apart).
pub const STALLED_AFTER: chrono::TimeDelta = chrono::TimeDelta::minutes(2);

/// What a stalled job says instead of `running`.
pub const STALLED: &str = "The import stopped before it finished (the shop was restarted). The \
     products counted as processed were written; import the same file again to finish: what is \
     already there is left unchanged";

/// A job as kept: its report and when it last moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptJob {
    pub report: ImportReport,
    pub moved_at: DateTime<Utc>,
}

impl KeptJob {
    /// The job as an admin should see it at `now`: a job still `running` that has not moved
    /// for [`STALLED_AFTER`] is `failed`, as no instance will finish it.
    pub fn seen_at(self, now: DateTime<Utc>) -> ImportReport {
        let mut report = self.report;
        if report.status == JobStatus::Running && now - self.moved_at > STALLED_AFTER {
            report.status = JobStatus::Failed;
            report.errors = vec![RowError {
                row: 0,
                column: String::new(),
                message: STALLED.into(),
            }];
        }
        report
    }
}

/// Import jobs, kept in the database so that every instance can tell a job's progress.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ImportJobRepository: Send + Sync {
    /// Starts a job (`running`) with what its plan already knows.
    async fn start(
        &self,
        id: &str,
        report: &ImportReport,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// The job's counts so far.
    async fn progress(
        &self,
        id: &str,
        counts: ImportCounts,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// The job's end: `done` with the photos it could not use, or `failed` with its errors.
    async fn finish(
        &self,
        id: &str,
        status: JobStatus,
        errors: &[RowError],
        missing: &[MissingPhoto],
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// A `done` job `running` again (to fetch its missing photos); `false` when it is not
    /// `done` (another request reopened it first).
    async fn reopen(&self, id: &str, at: DateTime<Utc>) -> Result<bool, RepoError>;

    /// The job, or `None` for an unknown id.
    async fn find(&self, id: &str) -> Result<Option<KeptJob>, RepoError>;
}

/// One product of a batch: a new one, or the update of a known one.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductWrite {
    pub id: ProductId,
    pub record: ProductRecord,
    pub create: bool,
}

/// Products written many at a time, in one transaction per batch, by the same rules as one
/// product's write (its row, its variants and lists replaced whole).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ProductBatchRepository: Send + Sync {
    /// Writes every product of the batch, or none.
    async fn write_batch(&self, batch: Vec<ProductWrite>)
    -> Result<(), RepoError<ProductConflict>>;

    /// Gives the product this photo, leaving the rest of it as it is; `false` when the
    /// product no longer exists.
    async fn set_photo(
        &self,
        id: &ProductId,
        photo: paduka_domain::catalog::Image,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// Adds a photo on this shop (`path`) to the product's gallery (after the others) or to a
    /// colour's photos (first, as the colour's main photo), unless it is there already,
    /// leaving the rest of the product as it is; `false` when the product (or the colour) no
    /// longer exists. A colour keeps at most its limit of photos.
    async fn add_photo(
        &self,
        id: &ProductId,
        slot: &PhotoSlot,
        path: &str,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
}

/// Why a photo could not be fetched, as a seller reads it after `The photo at URL could not
/// be fetched: `.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    /// The server answered with a status other than 2xx (after following redirects).
    #[error("the server answered {0}")]
    Status(u16),
    /// The whole fetch took longer than [`FETCH_TIMEOUT`].
    #[error("it took longer than {} seconds", FETCH_TIMEOUT.as_secs())]
    TimedOut,
    /// The photo is larger than the limit the fetch was given.
    #[error("it is larger than {} MB", MAX_FETCH_BYTES / (1024 * 1024))]
    TooLarge,
    /// The name resolves only to addresses the shop does not fetch from (see
    /// [`paduka_domain::net`]), or the address itself is one.
    #[error(
        "its address {address} is {}: this shop fetches photos only from the public internet",
        network.describe()
    )]
    Refused { address: IpAddr, network: NonPublic },
    /// More redirects than [`MAX_REDIRECTS`].
    #[error("it redirects more than {MAX_REDIRECTS} times")]
    TooManyRedirects,
    /// The address (or a redirect's) is not http or https.
    #[error("{0} is not an http or https address")]
    NotWeb(String),
    /// No address is known for the host's name.
    #[error("no server is known by the name {0}")]
    UnknownHost(String),
    /// The connection failed or broke off.
    #[error("the server could not be reached")]
    Unreachable,
}

/// Photos fetched from the web for an import, from public addresses only.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PhotoFetcher: Send + Sync {
    /// The body at `url` (http or https), after at most [`MAX_REDIRECTS`] redirects, within
    /// [`FETCH_TIMEOUT`] in all; `TooLarge` past `max_bytes` (reading stops there). Each
    /// address connected to is one the name resolved to and [`paduka_domain::net`] calls
    /// public, unless the adapter was set up to reach private networks too (tests, a shop
    /// whose photos are on its own network).
    async fn fetch(&self, url: &str, max_bytes: usize) -> Result<Vec<u8>, FetchError>;
}

/// A job to run in the background.
pub type BackgroundJob = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Runs work after the request that started it has been answered (tokio's `spawn` in
/// production; tests run it at once).
#[cfg_attr(test, mockall::automock)]
pub trait Background: Send + Sync {
    fn spawn(&self, job: BackgroundJob);
}
