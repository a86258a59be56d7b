//! Reading the admin product form (`multipart/form-data`): text fields with their list
//! splitting, and the photo's bytes, streamed with a size cap; and the admin's photo upload,
//! the same photo alone. What the photo is, is judged
//! by [`PhotoUseCases::prepare_upload`] from its pixels.

use actix_multipart::{Field, Multipart, MultipartError};
use actix_web::error::PayloadError;
use futures_util::StreamExt;
use paduka_application::accounts::Admin;
use paduka_application::catalog::PhotoUseCases;
use paduka_domain::catalog::import::{MAX_ZIP_BYTES, ZIP_TOO_LARGE};
use paduka_domain::catalog::{ColourInput, Image, ProductInput};
use paduka_domain::photo::{MAX_UPLOAD_BYTES, TOO_MANY_BYTES};
use paduka_domain::returns::ChartSizeInput;

use crate::ApiError;

/// The field carrying the photo.
pub const PHOTO_FIELD: &str = "photo";
/// Each text field, at most.
pub const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;
/// The whole form, at most: the largest photo plus room for the text.
pub const MAX_FORM_BYTES: usize = MAX_UPLOAD_BYTES + 1024 * 1024;
/// How many parts a form may have.
pub const MAX_FIELDS: usize = 100;
/// Once a form is refused we keep reading (and dropping) the rest of the upload up to this
/// much, so the browser gets to read our answer instead of a reset connection.
const DRAIN_BYTES: usize = 4 * MAX_FORM_BYTES;

/// The product form: the fields for the domain, and the photo's bytes when one was chosen.
#[derive(Debug, Clone, Default)]
pub struct ProductUpload {
    pub input: ProductInput,
    /// As sent, not yet judged: see [`prepare_photo`].
    pub photo: Option<Vec<u8>>,
}

/// The photo to store from the form's photo bytes, judged and prepared by the photo service
/// (the same path every stored photo takes); none when no file was chosen.
pub async fn prepare_photo(
    photos: &dyn PhotoUseCases,
    admin: &Admin,
    upload: Option<Vec<u8>>,
) -> Result<Option<Image>, ApiError> {
    match upload {
        Some(bytes) => Ok(Some(photos.prepare_upload(admin, bytes).await?)),
        None => Ok(None),
    }
}

/// The entries of a list field: comma separated, trimmed, empty ones dropped.
pub fn split_list(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// The product form's field carrying the colours, as JSON.
pub const COLORS_FIELD: &str = "colors";

/// One colour as the form's `colors` JSON gives it.
#[derive(serde::Deserialize)]
struct ColourJson {
    name: String,
    #[serde(default)]
    hex: Option<String>,
    #[serde(default)]
    photos: Vec<String>,
}

/// The form's `colors`: a JSON array of `{name, hex, photos}` in order (decisions D44); the
/// rules on them are the domain's. Blank is no colours.
pub fn parse_colors(text: &str) -> Result<Vec<ColourInput>, ApiError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let colours: Vec<ColourJson> = serde_json::from_str(text).map_err(|_| {
        ApiError::bad_request(
            "colors must be a JSON list of colours, each {\"name\", \"hex\", \"photos\"}",
        )
    })?;
    Ok(colours
        .into_iter()
        .map(|c| ColourInput {
            name: c.name,
            hex: c.hex,
            photos: c.photos,
        })
        .collect())
}

/// The product form's field carrying its own size chart, as JSON.
pub const SIZE_CHART_FIELD: &str = "sizeChart";

/// One size of the form's `sizeChart`, named as the product's `sizeChart` answers it.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChartSizeJson {
    size: String,
    foot_cm: FootCm,
}

/// A foot length as a number (`25.4`) or as typed in a text box (`"25.4"`).
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum FootCm {
    Number(serde_json::Number),
    Text(String),
}

/// The form's `sizeChart`: a JSON array of `{size, footCm}`, smallest first (decisions D49);
/// the rules on it are the domain's. Blank or `[]` is none of its own: the shop's chart.
pub fn parse_size_chart(text: &str) -> Result<Vec<ChartSizeInput>, ApiError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let sizes: Vec<ChartSizeJson> = serde_json::from_str(text).map_err(|_| {
        ApiError::bad_request("sizeChart must be a JSON list of sizes, each {\"size\", \"footCm\"}")
    })?;
    Ok(sizes
        .into_iter()
        .map(|s| ChartSizeInput {
            label: s.size,
            foot_cm: match s.foot_cm {
                FootCm::Number(n) => n.to_string(),
                FootCm::Text(t) => t,
            },
        })
        .collect())
}

