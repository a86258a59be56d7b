use actix_web::{HttpResponse, web};
use paduka_application::coupons::CouponUseCases;
use paduka_domain::CouponId;

use crate::dto::{ErrorBody, MessageResponse};
use crate::{AdminUser, ApiError};

/// Deletes the coupon; orders keep the code and discount they saved.
#[utoipa::path(
    get,
    path = "/api/v1/coupon/delete-coupon/{id}",
    tag = "coupons",
    security(("token" = [])),
    params(("id" = String, Path, description = "The coupon's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    responses(
        (status = 200, description = "`Coupon deleted Successfully`", body = MessageResponse),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Coupon not found`", body = ErrorBody),
    )
)]
pub async fn delete_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    coupons
        .delete(&admin, &CouponId::new(id.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Coupon deleted Successfully")))
}
