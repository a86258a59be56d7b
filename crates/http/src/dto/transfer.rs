//! The catalog import's form and answers (`POST /product/import`, `GET /product/import/{job}`).

use paduka_application::catalog::transfer::{ImportReport, ImportTally, JobStatus};
use paduka_domain::catalog::import::{RowError, RowWarning};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The import form (`multipart/form-data`).
///
/// This type only describes the form in the OpenAPI document; `upload` reads the real one.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ImportForm {
    /// A CSV file in Shopify's classic product layout, its 2025 export layout or
    /// WooCommerce's product export (its English header), UTF-8, at most 20 MB. Required (a form without it is a 400); described as the product form's
    /// photo is, because the API fuzzer cannot generate a required binary part.
    #[schema(value_type = Option<String>, format = Binary)]
    pub file: Vec<u8>,
    /// A zip of photos, at most 100 MB, unpacking to at most 200 MB in at most 5000 entries
    /// (each file at most 20 MB). A product's own photo (`Image Src` at position 1, or the
    /// first of WooCommerce's `Images`) that is not an http(s) address names one of its files: by its path in the zip, or by its file name when only
    /// one file has that name.
    #[schema(value_type = Option<String>, format = Binary)]
    pub photos: Option<Vec<u8>>,
    /// `true`: check the file and answer what the import would do, writing nothing.
    #[serde(rename = "dryRun")]
    #[schema(value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub dry_run: Option<bool>,
    /// `true`: import the products whose rows are all right and list the others in `errors`
    /// (nothing of a wrong product is written); without it, one wrong row writes nothing.
    #[serde(rename = "skipInvalid")]
    #[schema(value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub skip_invalid: Option<bool>,
}

/// `POST /product/import`'s query.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// `true`: a dry run, as the form field says.
    #[serde(rename = "dryRun")]
    #[param(rename = "dryRun", value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub dry_run: Option<String>,
    /// `true`: skip the wrong products, as the form field says.
    #[serde(rename = "skipInvalid")]
    #[param(rename = "skipInvalid", value_type = Option<String>, pattern = "^(?:true|false)?$")]
    pub skip_invalid: Option<String>,
}

/// A row of the file that cannot be imported.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ImportRowError {
    /// The file's line number (the header is line 1; 0: not about one row).
    pub row: u64,
    /// The column's header as the file writes it.
    pub column: String,
    pub message: String,
}

impl From<&RowError> for ImportRowError {
    fn from(error: &RowError) -> Self {
        Self {
            row: error.row,
            column: error.column.clone(),
            message: error.message.clone(),
        }
    }
}

/// A row imported with a change the file did not say: what a real export holds taken as
/// decisions section 19 says (an empty `Type`, a blank or negative stock, a handle made a
/// handle).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ImportWarning {
    /// The file's line number (the header is line 1).
    pub row: u64,
    /// The column's header as the file writes it.
    pub column: String,
    pub message: String,
}

impl From<&RowWarning> for ImportWarning {
    fn from(warning: &RowWarning) -> Self {
        Self {
            row: warning.row,
            column: warning.column.clone(),
            message: warning.message.clone(),
        }
    }
}

/// `400 Import has errors`: nothing was written. Any other 400 (a form without its file,
/// text with a NUL) is the usual error body, without `errors`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ImportErrorsResponse {
    /// Always `false`.
    pub success: bool,
    /// `Import has errors`, or why the request was refused.
    pub message: String,
    /// Each wrong row, with `Import has errors`.
    #[schema(required = false)]
    pub errors: Vec<ImportRowError>,
    /// With `Import has errors`: the file's products whose rows are all right, which
    /// `skipInvalid=true` would import.
    #[schema(required = false)]
    pub valid: u64,
    /// With `Import has errors`: the file's products with a wrong row.
    #[schema(required = false)]
    pub invalid: u64,
}

impl ImportErrorsResponse {
    pub fn new(errors: &[RowError], tally: ImportTally) -> Self {
        Self {
            success: false,
            message: "Import has errors".into(),
            errors: errors.iter().map(Into::into).collect(),
            valid: tally.valid,
            invalid: tally.invalid,
        }
    }
}

/// `202`: the job that imports the file.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ImportStartedResponse {
    pub success: bool,
    /// The job's id, for `GET /product/import/{job}`.
    pub job: String,
    /// The file's products the job imports.
    pub valid: u64,
    /// The file's products left out for a wrong row (`skipInvalid`); the job's `errors` list
    /// their rows.
    pub invalid: u64,
}

/// Where an import job is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportStatus {
    Running,
    Done,
    Failed,
}

/// An import's progress (a dry run's answer: `done` at once, nothing written).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ImportJobResponse {
    pub success: bool,
    pub status: ImportStatus,
    /// Products done so far (those left unchanged count from the start).
    pub processed: u64,
    /// Products the job imports (with `skipInvalid`, the file's valid ones).
    pub total: u64,
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
    /// The rows' warnings and the photos that could not be used (column `Image Src`), by
    /// row.
    pub warnings: Vec<ImportWarning>,
    /// Why a `failed` job stopped (a fault on our side; the batches written before stay), or
    /// with `skipInvalid` the rows of the products left out.
    pub errors: Vec<ImportRowError>,
    /// Photos that could not be fetched or used: their products were written without them,
    /// and `POST /product/import/{job}/photos` fetches them again.
    #[serde(rename = "missingPhotos")]
    pub missing_photos: u64,
    /// A dry run's: the file's products that may be imported.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, value_type = u64)]
    pub valid: Option<u64>,
    /// A dry run's: the file's products with a wrong row.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, value_type = u64)]
    pub invalid: Option<u64>,
}

impl ImportJobResponse {
    /// A dry run's answer: the report with the file's products counted.
    pub fn dry_run(report: &ImportReport, tally: ImportTally) -> Self {
        Self {
            valid: Some(tally.valid),
            invalid: Some(tally.invalid),
            ..Self::from(report)
        }
    }
}

impl From<&ImportReport> for ImportJobResponse {
    fn from(report: &ImportReport) -> Self {
        Self {
            success: true,
            status: match report.status {
                JobStatus::Running => ImportStatus::Running,
                JobStatus::Done => ImportStatus::Done,
                JobStatus::Failed => ImportStatus::Failed,
            },
            processed: report.counts.processed,
            total: report.counts.total,
            created: report.counts.created,
            updated: report.counts.updated,
            unchanged: report.counts.unchanged,
            warnings: report.all_warnings().iter().map(Into::into).collect(),
            errors: report.errors.iter().map(Into::into).collect(),
            missing_photos: report.missing.len() as u64,
            valid: None,
            invalid: None,
        }
    }
}
