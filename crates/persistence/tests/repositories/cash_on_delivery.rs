//! Cash-on-delivery orders (decisions D8): the idempotency key, the open-order limit and the
//! last pair, under concurrency, on both backends.

use std::sync::Arc;

use paduka_application::orders::{
    CodTerms, NewOrder, OrderConflict, OrderRepository, PlaceError, Placement,
};
use paduka_domain::OrderId;
use paduka_domain::order::{OrderStatus, PaymentMethod};

use crate::helpers::{TestDb, assert_conflict, at};
use crate::orders::{new_order, place, set_by_admin, shop, take};

crate::on_both_backends!(
    the_same_idempotency_key_is_the_same_order,
    ten_parallel_orders_with_one_key_make_one,
    a_shopper_has_at_most_three_open_unpaid_orders,
    twenty_parallel_orders_for_the_last_pair_make_one,
    an_order_is_marked_paid_once_and_never_when_cancelled,
);

/// `new_order` paid in cash on delivery, with the key `key`.
pub(crate) fn cod_order(id: &str, key: Option<&str>, quantity: u32, seconds: i64) -> NewOrder {
    let mut order = new_order(id, &format!("cod_{id}"), quantity, seconds);
    order.provider_order_id = String::new();
    order.cod = Some(CodTerms {
        key: key.map(str::to_owned),
        max_open: 3,
    });
    order
}

async fn the_same_idempotency_key_is_the_same_order(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let first = place(
        &orders,
        &cod_order("o1", Some("key-1"), 1, 1),
        &[take("p1", 1)],
    )
    .await;
    assert_eq!(first.payment_method, PaymentMethod::Cod);
    assert!(!first.paid);
    assert_eq!(first.shown_payment_id(), None, "no payment id until paid");
    let again = orders
        .place(&cod_order("o2", Some("key-1"), 1, 2), &[take("p1", 1)])
        .await
        .unwrap();
    assert_eq!(again, Placement::Existing(first.clone()));
    let read = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(read, first, "reads back as placed");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        4,
        "stock taken once"
    );
    // Another key is another order.
    place(
        &orders,
        &cod_order("o3", Some("key-2"), 1, 3),
        &[take("p1", 1)],
    )
    .await;
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 2);
}

async fn ten_parallel_orders_with_one_key_make_one(db: &TestDb) {
    let orders = Arc::new(shop(db, 50, 5).await);
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let order = cod_order(&format!("o{i}"), Some("same"), 1, i);
                orders.place(&order, &[take("p1", 1)]).await
            })
        })
        .collect();
    let mut ids = Vec::new();
    for task in tasks {
        match task.await.unwrap().unwrap() {
            Placement::Placed { order, .. } | Placement::Existing(order) => ids.push(order.id),
        }
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "every call answers the one order");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        49
    );
}

async fn a_shopper_has_at_most_three_open_unpaid_orders(db: &TestDb) {
    let orders = Arc::new(shop(db, 50, 5).await);
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let order = cod_order(&format!("o{i}"), None, 1, i);
                orders.place(&order, &[take("p1", 1)]).await
            })
        })
        .collect();
    let (mut placed, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { .. }) => placed += 1,
            Err(PlaceError::TooManyCodOrders) => refused += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(
        (placed, refused),
        (3, 5),
        "three open at once, even in parallel"
    );

    // Delivered, paid or cancelled ones no longer count.
    let open: Vec<String> = (0..8)
        .map(|i| format!("o{i}"))
        .filter(|id| {
            db.count(&format!(
                "SELECT COUNT(*) AS n FROM orders WHERE id = '{id}'"
            )) == 1
        })
        .collect();
    set_by_admin(&orders, &open[0], OrderStatus::Delivered, 20).await;
    orders
        .mark_paid(&OrderId::new(&open[1]), at(21))
        .await
        .unwrap();
    orders
        .cancel(&OrderId::new(&open[2]), None, at(22))
        .await
        .unwrap();
    for i in 10..13 {
        place(
            &orders,
            &cod_order(&format!("o{i}"), None, 1, i),
            &[take("p1", 1)],
        )
        .await;
    }
    assert!(matches!(
        orders
            .place(&cod_order("o13", None, 1, 13), &[take("p1", 1)])
            .await,
        Err(PlaceError::TooManyCodOrders)
    ));
}

async fn twenty_parallel_orders_for_the_last_pair_make_one(db: &TestDb) {
    let orders = Arc::new(shop(db, 1, 5).await);
    let seed = crate::helpers::Seed::new(db);
    for i in 0..20 {
        seed.shopper(&format!("s{i}")).await;
    }
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let mut order = cod_order(&format!("o{i}"), Some("k"), 1, i);
                order.user.id = Some(paduka_domain::UserId::new(format!("s{i}")));
                orders.place(&order, &[take("p1", 1)]).await
            })
        })
        .collect();
    let (mut placed, mut out) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { .. }) => placed += 1,
            Err(PlaceError::OutOfStock { left: 0, .. }) => out += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!((placed, out), (1, 19));
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        0
    );
}

async fn an_order_is_marked_paid_once_and_never_when_cancelled(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let cod = place(&orders, &cod_order("o1", None, 1, 1), &[take("p1", 1)]).await;
    let paid = orders.mark_paid(&cod.id, at(5)).await.unwrap();
    assert!(paid.paid);
    assert_eq!(paid.shown_payment_id(), Some("cod_o1"));
    assert_eq!(paid.updated_at, at(5));
    assert_conflict(
        orders.mark_paid(&cod.id, at(6)).await,
        OrderConflict::AlreadyPaid,
    );

    let online = place(&orders, &new_order("o2", "pay_2", 1, 2), &[take("p1", 1)]).await;
    assert_conflict(
        orders.mark_paid(&online.id, at(6)).await,
        OrderConflict::AlreadyPaid,
    );

    let cancelled = place(&orders, &cod_order("o3", None, 1, 3), &[take("p1", 1)]).await;
    orders.cancel(&cancelled.id, None, at(7)).await.unwrap();
    assert_conflict(
        orders.mark_paid(&cancelled.id, at(8)).await,
        OrderConflict::Cancelled,
    );
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        3,
        "the cancelled order's pair came back"
    );
}
