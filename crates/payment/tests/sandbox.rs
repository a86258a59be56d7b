//! The offline sandbox: local order ids, a pay-sign-verify round trip, local refunds.

use paduka_application::checkout::{PaymentError, PaymentGateway, SandboxPayer};
use paduka_domain::Paise;
use paduka_payment::SandboxGateway;

#[tokio::test]
async fn a_sandbox_order_paid_on_the_sandbox_page_verifies() {
    let sandbox = SandboxGateway::with_random_secret();
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
    let other = SandboxGateway::with_random_secret();
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
    let sandbox = SandboxGateway::with_random_secret();
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
async fn sandbox_refunds_are_recorded_once_per_idempotency_key() {
    let sandbox = SandboxGateway::with_random_secret();
    let first = sandbox
        .refund("pay_sbx_1", Paise::from_stored(169_800), "refund-pay_sbx_1")
        .await
        .unwrap();
    let again = sandbox
        .refund("pay_sbx_1", Paise::from_stored(169_800), "refund-pay_sbx_1")
        .await
        .unwrap();
    assert_eq!(first, again);
    assert_eq!(first.status, "processed");
    assert!(first.id.starts_with("rfnd_sbx_"));
    let refunds = sandbox.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].payment_id, "pay_sbx_1");
    assert_eq!(refunds[0].refund.amount.paise(), 169_800);
}

#[test]
fn the_sandbox_names_itself() {
    let sandbox = SandboxGateway::with_random_secret();
    assert_eq!(sandbox.provider(), "sandbox");
    assert_eq!(sandbox.public_key(), "sandbox");
}
