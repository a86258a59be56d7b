use actix_web::{HttpResponse, get};

use super::check_response;
use crate::dto::{AuthCheckFailure, AuthCheckResponse};
use crate::{AdminUser, ApiError};

/// Whether the token belongs to an administrator.
#[utoipa::path(
    tag = "auth",
    security(("token" = [])),
    responses(
        (status = 200, description = "Signed in as an administrator", body = AuthCheckResponse),
        (status = 401, description = "No valid token", body = AuthCheckFailure),
        (status = 403, description = "`Admin access required`", body = AuthCheckFailure),
    )
)]
#[get("/auth/admin-auth")]
pub async fn admin_auth(admin: Result<AdminUser, ApiError>) -> HttpResponse {
    check_response(admin.map(|_| ()))
}
