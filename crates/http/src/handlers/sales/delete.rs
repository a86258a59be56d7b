use actix_web::{HttpResponse, web};
use paduka_application::sales::SaleUseCases;
use paduka_domain::SaleId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

#[utoipa::path(
    get,
    path = "/api/v1/sale/delete-sale/{id}",
    tag = "sales",
    security(("token" = [])),
    params(("id" = String, Path, description = "The sale's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Sale deleted Successfully`", body = MessageResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Sale not found`", body = ErrorBody),
    )
)]
pub async fn delete_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    sales.delete(&admin, &SaleId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Sale deleted Successfully")))
}
