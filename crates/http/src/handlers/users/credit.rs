use actix_web::{HttpResponse, get, web};
use paduka_application::credit::CreditUseCases;

use crate::contract::SignedIn;
use crate::dto::CreditResponse;
use crate::{ApiError, CurrentUser};

/// The caller's store credit: the balance and its entries, newest first.
#[utoipa::path(
    responses(
        (status = 200, description = "The balance (0 for one who never had credit) and its entries", body = CreditResponse),
        SignedIn,
    )
)]
#[get("/user/credit")]
pub async fn my_credit(
    CurrentUser(user): CurrentUser,
    credit: web::Data<dyn CreditUseCases>,
) -> Result<HttpResponse, ApiError> {
    let statement = credit.my_credit(&user).await?;
    Ok(HttpResponse::Ok().json(CreditResponse::from(statement)))
}
