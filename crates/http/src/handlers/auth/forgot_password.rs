use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::contract::{BodyOver64Kb, CodeAskedTooSoon, InvalidEmail};
use crate::dto::{ForgotPasswordBody, MessageResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, ClientAddress};

/// The answer whether or not the e-mail has an account.
pub const FORGOT_PASSWORD_MESSAGE: &str = "If that email is registered, a code has been sent";

/// Mails a 6-digit reset code, valid for 10 minutes, when the e-mail has an account. The
/// answer (and the 30-second wait before asking again) is the same either way.
#[utoipa::path(
    request_body = ForgotPasswordBody,
    responses(
        (status = 200, description = "`If that email is registered, a code has been sent`", body = MessageResponse),
        InvalidEmail, CodeAskedTooSoon, BodyOver64Kb,
    )
)]
#[post("/auth/forgot-password")]
pub async fn forgot_password(
    registration: web::Data<dyn RegistrationUseCases>,
    client: ClientAddress,
    body: ValidBody<ForgotPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(email) = body?;
    registration
        .request_password_reset(&email, client.as_str())
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(FORGOT_PASSWORD_MESSAGE)))
}
