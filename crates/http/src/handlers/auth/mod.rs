//! Signing in, registering, resetting a password, and the checks the frontend's guarded
//! routes make.

pub mod admin_auth;
pub mod forgot_password;
pub mod login;
pub mod register;
pub mod reset_password;
pub mod user_auth;

use actix_web::HttpResponse;

use crate::ApiError;
use crate::dto::{AuthCheckFailure, AuthCheckResponse};

/// `{ok: true}`, or the refusal with `ok: false` beside the usual `{success, message}`.
fn check_response(outcome: Result<(), ApiError>) -> HttpResponse {
    match outcome {
        Ok(()) => HttpResponse::Ok().json(AuthCheckResponse { ok: true }),
        Err(error) => {
            error.log_if_unexpected();
            HttpResponse::build(error.status()).json(AuthCheckFailure {
                ok: false,
                success: false,
                message: error.public_message().to_owned(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::body::to_bytes;
    use actix_web::http::StatusCode;
    use serde_json::{Value, json};

    use super::*;

    async fn body(response: HttpResponse) -> (StatusCode, Value) {
        let status = response.status();
        let bytes = to_bytes(response.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[actix_web::test]
    async fn a_check_says_ok_or_why_not() {
        assert_eq!(
            body(check_response(Ok(()))).await,
            (StatusCode::OK, json!({"ok": true}))
        );
        let refused = check_response(Err(ApiError::Forbidden("Admin access required".into())));
        assert_eq!(
            body(refused).await,
            (
                StatusCode::FORBIDDEN,
                json!({"ok": false, "success": false, "message": "Admin access required"})
            )
        );
    }
}
