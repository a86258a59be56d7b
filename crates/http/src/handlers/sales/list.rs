use actix_web::{HttpRequest, HttpResponse, get, web};
use paduka_application::sales::SaleUseCases;

use crate::ApiError;
use crate::cache::ListCache;
use crate::contract::Unchanged;
use crate::dto::{SaleDto, SalesResponse};

/// Every sale, by start time. Compressed once per change; revalidate with `If-None-Match`.
#[utoipa::path(
    responses(
        (status = 200, description = "Every sale, by start", body = SalesResponse),
        Unchanged,
    )
)]
#[get("/sale/allsales")]
pub async fn all_sales(
    request: HttpRequest,
    sales: web::Data<dyn SaleUseCases>,
    cache: web::Data<ListCache>,
) -> Result<HttpResponse, ApiError> {
    cache
        .json_reply(&request, "sales".into(), sales.revision(), async {
            let list = sales.list().await?;
            Ok(SalesResponse {
                success: true,
                sales: list.iter().map(SaleDto::from).collect(),
            })
        })
        .await
}
