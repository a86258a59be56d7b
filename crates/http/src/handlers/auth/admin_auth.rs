use actix_web::{HttpResponse, get};

use super::check_response;
use crate::contract::AdminOnlyCheck;
use crate::dto::AuthCheckResponse;
use crate::{AdminUser, ApiError};

/// Whether the token belongs to an administrator.
#[utoipa::path(
    responses(
        (status = 200, description = "Signed in as an administrator", body = AuthCheckResponse),
        AdminOnlyCheck,
    )
)]
#[get("/auth/admin-auth")]
pub async fn admin_auth(admin: Result<AdminUser, ApiError>) -> HttpResponse {
    check_response(admin.map(|_| ()))
}
