use std::sync::Arc;

use paduka_application::RepoError;
use paduka_application::accounts::UserRepository;
use paduka_application::checkout::{
    CartLine, CheckoutIntent, CheckoutIntentRepository, IntentConflict, IntentRefund,
    WebhookEventRepository,
};
use paduka_application::orders::{
    NewOrder, NewOrderLine, OrderRepository, PlaceError, Placement, StockChange,
};
use paduka_domain::order::OrderLine;
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise, Percent, ProductId, State, UserId};
use paduka_persistence::{
    DieselCheckoutIntentRepository, DieselOrderRepository, DieselUserRepository,
    DieselWebhookEventRepository,
};

use crate::helpers::{Seed, TestDb, UserBuilder, assert_conflict, assert_not_found, at};

crate::on_both_backends!(
    an_intent_reads_back_with_its_lines_in_order,
    a_taken_provider_order_id_or_receipt_is_a_conflict,
    recent_intents_are_newest_first_and_limited,
    a_refund_claim_is_recorded_once_and_blocks_the_order,
    an_honoured_payment_cannot_be_claimed_for_a_refund,
    a_refund_claim_and_a_placement_racing_let_exactly_one_win,
    webhook_events_are_recorded_once,
    an_intent_outlives_its_shopper_s_account,
    intents_left_unsettled_are_found_for_reconciling,
    the_migration_to_outliving_intents_keeps_every_intent_and_line,
);

struct Shop {
    intents: DieselCheckoutIntentRepository,
    orders: DieselOrderRepository,
}

impl Shop {
    async fn save(&self, intent: &CheckoutIntent) {
        let saved = self.intents.save(intent).await;
        saved.expect("the intent is saved");
    }

    /// `order_1` saved at 10 s, and its refund claimed for `pay_1` at 20 s.
    async fn claimed_intent(&self) {
        self.save(&intent("order_1", "rcpt_1", 10)).await;
        let claim = self.intents.claim_refund("order_1", "pay_1", at(20));
        claim.await.expect("the refund is claimed");
    }
}

/// Users `admin` and `u1` ("Asha"), and the product `p1` with 50 in stock.
async fn shop(db: &TestDb) -> Shop {
    let seed = Seed::new(db);
    seed.a_boot(50).await;
    seed.user(UserBuilder::shopper("u1").named("Asha").build())
        .await;
    Shop {
        intents: DieselCheckoutIntentRepository::new(db.db()),
        orders: DieselOrderRepository::new(db.db()),
    }
}

fn cart_line(product: &str, variant: u32, quantity: u32) -> CartLine {
    CartLine {
        product: ProductId::new(product),
        variant,
        quantity,
    }
}

fn intent(id: &str, receipt: &str, seconds: i64) -> CheckoutIntent {
    CheckoutIntent {
        provider_order_id: id.to_owned(),
        receipt: receipt.to_owned(),
        user: Some(UserId::new("u1")),
        lines: vec![cart_line("p2", 0, 1), cart_line("p1", 2, 3)],
        address: "12 MG Road, Bengaluru".to_owned(),
        pincode: "560001".to_owned(),
        amount_rupees: 3600,
        credit_used_rupees: 0,
        coupon: None,
        state: Some(State::Karnataka),
        created_at: at(seconds),
        refund: None,
    }
}

