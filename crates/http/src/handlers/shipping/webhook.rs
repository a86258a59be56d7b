use actix_web::{HttpResponse, post, web};
use paduka_application::orders::OrderUseCases;
use paduka_application::returns::ReturnUseCases;

use crate::ApiError;
use crate::contract::{BodyOver64Kb, InvalidCourierUpdate, WrongCourierKey};
use crate::courier_key::CourierKeyed;
use crate::dto::{CourierWebhookBody, CourierWebhookResponse, CourierWebhookUpdate};
use crate::handlers::{Valid, ValidBody};

/// Shiprocket's tracking webhook (no token: the `x-api-key` header must be the shop's
/// `SHIPROCKET_WEBHOOK_TOKEN`, else 401 and nothing changes). A repeated update is stored
/// once; a late one is kept but never moves the order back; an AWB the shop does not know is
/// answered 200 and ignored. With `is_return: 1` the AWB is a return's reverse pickup: picked
/// up moves the return to `Picked up`, delivered marks it arrived, each once.
#[utoipa::path(
    request_body = CourierWebhookBody,
    params(("x-api-key" = String, Header, description = "`SHIPROCKET_WEBHOOK_TOKEN`")),
    responses(
        (status = 200, description = "`Update recorded` or `Unknown AWB`", body = CourierWebhookResponse),
        InvalidCourierUpdate, WrongCourierKey, BodyOver64Kb,
    )
)]
#[post("/shipment/webhook")]
pub async fn courier_webhook(
    _: CourierKeyed,
    orders: web::Data<dyn OrderUseCases>,
    returns: web::Data<dyn ReturnUseCases>,
    body: ValidBody<CourierWebhookBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(update) = body?;
    let known = match update {
        CourierWebhookUpdate::Parcel(update) => orders.courier_update(update).await?.is_some(),
        CourierWebhookUpdate::ReturnParcel(update) => {
            returns.pickup_update(update).await?.is_some()
        }
    };
    Ok(HttpResponse::Ok().json(CourierWebhookResponse {
        success: true,
        message: if known {
            "Update recorded"
        } else {
            "Unknown AWB"
        }
        .into(),
    }))
}
