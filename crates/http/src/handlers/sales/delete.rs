use actix_web::{HttpResponse, get, web};
use paduka_application::sales::SaleUseCases;
use paduka_domain::SaleId;

use crate::contract::{AdminOnly, PathId, SaleNotFound};
use crate::dto::MessageResponse;
use crate::{AdminUser, ApiError};

#[utoipa::path(
    params(PathId<SaleId>),
    responses(
        (status = 200, description = "`Sale deleted Successfully`", body = MessageResponse),
        SaleNotFound, AdminOnly,
    )
)]
#[get("/sale/delete-sale/{id}")]
pub async fn delete_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    PathId { id }: PathId<SaleId>,
) -> Result<HttpResponse, ApiError> {
    sales.delete(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Sale deleted Successfully")))
}
