//! What operations of the document share, written once: the answers of the guards, the
//! named error answers (in `answers`), and the `{id}` path parameter.

use std::collections::BTreeMap;
use std::fmt::Display;
use std::marker::PhantomData;

use paduka_application::accounts::AuthError;
use paduka_domain::{CategoryId, CouponId, MediaId, OrderId, ProductId, ReturnId, SaleId, UserId};
use serde::Deserialize;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Required, Response, ResponseBuilder, Responses};
use utoipa::{IntoParams, IntoResponses, ToSchema};

use crate::dto::{AuthCheckFailure, ErrorBody, schema};

mod answers;

pub use answers::*;

/// An answer with the `{success: false, message}` body.
fn error_answer(description: &str) -> RefOr<Response> {
    answer_with_body::<ErrorBody>(description)
}

fn answer_with_body<B: ToSchema>(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(B::name())))
                .build(),
        )
        .build()
        .into()
}

/// A message the server sends, as the descriptions quote it.
fn quoted(message: impl Display) -> String {
    format!("`{message}`")
}

/// What the guards answer without a valid token. Listing it is what marks an operation as
/// needing the token (see [`needs_token`]).
const NO_VALID_TOKEN: &str = "No valid token";

/// Whether the operation answers the guards' 401, i.e. stands behind `CurrentUser` or
/// `AdminUser` and so needs the token.
pub fn needs_token(responses: &Responses) -> bool {
    matches!(
        responses.responses.get("401"),
        Some(RefOr::T(response)) if response.description == NO_VALID_TOKEN
    )
}

/// The guards' refusals, with the body `B`: 401 without a valid token and, `ADMIN_ONLY`
/// (`AdminUser`), 403 for a shopper.
pub struct GuardRefusals<B, const ADMIN_ONLY: bool>(PhantomData<B>);

impl<B: ToSchema, const ADMIN_ONLY: bool> IntoResponses for GuardRefusals<B, ADMIN_ONLY> {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut refusals =
            BTreeMap::from([("401".to_owned(), answer_with_body::<B>(NO_VALID_TOKEN))]);
        if ADMIN_ONLY {
            let not_admin = quoted(AuthError::NotAdmin);
            refusals.insert("403".to_owned(), answer_with_body::<B>(&not_admin));
        }
        refusals
    }
}

/// Behind `CurrentUser`: 401 without a valid token.
pub type SignedIn = GuardRefusals<ErrorBody, false>;

/// Behind `AdminUser`: 401 without a valid token, 403 for a shopper.
pub type AdminOnly = GuardRefusals<ErrorBody, true>;

/// [`SignedIn`] as the checks of the frontend's guarded routes say it, with `ok: false`.
pub type SignedInCheck = GuardRefusals<AuthCheckFailure, false>;

/// [`AdminOnly`] as the checks of the frontend's guarded routes say it, with `ok: false`.
pub type AdminOnlyCheck = GuardRefusals<AuthCheckFailure, true>;

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
    ReturnId => "The return's `_id`",
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
