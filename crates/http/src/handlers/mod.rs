//! One file per action, grouped by area. Each handler parses the request, calls one service
//! and maps the answer; errors leave as [`ApiError`](crate::ApiError).

pub mod admin;
pub mod auth;
pub mod categories;
pub mod cod;
pub mod coupons;
pub mod delivery;
pub mod dev;
pub mod health;
pub mod media;
pub mod orders;
pub mod payment;
pub mod products;
pub mod returns;
pub mod reviews;
pub mod sales;
pub mod shipping;
pub mod users;
pub mod whatsapp;

use crate::dto::TryIntoDomain;

/// A PDF the shop drew (an invoice, a packing slip) as a download. Never from a cache: an
/// invoice changes when its order is cancelled, a slip when the parcel is booked again.
pub fn pdf_download(pdf: paduka_application::orders::InvoicePdf) -> actix_web::HttpResponse {
    use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
    actix_web::HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(pdf.file_name)],
        })
        .insert_header(("Cache-Control", "private, no-store"))
        .body(pdf.bytes)
}

/// A JSON body whose errors the handler raises itself, after the guard extractors ran: a
/// caller without permission is told so before anything about their body.
pub type JsonBody<T> = Result<JsonObject<T>, actix_web::Error>;

/// A JSON body that is an object, as every body schema says. serde would also read a struct
/// from an array of its fields in order (`["a@b.in", "secret"]` as a login): not here.
pub struct JsonObject<T>(pub T);

impl<T> JsonObject<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

/// `T` from a JSON object's fields; a field of the wrong type is the client's error.
fn from_object<T: serde::de::DeserializeOwned>(
    object: serde_json::Map<String, serde_json::Value>,
) -> Result<T, crate::ApiError> {
    serde_json::from_value(serde_json::Value::Object(object))
        .map_err(|cause| crate::ApiError::bad_request(format!("Invalid request body: {cause}")))
}

impl<T: serde::de::DeserializeOwned + 'static> actix_web::FromRequest for JsonObject<T> {
    type Error = actix_web::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(
        request: &actix_web::HttpRequest,
        payload: &mut actix_web::dev::Payload,
    ) -> Self::Future {
        let object =
            actix_web::web::Json::<serde_json::Map<String, serde_json::Value>>::from_request(
                request, payload,
            );
        Box::pin(async move {
            let object = object.await?.into_inner();
            Ok(Self(from_object(object)?))
        })
    }
}

/// A JSON body turned into what its use case takes ([`TryIntoDomain`]). Like [`JsonBody`],
/// its error is raised by the handler, after the guard extractors ran.
pub type ValidBody<B> = Result<Valid<B>, crate::ApiError>;

/// The domain value of a JSON object body `B`.
pub struct Valid<B: TryIntoDomain>(pub B::Domain);

impl<B> actix_web::FromRequest for Valid<B>
where
    B: TryIntoDomain + serde::de::DeserializeOwned + 'static,
{
    type Error = crate::ApiError;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(
        request: &actix_web::HttpRequest,
        payload: &mut actix_web::dev::Payload,
    ) -> Self::Future {
        let body = JsonObject::<B>::from_request(request, payload);
        Box::pin(async move { Ok(Self(body.await?.into_inner().try_into_domain()?)) })
    }
}

/// An optional JSON body: nothing is `T::default()`. Anything else, white space included,
/// must be JSON sent as JSON: other bytes are refused, never taken for no body.
pub fn optional_json<T>(
    request: &actix_web::HttpRequest,
    bytes: &[u8],
) -> Result<T, crate::ApiError>
where
    T: serde::de::DeserializeOwned + Default,
{
    let content_type = request.headers().get(actix_web::http::header::CONTENT_TYPE);
    let is_json = content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<actix_web::mime::Mime>().ok())
        .is_some_and(|mime| {
            mime.type_() == actix_web::mime::APPLICATION
                && (mime.subtype() == actix_web::mime::JSON
                    || mime.suffix() == Some(actix_web::mime::JSON))
        });
    let blank = bytes.is_empty();
    if !is_json && (content_type.is_some() || !blank) {
        return Err(crate::extract::json_error(
            actix_web::error::JsonPayloadError::ContentType,
        ));
    }
    if blank {
        return Ok(T::default());
    }
    if bytes.len() > crate::extract::MAX_JSON_BYTES {
        return Err(crate::ApiError::PayloadTooLarge(format!(
            "The request body must be at most {} KB",
            crate::extract::MAX_JSON_BYTES / 1024
        )));
    }
    let object = serde_json::from_slice(bytes)
        .map_err(|cause| crate::ApiError::bad_request(format!("Invalid request body: {cause}")))?;
    from_object(object)
}
