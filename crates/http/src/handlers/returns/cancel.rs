use actix_web::{HttpResponse, put, web};
use paduka_application::returns::ReturnUseCases;
use paduka_domain::ReturnId;

use crate::contract::{NotYourReturn, PathId, ReturnNotFound, ReturnStepRefused, SignedIn};
use crate::dto::ReturnResponse;
use crate::{ApiError, CurrentUser};

/// Cancels the caller's own return before pickup; a size reserved for an exchange goes back
/// to stock. Cancelling again changes nothing.
#[utoipa::path(
    params(PathId<ReturnId>),
    responses(
        (status = 200, description = "The return, `Cancelled`", body = ReturnResponse),
        NotYourReturn, ReturnNotFound, ReturnStepRefused, SignedIn,
    )
)]
#[put("/return/cancel/{id}")]
pub async fn cancel_return(
    CurrentUser(user): CurrentUser,
    returns: web::Data<dyn ReturnUseCases>,
    PathId { id }: PathId<ReturnId>,
) -> Result<HttpResponse, ApiError> {
    let ret = returns.cancel(&user, &id).await?;
    Ok(HttpResponse::Ok().json(ReturnResponse::of(&ret)))
}
