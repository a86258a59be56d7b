//! Store credit (decisions D23): grants once per key, newest first, and orders spending one
//! balance in parallel, on both backends: the balance never below 0, every rupee accounted
//! for, and an order's credit given back once when it ends.

use std::sync::Arc;

use paduka_application::RepoError;
use paduka_application::credit::{CreditGrant, StoreCreditRepository};
use paduka_application::orders::{OrderCredit, OrderRepository, PlaceError};
use paduka_domain::credit::CreditReason;
use paduka_domain::order::{CourierEvent, OrderStatus};
use paduka_domain::{OrderId, UserId};
use paduka_persistence::{DieselOrderRepository, DieselStoreCreditRepository};

use crate::cash_on_delivery::cod_order;
use crate::helpers::{TestDb, at};
use crate::orders::{new_order, place, shop, take};
use crate::shipping::{ship, track};

crate::on_both_backends!(
    a_grant_counts_once_per_key_and_entries_read_newest_first,
    twenty_parallel_orders_spend_the_same_credit_at_most_once,
    cancelling_gives_an_orders_credit_back_once,
    a_return_to_origin_gives_the_credit_back_once,
);

fn u1() -> UserId {
    UserId::new("u1")
}

fn credit_of(db: &TestDb) -> DieselStoreCreditRepository {
    DieselStoreCreditRepository::new(db.db())
}

async fn give(credit: &DieselStoreCreditRepository, rupees: i64, reference: &str) -> bool {
    let grant = CreditGrant {
        user: u1(),
        amount_rupees: rupees,
        reason: CreditReason::Adjustment {
            reference: reference.to_owned(),
        },
        at: at(1),
    };
    credit.grant(&grant).await.unwrap()
}

/// The ledger's sum for `u1`, and the sum of the credit its orders used.
fn sums(db: &TestDb) -> (i64, i64) {
    (
        db.count("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS n FROM store_credit_entries WHERE user_id = 'u1'"),
        db.count("SELECT CAST(COALESCE(SUM(credit_used), 0) AS BIGINT) AS n FROM orders"),
    )
}

async fn a_grant_counts_once_per_key_and_entries_read_newest_first(db: &TestDb) {
    shop(db, 5, 5).await;
    let credit = credit_of(db);
    assert_eq!(credit.balance(&u1()).await.unwrap(), 0, "never had credit");
    assert!(give(&credit, 300, "welcome").await);
    assert!(!give(&credit, 300, "welcome").await, "the same key again");
    assert!(!give(&credit, 0, "nothing").await, "nothing to give");
    let refund = CreditGrant {
        user: u1(),
        amount_rupees: 200,
        reason: CreditReason::ReturnRefund {
            order: OrderId::new("o9"),
            return_id: "ret-1".to_owned(),
        },
        at: at(5),
    };
    assert!(credit.grant(&refund).await.unwrap());
    assert!(
        !credit.grant(&refund).await.unwrap(),
        "a return is refunded once"
    );
    let statement = credit.statement(&u1()).await.unwrap();
    assert_eq!(statement.balance_rupees, 500);
    let read: Vec<_> = (statement.entries.iter())
        .map(|e| {
            (
                e.amount_rupees,
                e.reason.as_str(),
                e.order.clone(),
                e.return_id.as_deref(),
                e.at,
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (
                200,
                "return_refund",
                Some(OrderId::new("o9")),
                Some("ret-1"),
                at(5)
            ),
            (300, "adjustment", None, None, at(1)),
        ]
    );
    let stranger = CreditGrant {
        user: UserId::new("nobody"),
        ..refund
    };
    assert!(matches!(
        credit.grant(&stranger).await,
        Err(RepoError::NotFound)
    ));
}

async fn twenty_parallel_orders_spend_the_same_credit_at_most_once(db: &TestDb) {
    let orders = Arc::new(shop(db, 50, 5).await);
    let credit = credit_of(db);
    give(&credit, 500, "welcome").await;
    // Ten online orders agreed ₹150 each; ten cash-on-delivery ones take what is left.
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let mut order = if i % 2 == 0 {
                    let mut order = new_order(&format!("o{i}"), &format!("pay_{i}"), 1, i);
                    order.credit = OrderCredit::Exactly(150);
                    order
                } else {
                    let mut order = cod_order(&format!("o{i}"), None, 1, i);
                    order.cod.as_mut().unwrap().max_open = 100;
                    order.credit = OrderCredit::AsMuchAsAllowed;
                    order
                };
                order.amount_rupees = 900;
                orders.place(&order, &[take("p1", 1)]).await
            })
        })
        .collect();
    let (mut placed, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => placed += 1,
            Err(PlaceError::CreditChanged) => refused += 1,
            Err(other) => panic!("unexpected refusal {other:?}"),
        }
    }
    let balance = credit.balance(&u1()).await.unwrap();
    assert!(balance >= 0);
    let (ledger, used) = sums(db);
    assert_eq!(ledger, balance, "the entries add up to the balance");
    assert_eq!(used, 500 - balance, "what orders used is what was spent");
    assert_eq!(placed + refused, 20);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM orders"),
        placed,
        "a refused order wrote nothing"
    );
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        50 - placed,
        "a refused order took no stock"
    );
    // Every order's own entry is what it used.
    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM orders o WHERE o.credit_used > 0 AND NOT EXISTS \
             (SELECT 1 FROM store_credit_entries e WHERE e.order_id = o.id AND e.amount = -o.credit_used)"
        ),
        0
    );
    assert!(
        used <= 500 && placed >= 10,
        "cash on delivery is never refused for credit"
    );
}

