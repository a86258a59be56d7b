use actix_web::{HttpResponse, web};
use paduka_application::sales::SaleUseCases;

use crate::ApiError;
use crate::dto::{SaleDto, SalesResponse};

/// Every sale, by start time.
#[utoipa::path(
    get,
    path = "/api/v1/sale/allsales",
    tag = "sales",
    responses((status = 200, description = "Every sale, by start", body = SalesResponse))
)]
pub async fn all_sales(sales: web::Data<dyn SaleUseCases>) -> Result<HttpResponse, ApiError> {
    let list = sales.list().await?;
    Ok(HttpResponse::Ok().json(SalesResponse {
        success: true,
        sales: list.iter().map(SaleDto::from).collect(),
    }))
}
