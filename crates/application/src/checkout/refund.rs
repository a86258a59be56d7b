//! Refunding a payment whose order cannot be filled: claimed first (so no order can be placed
//! for it afterwards), then asked of the provider, at most once per payment.

use paduka_domain::Paise;

use super::{
    CheckoutError, CheckoutIntent, CheckoutService, IntentConflict, IntentRefund, OrderOutcome,
    RefundState, Unfillable,
};
use crate::RepoError;
use crate::orders::mails;

/// The idempotency key of the refund of `payment_id`. One per payment: whether the refund is
/// for an order that could not be filled or for a cancelled order, a payment is refunded at
/// most once.
pub fn refund_key(payment_id: &str) -> String {
    format!("refund-{payment_id}")
}

impl CheckoutService {
    /// Claims and sends the refund of a payment whose order cannot be filled. When the claim
    /// finds the payment's order placed meanwhile (the webhook and the browser raced), that
    /// order is the outcome and nothing is refunded.
    pub(super) async fn refund_unfillable(
        &self,
        intent: &CheckoutIntent,
        payment_id: &str,
        reason: Unfillable,
    ) -> Result<OrderOutcome, CheckoutError> {
        let now = self.ports.clock.now();
        let claim = self
            .ports
            .intents
            .claim_refund(&intent.provider_order_id, payment_id, now);
        match claim.await {
            Ok(()) => {}
            Err(RepoError::Conflict(IntentConflict::OrderPlaced)) => {
                return match self.ports.orders.find_by_payment(payment_id).await? {
                    Some(order) => Ok(OrderOutcome::existing(order)),
                    None => Err(CheckoutError::Unexpected(anyhow::anyhow!(
                        "refund claim refused but no order uses payment {payment_id}"
                    ))),
                };
            }
            Err(other) => return Err(other.into()),
        }
        tracing::warn!(payment_id, %reason, "paid order cannot be filled; refunding");
        let refund = self
            .send_refund(intent, payment_id, &reason.to_string())
            .await?;
        Ok(OrderOutcome::Unfilled { reason, refund })
    }

    /// Where a refund claimed earlier stands; one the provider has not accepted yet is asked
    /// for again.
    pub(super) async fn finish_refund(
        &self,
        intent: &CheckoutIntent,
        claimed: &IntentRefund,
    ) -> Result<RefundState, CheckoutError> {
        if claimed.refund_id.is_some() {
            return Ok(RefundState::Refunded);
        }
        let reason = "your order could not be filled";
        self.send_refund(intent, &claimed.payment_id, reason).await
    }

    /// Asks the provider for the refund of a claimed payment (at most once per payment, by
    /// its idempotency key), records it and mails the shopper. The provider refusing is a
    /// `Pending` refund, not an error: the claim stays, so a later attempt retries it.
    async fn send_refund(
        &self,
        intent: &CheckoutIntent,
        payment_id: &str,
        reason: &str,
    ) -> Result<RefundState, CheckoutError> {
        // What the provider charged: the store credit was never taken.
        let amount = Paise::from_rupees(intent.charged_rupees())
            .map_err(|e| CheckoutError::Unexpected(anyhow::anyhow!(e)))?;
        let key = refund_key(payment_id);
        match self.ports.gateway.refund(payment_id, amount, &key).await {
            Ok(refund) => {
                let id = &intent.provider_order_id;
                self.ports.intents.record_refund(id, &refund.id).await?;
                let rupees = intent.charged_rupees();
                self.mail_buyer(&intent.user, |user| {
                    mails::payment_refunded(user, payment_id, rupees, reason)
                })
                .await;
                Ok(RefundState::Refunded)
            }
            Err(error) => {
                tracing::error!(
                    payment_id,
                    %error,
                    "refund of an unfillable payment failed; it is retried on the next attempt"
                );
                Ok(RefundState::Pending(error))
            }
        }
    }
}
