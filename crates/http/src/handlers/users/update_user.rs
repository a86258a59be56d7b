use actix_web::{HttpResponse, put, web};
use paduka_application::accounts::UserUseCases;
use paduka_domain::UserId;

use crate::contract::{
    BodyOver64Kb, InvalidProfile, NotYourProfile, PathId, SignedIn, UserNotFound,
};
use crate::dto::{UpdateUserBody, UpdateUserResponse, UserDetailDto};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// Changes a profile: your own, or (administrators) anyone's. Only administrators may send
/// `newrole`, and not for themselves. The e-mail never changes.
#[utoipa::path(
    params(PathId<UserId>),
    request_body = UpdateUserBody,
    responses(
        (status = 200, description = "`Profile Updated Successfully` and the user as stored", body = UpdateUserResponse),
        InvalidProfile, NotYourProfile, UserNotFound, SignedIn, BodyOver64Kb,
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
