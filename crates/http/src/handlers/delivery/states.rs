use actix_web::{HttpResponse, get};

use crate::dto::StatesResponse;

/// Every state and union territory of India: the cart page's place-of-supply choice.
#[utoipa::path(
    responses(
        (status = 200, description = "The 37 states and union territories, by name", body = StatesResponse),
    )
)]
#[get("/delivery/states")]
pub async fn states() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .json(StatesResponse::all())
}
