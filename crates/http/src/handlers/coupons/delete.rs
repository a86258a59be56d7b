use actix_web::{HttpResponse, get, web};
use paduka_application::coupons::CouponUseCases;
use paduka_domain::CouponId;

use crate::contract::{AdminOnly, CouponNotFound, PathId};
use crate::dto::MessageResponse;
use crate::{AdminUser, ApiError};

/// Deletes the coupon; orders keep the code and discount they saved.
#[utoipa::path(
    params(PathId<CouponId>),
    responses(
        (status = 200, description = "`Coupon deleted Successfully`", body = MessageResponse),
        CouponNotFound, AdminOnly,
    )
)]
#[get("/coupon/delete-coupon/{id}")]
pub async fn delete_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    PathId { id }: PathId<CouponId>,
) -> Result<HttpResponse, ApiError> {
    coupons.delete(&admin, &id).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Coupon deleted Successfully")))
}