fn new_order(id: &str, payment: &str, provider_order_id: &str) -> NewOrder {
    NewOrder {
        id: OrderId::new(id),
        user: UserRef::new(UserId::new("u1"), "Asha"),
        address: "12 MG Road, Bengaluru".to_owned(),
        pincode: "560001".to_owned(),
        state: State::Karnataka,
        invoice_prefix: Default::default(),
        amount_rupees: 900,
        credit: Default::default(),
        payment_id: payment.to_owned(),
        provider_order_id: provider_order_id.to_owned(),
        lines: vec![NewOrderLine {
            line: OrderLine {
                product: ProductId::new("p1"),
                name: "Boot".to_owned(),
                category_name: "Boots".to_owned(),
                variant_label: None,
                color: String::new(),
                unit_price: Paise::from_rupees(1000).unwrap(),
                discount: Percent::new(10).unwrap(),
                sale_price: Paise::from_rupees(900).unwrap(),
                quantity: 1,
                tax: None,
                held_by_returns: 0,
            },
            variant_index: 0,
        }],
        actor: None,
        whatsapp: false,
        at: at(100),
        charge: Default::default(),
        coupon: None,
        cod: None,
        low_stock_threshold: 0,
    }
}

fn take_one() -> [StockChange; 1] {
    [StockChange {
        product: ProductId::new("p1"),
        variant: None,
        name: "Boot".to_owned(),
        size: None,
        quantity: 1,
    }]
}

async fn an_intent_reads_back_with_its_lines_in_order(db: &TestDb) {
    let shop = shop(db).await;
    let saved = intent("order_1", "rcpt_1", 10);
    shop.save(&saved).await;
    assert_eq!(
        shop.intents.find("order_1").await.unwrap(),
        Some(saved.clone())
    );
    assert_eq!(shop.intents.find("order_none").await.unwrap(), None);

    let mut bare = intent("order_2", "rcpt_2", 20);
    bare.lines.clear();
    bare.address.clear();
    bare.pincode.clear();
    shop.save(&bare).await;
    assert_eq!(shop.intents.find("order_2").await.unwrap(), Some(bare));
}

async fn a_taken_provider_order_id_or_receipt_is_a_conflict(db: &TestDb) {
    let shop = shop(db).await;
    shop.save(&intent("order_1", "rcpt_1", 10)).await;
    assert_conflict(
        shop.intents.save(&intent("order_1", "rcpt_2", 20)).await,
        IntentConflict::DuplicateIntent,
    );
    assert_conflict(
        shop.intents.save(&intent("order_2", "rcpt_1", 20)).await,
        IntentConflict::DuplicateIntent,
    );
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM checkout_intent_lines"),
        2,
        "a refused intent leaves no lines"
    );
}

async fn recent_intents_are_newest_first_and_limited(db: &TestDb) {
    let shop = shop(db).await;
    for i in 0..4 {
        shop.intents
            .save(&intent(&format!("order_{i}"), &format!("rcpt_{i}"), i))
            .await
            .unwrap();
    }
    let mut other = intent("order_admin", "rcpt_admin", 99);
    other.user = Some(UserId::new("admin"));
    shop.save(&other).await;

    let recent = shop
        .intents
        .recent_for_user(&UserId::new("u1"), 3)
        .await
        .unwrap();
    let ids: Vec<&str> = recent
        .iter()
        .map(|i| i.provider_order_id.as_str())
        .collect();
    assert_eq!(ids, ["order_3", "order_2", "order_1"]);
    assert!(recent.iter().all(|i| i.lines.len() == 2), "lines included");
    assert!(
        shop.intents
            .recent_for_user(&UserId::new("nobody"), 3)
            .await
            .unwrap()
            .is_empty()
    );
}

