use actix_web::{HttpResponse, get};

use super::check_response;
use crate::dto::{AuthCheckFailure, AuthCheckResponse};
use crate::{ApiError, CurrentUser};

/// Whether the token belongs to a signed-in user.
#[utoipa::path(
    tag = "auth",
    security(("token" = [])),
    responses(
        (status = 200, description = "Signed in", body = AuthCheckResponse),
        (status = 401, description = "No valid token", body = AuthCheckFailure),
    )
)]
#[get("/auth/user-auth")]
pub async fn user_auth(user: Result<CurrentUser, ApiError>) -> HttpResponse {
    check_response(user.map(|_| ()))
}
