use actix_web::{HttpResponse, web};
use paduka_application::sales::SaleUseCases;

use crate::dto::{ErrorBody, SaleBody, SaleWriteResponse};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

#[utoipa::path(
    post,
    path = "/api/v1/sale/create-sale",
    tag = "sales",
    security(("token" = [])),
    request_body = SaleBody,
    responses(
        (status = 201, description = "`Sale created successfully`", body = SaleWriteResponse),
        (status = 400, description = "`Fill all details`, an end before the start, or a discount outside 0..=100", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn create_sale(
    AdminUser(admin): AdminUser,
    sales: web::Data<dyn SaleUseCases>,
    body: JsonBody<SaleBody>,
) -> Result<HttpResponse, ApiError> {
    let draft = body?.into_inner().try_into_domain()?;
    let sale = sales.create(&admin, draft).await?;
    Ok(HttpResponse::Created().json(SaleWriteResponse {
        success: true,
        message: "Sale created successfully".into(),
        sale: (&sale).into(),
    }))
}
