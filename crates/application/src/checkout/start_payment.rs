//! `POST /payment/{amount}`: a provider order for the cart, and the checkout intent that
//! remembers what it pays for.

use async_trait::async_trait;
use paduka_domain::contact::{DeliveryAddress, Pincode};
use paduka_domain::credit::credit_to_use;
use paduka_domain::order::PaymentMethod;
use paduka_domain::{Paise, State};
use tracing::instrument;

use super::pricing::{CouponAsk, MAX_AMOUNT_RUPEES, MIN_AMOUNT_RUPEES};
use super::{CartLine, CheckoutError, CheckoutIntent, CheckoutService};
use crate::accounts::Principal;

/// The cart our client sends with `POST /payment/{amount}` (`{products, address, pincode}`),
/// its fields read. Whether the shop delivers to the pincode is checked here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartInput {
    pub lines: Vec<CartLine>,
    pub address: DeliveryAddress,
    pub pincode: Pincode,
    /// The coupon code the shopper applied, if any (blank: none).
    pub coupon: Option<String>,
    /// The place of supply the shopper chose, if any.
    pub state: Option<State>,
}

/// The answer to `POST /payment/{amount}`: what the checkout window is opened with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentOrder {
    /// The provider's order id.
    pub id: String,
    pub amount: Paise,
    pub currency: String,
    /// The public key the checkout window needs.
    pub key: String,
    /// `razorpay` or `sandbox`.
    pub provider: &'static str,
    /// Whole rupees of the order's amount paid with store credit: `amount` is the rest.
    pub credit_used_rupees: i64,
}

#[async_trait]
pub trait StartPayment: Send + Sync {
    /// Creates the provider order for `amount_rupees` and stores the checkout intent keyed by
    /// its id. With a cart, the cart is checked first (pincode, address, current prices must
    /// add up to the amount, stock), so nobody pays for an order that cannot be placed.
    /// With `use_credit`, the store credit the order will use is worked out now from the
    /// balance ([`credit_to_use`]) and the provider order is for the rest; the order's
    /// transaction takes it.
    async fn start_payment(
        &self,
        user: &Principal,
        amount_rupees: i64,
        cart: Option<CartInput>,
        use_credit: bool,
    ) -> Result<PaymentOrder, CheckoutError>;
}

#[async_trait]
impl StartPayment for CheckoutService {
    #[instrument(skip(self, cart), fields(user = %user.user_id))]
    async fn start_payment(
        &self,
        user: &Principal,
        amount_rupees: i64,
        cart: Option<CartInput>,
        use_credit: bool,
    ) -> Result<PaymentOrder, CheckoutError> {
        if !(MIN_AMOUNT_RUPEES..=MAX_AMOUNT_RUPEES).contains(&amount_rupees) {
            return Err(CheckoutError::InvalidAmount);
        }
        let now = self.ports.clock.now();
        let (lines, address, pincode, coupon, state) = match cart {
            None => (Vec::new(), String::new(), String::new(), None, None),
            Some(cart) => {
                self.area.delivers_to(&cart.pincode)?;
                let ask = CouponAsk::of(cart.coupon.as_deref(), Some(&user.user_id), now);
                let priced = self.price(&cart.lines, ask).await?;
                let (_, cart_rupees) = priced.paid_by(self.charges, PaymentMethod::Online);
                if cart_rupees != amount_rupees {
                    return Err(CheckoutError::AmountMismatch {
                        cart_rupees,
                        given_rupees: amount_rupees,
                    });
                }
                if let Some(shortage) = priced.shortage {
                    return Err(CheckoutError::CannotFill(shortage));
                }
                let coupon = priced.coupon.map(|c| c.code);
                (
                    cart.lines,
                    cart.address.into_string(),
                    cart.pincode.as_str().to_owned(),
                    coupon,
                    cart.state,
                )
            }
        };
        let credit_used_rupees = if use_credit {
            credit_to_use(
                self.ports.credit.balance(&user.user_id).await?,
                amount_rupees,
            )
        } else {
            0
        };
        let charged = Paise::from_rupees(amount_rupees - credit_used_rupees)
            .map_err(|_| CheckoutError::InvalidAmount)?;
        let receipt = self.ports.ids.new_id();
        let order = (self.ports.gateway.create_order(charged, &receipt).await)
            .map_err(CheckoutError::Provider)?;
        let intent = CheckoutIntent {
            provider_order_id: order.id.clone(),
            receipt,
            user: Some(user.user_id.clone()),
            lines,
            address,
            pincode,
            amount_rupees,
            credit_used_rupees,
            coupon,
            state,
            created_at: now,
            refund: None,
        };
        self.ports.intents.save(&intent).await?;
        Ok(PaymentOrder {
            id: order.id,
            amount: order.amount,
            currency: order.currency,
            key: self.ports.gateway.public_key(),
            provider: self.ports.gateway.provider(),
            credit_used_rupees,
        })
    }
}
