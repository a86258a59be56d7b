use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::dto::{ErrorBody, ReviewDto, ReviewsResponse};

/// A product's reviews, most recently written or changed first.
#[utoipa::path(
    get,
    path = "/api/v1/product/reviews/{id}",
    tag = "reviews",
    params(("id" = String, Path, description = "The product's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "The reviews, newest first", body = ReviewsResponse),
        (status = 404, description = "`Product not found`", body = ErrorBody),
    )
)]
pub async fn product_reviews(
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let reviews = catalog.reviews(&ProductId::new(id.into_inner())).await?;
    Ok(HttpResponse::Ok().json(ReviewsResponse {
        success: true,
        reviews: reviews.iter().map(ReviewDto::from).collect(),
    }))
}