/// Puts one text field into the input. List fields add to what earlier parts gave (so a
/// repeated field works like a comma separated one); other fields take the last value.
/// Unknown fields are ignored.
pub fn apply_field(input: &mut ProductInput, name: &str, value: &str) {
    let name = name.strip_suffix("[]").unwrap_or(name);
    let list = match name {
        "type" => &mut input.types,
        "model" => &mut input.models,
        "description" => &mut input.descriptions,
        "specifications" => &mut input.specifications,
        "tags" => &mut input.tags,
        "price" => &mut input.prices,
        "discount" => &mut input.discounts,
        "salePrice" => &mut input.sale_prices,
        "color" => &mut input.variant_colors,
        "stock" => &mut input.stocks,
        "otherphoto" => &mut input.other_photos,
        _ => {
            let scalar = match name {
                "product_id" => &mut input.product_code,
                "name" => &mut input.name,
                "info" => &mut input.info,
                "material" => &mut input.material,
                "seller" => &mut input.seller,
                "category" => &mut input.category,
                "quantity" => &mut input.quantity,
                "shipping" => &mut input.shipping,
                "hsn" => &mut input.hsn,
                "published" => &mut input.published,
                _ => return,
            };
            *scalar = Some(value.to_owned());
            return;
        }
    };
    list.extend(split_list(value));
}

fn multipart_error(error: MultipartError) -> ApiError {
    match error {
        MultipartError::Payload(PayloadError::Overflow) => {
            ApiError::PayloadTooLarge("The form is too large".into())
        }
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible
        | MultipartError::BoundaryMissing => {
            ApiError::bad_request("Send the product as multipart/form-data")
        }
        other => ApiError::bad_request(format!("The form could not be read: {other}")),
    }
}

/// One form being read: its bytes so far, all parts together, and the first reason to refuse
/// it, after which the rest of the upload is read and dropped (so the browser gets to read our
/// answer instead of a reset connection).
#[derive(Default)]
struct FormReading {
    total: usize,
    refusal: Option<ApiError>,
}

impl FormReading {
    /// Reads one part: kept up to `limit` bytes (`too_large` beyond), the whole form up to
    /// [`MAX_FORM_BYTES`]. None once the form is refused.
    async fn part(
        &mut self,
        field: &mut Field,
        limit: usize,
        too_large: impl Fn() -> ApiError,
    ) -> Result<Option<Vec<u8>>, ApiError> {
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(multipart_error)?;
            self.total += chunk.len();
            if self.total > DRAIN_BYTES {
                return Err(self.refusal.take().unwrap_or_else(form_too_large));
            }
            if self.refusal.is_some() {
                continue;
            }
            if self.total > MAX_FORM_BYTES {
                self.refusal = Some(form_too_large());
            } else if bytes.len() + chunk.len() > limit {
                self.refusal = Some(too_large());
            } else {
                bytes.extend_from_slice(&chunk);
            }
        }
        Ok(self.refusal.is_none().then_some(bytes))
    }
}

/// What a text field over [`MAX_TEXT_FIELD_BYTES`] is refused with.
fn text_too_large(name: &str) -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The field {name} must be at most {} KB",
        MAX_TEXT_FIELD_BYTES / 1024
    ))
}

/// Reads the whole product form. The photo is kept only up to 20 MB (413 beyond), each text
/// field up to 64 KiB, the whole form up to [`MAX_FORM_BYTES`].
pub async fn read_product_form(mut multipart: Multipart) -> Result<ProductUpload, ApiError> {
    let mut upload = ProductUpload::default();
    let mut form = FormReading::default();
    let mut fields = 0usize;

    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(multipart_error)?;
        fields += 1;
        if fields > MAX_FIELDS && form.refusal.is_none() {
            form.refusal = Some(ApiError::bad_request(format!(
                "The form may have at most {MAX_FIELDS} fields"
            )));
        }
        let name = field.name().unwrap_or_default().to_owned();
        let is_photo = name == PHOTO_FIELD;
        let part = if is_photo {
            let too_large = || ApiError::PayloadTooLarge(TOO_MANY_BYTES.into());
            form.part(&mut field, MAX_UPLOAD_BYTES, too_large).await?
        } else {
            let too_large = || text_too_large(&name);
            form.part(&mut field, MAX_TEXT_FIELD_BYTES, too_large)
                .await?
        };
        let Some(bytes) = part else { continue };

        if is_photo {
            // An empty file part is the browser saying no file was chosen.
            if !bytes.is_empty() {
                upload.photo = Some(bytes);
            }
        } else {
            match String::from_utf8(bytes) {
                Ok(text) if text.contains('\0') => {
                    form.refusal = Some(ApiError::bad_request(crate::nul::NUL_REFUSED));
                }
                Ok(text) if name == COLORS_FIELD => match parse_colors(&text) {
                    Ok(colors) => upload.input.colors = Some(colors),
                    Err(error) => form.refusal = Some(error),
                },
                Ok(text) if name == SIZE_CHART_FIELD => match parse_size_chart(&text) {
                    Ok(sizes) => upload.input.size_chart = Some(sizes),
                    Err(error) => form.refusal = Some(error),
                },
                Ok(text) => apply_field(&mut upload.input, &name, &text),
                Err(_) => {
                    form.refusal = Some(ApiError::bad_request(format!(
                        "The field {name} must be text"
                    )))
                }
            }
        }
    }
    match form.refusal {
        Some(error) => Err(error),
        None => Ok(upload),
    }
}

