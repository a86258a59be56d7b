//! The offline sandbox's Pay button: pays one of the caller's own sandbox payment orders.

use std::sync::Arc;

use async_trait::async_trait;
use tracing::instrument;

use super::{CheckoutError, CheckoutIntentRepository, SandboxPayer, SandboxPayment};
use crate::accounts::Principal;

/// What the sandbox's checkout page may do. Exists only while the sandbox is the payment
/// adapter.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait SandboxUseCases: Send + Sync {
    /// Pays the caller's sandbox payment order `order_id` and answers what Razorpay's window
    /// would. Someone else's order, or one we never made, is `PaymentOrderNotFound`.
    async fn pay(&self, user: &Principal, order_id: &str) -> Result<SandboxPayment, CheckoutError>;
}

/// The sandbox's Pay button over the sandbox adapter and the stored intents.
pub struct SandboxService {
    payer: Arc<dyn SandboxPayer>,
    intents: Arc<dyn CheckoutIntentRepository>,
}

impl SandboxService {
    pub fn new(payer: Arc<dyn SandboxPayer>, intents: Arc<dyn CheckoutIntentRepository>) -> Self {
        Self { payer, intents }
    }
}

#[async_trait]
impl SandboxUseCases for SandboxService {
    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn pay(&self, user: &Principal, order_id: &str) -> Result<SandboxPayment, CheckoutError> {
        let intent = self.intents.find(order_id.trim()).await?;
        let Some(intent) = intent.filter(|i| i.user.as_ref() == Some(&user.user_id)) else {
            return Err(CheckoutError::PaymentOrderNotFound);
        };
        self.payer.pay(&intent.provider_order_id).map_err(|error| {
            tracing::warn!(%error, "sandbox payment refused");
            CheckoutError::PaymentOrderNotFound
        })
    }
}
