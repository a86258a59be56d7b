use actix_web::{HttpResponse, web};
use paduka_application::catalog::CatalogUseCases;
use paduka_domain::ProductId;

use crate::dto::{ErrorBody, ReviewBody, ReviewWriteResponse};
use crate::handlers::JsonBody;
use crate::{ApiError, CurrentUser};

/// Reviews the product as the signed-in user; a second review of the same product replaces
/// the first.
#[utoipa::path(
    post,
    path = "/api/v1/review/add-review/{id}",
    tag = "reviews",
    security(("token" = [])),
    params(("id" = String, Path, description = "The product's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    request_body = ReviewBody,
    responses(
        (status = 201, description = "`Review added successfully`", body = ReviewWriteResponse),
        (status = 400, description = "A rating outside 1..=5, or a comment over 2000 characters", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 404, description = "`Product not found`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn add_review(
    CurrentUser(user): CurrentUser,
    catalog: web::Data<dyn CatalogUseCases>,
    id: web::Path<String>,
    body: JsonBody<ReviewBody>,
) -> Result<HttpResponse, ApiError> {
    let draft = body?.into_inner().try_into_domain()?;
    let review = catalog
        .add_review(&user, &ProductId::new(id.into_inner()), draft)
        .await?;
    Ok(HttpResponse::Created().json(ReviewWriteResponse {
        success: true,
        message: "Review added successfully".into(),
        review: (&review).into(),
    }))
}
