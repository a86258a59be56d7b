use actix_multipart::Multipart;
use actix_web::{HttpResponse, get, post, web};
use paduka_application::catalog::transfer::{
    CatalogTransferUseCases, ImportError, ImportOptions, ImportStart,
};

use crate::contract::{AdminOnly, ImportJobNotDone, ImportJobNotFound, ImportTooLarge};
use crate::csv_file::read_table;
use crate::dto::{
    ImportErrorsResponse, ImportForm, ImportJobResponse, ImportParams, ImportStartedResponse,
};
use crate::photos_zip;
use crate::upload::read_import_form;
use crate::{AdminUser, ApiError};

/// Imports a CSV file of products (Shopify's classic layout, its 2025 export layout or
/// WooCommerce's product export in English, told apart by the header row), with an optional
/// zip of photos. Every row is checked first: with any wrong, nothing is written, unless
/// `skipInvalid` asks to import the valid products and list the others. A dry run answers
/// what the import would do at once (it checks the photos' file names against the zip, and
/// fetches nothing); otherwise a job fetches the photos (the products' own, their galleries'
/// and their colours', each kept on this shop), then writes everything in the background.
#[utoipa::path(
    params(ImportParams),
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "A dry run: what the import would do; nothing written", body = ImportJobResponse),
        (status = 202, description = "The job importing the file", body = ImportStartedResponse),
        (status = 400, description = "`Import has errors` with each row's, a file that is not UTF-8 CSV, or a photos file that is not a zip we can read", body = ImportErrorsResponse),
        ImportTooLarge, AdminOnly,
    )
)]
#[post("/product/import")]
pub async fn import_products(
    AdminUser(admin): AdminUser,
    transfer: web::Data<dyn CatalogTransferUseCases>,
    params: web::Query<ImportParams>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let form = read_import_form(form).await?;
    let options = ImportOptions {
        dry_run: flag(
            "dryRun",
            form.dry_run.as_deref().or(params.dry_run.as_deref()),
        )?,
        skip_invalid: flag(
            "skipInvalid",
            form.skip_invalid
                .as_deref()
                .or(params.skip_invalid.as_deref()),
        )?,
    };
    let bytes = form
        .file
        .ok_or_else(|| ApiError::bad_request("Choose a CSV file (the form field file)"))?;
    let table = read_table(&bytes)?;
    let zip = match form.photos {
        // Unpacking inflates up to 200 MB: not on a request thread.
        Some(zipped) => Some(
            web::block(move || photos_zip::unpack(&zipped))
                .await
                .map_err(|e| {
                    ApiError::Unexpected(anyhow::anyhow!("unpacking the photos zip stopped: {e}"))
                })??,
        ),
        None => None,
    };
    match transfer.import(&admin, table, zip, options).await {
        Ok(ImportStart::DryRun { report, tally }) => {
            Ok(HttpResponse::Ok().json(ImportJobResponse::dry_run(&report, tally)))
        }
        Ok(ImportStart::Started { job, tally }) => {
            Ok(HttpResponse::Accepted().json(ImportStartedResponse {
                success: true,
                job,
                valid: tally.valid,
                invalid: tally.invalid,
            }))
        }
        Err(ImportError::Rows { errors, tally }) => {
            Ok(HttpResponse::BadRequest().json(ImportErrorsResponse::new(&errors, tally)))
        }
        Err(ImportError::Catalog(error)) => Err(error.into()),
    }
}

/// A yes/no form field or query parameter: `true`, or `false`/blank/absent.
fn flag(name: &str, value: Option<&str>) -> Result<bool, ApiError> {
    match value {
        None | Some("" | "false") => Ok(false),
        Some("true") => Ok(true),
        Some(_) => Err(ApiError::bad_request(format!(
            "{name} must be true or false"
        ))),
    }
}

/// What `GET /product/import/{job}` answers an unknown job.
pub const JOB_NOT_FOUND: &str = "Import job not found";

/// An import job's progress, from any instance of the shop.
#[utoipa::path(
    params(("job" = String, Path, description = "The job's id, as `POST /product/import` answered it")),
    responses(
        (status = 200, description = "The job's progress", body = ImportJobResponse),
        ImportJobNotFound, AdminOnly,
    )
)]
#[get("/product/import/{job}")]
pub async fn import_job(
    AdminUser(admin): AdminUser,
    transfer: web::Data<dyn CatalogTransferUseCases>,
    job: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    match transfer.import_job(&admin, &job).await? {
        Some(report) => Ok(HttpResponse::Ok().json(ImportJobResponse::from(&report))),
        None => Err(ApiError::NotFound(JOB_NOT_FOUND.into())),
    }
}

/// Fetches a finished import's missing photos again (`missingPhotos`; not the photos zip's,
/// which are not kept), each product given its photo once it can be used. Answers the job
/// at once, `running` while it fetches; follow it with `GET /product/import/{job}`.
#[utoipa::path(
    params(("job" = String, Path, description = "The job's id, as `POST /product/import` answered it")),
    responses(
        (status = 202, description = "The job, fetching its missing photos again (or as it is, with none to fetch)", body = ImportJobResponse),
        ImportJobNotFound, ImportJobNotDone, AdminOnly,
    )
)]
#[post("/product/import/{job}/photos")]
pub async fn refetch_photos(
    AdminUser(admin): AdminUser,
    transfer: web::Data<dyn CatalogTransferUseCases>,
    job: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    match transfer.refetch_photos(&admin, &job).await? {
        Some(report) => Ok(HttpResponse::Accepted().json(ImportJobResponse::from(&report))),
        None => Err(ApiError::NotFound(JOB_NOT_FOUND.into())),
    }
}
