use actix_web::{HttpResponse, web};
use paduka_application::sales::SaleUseCases;
use paduka_domain::SaleId;

use crate::dto::{ErrorBody, SaleBody, SaleWriteResponse};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

#[utoipa::path(
    put,
    path = "/api/v1/sale/update-sale/{id}",
    tag = "sales",
    security(("token" = [])),
    params(("id" = String, Path, description = "The sale's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    request_body = SaleBody,
    responses(
        (status = 200, description = "`Sale updated successfully`", body = SaleWriteResponse),
        (status = 400, description = "`Fill all details`, an end before the start, or a discount outside 0..=100", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Sale not found`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn update_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    id: web::Path<String>,
    body: JsonBody<SaleBody>,
) -> Result<HttpResponse, ApiError> {
    let draft = body?.into_inner().try_into_domain()?;
    let sale = sales
        .update(&admin, &SaleId::new(id.into_inner()), draft)
        .await?;
    Ok(HttpResponse::Ok().json(SaleWriteResponse {
        success: true,
        message: "Sale updated successfully".into(),
        sale: (&sale).into(),
    }))
}
