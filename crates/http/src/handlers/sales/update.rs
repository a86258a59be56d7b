use actix_web::{HttpResponse, put, web};
use paduka_application::sales::SaleUseCases;
use paduka_domain::SaleId;

use crate::contract::{AdminOnly, BodyOver64Kb, PathId};
use crate::dto::{ErrorBody, SaleBody, SaleWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    tag = "sales",
    security(("token" = [])),
    params(PathId<SaleId>),
    request_body = SaleBody,
    responses(
        (status = 200, description = "`Sale updated successfully`", body = SaleWriteResponse),
        (status = 400, description = "`Fill all details`, an end before the start, or a discount outside 0..=100", body = ErrorBody),
        (status = 404, description = "`Sale not found`", body = ErrorBody),
        AdminOnly,
        BodyOver64Kb,
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