async fn cancelling_gives_an_orders_credit_back_once(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let credit = credit_of(db);
    give(&credit, 500, "welcome").await;
    let mut order = new_order("o1", "pay_1", 1, 10);
    order.credit = OrderCredit::Exactly(300);
    let placed = place(&orders, &order, &[take("p1", 1)]).await;
    assert_eq!(placed.credit_used_rupees, 300);
    assert_eq!(placed.charged_rupees(), 600);
    let read = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(read.credit_used_rupees, 300, "reads back");
    assert_eq!(credit.balance(&u1()).await.unwrap(), 200);

    let mut more = new_order("o2", "pay_2", 1, 11);
    more.credit = OrderCredit::Exactly(300);
    let refused = orders.place(&more, &[take("p1", 1)]).await;
    assert!(
        matches!(refused, Err(PlaceError::CreditChanged)),
        "{refused:?}"
    );

    for _ in 0..2 {
        let cancelled = orders.cancel(&OrderId::new("o1"), Some(u1()), at(20)).await;
        assert_eq!(cancelled.unwrap().order.status, OrderStatus::Cancelled);
    }
    let statement = credit.statement(&u1()).await.unwrap();
    assert_eq!(statement.balance_rupees, 500, "given back once");
    let reasons: Vec<_> = (statement.entries.iter())
        .map(|e| (e.amount_rupees, e.reason.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [
            (300, "order_cancelled"),
            (-300, "order_paid"),
            (500, "adjustment")
        ]
    );
    assert_eq!(sums(db).0, 500);
}

async fn a_return_to_origin_gives_the_credit_back_once(db: &TestDb) {
    let orders: DieselOrderRepository = shop(db, 5, 5).await;
    let credit = credit_of(db);
    give(&credit, 500, "welcome").await;
    let mut order = cod_order("o1", None, 1, 10);
    order.credit = OrderCredit::AsMuchAsAllowed;
    order.amount_rupees = 400;
    let placed = place(&orders, &order, &[take("p1", 1)]).await;
    assert_eq!(placed.credit_used_rupees, 399, "all but a rupee");
    assert_eq!(placed.to_collect_rupees(), 1);
    ship(&orders, "o1", 20).await;
    track(&orders, "o1", CourierEvent::ReturnedToOrigin, 30)
        .await
        .unwrap();
    let again = track(&orders, "o1", CourierEvent::ReturnedToOrigin, 30).await;
    assert!(again.is_err() || again.is_ok_and(|t| t.repeated));
    let refused = orders.cancel(&OrderId::new("o1"), Some(u1()), at(40)).await;
    assert!(
        refused.is_err()
            || refused.is_ok_and(
                |c| c.already_cancelled || c.order.status == OrderStatus::ReturnedToOrigin
            )
    );
    let statement = credit.statement(&u1()).await.unwrap();
    assert_eq!(statement.balance_rupees, 500);
    assert_eq!(
        (
            statement.entries[0].amount_rupees,
            statement.entries[0].reason.as_str()
        ),
        (399, "returned_to_origin")
    );
    assert_eq!(statement.entries.len(), 3);
}
