use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::ApiError;
use crate::contract::{BodyOver64Kb, InvalidReset};
use crate::dto::{MessageResponse, ResetPasswordBody, code_text};
use crate::handlers::JsonBody;

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
