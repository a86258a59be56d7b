//! The offline sandbox: order ids made locally, payments signed with a local secret and
//! checked by the same verification code as Razorpay's, refunds kept in a ledger (the
//! database) that every instance shares.

use std::sync::Arc;

use async_trait::async_trait;
use paduka_application::checkout::{
    PaymentError, PaymentGateway, ProviderOrder, ProviderPayment, RefundResult, SandboxPayer,
    SandboxPayment, SandboxRefund, SandboxRefundLedger, WebhookEvent,
};
use paduka_domain::Paise;
use secrecy::{ExposeSecret, SecretString};

use crate::signature;

/// The sandbox adapter of the payment port.
pub struct SandboxGateway {
    secret: SecretString,
    refunds: Arc<dyn SandboxRefundLedger>,
}

impl std::fmt::Debug for SandboxGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxGateway").finish_non_exhaustive()
    }
}

/// `prefix` and 14 random hex digits, like Razorpay's ids.
fn local_id(prefix: &str) -> String {
    let bytes: [u8; 7] = rand::random();
    format!("{prefix}{}", hex::encode(bytes))
}

impl SandboxGateway {
    pub const ORDER_PREFIX: &'static str = "order_sbx_";
    pub const PAYMENT_PREFIX: &'static str = "pay_sbx_";

    /// A sandbox signing with `secret` (checkout and webhooks alike) and keeping its refunds
    /// in `refunds`. A secret every instance shares (the server derives it from
    /// `JWT_SECRET`) keeps payments verifiable on each of them and across restarts.
    pub fn new(secret: SecretString, refunds: Arc<dyn SandboxRefundLedger>) -> Self {
        Self { secret, refunds }
    }

    /// A sandbox with a fresh random secret, for tests and one-off runs.
    pub fn with_random_secret(refunds: Arc<dyn SandboxRefundLedger>) -> Self {
        let bytes: [u8; 32] = rand::random();
        Self::new(SecretString::from(hex::encode(bytes)), refunds)
    }

    fn key(&self) -> &[u8] {
        self.secret.expose_secret().as_bytes()
    }

    /// The checkout signature of `payment_id` against `order_id`, as Razorpay would make it.
    pub fn sign(&self, order_id: &str, payment_id: &str) -> String {
        signature::sign_checkout(self.key(), order_id, payment_id)
    }

    /// The `X-Razorpay-Signature` of a webhook body, to simulate the provider's webhooks.
    pub fn sign_webhook(&self, body: &[u8]) -> String {
        signature::sign(self.key(), body)
    }

    /// Every refund the sandbox made so far, oldest first.
    pub async fn refunds(&self) -> Vec<SandboxRefund> {
        self.refunds
            .all()
            .await
            .expect("the sandbox's refunds can be read")
    }
}

impl SandboxPayer for SandboxGateway {
    /// Pays a sandbox order (the sandbox page's Pay button): a new payment id and its
    /// signature. Refuses order ids the sandbox does not make.
    fn pay(&self, order_id: &str) -> Result<SandboxPayment, PaymentError> {
        let order_id = order_id.trim();
        let well_formed = order_id
            .strip_prefix(Self::ORDER_PREFIX)
            .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_hexdigit()));
        if !well_formed {
            return Err(PaymentError::Rejected {
                status: 400,
                message: format!("not a sandbox order id: {order_id:?}"),
            });
        }
        let payment_id = local_id(Self::PAYMENT_PREFIX);
        Ok(SandboxPayment {
            razorpay_signature: self.sign(order_id, &payment_id),
            razorpay_order_id: order_id.to_owned(),
            razorpay_payment_id: payment_id,
        })
    }
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    async fn create_order(
        &self,
        amount: Paise,
        receipt: &str,
    ) -> Result<ProviderOrder, PaymentError> {
        let id = local_id(Self::ORDER_PREFIX);
        tracing::info!(order = %id, receipt, amount = %amount, "sandbox payment order created");
        Ok(ProviderOrder {
            id,
            amount,
            currency: "INR".to_owned(),
        })
    }

    fn verify_checkout_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        signature::verify_checkout(self.key(), order_id, payment_id, signature)
    }

    async fn refund(
        &self,
        payment_id: &str,
        amount: Paise,
        idempotency_key: &str,
    ) -> Result<RefundResult, PaymentError> {
        let refund = SandboxRefund {
            payment_id: payment_id.to_owned(),
            idempotency_key: idempotency_key.to_owned(),
            refund: RefundResult {
                id: local_id("rfnd_sbx_"),
                amount,
                status: "processed".to_owned(),
            },
        };
        // The first refund under this key stands, whichever instance made it.
        let kept = self
            .refunds
            .keep(refund)
            .await
            .map_err(|error| PaymentError::Unavailable(error.to_string()))?;
        tracing::info!(payment_id, refund = %kept.refund.id, amount = %kept.refund.amount, "sandbox refund recorded");
        Ok(kept.refund)
    }

    fn verify_webhook(&self, body: &[u8], signature: &str) -> bool {
        signature::verify_webhook(self.key(), body, signature)
    }

    /// The sandbox keeps no payments: its Pay button hands each to the browser, and tests
    /// deliver its webhooks themselves. There is nothing to reconcile.
    async fn payments(&self, _order_id: &str) -> Result<Vec<ProviderPayment>, PaymentError> {
        Ok(Vec::new())
    }

    fn parse_webhook(&self, body: &[u8]) -> Result<WebhookEvent, PaymentError> {
        crate::parse_webhook(body)
    }

    fn provider(&self) -> &'static str {
        "sandbox"
    }

    fn public_key(&self) -> String {
        "sandbox".to_owned()
    }
}
