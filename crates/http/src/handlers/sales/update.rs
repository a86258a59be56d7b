use actix_web::{HttpResponse, put, web};
use paduka_application::sales::SaleUseCases;
use paduka_domain::SaleId;

use crate::contract::{AdminOnly, BodyOver64Kb, InvalidSale, PathId, SaleNotFound};
use crate::dto::{SaleBody, SaleWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    params(PathId<SaleId>),
    request_body = SaleBody,
    responses(
        (status = 200, description = "`Sale updated successfully`", body = SaleWriteResponse),
        InvalidSale, SaleNotFound, AdminOnly, BodyOver64Kb,
    )
)]
#[put("/sale/update-sale/{id}")]
pub async fn update_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    PathId { id }: PathId<SaleId>,
    body: ValidBody<SaleBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(draft) = body?;
    let sale = sales.update(&admin, &id, draft).await?;
    Ok(HttpResponse::Ok().json(SaleWriteResponse {
        success: true,
        message: "Sale updated successfully".into(),
        sale: (&sale).into(),
    }))
}
