//! The sandbox's refund ledger: one refund per idempotency key, whichever instance asks.

use paduka_application::checkout::{RefundResult, SandboxRefund, SandboxRefundLedger};
use paduka_domain::Paise;
use paduka_persistence::DieselSandboxRefundLedger;

use crate::helpers::TestDb;

crate::on_both_backends!(the_first_refund_under_a_key_stands_for_every_instance,);

fn refund(key: &str, id: &str, paise: i64) -> SandboxRefund {
    SandboxRefund {
        payment_id: format!("pay_for_{key}"),
        idempotency_key: key.to_owned(),
        refund: RefundResult {
            id: id.to_owned(),
            amount: Paise::from_stored(paise),
            status: "processed".to_owned(),
        },
    }
}

async fn the_first_refund_under_a_key_stands_for_every_instance(db: &TestDb) {
    let instance_a = DieselSandboxRefundLedger::new(db.db());
    let instance_b = DieselSandboxRefundLedger::new(db.db());
    assert!(instance_a.all().await.unwrap().is_empty());

    let first = refund("refund-pay_1", "rfnd_sbx_a", 169_800);
    assert_eq!(instance_a.keep(first.clone()).await.unwrap(), first);
    let retried_elsewhere = instance_b
        .keep(refund("refund-pay_1", "rfnd_sbx_b", 169_800))
        .await
        .unwrap();
    assert_eq!(
        retried_elsewhere, first,
        "the same refund, not a second one"
    );
    let other = refund("refund-pay_2", "rfnd_sbx_c", 100);
    instance_b.keep(other.clone()).await.unwrap();

    assert_eq!(instance_a.all().await.unwrap(), vec![first, other]);
}
