//! The offline sandbox: local order ids, a pay-sign-verify round trip, local refunds.

use std::sync::Arc;

use paduka_application::checkout::{
    MockSandboxRefundLedger, PaymentError, PaymentGateway, SandboxPayer, SandboxRefund,
};
use paduka_domain::Paise;
use paduka_payment::SandboxGateway;

/// A sandbox whose refund ledger takes no call.
fn a_sandbox() -> SandboxGateway {
    SandboxGateway::with_random_secret(Arc::new(MockSandboxRefundLedger::new()))
}

#[tokio::test]
async fn a_sandbox_order_paid_on_the_sandbox_page_verifies() {
    let sandbox = a_sandbox();
    let order = sandbox
        .create_order(Paise::from_stored(169_800), "rcpt-1")
        .await
        .unwrap();
    assert!(order.id.starts_with("order_sbx_"), "{}", order.id);
    assert_eq!(order.amount.paise(), 169_800);
    assert_eq!(order.currency, "INR");

    let payment = sandbox.pay(&order.id).unwrap();
    assert_eq!(payment.razorpay_order_id, order.id);
    assert!(payment.razorpay_payment_id.starts_with("pay_sbx_"));
    assert!(sandbox.verify_checkout_signature(
        &order.id,
        &payment.razorpay_payment_id,
        &payment.razorpay_signature
    ));
    // Another sandbox (another secret) does not accept it.
    let other = a_sandbox();
    assert!(!other.verify_checkout_signature(
        &order.id,
        &payment.razorpay_payment_id,
        &payment.razorpay_signature
    ));
    // Nor does it verify for another order.
    let second = sandbox
        .create_order(Paise::from_stored(100), "rcpt-2")
        .await
        .unwrap();
    assert_ne!(second.id, order.id);
    assert!(!sandbox.verify_checkout_signature(
        &second.id,
        &payment.razorpay_payment_id,
        &payment.razorpay_signature
    ));
}

#[test]
fn the_sandbox_pays_only_its_own_order_ids() {
    let sandbox = a_sandbox();
    for bad in ["order_9A33XWu170gUtm", "order_sbx_", "order_sbx_xyz", ""] {
        assert!(
            matches!(
                sandbox.pay(bad),
                Err(PaymentError::Rejected { status: 400, .. })
            ),
            "{bad:?}"
        );
    }
}

#[tokio::test]
async fn a_refund_is_kept_in_the_ledger_and_the_first_one_under_a_key_stands() {
    let earlier = SandboxRefund {
        payment_id: "pay_sbx_1".into(),
        idempotency_key: "refund-pay_sbx_1".into(),
        refund: paduka_application::checkout::RefundResult {
            id: "rfnd_sbx_earlier".into(),
            amount: Paise::from_stored(169_800),
            status: "processed".into(),
        },
    };
    let mut ledger = MockSandboxRefundLedger::new();
    let kept = earlier.clone();
    ledger
        .expect_keep()
        .withf(|refund| {
            refund.payment_id == "pay_sbx_1"
                && refund.idempotency_key == "refund-pay_sbx_1"
                && refund.refund.amount.paise() == 169_800
                && refund.refund.status == "processed"
                && refund.refund.id.starts_with("rfnd_sbx_")
        })
        .times(1)
        .returning(move |_| Ok(kept.clone()));
    let sandbox = SandboxGateway::with_random_secret(Arc::new(ledger));

    let refund = sandbox
        .refund("pay_sbx_1", Paise::from_stored(169_800), "refund-pay_sbx_1")
        .await
        .unwrap();
    assert_eq!(refund, earlier.refund, "what the ledger kept is the answer");
}

#[tokio::test]
async fn a_ledger_that_cannot_keep_the_refund_makes_it_unavailable() {
    let mut ledger = MockSandboxRefundLedger::new();
    ledger.expect_keep().returning(|_| {
        Err(paduka_application::RepoError::Unexpected(anyhow::anyhow!(
            "down"
        )))
    });
    let sandbox = SandboxGateway::with_random_secret(Arc::new(ledger));
    let refused = sandbox
        .refund("pay_sbx_1", Paise::from_stored(100), "refund-pay_sbx_1")
        .await;
    assert!(
        matches!(refused, Err(PaymentError::Unavailable(_))),
        "{refused:?}"
    );
}

#[test]
fn the_sandbox_names_itself() {
    let sandbox = a_sandbox();
    assert_eq!(sandbox.provider(), "sandbox");
    assert_eq!(sandbox.public_key(), "sandbox");
}
