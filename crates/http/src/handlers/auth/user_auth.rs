use actix_web::HttpResponse;

use super::check_response;
use crate::dto::{AuthCheckFailure, AuthCheckResponse};
use crate::{ApiError, CurrentUser};

/// Whether the token belongs to a signed-in user.
#[utoipa::path(
    get,
    path = "/api/v1/auth/user-auth",
    tag = "auth",
    security(("token" = [])),
    responses(
        (status = 200, description = "Signed in", body = AuthCheckResponse),
        (status = 401, description = "No valid token", body = AuthCheckFailure),
    )
)]
pub async fn user_auth(user: Result<CurrentUser, ApiError>) -> HttpResponse {
    check_response(user.map(|_| ()))
}