async fn a_refund_claim_is_recorded_once_and_blocks_the_order(db: &TestDb) {
    let shop = shop(db).await;
    shop.claimed_intent().await;
    let claimed = IntentRefund {
        payment_id: "pay_1".to_owned(),
        refund_id: None,
        claimed_at: at(20),
    };
    let found = shop.intents.find("order_1").await.unwrap().unwrap();
    assert_eq!(found.refund, Some(claimed.clone()));

    shop.intents
        .claim_refund("order_1", "pay_1", at(30))
        .await
        .expect("claiming again is idempotent");
    let found = shop.intents.find("order_1").await.unwrap().unwrap();
    assert_eq!(found.refund, Some(claimed), "the first claim is kept");

    shop.intents
        .record_refund("order_1", "rfnd_1")
        .await
        .unwrap();
    let found = shop.intents.find("order_1").await.unwrap().unwrap();
    assert_eq!(
        found.refund,
        Some(IntentRefund {
            payment_id: "pay_1".to_owned(),
            refund_id: Some("rfnd_1".to_owned()),
            claimed_at: at(20),
        })
    );
    shop.intents
        .claim_refund("order_1", "pay_1", at(40))
        .await
        .unwrap();
    assert_eq!(
        shop.intents.find("order_1").await.unwrap().unwrap().refund,
        found.refund,
        "a recorded refund id survives a repeated claim"
    );

    let error = shop
        .orders
        .place(&new_order("o1", "pay_1", "order_1"), &take_one())
        .await
        .unwrap_err();
    assert!(matches!(error, PlaceError::Refunded), "{error:?}");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 0);

    shop.save(&intent("order_2", "rcpt_2", 10)).await;
    assert_conflict(
        shop.intents.record_refund("order_2", "rfnd_2").await,
        IntentConflict::NoClaim,
    );
    assert_eq!(
        shop.intents.find("order_2").await.unwrap().unwrap().refund,
        None
    );

    assert_not_found(
        shop.intents
            .claim_refund("order_none", "pay_1", at(50))
            .await,
    );
    assert_not_found(shop.intents.record_refund("order_none", "rfnd_2").await);
}

async fn an_honoured_payment_cannot_be_claimed_for_a_refund(db: &TestDb) {
    let shop = shop(db).await;
    shop.save(&intent("order_1", "rcpt_1", 10)).await;
    shop.save(&intent("order_2", "rcpt_2", 10)).await;
    shop.orders
        .place(&new_order("o1", "pay_1", "order_1"), &take_one())
        .await
        .unwrap();

    assert_conflict(
        shop.intents.claim_refund("order_2", "pay_1", at(20)).await,
        IntentConflict::OrderPlaced,
    );
    assert_conflict(
        shop.intents
            .claim_refund("order_1", "pay_other", at(20))
            .await,
        IntentConflict::OrderPlaced,
    );
    for id in ["order_1", "order_2"] {
        assert_eq!(shop.intents.find(id).await.unwrap().unwrap().refund, None);
    }
}

async fn a_refund_claim_and_a_placement_racing_let_exactly_one_win(db: &TestDb) {
    let shop = Arc::new(shop(db).await);
    for round in 0..8 {
        let id = format!("order_{round}");
        let payment = format!("pay_{round}");
        shop.intents
            .save(&intent(&id, &format!("rcpt_{round}"), round))
            .await
            .unwrap();
        let claim = {
            let (shop, id, payment) = (Arc::clone(&shop), id.clone(), payment.clone());
            tokio::spawn(async move { shop.intents.claim_refund(&id, &payment, at(50)).await })
        };
        let place = {
            let (shop, id, payment) = (Arc::clone(&shop), id.clone(), payment.clone());
            tokio::spawn(async move {
                shop.orders
                    .place(&new_order(&format!("o{round}"), &payment, &id), &take_one())
                    .await
            })
        };
        let claimed = claim.await.unwrap();
        let placed = place.await.unwrap();
        match (claimed, placed) {
            (Ok(()), Err(PlaceError::Refunded)) => {
                assert!(
                    shop.orders
                        .find_by_payment(&payment)
                        .await
                        .unwrap()
                        .is_none()
                );
            }
            (
                Err(RepoError::Conflict(IntentConflict::OrderPlaced)),
                Ok(Placement::Placed { .. }),
            ) => {
                let found = shop.intents.find(&id).await.unwrap().unwrap();
                assert_eq!(found.refund, None);
            }
            other => panic!("round {round}: both or neither won: {other:?}"),
        }
    }
}

