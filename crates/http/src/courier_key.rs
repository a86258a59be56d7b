//! The courier webhook's key (decisions D15): Shiprocket sends the token the shop set in its
//! panel as `x-api-key`. Checked before the body is read, in constant time; without a token
//! configured, every call is refused.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use subtle::ConstantTimeEq;

use crate::ApiError;

/// The header the courier's webhook carries its key in.
pub const API_KEY_HEADER: &str = "x-api-key";

/// What a webhook without the right key is told.
pub const WRONG_KEY: &str = "Invalid API key";

/// The token the courier's webhook must send (`SHIPROCKET_WEBHOOK_TOKEN`); `None` refuses
/// every call.
#[derive(Clone, Default)]
pub struct CourierWebhookKey(Option<String>);

impl CourierWebhookKey {
    pub fn new(token: Option<String>) -> Self {
        Self(token.filter(|token| !token.is_empty()))
    }

    fn accepts(&self, sent: Option<&[u8]>) -> bool {
        match (&self.0, sent) {
            (Some(expected), Some(sent)) => expected.as_bytes().ct_eq(sent).into(),
            _ => false,
        }
    }
}

impl std::fmt::Debug for CourierWebhookKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "CourierWebhookKey(set)"
        } else {
            "CourierWebhookKey(unset)"
        })
    }
}

/// A request that carries the courier's key (401 `Invalid API key` otherwise).
pub struct CourierKeyed;

impl FromRequest for CourierKeyed {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let sent = request
            .headers()
            .get(API_KEY_HEADER)
            .map(|value| value.as_bytes());
        let accepted = request
            .app_data::<web::Data<CourierWebhookKey>>()
            .is_some_and(|key| key.accepts(sent));
        ready(if accepted {
            Ok(Self)
        } else {
            Err(ApiError::Unauthorized(WRONG_KEY.to_owned()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_configured_key_is_accepted() {
        let key = CourierWebhookKey::new(Some("s3cret".to_owned()));
        assert!(key.accepts(Some(b"s3cret")));
        for wrong in [
            None,
            Some(&b""[..]),
            Some(b"s3cre"),
            Some(b"s3cret "),
            Some(b"S3CRET"),
        ] {
            assert!(!key.accepts(wrong), "{wrong:?}");
        }
        let unset = CourierWebhookKey::new(Some(String::new()));
        assert!(!unset.accepts(Some(b"")));
        assert!(!CourierWebhookKey::default().accepts(Some(b"anything")));
        assert_eq!(format!("{key:?}"), "CourierWebhookKey(set)");
    }
}
