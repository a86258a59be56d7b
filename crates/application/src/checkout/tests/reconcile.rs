use chrono::Duration;

use super::*;

/// The shopper's intent `id` for the cart, started `ago` before [`now`].
fn started(id: &str, ago: Duration) -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: id.into(),
        receipt: format!("rcpt-{id}"),
        created_at: now() - ago,
        ..intent()
    }
}

#[tokio::test]
async fn reconciling_places_the_order_of_a_captured_payment_nobody_reported() {
    let bare = CheckoutIntent {
        lines: vec![],
        ..started("order_B", Duration::hours(1))
    };
    let shop = Shop::new().with_intents(vec![
        started("order_old", Duration::days(2)),
        started("order_A", Duration::hours(1)),
        bare,
        // Its shopper may still be in the checkout window.
        started("order_now", Duration::minutes(1)),
    ]);
    let failed_then_paid = vec![payment("pay_0", false), payment("pay_1", true)];
    shop.gateway.has_payments("order_A", failed_then_paid);
    let since = now() - Duration::days(1);
    let done = shop.checkout().reconcile(since).await.unwrap();
    assert_eq!(
        done,
        Reconciliation {
            checked: 1,
            placed: 1,
            refunded: 0,
            failed: 0,
        }
    );
    // Only the intent with a cart, started in the window, is asked about; only the captured
    // payment is the money.
    assert_eq!(shop.gateway.payments_asked(), ["order_A"]);
    let (new, _) = shop.placed();
    assert_eq!(
        (new.payment_id.as_str(), new.provider_order_id.as_str()),
        ("pay_1", "order_A")
    );
    assert_eq!(shop.mailer.sent().len(), 1);
}

#[tokio::test]
async fn reconciling_counts_what_the_provider_could_not_answer_and_goes_on() {
    let shop = Shop::new().with_intents(vec![
        started("order_A", Duration::hours(2)),
        started("order_C", Duration::hours(1)),
    ]);
    shop.gateway.cannot_answer_about("order_A");
    let done = (shop.checkout().reconcile(now() - Duration::days(1)).await).unwrap();
    assert_eq!((done.checked, done.placed, done.failed), (2, 0, 1));
    assert_eq!(shop.gateway.payments_asked(), ["order_A", "order_C"]);
}
