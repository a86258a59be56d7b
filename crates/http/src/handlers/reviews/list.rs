use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::ApiError;
use crate::contract::{PathId, ProductNotFound};
use crate::dto::{ReviewDto, ReviewsResponse};

/// A product's reviews, most recently written or changed first.
#[utoipa::path(
    params(PathId<ProductId>),
    responses(
        (status = 200, description = "The reviews, newest first", body = ReviewsResponse),
        ProductNotFound,
    )
)]
#[get("/product/reviews/{id}")]
pub async fn product_reviews(
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let reviews = catalog.reviews(&id).await?;
    Ok(HttpResponse::Ok().json(ReviewsResponse {
        success: true,
        reviews: reviews.iter().map(ReviewDto::from).collect(),
    }))
}
