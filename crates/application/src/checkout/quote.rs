//! `POST /cart/quote`: what the cart costs paid each way, so the cart can show `Pay online and
//! save ₹N` and the charge for cash on delivery without working either out (decisions D41).

use async_trait::async_trait;
use paduka_domain::order::PaymentMethod;
use tracing::instrument;

use super::pricing::CouponAsk;
use super::{CartLine, CheckoutError, CheckoutService};
use crate::accounts::Principal;

/// A cart priced by the server, in whole rupees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartQuote {
    /// What the lines cost by the shop's formula.
    pub subtotal: i64,
    /// What the coupon takes off (0 without one).
    pub discount: i64,
    /// Paid online: the saving and what is paid.
    pub online: MethodPrice,
    /// Cash on delivery: the charge and what is collected.
    pub cod: MethodPrice,
}

/// What one way of paying does to the cart after its coupon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodPrice {
    /// Whole rupees taken off (online) or added (cash on delivery); 0 without.
    pub change: i64,
    /// What the order's amount would be: what the client sends when it is placed.
    pub amount: i64,
}

#[async_trait]
pub trait QuoteCart: Send + Sync {
    /// What the cart costs at current prices with the coupon `code` (refused as
    /// `POST /coupon/apply` refuses it), paid online and in cash on delivery.
    async fn quote_cart(
        &self,
        user: &Principal,
        lines: &[CartLine],
        coupon: Option<String>,
    ) -> Result<CartQuote, CheckoutError>;
}

#[async_trait]
impl QuoteCart for CheckoutService {
    #[instrument(skip(self, lines), fields(user = %user.user_id))]
    async fn quote_cart(
        &self,
        user: &Principal,
        lines: &[CartLine],
        coupon: Option<String>,
    ) -> Result<CartQuote, CheckoutError> {
        let ask = CouponAsk::of(
            coupon.as_deref(),
            Some(&user.user_id),
            self.ports.clock.now(),
        );
        let priced = self.price(lines, ask).await?;
        let after_coupon = priced.amount_rupees;
        let way = |method| {
            let charge = self.charges.for_method(method, after_coupon);
            MethodPrice {
                change: charge.prepaid_discount_rupees + charge.cod_fee_rupees,
                amount: charge.applied_to(after_coupon),
            }
        };
        Ok(CartQuote {
            subtotal: priced.subtotal_rupees,
            discount: priced.discount_rupees(),
            online: way(PaymentMethod::Online),
            cod: way(PaymentMethod::Cod),
        })
    }
}
