//! `POST /coupon/apply`: what the cart costs with a coupon, before paying for it.

use async_trait::async_trait;
use paduka_domain::coupon::CouponPrice;
use tracing::instrument;

use super::pricing::CouponAsk;
use super::{CartLine, CheckoutError, CheckoutService};
use crate::accounts::Principal;

#[async_trait]
pub trait ApplyCoupon: Send + Sync {
    /// What the cart costs with the coupon `code` at current prices, or why the coupon does
    /// not apply (400 `CheckoutError::Coupon`).
    async fn apply_coupon(
        &self,
        user: &Principal,
        code: &str,
        lines: &[CartLine],
    ) -> Result<CouponPrice, CheckoutError>;
}

#[async_trait]
impl ApplyCoupon for CheckoutService {
    #[instrument(skip(self, lines), fields(user = %user.user_id))]
    async fn apply_coupon(
        &self,
        user: &Principal,
        code: &str,
        lines: &[CartLine],
    ) -> Result<CouponPrice, CheckoutError> {
        let ask = CouponAsk {
            code,
            user: Some(&user.user_id),
            at: self.ports.clock.now(),
        };
        let priced = self.price(lines, Some(ask)).await?;
        Ok(CouponPrice {
            subtotal: priced.subtotal_rupees,
            discount: priced.discount_rupees(),
            amount: priced.amount_rupees,
        })
    }
}
