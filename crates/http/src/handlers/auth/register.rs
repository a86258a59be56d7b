use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::contract::{AlreadyRegistered, BodyOver64Kb, CodeMailedTooSoon, InvalidRegistration};
use crate::dto::{MessageResponse, RegisterBody, RegistrationStep};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, ClientAddress};

/// Registers in two steps. With `otp: null` the details are checked and kept, and a 6-digit
/// code valid for 10 minutes is mailed (`OTP sent to your email`). With the code the account
/// is created from the details kept (`Email Verified Successfully`).
#[utoipa::path(
    request_body = RegisterBody,
    responses(
        (status = 200, description = "`OTP sent to your email`", body = MessageResponse),
        (status = 201, description = "`Email Verified Successfully`: the account exists", body = MessageResponse),
        InvalidRegistration, AlreadyRegistered, CodeMailedTooSoon, BodyOver64Kb,
    )
)]
#[post("/auth/register")]
pub async fn register(
    registration: web::Data<dyn RegistrationUseCases>,
    client: ClientAddress,
    body: ValidBody<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(step) = body?;
    match step {
        RegistrationStep::Ask(input) => {
            registration
                .request_registration(&input, client.as_str())
                .await?;
            Ok(HttpResponse::Ok().json(MessageResponse::new("OTP sent to your email")))
        }
        RegistrationStep::Confirm { email, code } => {
            registration
                .confirm_registration(&email, &code, client.as_str())
                .await?;
            Ok(HttpResponse::Created().json(MessageResponse::new("Email Verified Successfully")))
        }
    }
}
