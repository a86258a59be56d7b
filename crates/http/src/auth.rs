//! Who sends a request: the `Authorization` header, checked by the auth service.
//!
//! The header carries the token itself (as the spec's client sends it) or `Bearer <token>`.
//! Put the guard extractor first among a handler's arguments: a missing or forged token is
//! then refused before the body is looked at.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header::{AUTHORIZATION, HeaderMap};
use actix_web::{FromRequest, HttpRequest, web};
use paduka_application::accounts::{Admin, AuthError, AuthUseCases, Principal};
use paduka_domain::catalog::Audience;

use crate::ApiError;

/// The signed-in user (401 without a valid token).
#[derive(Debug, Clone)]
pub struct CurrentUser(pub Principal);

/// A signed-in administrator (401 without a valid token, 403 `Admin access required` for
/// anyone else).
#[derive(Debug, Clone)]
pub struct AdminUser(pub Admin);

/// Who reads the catalog (decisions D43): admins, whose token says so, see drafts; anyone
/// else, a visitor or a shopper, does not. Never refuses: a missing, wrong or expired token
/// reads as a visitor's, as these reads are public.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer(pub Audience);

/// The token an `Authorization` header value carries: the raw token or `Bearer <token>`
/// (any case, any surrounding spaces). Nothing usable is `MissingToken`.
pub fn token_from_header(value: Option<&str>) -> Result<&str, AuthError> {
    let value = value.map(str::trim).unwrap_or_default();
    let token = match value.split_once(char::is_whitespace) {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
        _ if value.eq_ignore_ascii_case("bearer") => "",
        _ => value,
    };
    if token.is_empty() {
        Err(AuthError::MissingToken)
    } else {
        Ok(token)
    }
}

/// The token of a request's headers; a header that is not text is an invalid token.
pub fn request_token(headers: &HeaderMap) -> Result<String, AuthError> {
    let value = match headers.get(AUTHORIZATION) {
        None => None,
        Some(value) => Some(value.to_str().map_err(|_| AuthError::InvalidToken)?),
    };
    token_from_header(value).map(str::to_owned)
}

async fn authenticate(
    auth: Option<web::Data<dyn AuthUseCases>>,
    token: Result<String, AuthError>,
) -> Result<Principal, ApiError> {
    let auth = auth.ok_or_else(|| {
        ApiError::Unexpected(anyhow::anyhow!(
            "AuthUseCases is not registered as app data"
        ))
    })?;
    let token = token?;
    Ok(auth.authenticate(&token).await?)
}

type Extracting<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let auth = req.app_data::<web::Data<dyn AuthUseCases>>().cloned();
        let token = request_token(req.headers());
        Box::pin(async move { authenticate(auth, token).await.map(CurrentUser) })
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let auth = req.app_data::<web::Data<dyn AuthUseCases>>().cloned();
        let token = request_token(req.headers());
        Box::pin(async move {
            let principal = authenticate(auth, token).await?;
            principal
                .as_admin()
                .map(AdminUser)
                .ok_or_else(|| AuthError::NotAdmin.into())
        })
    }
}

impl FromRequest for Viewer {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let auth = req.app_data::<web::Data<dyn AuthUseCases>>().cloned();
        let token = request_token(req.headers());
        Box::pin(async move {
            if token.is_err() {
                return Ok(Viewer(Audience::Shoppers));
            }
            let admin = authenticate(auth, token)
                .await
                .ok()
                .and_then(|principal| principal.as_admin());
            Ok(Viewer(match admin {
                Some(_) => Audience::Admins,
                None => Audience::Shoppers,
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::HeaderValue;

    use super::*;

    #[test]
    fn the_raw_token_and_a_bearer_token_are_both_read() {
        assert_eq!(
            token_from_header(Some("abc.def.ghi")).unwrap(),
            "abc.def.ghi"
        );
        assert_eq!(
            token_from_header(Some("Bearer abc.def.ghi")).unwrap(),
            "abc.def.ghi"
        );
        assert_eq!(token_from_header(Some("bearer   abc ")).unwrap(), "abc");
        assert_eq!(token_from_header(Some("  abc  ")).unwrap(), "abc");
    }

    #[test]
    fn no_header_an_empty_one_or_bearer_alone_is_a_missing_token() {
        for value in [
            None,
            Some(""),
            Some("   "),
            Some("Bearer"),
            Some("Bearer "),
            Some("BEARER  "),
        ] {
            assert!(
                matches!(token_from_header(value), Err(AuthError::MissingToken)),
                "{value:?}"
            );
        }
    }

    #[test]
    fn a_header_that_is_not_text_is_an_invalid_token() {
        let mut headers = HeaderMap::new();
        headers.insert(
            AUTHORIZATION,
            HeaderValue::from_bytes(b"Bearer \xff\xfe").unwrap(),
        );
        assert!(matches!(
            request_token(&headers),
            Err(AuthError::InvalidToken)
        ));
        assert!(matches!(
            request_token(&HeaderMap::new()),
            Err(AuthError::MissingToken)
        ));
    }
}
