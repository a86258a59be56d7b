use actix_web::{HttpResponse, get, web};
use paduka_application::accounts::UserUseCases;

use crate::contract::AdminOnly;
use crate::dto::{UserDetailDto, UsersResponse};
use crate::{AdminUser, ApiError};

/// Every user, oldest account first, never with a password hash.
#[utoipa::path(
    responses(
        (status = 200, description = "The users", body = UsersResponse),
        AdminOnly,
    )
)]
#[get("/user/get-users")]
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
