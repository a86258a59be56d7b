//! `POST /order/cod`: an order paid in cash to the courier (decisions D8). Priced, checked and
//! written in one transaction exactly as a paid order, without a payment.

use async_trait::async_trait;
use paduka_domain::OrderId;
use paduka_domain::contact::Pincode;
use paduka_domain::order::PaymentMethod;
use paduka_domain::review::UserRef;
use tracing::instrument;

use super::pricing::{CouponAsk, checkout_address, chosen_state};
use super::{CartLine, CheckoutError, CheckoutService, PlacedOrder, Unfillable};
use crate::accounts::Principal;
use crate::orders::{CodTerms, NewOrder, OrderCredit, PlaceError, Placement};

/// Cash on delivery's settings: `COD_ENABLED`, `COD_MAX_AMOUNT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodSettings {
    pub enabled: bool,
    /// The largest order, in whole rupees, a courier collects.
    pub max_amount_rupees: i64,
}

impl Default for CodSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            max_amount_rupees: 10_000,
        }
    }
}

pub use paduka_domain::order::MAX_OPEN_COD_ORDERS;

/// `POST /order/cod`: the cart, where it goes, what the client says it costs, the coupon,
/// and the `Idempotency-Key` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodRequest {
    pub lines: Vec<CartLine>,
    pub address: String,
    pub pincode: String,
    /// Whole rupees, after the coupon, with the cash-on-delivery charge.
    pub amount_rupees: i64,
    pub coupon: Option<String>,
    /// The place of supply the shopper chose, if any (a state's name).
    pub state: Option<String>,
    pub idempotency_key: Option<String>,
    /// Pay what store credit allows (decisions D23): as much as the balance gives when the
    /// order's transaction reads it, never refused for credit.
    pub use_credit: bool,
    /// The shopper ticked `Get order updates on WhatsApp` (decisions D37).
    pub whatsapp: bool,
}

#[async_trait]
pub trait PlaceCod: Send + Sync {
    /// An order paid in cash on delivery: priced, checked and placed in one transaction like
    /// a paid one. `created` is false when the same `Idempotency-Key` placed it before.
    async fn place_cod(
        &self,
        user: &Principal,
        request: CodRequest,
    ) -> Result<PlacedOrder, CheckoutError>;
}

#[async_trait]
impl PlaceCod for CheckoutService {
    #[instrument(skip(self, request), fields(user = %user.user_id))]
    async fn place_cod(
        &self,
        user: &Principal,
        request: CodRequest,
    ) -> Result<PlacedOrder, CheckoutError> {
        if !self.cod.enabled {
            return Err(CheckoutError::CodUnavailable);
        }
        let pincode = Pincode::parse(&request.pincode)?;
        if !self.area.contains(&pincode) {
            return Err(CheckoutError::CodUnavailable);
        }
        if !self.cod_area_open(&pincode).await? {
            return Err(CheckoutError::CodOffInArea);
        }
        let address = checkout_address(&request.address)?;
        let invoicing = &self.ports.invoicing;
        let state = invoicing.place_of_supply(chosen_state(request.state.as_deref())?, &pincode);
        let now = self.ports.clock.now();
        let ask = CouponAsk::of(request.coupon.as_deref(), Some(&user.user_id), now);
        let priced = self.price(&request.lines, ask).await?;
        let (charge, amount_rupees) = priced.paid_by(self.charges, PaymentMethod::Cod);
        if amount_rupees != request.amount_rupees {
            return Err(CheckoutError::AmountMismatch {
                cart_rupees: amount_rupees,
                given_rupees: request.amount_rupees,
            });
        }
        if amount_rupees > self.cod.max_amount_rupees {
            return Err(CheckoutError::CodUnavailable);
        }
        if let Some(shortage) = priced.shortage {
            return Err(CheckoutError::CannotFill(shortage));
        }
        let id = OrderId::new(self.ports.ids.new_id());
        let order = NewOrder {
            payment_id: format!("cod_{id}"),
            id,
            user: UserRef::new(user.user_id.clone(), user.name.clone()),
            address,
            pincode: pincode.as_str().to_owned(),
            state,
            invoice_prefix: invoicing.prefix().clone(),
            amount_rupees,
            coupon: priced.coupon,
            charge,
            cod: Some(CodTerms {
                key: request.idempotency_key,
                max_open: MAX_OPEN_COD_ORDERS,
            }),
            provider_order_id: String::new(),
            lines: priced.lines,
            actor: Some(user.user_id.clone()),
            whatsapp: request.whatsapp,
            at: now,
            low_stock_threshold: self.low_stock_threshold,
            credit: if request.use_credit {
                OrderCredit::AsMuchAsAllowed
            } else {
                OrderCredit::None
            },
        };
        match self.ports.orders.place(&order, &priced.stock).await {
            Ok(Placement::Placed { order, low_stock }) => {
                tracing::info!(order = %order.id, amount = order.amount_rupees, "cash on delivery order placed");
                Ok(self.placed(order, &low_stock).await)
            }
            Ok(Placement::Existing(order)) => Ok(PlacedOrder {
                order,
                created: false,
            }),
            Err(PlaceError::OutOfStock {
                name, size, left, ..
            }) => Err(CheckoutError::CannotFill(Unfillable::OutOfStock {
                name,
                size,
                left,
            })),
            Err(PlaceError::CouponUsedUp) => Err(CheckoutError::CannotFill(Unfillable::Coupon(
                paduka_domain::coupon::CouponRefusal::UsageLimitReached,
            ))),
            Err(PlaceError::TooManyCodOrders) => Err(CheckoutError::TooManyCodOrders),
            Err(PlaceError::Refunded) => Err(CheckoutError::Unexpected(anyhow::anyhow!(
                "a cash on delivery order met a refund claim"
            ))),
            Err(PlaceError::CreditChanged) => Err(CheckoutError::Unexpected(anyhow::anyhow!(
                "a cash on delivery order was refused for its store credit"
            ))),
            Err(PlaceError::Repo(error)) => Err(error.into()),
        }
    }
}