/// What the photo upload answers a form without a photo.
pub const NO_PHOTO: &str = "Choose a photo to upload";

/// Reads the admin's photo upload (decisions D48): its `photo` kept up to 20 MB (413 beyond),
/// as [`read_product_form`] keeps the product's; any other field is read (up to 64 KiB) and
/// dropped. The photo's bytes, or [`NO_PHOTO`] when no file was chosen.
pub async fn read_photo_form(mut multipart: Multipart) -> Result<Vec<u8>, ApiError> {
    let mut form = FormReading::default();
    let mut photo: Option<Vec<u8>> = None;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(multipart_error)?;
        let name = field.name().unwrap_or_default().to_owned();
        if name == PHOTO_FIELD {
            let too_large = || ApiError::PayloadTooLarge(TOO_MANY_BYTES.into());
            let part = form.part(&mut field, MAX_UPLOAD_BYTES, too_large).await?;
            // An empty file part is the browser saying no file was chosen.
            if let Some(bytes) = part.filter(|b| !b.is_empty()) {
                photo = Some(bytes);
            }
        } else {
            let too_large = || text_too_large(&name);
            form.part(&mut field, MAX_TEXT_FIELD_BYTES, too_large)
                .await?;
        }
    }
    match (form.refusal, photo) {
        (Some(error), _) => Err(error),
        (None, Some(photo)) => Ok(photo),
        (None, None) => Err(ApiError::bad_request(NO_PHOTO)),
    }
}

/// The import form's CSV file, at most.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;
/// What the import answers a larger file.
pub const IMPORT_TOO_LARGE: &str = "The CSV file must be at most 20 MB";
/// The import form's field carrying the photos zip.
pub const PHOTOS_FIELD: &str = "photos";
/// The whole import form, at most: the largest CSV and zip, and room for the other fields.
pub const MAX_IMPORT_FORM_BYTES: usize = MAX_IMPORT_BYTES + MAX_ZIP_BYTES + 1024 * 1024;
/// What the import answers a larger form (one that is not a too large CSV or zip).
pub const IMPORT_FORM_TOO_LARGE: &str = "The import form must be at most 121 MB";

/// The catalog import form: the CSV file's bytes, the photos zip's (not yet unpacked: see
/// [`crate::photos_zip`]) and the `dryRun` and `skipInvalid` fields.
#[derive(Debug, Clone, Default)]
pub struct ImportUpload {
    pub file: Option<Vec<u8>>,
    pub photos: Option<Vec<u8>>,
    pub dry_run: Option<String>,
    pub skip_invalid: Option<String>,
}

