use actix_web::{HttpResponse, web};
use paduka_application::coupons::CouponUseCases;
use paduka_domain::CouponId;

use crate::dto::{CouponBody, CouponWriteResponse, ErrorBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

/// Replaces the coupon's terms; its uses so far stay.
#[utoipa::path(
    put,
    path = "/api/v1/coupon/update-coupon/{id}",
    tag = "coupons",
    security(("token" = [])),
    params(("id" = String, Path, description = "The coupon's `_id`", pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")),
    request_body = CouponBody,
    responses(
        (status = 200, description = "`Coupon updated Successfully`", body = CouponWriteResponse),
        (status = 400, description = "`Fill all details`, a bad code, kind, value, minimum, date or limit, or an end not after the start", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "`Admin access required`", body = ErrorBody),
        (status = 404, description = "`Coupon not found`", body = ErrorBody),
        (status = 409, description = "`Coupon code already exists`", body = ErrorBody),
        (status = 413, description = "The body is over 64 KB", body = ErrorBody),
    )
)]
pub async fn update_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    id: web::Path<String>,
    body: JsonBody<CouponBody>,
) -> Result<HttpResponse, ApiError> {
    let terms = body?.into_inner().try_into_domain()?;
    let coupon = coupons
        .update(&admin, &CouponId::new(id.into_inner()), terms)
        .await?;
    Ok(HttpResponse::Ok().json(CouponWriteResponse {
        success: true,
        message: "Coupon updated Successfully".into(),
        coupon: (&coupon).into(),
    }))
}
