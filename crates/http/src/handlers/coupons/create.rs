use actix_web::{HttpResponse, post, web};
use paduka_application::coupons::CouponUseCases;

use crate::contract::{AdminOnly, BodyOver64Kb};
use crate::dto::{CouponBody, CouponWriteResponse, ErrorBody};
use crate::handlers::JsonBody;
use crate::{AdminUser, ApiError};

#[utoipa::path(
    tag = "coupons",
    security(("token" = [])),
    request_body = CouponBody,
    responses(
        (status = 201, description = "`Coupon created Successfully`", body = CouponWriteResponse),
        (status = 400, description = "`Fill all details`, a bad code, kind, value, minimum, date or limit, or an end not after the start", body = ErrorBody),
        (status = 409, description = "`Coupon code already exists`", body = ErrorBody),
        AdminOnly,
        BodyOver64Kb,
    )
)]
#[post("/coupon/create-coupon")]
pub async fn create_coupon(
    AdminUser(admin): AdminUser,
    coupons: web::Data<dyn CouponUseCases>,
    body: JsonBody<CouponBody>,
) -> Result<HttpResponse, ApiError> {
    let terms = body?.into_inner().try_into_domain()?;
    let coupon = coupons.create(&admin, terms).await?;
    Ok(HttpResponse::Created().json(CouponWriteResponse {
        success: true,
        message: "Coupon created Successfully".into(),
        coupon: (&coupon).into(),
    }))
}