/// Reads the import form: `file` kept up to [`MAX_IMPORT_BYTES`] and `photos` up to
/// [`MAX_ZIP_BYTES`] (413 beyond either, the rest of the upload read and dropped), `dryRun`
/// and `skipInvalid` up to 64 KiB; other fields are ignored. An empty `photos` part is no zip.
pub async fn read_import_form(mut multipart: Multipart) -> Result<ImportUpload, ApiError> {
    let mut upload = ImportUpload::default();
    let mut refusal: Option<ApiError> = None;
    let mut total = 0usize;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(multipart_error)?;
        let name = field.name().unwrap_or_default().to_owned();
        let (limit, too_large) = match name.as_str() {
            "file" => (MAX_IMPORT_BYTES, IMPORT_TOO_LARGE.to_owned()),
            PHOTOS_FIELD => (MAX_ZIP_BYTES, ZIP_TOO_LARGE.to_owned()),
            _ => (
                MAX_TEXT_FIELD_BYTES,
                format!(
                    "The field {name} must be at most {} KB",
                    MAX_TEXT_FIELD_BYTES / 1024
                ),
            ),
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(multipart_error)?;
            total += chunk.len();
            if total > 2 * MAX_IMPORT_FORM_BYTES {
                return Err(refusal
                    .unwrap_or_else(|| ApiError::PayloadTooLarge(IMPORT_FORM_TOO_LARGE.into())));
            }
            if refusal.is_some() {
                continue;
            }
            if bytes.len() + chunk.len() > limit {
                refusal = Some(ApiError::PayloadTooLarge(too_large.clone()));
            } else if total > MAX_IMPORT_FORM_BYTES {
                refusal = Some(ApiError::PayloadTooLarge(IMPORT_FORM_TOO_LARGE.into()));
            } else {
                bytes.extend_from_slice(&chunk);
            }
        }
        if refusal.is_some() {
            continue;
        }
        match name.as_str() {
            "file" => upload.file = Some(bytes),
            // An empty file part is the browser saying no file was chosen.
            PHOTOS_FIELD => upload.photos = (!bytes.is_empty()).then_some(bytes),
            "dryRun" => upload.dry_run = Some(String::from_utf8_lossy(&bytes).into_owned()),
            "skipInvalid" => {
                upload.skip_invalid = Some(String::from_utf8_lossy(&bytes).into_owned())
            }
            _ => {}
        }
    }
    match refusal {
        Some(error) => Err(error),
        None => Ok(upload),
    }
}

