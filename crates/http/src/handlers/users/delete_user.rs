use actix_web::{HttpResponse, get, web};
use paduka_application::accounts::UserUseCases;
use paduka_domain::UserId;

use crate::contract::{AdminOnly, CannotDeleteSelf, PathId, UserNotFound};
use crate::dto::MessageResponse;
use crate::{AdminUser, ApiError};

/// Deletes an account. Its orders and reviews stay, showing the name it had.
#[utoipa::path(
    params(PathId<UserId>),
    responses(
        (status = 200, description = "`User deleted successfully`", body = MessageResponse),
        CannotDeleteSelf, UserNotFound, AdminOnly,
    )
)]
#[get("/user/delete-user/{id}")]
pub async fn delete_user(
    AdminUser(admin): AdminUser,
    users: web::Data<dyn UserUseCases>,
    PathId { id }: PathId<UserId>,
) -> Result<HttpResponse, ApiError> {
    users.delete(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("User deleted successfully")))
}
