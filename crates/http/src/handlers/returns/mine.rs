use actix_web::{HttpResponse, get, web};
use paduka_application::returns::ReturnUseCases;

use crate::contract::SignedIn;
use crate::dto::ReturnsResponse;
use crate::{ApiError, CurrentUser};

/// The caller's own returns, newest first.
#[utoipa::path(
    responses(
        (status = 200, description = "The caller's returns", body = ReturnsResponse),
        SignedIn,
    )
)]
#[get("/return/mine")]
pub async fn my_returns(
    CurrentUser(user): CurrentUser,
    returns: web::Data<dyn ReturnUseCases>,
) -> Result<HttpResponse, ApiError> {
    let list = returns.mine(&user).await?;
    Ok(HttpResponse::Ok().json(ReturnsResponse::of(&list)))
}
