use actix_web::{HttpResponse, put, web};
use paduka_application::accounts::UserUseCases;
use paduka_domain::UserId;

use crate::contract::{BodyOver64Kb, PathId, SignedIn};
use crate::dto::{ErrorBody, UpdateUserBody, UpdateUserResponse, UserDetailDto};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// Changes a profile: your own, or (administrators) anyone's. Only administrators may send
/// `newrole`, and not for themselves. The e-mail never changes.
#[utoipa::path(
    tag = "users",
    security(("token" = [])),
    params(PathId<UserId>),
    request_body = UpdateUserBody,
    responses(
        (status = 200, description = "`Profile Updated Successfully` and the user as stored", body = UpdateUserResponse),
        (status = 400, description = "A field breaks a rule, or `You cannot change your own role`", body = ErrorBody),
        (status = 403, description = "Someone else's profile, or a role sent by a shopper", body = ErrorBody),
        (status = 404, description = "`User not found`", body = ErrorBody),
        SignedIn,
        BodyOver64Kb,
    )
)]
#[put("/user/update-user/{id}")]
pub async fn update_user(
    CurrentUser(principal): CurrentUser,
    users: web::Data<dyn UserUseCases>,
    PathId { id }: PathId<UserId>,
    body: ValidBody<UpdateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(changes) = body?;
    let user = users.update_profile(&principal, &id, &changes).await?;
    Ok(HttpResponse::Ok().json(UpdateUserResponse {
        success: true,
        message: "Profile Updated Successfully".into(),
        user: UserDetailDto::from(&user),
    }))
}
