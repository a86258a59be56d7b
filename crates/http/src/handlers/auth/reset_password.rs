use actix_web::{HttpResponse, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::ApiError;
use crate::dto::{ErrorBody, MessageResponse, ResetPasswordBody, code_text};
use crate::handlers::JsonBody;

/// Sets a new password with the mailed reset code (5 tries, 10 minutes).
#[utoipa::path(
    post,
    path = "/api/v1/auth/reset-password",
    tag = "auth",
    request_body = ResetPasswordBody,
    responses(
        (status = 200, description = "`Password reset successfully`", body = MessageResponse),
        (status = 400, description = "`Invalid or expired OTP`, or the new password breaks a rule", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn reset_password(
    registration: web::Data<dyn RegistrationUseCases>,
    body: JsonBody<ResetPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body?.into_inner();
    let code = code_text(body.otp.as_ref()).unwrap_or_default();
    registration
        .reset_password(
            body.email.as_deref().unwrap_or_default(),
            &code,
            body.password.as_deref().unwrap_or_default(),
        )
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Password reset successfully")))
}
