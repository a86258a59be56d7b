use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::AuthUseCases;

use crate::contract::{BodyOver64Kb, CredentialsMissing, TooManySignIns, WrongCredentials};
use crate::dto::{LoginBody, LoginResponse, UserDto};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, ClientAddress};

/// Signs in. A wrong e-mail and a wrong password get the same answer. Repeated failures from
/// one e-mail or one client address are refused for a while (429).
#[utoipa::path(
    request_body = LoginBody,
    responses(
        (status = 200, description = "`Login successfully`, the user and a token", body = LoginResponse),
        CredentialsMissing, WrongCredentials, TooManySignIns, BodyOver64Kb,
    )
)]
#[post("/auth/login")]
pub async fn login(
    auth: web::Data<dyn AuthUseCases>,
    client: ClientAddress,
    body: ValidBody<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(credentials) = body?;
    let session = auth.login(&credentials, client.as_str()).await?;
    let user = UserDto::from(&session.user);
    Ok(HttpResponse::Ok().json(LoginResponse {
        success: true,
        message: "Login successfully".into(),
        id: user.id.clone(),
        user,
        token: session.token,
    }))
}
