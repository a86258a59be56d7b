use actix_web::{HttpResponse, web};
use paduka_application::accounts::UserUseCases;
use paduka_domain::UserId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

/// Deletes an account. Its orders and reviews stay, showing the name it had.
#[utoipa::path(
    get,
    path = "/api/v1/user/delete-user/{id}",
    tag = "users",
    security(("token" = [])),
    params(("id" = String, Path, description = "The user's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`User deleted successfully`", body = MessageResponse),
        (status = 400, description = "`You cannot delete yourself`", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`User not found`", body = ErrorBody),
    )
)]
pub async fn delete_user(
    AdminUser(admin): AdminUser,
    users: web::Data<dyn UserUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    users.delete(&admin, &UserId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("User deleted successfully")))
}
