use actix_web::{HttpResponse, get};

use super::check_response;
use crate::contract::SignedInCheck;
use crate::dto::AuthCheckResponse;
use crate::{ApiError, CurrentUser};

/// Whether the token belongs to a signed-in user.
#[utoipa::path(
    responses(
        (status = 200, description = "Signed in", body = AuthCheckResponse),
        SignedInCheck,
    )
)]
#[get("/auth/user-auth")]
pub async fn user_auth(user: Result<CurrentUser, ApiError>) -> HttpResponse {
    check_response(user.map(|_| ()))
}
