use actix_web::{HttpResponse, web};
use paduka_application::accounts::UserUseCases;

use crate::dto::{ErrorBody, UserDetailDto, UsersResponse};
use crate::{AdminUser, ApiError};

/// Every user, oldest account first, never with a password hash.
#[utoipa::path(
    get,
    path = "/api/v1/user/get-users",
    tag = "users",
    security(("token" = [])),
    responses(
        (status = 200, description = "The users", body = UsersResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
    )
)]
pub async fn get_users(
    AdminUser(admin): AdminUser,
    users: web::Data<dyn UserUseCases>,
) -> Result<HttpResponse, ApiError> {
    let users = users.list(&admin).await?;
    Ok(HttpResponse::Ok().json(UsersResponse {
        success: true,
        users: users.iter().map(UserDetailDto::from).collect(),
    }))
}
