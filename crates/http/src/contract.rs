//! What many operations of the document share, written once: the answers of the guards and
//! the body limit, and the `{id}` path parameter.

use std::collections::BTreeMap;

use paduka_domain::{CategoryId, CouponId, MediaId, OrderId, ProductId, SaleId, UserId};
use serde::Deserialize;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Required, Response, ResponseBuilder};
use utoipa::{IntoParams, IntoResponses};

use crate::dto::schema;

/// An answer with the `{success: false, message}` body.
pub fn error_answer(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}

fn answers(rows: &[(&str, &str)]) -> BTreeMap<String, RefOr<Response>> {
    rows.iter()
        .map(|(status, description)| ((*status).to_owned(), error_answer(description)))
        .collect()
}

const NO_VALID_TOKEN: (&str, &str) = ("401", "No valid token");

/// Behind `CurrentUser`: 401 without a valid token.
pub struct SignedIn;

impl IntoResponses for SignedIn {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        answers(&[NO_VALID_TOKEN])
    }
}

/// Behind `AdminUser`: 401 without a valid token, 403 for a shopper.
pub struct AdminOnly;

impl IntoResponses for AdminOnly {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        answers(&[NO_VALID_TOKEN, ("403", "`Admin access required`")])
    }
}

/// A JSON body over `extract::MAX_JSON_BYTES`.
pub struct BodyOver64Kb;

impl IntoResponses for BodyOver64Kb {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        answers(&[("413", "The body is over 64 KB")])
    }
}

/// A cached list revalidated with the ETag it was sent with.
pub struct Unchanged;

impl IntoResponses for Unchanged {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([(
            "304".to_owned(),
            ResponseBuilder::new()
                .description("Unchanged since the ETag given in `If-None-Match`")
                .build()
                .into(),
        )])
    }
}

/// What an `{id}` in a path names, in the parameter's description.
pub trait PathIdOf {
    const DESCRIPTION: &'static str;
}

macro_rules! path_id_of {
    ($($id:ty => $description:literal),+ $(,)?) => {$(
        impl PathIdOf for $id {
            const DESCRIPTION: &'static str = $description;
        }
    )+};
}

path_id_of!(
    ProductId => "The product's `_id`",
    CategoryId => "The category's `_id`",
    SaleId => "The sale's `_id`",
    CouponId => "The coupon's `_id`",
    UserId => "The user's `_id`",
    OrderId => "The order's `_id`",
    MediaId => "The image's id",
);

/// The `{id}` of a path: an id the server made (a UUID), of the kind `T` says.
#[derive(Debug, Deserialize)]
pub struct PathId<T> {
    pub id: T,
}

impl<T: PathIdOf> IntoParams for PathId<T> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            ParameterBuilder::new()
                .name("id")
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .description(Some(T::DESCRIPTION))
                .schema(Some(schema::id()))
                .build(),
        ]
    }
}

/// As an extractor, the id itself, read with the app's path config (`Invalid path: ...`).
impl<T: serde::de::DeserializeOwned + 'static> actix_web::FromRequest for PathId<T> {
    type Error = actix_web::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(
        request: &actix_web::HttpRequest,
        payload: &mut actix_web::dev::Payload,
    ) -> Self::Future {
        let path = actix_web::web::Path::<Self>::from_request(request, payload);
        Box::pin(async move { Ok(path.await?.into_inner()) })
    }
}
