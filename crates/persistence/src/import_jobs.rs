//! Catalog import jobs in `import_jobs`: one row per job, its counts moved as batches land,
//! so that every instance sharing the database tells the same progress.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use paduka_application::RepoError;
use paduka_application::catalog::transfer::{
    ImportCounts, ImportJobRepository, ImportReport, JobStatus, KeptJob, MissingPhoto,
};
use paduka_domain::ProductId;
use paduka_domain::catalog::import::{PhotoSlot, RowError, RowWarning};
use serde::{Deserialize, Serialize};

use crate::db::{Database, corrupt, from_db_time, to_db_time};
use crate::schema::import_jobs;

#[derive(Debug, Clone)]
pub struct DieselImportJobRepository {
    db: Database,
}

impl DieselImportJobRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A warning as the `warnings` column keeps it.
#[derive(Serialize, Deserialize)]
struct KeptWarning {
    row: u64,
    /// Jobs kept before warnings named their column have none.
    #[serde(default)]
    column: String,
    message: String,
}

/// An error as the `errors` column keeps it.
#[derive(Serialize, Deserialize)]
struct KeptError {
    row: u64,
    column: String,
    message: String,
}

/// A missing photo as the `missing_photos` column keeps it.
#[derive(Serialize, Deserialize)]
struct KeptMissing {
    row: u64,
    column: String,
    src: String,
    product: String,
    message: String,
    /// `gallery`, or `colour` with `colour` its name; jobs kept before (and the product's own
    /// photo) have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    slot: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    colour: Option<String>,
}

impl KeptMissing {
    fn slot(&self) -> PhotoSlot {
        match (self.slot.as_deref(), &self.colour) {
            (Some("gallery"), _) => PhotoSlot::Gallery,
            (Some("colour"), Some(name)) => PhotoSlot::Colour(name.clone()),
            _ => PhotoSlot::Main,
        }
    }
}

fn missing_json(missing: &[MissingPhoto]) -> String {
    let kept: Vec<KeptMissing> = missing
        .iter()
        .map(|m| KeptMissing {
            row: m.row,
            column: m.column.clone(),
            src: m.src.clone(),
            product: m.product.as_str().to_owned(),
            message: m.message.clone(),
            slot: match m.slot {
                PhotoSlot::Main => None,
                PhotoSlot::Gallery => Some("gallery".into()),
                PhotoSlot::Colour(_) => Some("colour".into()),
            },
            colour: match &m.slot {
                PhotoSlot::Colour(name) => Some(name.clone()),
                _ => None,
            },
        })
        .collect();
    serde_json::to_string(&kept).unwrap_or_else(|_| "[]".into())
}

fn errors_json(errors: &[RowError]) -> String {
    let kept: Vec<KeptError> = errors
        .iter()
        .map(|e| KeptError {
            row: e.row,
            column: e.column.clone(),
            message: e.message.clone(),
        })
        .collect();
    serde_json::to_string(&kept).unwrap_or_else(|_| "[]".into())
}

fn count(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = import_jobs)]
struct JobRow {
    id: String,
    status: String,
    processed: i64,
    total: i64,
    created: i64,
    updated: i64,
    unchanged: i64,
    warnings: String,
    errors: String,
    updated_at: chrono::NaiveDateTime,
    missing_photos: String,
}

impl TryFrom<JobRow> for KeptJob {
    type Error = DieselError;

    fn try_from(row: JobRow) -> Result<Self, DieselError> {
        let bad = |what: &str| corrupt(format_args!("{what} of import job {}", row.id));
        let number = |n: i64| u64::try_from(n).map_err(|_| bad("a count"));
        let warnings: Vec<KeptWarning> =
            serde_json::from_str(&row.warnings).map_err(|_| bad("warnings"))?;
        let errors: Vec<KeptError> =
            serde_json::from_str(&row.errors).map_err(|_| bad("errors"))?;
        let missing: Vec<KeptMissing> =
            serde_json::from_str(&row.missing_photos).map_err(|_| bad("missing photos"))?;
        let report = ImportReport {
            status: JobStatus::parse(&row.status).ok_or_else(|| bad("status"))?,
            counts: ImportCounts {
                processed: number(row.processed)?,
                total: number(row.total)?,
                created: number(row.created)?,
                updated: number(row.updated)?,
                unchanged: number(row.unchanged)?,
            },
            warnings: warnings
                .into_iter()
                .map(|w| RowWarning {
                    row: w.row,
                    column: w.column,
                    message: w.message,
                })
                .collect(),
            errors: errors
                .into_iter()
                .map(|e| RowError {
                    row: e.row,
                    column: e.column,
                    message: e.message,
                })
                .collect(),
            missing: missing
                .into_iter()
                .map(|m| MissingPhoto {
                    slot: m.slot(),
                    row: m.row,
                    column: m.column,
                    src: m.src,
                    product: ProductId::new(m.product),
                    message: m.message,
                })
                .collect(),
        };
        Ok(Self {
            report,
            moved_at: from_db_time(row.updated_at),
        })
    }
}

