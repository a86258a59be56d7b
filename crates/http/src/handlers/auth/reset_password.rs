use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::ApiError;
use crate::contract::{BodyOver64Kb, InvalidReset};
use crate::dto::{MessageResponse, PasswordReset, ResetPasswordBody};
use crate::handlers::{Valid, ValidBody};

/// Sets a new password with the mailed reset code (5 tries, 10 minutes).
#[utoipa::path(
    request_body = ResetPasswordBody,
    responses(
        (status = 200, description = "`Password reset successfully`", body = MessageResponse),
        InvalidReset, BodyOver64Kb,
    )
)]
#[post("/auth/reset-password")]
pub async fn reset_password(
    registration: web::Data<dyn RegistrationUseCases>,
    body: ValidBody<ResetPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(PasswordReset {
        email,
        code,
        password,
    }) = body?;
    registration
        .reset_password(&email, &code, &password)
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Password reset successfully")))
}
