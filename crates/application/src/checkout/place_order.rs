//! `POST /order/cart`: the browser came back from the checkout window with a payment.

use async_trait::async_trait;
use paduka_domain::review::UserRef;
use tracing::instrument;

use super::pricing::{checkout_address, chosen_state};
use super::settle::Paid;
use super::{CartLine, CheckoutError, CheckoutIntent, CheckoutService, OrderOutcome, Unfillable};
use crate::accounts::Principal;

/// How many of a user's latest checkout intents a payment is matched against.
const RECENT_INTENTS: u32 = 50;

/// `POST /order/cart`: the cart, where it goes, the amount the client computed, and the three
/// fields the checkout window returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRequest {
    pub lines: Vec<CartLine>,
    pub address: String,
    pub pincode: String,
    /// What the client says the cart costs, in whole rupees (after the coupon and the saving
    /// for paying online).
    pub amount_rupees: i64,
    /// The coupon code the shopper applied, if any.
    pub coupon: Option<String>,
    /// The place of supply the shopper chose, if any; else the one chosen when the payment
    /// started.
    pub state: Option<String>,
    pub payment_id: String,
    /// The provider order id the browser reports. Only a hint for finding one of the user's
    /// stored intents: verification always uses a stored id.
    pub order_id: Option<String>,
    pub signature: String,
    /// Whether the shopper asked to pay with store credit. The credit itself is the one
    /// agreed when the payment started (the intent's): the provider charged the rest.
    pub use_credit: bool,
    /// The shopper ticked `Get order updates on WhatsApp` (decisions D37).
    pub whatsapp: bool,
}

#[async_trait]
pub trait PlaceOrder: Send + Sync {
    /// Turns a paid checkout into an order, as decisions D6 says: the signature
    /// against the STORED provider order id, then pincode, address, the amount from current
    /// prices (equal to the client's and to the paid one), stock, and one transaction for
    /// stock and order (status `Pending`). The same payment twice gives the same order. A paid
    /// cart that can no longer be filled is refunded and the shopper told
    /// ([`OrderOutcome::Unfilled`]).
    async fn place_order(
        &self,
        user: &Principal,
        request: OrderRequest,
    ) -> Result<OrderOutcome, CheckoutError>;
}

#[async_trait]
impl PlaceOrder for CheckoutService {
    #[instrument(skip(self, request), fields(user = %user.user_id, payment = %request.payment_id))]
    async fn place_order(
        &self,
        user: &Principal,
        request: OrderRequest,
    ) -> Result<OrderOutcome, CheckoutError> {
        let payment_id = request.payment_id.trim();
        let signature = request.signature.trim();
        if payment_id.is_empty() || signature.is_empty() {
            return Err(CheckoutError::PaymentNotVerified);
        }
        let hint = request.order_id.as_deref();
        let intent = self
            .verified_intent(user, hint, payment_id, signature)
            .await?;
        if let Some(order) = self.ports.orders.find_by_payment(payment_id).await? {
            return Ok(OrderOutcome::existing(order));
        }
        if let Some(claimed) = &intent.refund {
            let refund = self.finish_refund(&intent, claimed).await?;
            let reason = Unfillable::AlreadyRefunded;
            return Ok(OrderOutcome::Unfilled { reason, refund });
        }
        let pincode = self.area.for_checkout(&request.pincode)?;
        let address = checkout_address(&request.address)?;
        let state = chosen_state(request.state.as_deref())?.or(intent.state);
        self.settle(Paid {
            intent: &intent,
            payment_id,
            buyer: UserRef::new(user.user_id.clone(), user.name.clone()),
            lines: &request.lines,
            coupon: request.coupon.as_deref(),
            address,
            state,
            pincode,
            client_amount: Some(request.amount_rupees),
            actor: Some(user.user_id.clone()),
            whatsapp: request.whatsapp,
        })
        .await
    }
}

impl CheckoutService {
    /// The user's stored intent whose provider order id the signature was made for. The
    /// browser's order id is only a hint: the id the signature is checked against is always
    /// one we stored for this user. The hint is tried first, so a payment costs one intent's
    /// lookup however many this shopper has made (decisions D18: checkout must not grow
    /// dearer with the shopper's own history); only a missing or wrong hint falls back to
    /// the user's latest intents.
    async fn verified_intent(
        &self,
        user: &Principal,
        browser_order_id: Option<&str>,
        payment_id: &str,
        signature: &str,
    ) -> Result<CheckoutIntent, CheckoutError> {
        let intents = &self.ports.intents;
        let gateway = &self.ports.gateway;
        let signed = |intent: &CheckoutIntent| {
            intent.user.as_ref() == Some(&user.user_id)
                && gateway.verify_checkout_signature(
                    &intent.provider_order_id,
                    payment_id,
                    signature,
                )
        };
        let hint = browser_order_id.map(str::trim).filter(|h| !h.is_empty());
        if let Some(hint) = hint
            && let Some(intent) = intents.find(hint).await?
            && signed(&intent)
        {
            return Ok(intent);
        }
        intents
            .recent_for_user(&user.user_id, RECENT_INTENTS)
            .await?
            .into_iter()
            .filter(|intent| Some(intent.provider_order_id.as_str()) != hint)
            .find(|intent| signed(intent))
            .ok_or(CheckoutError::PaymentNotVerified)
    }
}