fn form_too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The form must be at most {} MB",
        MAX_FORM_BYTES / (1024 * 1024)
    ))
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{self, HeaderMap, HeaderValue};
    use actix_web::web::Bytes;
    use futures_util::stream;

    use super::*;

    const PNG: &[u8] =
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

    #[test]
    fn list_fields_split_on_commas_and_drop_empty_entries() {
        let entries: Vec<String> = split_list(" UK 7,UK 8 ,, ,UK 9,").collect();
        assert_eq!(entries, ["UK 7", "UK 8", "UK 9"]);
        assert_eq!(split_list("").count(), 0);
        assert_eq!(split_list("2599.50").collect::<Vec<_>>(), ["2599.50"]);
    }

    #[test]
    fn fields_fill_the_input_and_repeated_list_fields_add_up() {
        let mut input = ProductInput::default();
        for (name, value) in [
            ("name", "Tempo"),
            ("price", "100,200"),
            ("price", "300"),
            ("type[]", "S"),
            ("type[]", "M,L"),
            ("product_id", "RUN-1"),
            ("otherphoto", "/a.png,https://x.in/b.png"),
            ("quantity", "1"),
            ("quantity", "2"),
            ("unknown", "ignored"),
        ] {
            apply_field(&mut input, name, value);
        }
        assert_eq!(input.name.as_deref(), Some("Tempo"));
        assert_eq!(input.prices, ["100", "200", "300"]);
        assert_eq!(input.types, ["S", "M", "L"]);
        assert_eq!(input.product_code.as_deref(), Some("RUN-1"));
        assert_eq!(input.other_photos, ["/a.png", "https://x.in/b.png"]);
        assert_eq!(input.quantity.as_deref(), Some("2"), "the last value wins");
    }

    fn multipart(parts: &[(&str, Option<&str>, &[u8])]) -> Multipart {
        let boundary = "XyZBoundary";
        let mut body = Vec::new();
        for (name, file_name, content) in parts {
            body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
            let disposition = match file_name {
                Some(file) => format!("form-data; name=\"{name}\"; filename=\"{file}\""),
                None => format!("form-data; name=\"{name}\""),
            };
            body.extend_from_slice(
                format!("Content-Disposition: {disposition}\r\n\r\n").as_bytes(),
            );
            body.extend_from_slice(content);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(&format!("multipart/form-data; boundary={boundary}")).unwrap(),
        );
        // Feed the body in small chunks, as a network would.
        let chunks: Vec<Result<Bytes, PayloadError>> = body
            .chunks(64 * 1024)
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
        Multipart::new(&headers, stream::iter(chunks))
    }

    #[actix_web::test]
    async fn a_whole_form_is_read_with_its_photo() {
        let form = multipart(&[
            ("name", None, b"Tempo"),
            ("price", None, b"4599,4699"),
            ("photo", Some("shoe.png"), PNG),
        ]);
        let upload = read_product_form(form).await.unwrap();
        assert_eq!(upload.input.name.as_deref(), Some("Tempo"));
        assert_eq!(upload.input.prices, ["4599", "4699"]);
        assert_eq!(
            upload.photo.unwrap(),
            PNG,
            "the bytes as sent, judged later"
        );
    }

    #[actix_web::test]
    async fn an_empty_file_part_is_no_photo() {
        let form = multipart(&[("name", None, b"Tempo"), ("photo", Some(""), b"")]);
        assert_eq!(read_product_form(form).await.unwrap().photo, None);
    }

    #[actix_web::test]
    async fn a_photo_over_20_mb_is_refused_after_the_form_is_read() {
        let mut huge = PNG.to_vec();
        huge.resize(MAX_UPLOAD_BYTES + 1, 0);
        let form = multipart(&[("photo", Some("big.png"), &huge), ("name", None, b"Tempo")]);
        let error = read_product_form(form).await.unwrap_err();
        assert_eq!(
            error.status(),
            actix_web::http::StatusCode::PAYLOAD_TOO_LARGE
        );
        assert_eq!(error.public_message(), "Photo must be at most 20 MB");
    }

    #[actix_web::test]
    async fn an_oversized_text_field_is_refused() {
        let long = vec![b'a'; MAX_TEXT_FIELD_BYTES + 1];
        let error = read_product_form(multipart(&[("info", None, &long)]))
            .await
            .unwrap_err();
        assert_eq!(
            error.status(),
            actix_web::http::StatusCode::PAYLOAD_TOO_LARGE
        );
        assert_eq!(
            error.public_message(),
            "The field info must be at most 64 KB"
        );
    }

    #[actix_web::test]
    async fn the_photo_upload_keeps_only_its_photo_and_needs_one() {
        let form = multipart(&[("name", None, b"Tan"), ("photo", Some("tan.png"), PNG)]);
        assert_eq!(read_photo_form(form).await.unwrap(), PNG);

        for form in [
            multipart(&[("photo", Some(""), b"")]),
            multipart(&[("name", None, b"Tan")]),
        ] {
            let error = read_photo_form(form).await.unwrap_err();
            assert_eq!(error.status(), actix_web::http::StatusCode::BAD_REQUEST);
            assert_eq!(error.public_message(), NO_PHOTO);
        }

        let mut huge = PNG.to_vec();
        huge.resize(MAX_UPLOAD_BYTES + 1, 0);
        let error = read_photo_form(multipart(&[("photo", Some("big.png"), &huge)]))
            .await
            .unwrap_err();
        assert_eq!(
            error.status(),
            actix_web::http::StatusCode::PAYLOAD_TOO_LARGE
        );
        assert_eq!(error.public_message(), "Photo must be at most 20 MB");
    }

    #[actix_web::test]
    async fn the_import_form_keeps_its_csv_and_photos_zip_within_their_limits() {
        let form = multipart(&[
            ("file", Some("products.csv"), b"Handle\n"),
            ("photos", Some("photos.zip"), b"PK zip"),
            ("dryRun", None, b"true"),
        ]);
        let upload = read_import_form(form).await.unwrap();
        assert_eq!(upload.file.as_deref(), Some(&b"Handle\n"[..]));
        assert_eq!(upload.photos.as_deref(), Some(&b"PK zip"[..]));
        assert_eq!(upload.dry_run.as_deref(), Some("true"));

        let none_chosen = multipart(&[("file", Some("a.csv"), b"x"), ("photos", Some(""), b"")]);
        assert_eq!(read_import_form(none_chosen).await.unwrap().photos, None);

        let huge = vec![0u8; MAX_ZIP_BYTES + 1];
        let form = multipart(&[
            ("photos", Some("photos.zip"), &huge),
            ("file", Some("a.csv"), b"x"),
        ]);
        let error = read_import_form(form).await.unwrap_err();
        assert_eq!(
            error.status(),
            actix_web::http::StatusCode::PAYLOAD_TOO_LARGE
        );
        assert_eq!(
            error.public_message(),
            "The photos zip must be at most 100 MB"
        );
    }

    #[actix_web::test]
    async fn a_body_that_is_not_multipart_is_a_bad_request() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        let body = stream::iter(vec![Ok::<_, PayloadError>(Bytes::from_static(b"{}"))]);
        let error = read_product_form(Multipart::new(&headers, body))
            .await
            .unwrap_err();
        assert_eq!(error.status(), actix_web::http::StatusCode::BAD_REQUEST);
    }
}
