use actix_web::{HttpResponse, post, web};
use paduka_application::sales::SaleUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb};
use crate::dto::{ErrorBody, SaleBody, SaleWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    tag = "sales",
    security(("token" = [])),
    request_body = SaleBody,
    responses(
        (status = 201, description = "`Sale created successfully`", body = SaleWriteResponse),
        (status = 400, description = "`Fill all details`, an end before the start, or a discount outside 0..=100", body = ErrorBody),
        AdminOnly,
        BodyOver64Kb,
    )
)]
#[post("/sale/create-sale")]
pub async fn create_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    body: ValidBody<SaleBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(draft) = body?;
    let sale = sales.create(&admin, draft).await?;
    Ok(HttpResponse::Created().json(SaleWriteResponse {
        success: true,
        message: "Sale created successfully".into(),
        sale: (&sale).into(),
    }))
}
