use actix_web::{HttpResponse, post, web};
use paduka_application::sales::SaleUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb, InvalidSale};
use crate::dto::{SaleBody, SaleWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    request_body = SaleBody,
    responses(
        (status = 201, description = "`Sale created successfully`", body = SaleWriteResponse),
        InvalidSale, AdminOnly, BodyOver64Kb,
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
