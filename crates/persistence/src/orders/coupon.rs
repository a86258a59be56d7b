//! A placed order's use of its coupon.

use diesel::prelude::*;
use paduka_application::orders::CouponUse;
use paduka_domain::UserId;
use paduka_domain::coupon::may_take_use;
use paduka_domain::order::OrderStatus;

use super::place::PlaceFail;
use super::texts;
use crate::db::AnyConnection;
use crate::schema::{coupons, orders};

/// Takes one use of the coupon when the domain allows it in all and to the buyer. Its row is
/// locked first and stays locked until the transaction ends, so every order of this coupon
/// waits for this one; a deleted coupon is used up.
pub(super) fn take_coupon_use(
    conn: &mut AnyConnection,
    coupon: &CouponUse,
    buyer: Option<&UserId>,
) -> Result<(), PlaceFail> {
    let id = coupon.coupon.as_str();
    let query = coupons::table
        .find(id)
        .select((coupons::used, coupons::max_uses));
    let counted = match conn {
        AnyConnection::Postgresql(pg) => query.for_update().first::<(i64, Option<i64>)>(pg),
        AnyConnection::Sqlite(_) => query.first::<(i64, Option<i64>)>(conn),
    }
    .optional()?;
    let Some((used, max_uses)) = counted else {
        return Err(PlaceFail::CouponUsedUp);
    };
    if !may_take_use(max_uses, used) {
        return Err(PlaceFail::CouponUsedUp);
    }
    if let (Some(_), Some(buyer)) = (coupon.max_uses_per_user, buyer) {
        let uses = coupon_uses_by(conn, id, buyer.as_str())?;
        if !may_take_use(coupon.max_uses_per_user, uses) {
            return Err(PlaceFail::CouponUsedUp);
        }
    }
    diesel::update(coupons::table.find(id))
        .set(coupons::used.eq(coupons::used + 1))
        .execute(conn)?;
    Ok(())
}

/// The buyer's orders that hold a use of the coupon (those that have not ended).
pub(crate) fn coupon_uses_by(
    conn: &mut AnyConnection,
    coupon: &str,
    buyer: &str,
) -> QueryResult<i64> {
    orders::table
        .filter(orders::coupon_id.eq(coupon))
        .filter(orders::user_id.eq(buyer))
        .filter(orders::status.eq_any(texts(OrderStatus::STANDING)))
        .count()
        .get_result(conn)
}
