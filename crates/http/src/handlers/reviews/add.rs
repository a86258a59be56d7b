use actix_web::{HttpResponse, post, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::contract::{BodyOver64Kb, InvalidReview, PathId, ProductNotFound, SignedIn};
use crate::dto::{ReviewBody, ReviewWriteResponse};
use crate::handlers::{Valid, ValidBody};
use crate::{ApiError, CurrentUser};

/// Reviews the product as the signed-in user; a second review of the same product replaces
/// the first.
#[utoipa::path(
    params(PathId<ProductId>),
    request_body = ReviewBody,
    responses(
        (status = 201, description = "`Review added successfully`", body = ReviewWriteResponse),
        InvalidReview, ProductNotFound, SignedIn, BodyOver64Kb,
    )
)]
#[post("/review/add-review/{id}")]
pub async fn add_review(
    CurrentUser(user): CurrentUser,
    catalog: web::Data<dyn CatalogUseCases>,
    PathId { id }: PathId<ProductId>,
    body: ValidBody<ReviewBody>,
) -> Result<HttpResponse, ApiError> {
    let Valid(draft) = body?;
    let review = catalog.add_review(&user, &id, draft).await?;
    Ok(HttpResponse::Created().json(ReviewWriteResponse {
        success: true,
        message: "Review added successfully".into(),
        review: (&review).into(),
    }))
}
