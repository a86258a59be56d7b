//! `POST /payment/webhook`: the provider says a payment was captured; its order must exist,
//! whether or not the shopper's browser came back.

use async_trait::async_trait;
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise};
use tracing::instrument;

use super::pricing::checkout_address;
use super::settle::Paid;
use super::{
    CheckoutError, CheckoutIntent, CheckoutService, OrderOutcome, RefundState, Unfillable,
    WebhookEvent,
};

/// What a webhook delivery (or a reconciled payment) did. Every outcome is answered 2xx.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// The shopper paid but never came back: the order was placed from the stored intent.
    Created(OrderId),
    /// The payment's order exists already (usually placed by the browser); left as it is.
    AlreadyPlaced(OrderId),
    /// The order could not be filled, and the payment was refunded.
    Refunded,
    /// Nothing to do: another event, an unknown provider order, or an intent without a cart.
    Ignored,
    /// This event id was handled before.
    Duplicate,
}

#[async_trait]
pub trait Webhook: Send + Sync {
    /// `POST /payment/webhook`: checks the signature over the raw body, skips an event id
    /// handled before, and for a captured payment places the order from its stored intent
    /// when the browser has not (or refunds it when it cannot be filled). Never moves an
    /// existing order. An error means "deliver it again later" (the event is not recorded).
    async fn webhook(
        &self,
        event_id: &str,
        body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, CheckoutError>;
}

#[async_trait]
impl Webhook for CheckoutService {
    #[instrument(skip(self, body, signature))]
    async fn webhook(
        &self,
        event_id: &str,
        body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, CheckoutError> {
        if !self.ports.gateway.verify_webhook(body, signature.trim()) {
            return Err(CheckoutError::InvalidWebhookSignature);
        }
        let event_id = event_id.trim();
        let events = &self.ports.webhook_events;
        if !event_id.is_empty() && events.is_handled(event_id).await? {
            return Ok(WebhookOutcome::Duplicate);
        }
        let outcome = match self.ports.gateway.parse_webhook(body) {
            Ok(WebhookEvent::PaymentCaptured {
                payment_id,
                provider_order_id,
                amount,
            }) => {
                self.captured(&payment_id, &provider_order_id, amount)
                    .await?
            }
            Ok(WebhookEvent::Other { event }) => {
                tracing::debug!(%event, "webhook event ignored");
                WebhookOutcome::Ignored
            }
            Err(error) => {
                tracing::warn!(%error, "unreadable webhook ignored");
                WebhookOutcome::Ignored
            }
        };
        if !event_id.is_empty() {
            events
                .mark_handled(event_id, self.ports.clock.now())
                .await?;
        }
        Ok(outcome)
    }
}

impl CheckoutService {
    /// A captured payment: make sure its order exists, or that it is refunded.
    pub(super) async fn captured(
        &self,
        payment_id: &str,
        provider_order_id: &str,
        amount: Paise,
    ) -> Result<WebhookOutcome, CheckoutError> {
        let Some(intent) = self.ports.intents.find(provider_order_id).await? else {
            tracing::info!(
                provider_order_id,
                "captured payment for an order we did not make"
            );
            return Ok(WebhookOutcome::Ignored);
        };
        if Some(amount.paise()) != intent.charged_rupees().checked_mul(100) {
            tracing::error!(
                provider_order_id,
                payment_id,
                captured = amount.paise(),
                expected_rupees = intent.charged_rupees(),
                "captured amount differs from the checkout intent; left for a person"
            );
            return Ok(WebhookOutcome::Ignored);
        }
        if let Some(order) = self.ports.orders.find_by_payment(payment_id).await? {
            return Ok(WebhookOutcome::AlreadyPlaced(order.id));
        }
        if let Some(claimed) = &intent.refund {
            return refunded(self.finish_refund(&intent, claimed).await?);
        }
        if intent.lines.is_empty() {
            tracing::info!(provider_order_id, "captured payment without a stored cart");
            return Ok(WebhookOutcome::Ignored);
        }
        let outcome = match self.destination(&intent, payment_id).await? {
            Ok(paid) => self.settle(paid).await?,
            Err(reason) => self.refund_unfillable(&intent, payment_id, reason).await?,
        };
        match outcome {
            OrderOutcome::Placed(placed) if placed.created => {
                Ok(WebhookOutcome::Created(placed.order.id))
            }
            OrderOutcome::Placed(placed) => Ok(WebhookOutcome::AlreadyPlaced(placed.order.id)),
            OrderOutcome::Unfilled { refund, .. } => refunded(refund),
        }
    }

    /// Where the stored cart goes: its buyer, pincode and address, as they are now; a reason
    /// to refund when the account is gone or a rule refuses the destination.
    async fn destination<'a>(
        &self,
        intent: &'a CheckoutIntent,
        payment_id: &'a str,
    ) -> Result<Result<Paid<'a>, Unfillable>, CheckoutError> {
        let buyer = match &intent.user {
            Some(id) => self.ports.users.find(id).await?,
            None => None,
        };
        let Some(buyer) = buyer else {
            return Ok(Err(Unfillable::AccountDeleted));
        };
        let checked = self.area.for_checkout(&intent.pincode).and_then(|pincode| {
            let address = checkout_address(&intent.address)?;
            Ok((pincode, address))
        });
        Ok(checked
            .map_err(Unfillable::Invalid)
            .map(|(pincode, address)| Paid {
                intent,
                payment_id,
                buyer: UserRef::new(buyer.id, buyer.name),
                lines: &intent.lines,
                coupon: intent.coupon.as_deref(),
                address,
                state: intent.state,
                pincode,
                client_amount: None,
                actor: None,
                // Nobody was asked: the browser's answer did not arrive.
                whatsapp: false,
            }))
    }
}

/// A refund as the webhook answers it: done, or an error so that the provider delivers the
/// event again and the refund is retried.
fn refunded(refund: RefundState) -> Result<WebhookOutcome, CheckoutError> {
    match refund {
        RefundState::Refunded => Ok(WebhookOutcome::Refunded),
        RefundState::Pending(error) => Err(CheckoutError::Provider(error)),
    }
}
