use actix_web::{HttpResponse, post, web};
use paduka_application::checkout::SandboxUseCases;

use crate::contract::{BodyOver64Kb, NoOrderId, PaymentOrderNotFound, SignedIn};
use crate::dto::{SandboxPayBody, SandboxPaymentDto};
use crate::handlers::JsonBody;
use crate::{ApiError, CurrentUser};

/// The sandbox page's Pay button: pays one of the caller's sandbox payment orders and
/// answers what Razorpay's window would. Served only while the sandbox adapter is active.
#[utoipa::path(
    request_body = SandboxPayBody,
    responses(
        (status = 200, description = "The payment id and its signature", body = SandboxPaymentDto),
        NoOrderId, PaymentOrderNotFound, SignedIn, BodyOver64Kb,
    )
)]
#[post("/payment/sandbox/pay")]
pub async fn sandbox_pay(
    CurrentUser(user): CurrentUser,
    sandbox: web::Data<dyn SandboxUseCases>,
    body: JsonBody<SandboxPayBody>,
) -> Result<HttpResponse, ApiError> {
    let order_id = body?
        .into_inner()
        .order_id
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("orderId is required"))?;
    let payment = sandbox.pay(&user, &order_id).await?;
    Ok(HttpResponse::Ok().json(SandboxPaymentDto::from(payment)))
}
