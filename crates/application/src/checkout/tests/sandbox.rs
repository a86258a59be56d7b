//! The sandbox's Pay button, over a mocked sandbox payer: what it is asked to pay is the
//! point of these tests.

use super::*;
use crate::testing::{assert_refused, shopper};

fn sandbox(intents: Vec<CheckoutIntent>, payer: MockSandboxPayer) -> SandboxService {
    let intents = Arc::new(FakeOrders::with_intents(intents));
    SandboxService::new(Arc::new(payer), intents)
}

#[tokio::test]
async fn the_sandbox_pays_only_the_caller_s_own_payment_orders() {
    let mut payer = MockSandboxPayer::new();
    payer
        .expect_pay()
        .withf(|order| order == "order_A")
        .times(1)
        .returning(|order| {
            Ok(SandboxPayment {
                razorpay_order_id: order.into(),
                razorpay_payment_id: "pay_sbx_1".into(),
                razorpay_signature: sign(order, "pay_sbx_1"),
            })
        });
    let service = sandbox(vec![intent(), foreign_intent()], payer);
    let paid = service.pay(&shopper(), " order_A ").await.unwrap();
    assert_eq!(paid.razorpay_payment_id, "pay_sbx_1");
    for someone_elses_or_unknown in ["order_F", "order_Z"] {
        let refused = service.pay(&shopper(), someone_elses_or_unknown).await;
        assert!(
            matches!(refused, Err(CheckoutError::PaymentOrderNotFound)),
            "{someone_elses_or_unknown}"
        );
    }
}

#[tokio::test]
async fn an_order_the_sandbox_refuses_to_pay_is_not_found() {
    let mut payer = MockSandboxPayer::new();
    payer.expect_pay().returning(|_| {
        Err(PaymentError::Rejected {
            status: 400,
            message: "not a sandbox order id".into(),
        })
    });
    let refused = sandbox(vec![intent()], payer)
        .pay(&shopper(), "order_A")
        .await;
    assert_refused!(refused, CheckoutError::PaymentOrderNotFound);
}
