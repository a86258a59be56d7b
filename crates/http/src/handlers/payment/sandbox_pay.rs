use actix_web::{HttpResponse, web};

use crate::dto::{ErrorBody, SandboxPayBody, SandboxPaymentDto};
use crate::handlers::JsonBody;
use crate::{ApiError, CurrentUser, SandboxCheckout};

/// The sandbox page's Pay button: pays one of the caller's sandbox payment orders and
/// answers what Razorpay's window would. Served only while the sandbox adapter is active.
#[utoipa::path(
    post,
    path = "/api/v1/payment/sandbox/pay",
    tag = "checkout",
    security(("token" = [])),
    request_body = SandboxPayBody,
    responses(
        (status = 200, description = "The payment id and its signature", body = SandboxPaymentDto),
        (status = 400, description = "No order id", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 404, description = "`Payment order not found` (unknown, or someone else's)", body = ErrorBody),
    )
)]
pub async fn sandbox_pay(
    CurrentUser(user): CurrentUser,
    sandbox: web::Data<SandboxCheckout>,
    body: JsonBody<SandboxPayBody>,
) -> Result<HttpResponse, ApiError> {
    let order_id = body?
        .into_inner()
        .order_id
        .map(|id| id.trim().to_owned())
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::bad_request("orderId is required"))?;
    let not_found = || ApiError::NotFound("Payment order not found".into());
    let intent = sandbox
        .intents
        .find(&order_id)
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::Error::new(e)))?
        .ok_or_else(not_found)?;
    if intent.user != user.user_id {
        return Err(not_found());
    }
    let payment = sandbox
        .payer
        .pay(&intent.provider_order_id)
        .map_err(|error| {
            tracing::warn!(%error, "sandbox payment refused");
            not_found()
        })?;
    Ok(HttpResponse::Ok().json(payment))
}
