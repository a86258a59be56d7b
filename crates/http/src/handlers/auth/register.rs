use actix_web::{HttpResponse, post, web};
use paduka_application::accounts::RegistrationUseCases;

use crate::contract::{AlreadyRegistered, BodyOver64Kb, CodeMailedTooSoon, InvalidRegistration};
use crate::dto::{MessageResponse, RegisterBody};
use crate::handlers::JsonBody;
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
    body: JsonBody<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body?.into_inner();
    match body.code() {
        None => {
            registration
                .request_registration(&body.into_input(), client.as_str())
                .await?;
            Ok(HttpResponse::Ok().json(MessageResponse::new("OTP sent to your email")))
        }
        Some(code) => {
            let email = body.email.unwrap_or_default();
            registration
                .confirm_registration(&email, &code, client.as_str())
                .await?;
            Ok(HttpResponse::Created().json(MessageResponse::new("Email Verified Successfully")))
        }
    }
}