#[async_trait]
impl ImportJobRepository for DieselImportJobRepository {
    async fn start(
        &self,
        id: &str,
        report: &ImportReport,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.to_owned();
        let counts = report.counts;
        let warnings: Vec<KeptWarning> = report
            .warnings
            .iter()
            .map(|w| KeptWarning {
                row: w.row,
                column: w.column.clone(),
                message: w.message.clone(),
            })
            .collect();
        let warnings = serde_json::to_string(&warnings).map_err(anyhow::Error::from)?;
        let errors = errors_json(&report.errors);
        let missing = missing_json(&report.missing);
        let status = report.status.as_str();
        self.db
            .run(move |conn| {
                diesel::insert_into(import_jobs::table)
                    .values((
                        import_jobs::id.eq(&id),
                        import_jobs::status.eq(status),
                        import_jobs::processed.eq(count(counts.processed)),
                        import_jobs::total.eq(count(counts.total)),
                        import_jobs::created.eq(count(counts.created)),
                        import_jobs::updated.eq(count(counts.updated)),
                        import_jobs::unchanged.eq(count(counts.unchanged)),
                        import_jobs::warnings.eq(&warnings),
                        import_jobs::errors.eq(&errors),
                        import_jobs::missing_photos.eq(&missing),
                        import_jobs::created_at.eq(to_db_time(at)),
                        import_jobs::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)
                    .map(drop)
            })
            .await
    }

    async fn progress(
        &self,
        id: &str,
        counts: ImportCounts,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.to_owned();
        self.db
            .write_one(move |conn| {
                diesel::update(import_jobs::table.find(id))
                    .set((
                        import_jobs::processed.eq(count(counts.processed)),
                        import_jobs::total.eq(count(counts.total)),
                        import_jobs::created.eq(count(counts.created)),
                        import_jobs::updated.eq(count(counts.updated)),
                        import_jobs::unchanged.eq(count(counts.unchanged)),
                        import_jobs::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)
            })
            .await
    }

    async fn finish(
        &self,
        id: &str,
        status: JobStatus,
        errors: &[RowError],
        missing: &[MissingPhoto],
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.to_owned();
        let errors = errors_json(errors);
        let missing = missing_json(missing);
        self.db
            .write_one(move |conn| {
                diesel::update(import_jobs::table.find(id))
                    .set((
                        import_jobs::status.eq(status.as_str()),
                        import_jobs::errors.eq(&errors),
                        import_jobs::missing_photos.eq(&missing),
                        import_jobs::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)
            })
            .await
    }

    async fn reopen(&self, id: &str, at: DateTime<Utc>) -> Result<bool, RepoError> {
        let id = id.to_owned();
        self.db
            .run(move |conn| {
                // Only from done: of two requests at once, one reopens it.
                let done = JobStatus::Done.as_str();
                let running = JobStatus::Running.as_str();
                diesel::update(
                    import_jobs::table
                        .find(id)
                        .filter(import_jobs::status.eq(done)),
                )
                .set((
                    import_jobs::status.eq(running),
                    import_jobs::updated_at.eq(to_db_time(at)),
                ))
                .execute(conn)
                .map(|matched| matched == 1)
            })
            .await
    }

    async fn find(&self, id: &str) -> Result<Option<KeptJob>, RepoError> {
        let id = id.to_owned();
        self.db
            .run(move |conn| {
                import_jobs::table
                    .find(id)
                    .select(JobRow::as_select())
                    .first(conn)
                    .optional()?
                    .map(KeptJob::try_from)
                    .transpose()
            })
            .await
    }
}
