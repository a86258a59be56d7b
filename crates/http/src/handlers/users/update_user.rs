use actix_web::{HttpResponse, web};
use paduka_application::accounts::UserUseCases;
use paduka_domain::UserId;

use crate::dto::{ErrorBody, UpdateUserBody, UpdateUserResponse, UserDetailDto};
use crate::handlers::JsonBody;
use crate::{ApiError, CurrentUser};

/// Changes a profile: your own, or (administrators) anyone's. Only administrators may send
/// `newrole`, and not for themselves. The e-mail never changes.
#[utoipa::path(
    put,
    path = "/api/v1/user/update-user/{id}",
    tag = "users",
    security(("token" = [])),
    params(("id" = String, Path, description = "The user's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    request_body = UpdateUserBody,
    responses(
        (status = 200, description = "`Profile Updated Successfully` and the user as stored", body = UpdateUserResponse),
        (status = 400, description = "A field breaks a rule, or `You cannot change your own role`", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Someone else's profile, or a role sent by a shopper", body = ErrorBody),
        (status = 404, description = "`User not found`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn update_user(
    CurrentUser(principal): CurrentUser,
    users: web::Data<dyn UserUseCases>,
    id: web::Path<String>,
    body: JsonBody<UpdateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let input = body?.into_inner().into_input();
    let id = UserId::new(id.into_inner());
    let user = users.update_profile(&principal, &id, &input).await?;
    Ok(HttpResponse::Ok().json(UpdateUserResponse {
        success: true,
        message: "Profile Updated Successfully".into(),
        user: UserDetailDto::from(&user),
    }))
}
