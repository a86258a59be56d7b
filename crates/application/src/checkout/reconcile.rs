//! Reconciling: payments captured at the provider whose webhook never came and whose browser
//! never came back still get their order (or their refund).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use tracing::instrument;

use super::{CheckoutError, CheckoutService, WebhookOutcome};

/// How many unsettled intents one reconciliation looks at.
const RECONCILE_BATCH: u32 = 500;

/// What a reconciliation did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconciliation {
    /// Unsettled intents asked about.
    pub checked: usize,
    /// Orders placed for captured payments.
    pub placed: usize,
    /// Captured payments refunded because their cart could not be filled.
    pub refunded: usize,
    /// Intents the provider could not be asked about (tried again next time).
    pub failed: usize,
}

#[async_trait]
pub trait Reconcile: Send + Sync {
    /// Asks the provider about every intent created from `since` until a few minutes ago that
    /// no order or refund settled, and handles each captured payment exactly as its webhook
    /// would have. Intents without a cart are skipped: only the browser can place those.
    async fn reconcile(&self, since: DateTime<Utc>) -> Result<Reconciliation, CheckoutError>;
}

#[async_trait]
impl Reconcile for CheckoutService {
    #[instrument(skip(self))]
    async fn reconcile(&self, since: DateTime<Utc>) -> Result<Reconciliation, CheckoutError> {
        // The last few minutes belong to shoppers still in the checkout window.
        let until = self.ports.clock.now() - chrono::Duration::minutes(5);
        let intents = self
            .ports
            .intents
            .unsettled(since, until, RECONCILE_BATCH)
            .await?;
        let mut done = Reconciliation::default();
        for intent in intents.iter().filter(|intent| !intent.lines.is_empty()) {
            done.checked += 1;
            let id = &intent.provider_order_id;
            let payments = match self.ports.gateway.payments(id).await {
                Ok(payments) => payments,
                Err(error) => {
                    tracing::warn!(provider_order_id = %id, %error, "cannot reconcile yet");
                    done.failed += 1;
                    continue;
                }
            };
            for payment in payments.iter().filter(|payment| payment.captured) {
                match self.captured(&payment.id, id, payment.amount).await {
                    Ok(WebhookOutcome::Created(order)) => {
                        tracing::info!(%order, payment = %payment.id, "reconciled a missed payment");
                        done.placed += 1;
                    }
                    Ok(WebhookOutcome::Refunded) => done.refunded += 1,
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(payment = %payment.id, %error, "reconciling failed");
                        done.failed += 1;
                    }
                }
            }
        }
        Ok(done)
    }
}