async fn webhook_events_are_recorded_once(db: &TestDb) {
    let events = Arc::new(DieselWebhookEventRepository::new(db.db()));
    assert!(!events.is_handled("evt_1").await.unwrap());
    events.mark_handled("evt_1", at(10)).await.unwrap();
    assert!(events.is_handled("evt_1").await.unwrap());
    events
        .mark_handled("evt_1", at(20))
        .await
        .expect("recording twice is no error");
    assert!(!events.is_handled("evt_2").await.unwrap());

    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let events = Arc::clone(&events);
            tokio::spawn(async move { events.mark_handled("evt_3", at(i)).await })
        })
        .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert!(events.is_handled("evt_3").await.unwrap());
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM payment_events"), 2);
}

async fn an_intent_outlives_its_shopper_s_account(db: &TestDb) {
    let shop = shop(db).await;
    let saved = intent("order_1", "rcpt_1", 10);
    shop.save(&saved).await;
    DieselUserRepository::new(db.db())
        .delete(&UserId::new("u1"))
        .await
        .unwrap();

    let kept = shop.intents.find("order_1").await.unwrap();
    assert_eq!(
        kept,
        Some(CheckoutIntent {
            user: None,
            ..saved
        }),
        "the intent and its lines stay, without the account"
    );
    // Its payment can still be claimed for a refund and recorded.
    shop.intents
        .claim_refund("order_1", "pay_1", at(20))
        .await
        .unwrap();
    shop.intents
        .record_refund("order_1", "rfnd_1")
        .await
        .unwrap();
    let refund = shop.intents.find("order_1").await.unwrap().unwrap().refund;
    assert_eq!(refund.unwrap().refund_id.as_deref(), Some("rfnd_1"));
}

async fn intents_left_unsettled_are_found_for_reconciling(db: &TestDb) {
    let shop = shop(db).await;
    for (id, seconds) in [
        ("order_old", 5),
        ("order_placed", 20),
        ("order_refunded", 30),
        ("order_open_b", 50),
        ("order_open_a", 40),
        ("order_new", 90),
    ] {
        shop.intents
            .save(&intent(id, &format!("rcpt_{id}"), seconds))
            .await
            .unwrap();
    }
    shop.orders
        .place(&new_order("o1", "pay_1", "order_placed"), &take_one())
        .await
        .unwrap();
    shop.intents
        .claim_refund("order_refunded", "pay_2", at(35))
        .await
        .unwrap();

    let open = shop.intents.unsettled(at(10), at(90), 10).await.unwrap();
    let ids: Vec<&str> = open.iter().map(|i| i.provider_order_id.as_str()).collect();
    assert_eq!(ids, ["order_open_a", "order_open_b"], "oldest first");
    assert!(open.iter().all(|i| i.lines.len() == 2), "lines included");
    let first = shop.intents.unsettled(at(10), at(90), 1).await.unwrap();
    assert_eq!(first.len(), 1);
}

/// The migration that lets an intent outlive its user's account.
const OUTLIVING_INTENTS: &str = "2025-11-24-000100";

/// The rebuild of the intent tables on SQLite (and the altered reference on PostgreSQL)
/// carries every stored intent and line across, and the reverse keeps the ones with an
/// account.
async fn the_migration_to_outliving_intents_keeps_every_intent_and_line(db: &TestDb) {
    let shop = shop(db).await;
    shop.claimed_intent().await;
    db.revert_through(OUTLIVING_INTENTS);
    db.db().run_migrations().unwrap();
    let back = shop.intents.find("order_1").await.unwrap().unwrap();
    assert_eq!(back.lines.len(), 2);
    assert_eq!(back.refund.map(|r| r.payment_id), Some("pay_1".to_owned()));

    db.execute("DELETE FROM users WHERE id = 'u1'");
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM checkout_intent_lines"),
        2
    );
    db.revert_through(OUTLIVING_INTENTS);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM checkout_intents"),
        0,
        "an intent without an account cannot go back to a required user"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM checkout_intent_lines"),
        0
    );
    db.db().run_migrations().unwrap();
}
