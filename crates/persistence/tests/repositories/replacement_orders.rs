//! The replacement order of a size exchange (decisions D24), made in the pickup's
//! transaction, once, on both backends.

use std::sync::Arc;

use paduka_application::RepoError;
use paduka_application::orders::{OrderConflict, OrderRepository};
use paduka_application::returns::{ReturnRepository, Stepped};
use paduka_domain::order::{OrderStatus, PaymentMethod};
use paduka_domain::returns::{ReturnStatus, ReturnStep};
use paduka_domain::{OrderId, Paise, Percent, ReturnId, UserId};
use paduka_persistence::DieselReturnRepository;

use crate::helpers::{TestDb, at};
use crate::returns::{ask, delivered, exchange, refund};
use crate::stock_and_coupons::{runner_stock, sized_shop};

crate::on_both_backends!(
    a_pickup_asked_ten_times_at_once_makes_one_replacement_order_and_takes_no_stock,
    a_return_of_refunds_only_makes_no_replacement_order,
    a_pickup_without_its_replacement_s_id_changes_nothing,
);

async fn approved(returns: &DieselReturnRepository) {
    let id = ReturnId::new("r1");
    let step = returns.step(&id, ReturnStep::Approve, None, None, at(250));
    step.await.expect("approved");
}

async fn a_pickup_asked_ten_times_at_once_makes_one_replacement_order_and_takes_no_stock(
    db: &TestDb,
) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    // Three UK 7 at ₹2,000 less 10 %; two of them for UK 9, one for the money.
    delivered(&orders, "o1", 3).await;
    let returns = Arc::new(DieselReturnRepository::new(db.db()));
    let new = ask("o1", "r1", vec![exchange(2, 2), refund(1)]);
    returns.request(&new).await.unwrap();
    approved(&returns).await;
    let stock = (vec![Some(1), Some(1), Some(4)], 6);
    assert_eq!(runner_stock(db).await, stock, "the request took the UK 9s");

    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let returns = Arc::clone(&returns);
            tokio::spawn(async move {
                let (id, order) = (ReturnId::new("r1"), OrderId::new(format!("x{i}")));
                returns.pick_up(&id, &order, None, at(300)).await
            })
        })
        .collect();
    let mut moved = 0;
    let mut named = Vec::new();
    for task in tasks {
        let Stepped { ret, moved: now } = task.await.unwrap().expect("picked up");
        assert_eq!(ret.status, ReturnStatus::PickedUp);
        moved += usize::from(now);
        named.push(ret.replacement_order_id.expect("the replacement's id"));
    }
    assert_eq!(moved, 1);
    let id = named[0].clone();
    assert!(
        named.iter().all(|n| *n == id),
        "every answer names the one order: {named:?}"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM orders WHERE replaces = 'o1'"),
        1
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 2);
    assert_eq!(runner_stock(db).await, stock, "no stock taken again");

    let first = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    let made = orders.find(&id).await.unwrap().expect("stored");
    assert_eq!(made.replaces, Some(OrderId::new("o1")));
    assert_eq!((made.amount_rupees, made.subtotal_rupees()), (0, 0));
    assert_eq!((made.coupon.clone(), made.credit_used_rupees), (None, 0));
    assert_eq!(made.payment_method, PaymentMethod::Online);
    assert!(made.paid);
    assert_eq!(made.invoice_no, None);
    assert_eq!(made.payment_id, "exchange_r1");
    assert_eq!(made.status, OrderStatus::Confirmed);
    assert_eq!(made.created_at, at(300));
    assert_eq!(
        (&made.user, &made.address, &made.pincode, made.state),
        (&first.user, &first.address, &first.pincode, first.state)
    );
    // The two pairs in UK 9 at the first order's price and terms.
    assert_eq!(made.lines.len(), 1);
    let line = &made.lines[0];
    assert_eq!(
        (
            line.name.as_str(),
            line.variant_label.as_deref(),
            line.quantity
        ),
        ("Runner", Some("UK 9"), 2)
    );
    assert_eq!(
        (line.unit_price, line.discount, &line.tax),
        (
            Paise::from_rupees(2000).unwrap(),
            Percent::new(10).unwrap(),
            &first.lines[0].tax
        )
    );
    assert_eq!(made.declared_value_rupees(), 3600);
    let history = orders.history(&id).await.unwrap();
    let statuses: Vec<OrderStatus> = history.iter().map(|c| c.status).collect();
    assert_eq!(statuses, [OrderStatus::Confirmed]);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM order_lines WHERE variant_index = 2"),
        1,
        "the new size's index is stored"
    );
    let shoppers = orders.for_user(&UserId::new("u1")).await.unwrap();
    assert_eq!(shoppers.len(), 2);

    // Never cancelled, and nothing goes back to stock for trying.
    let cancel = orders.cancel(&id, Some(UserId::new("u1")), at(400)).await;
    assert!(
        matches!(cancel, Err(RepoError::Conflict(OrderConflict::Replacement))),
        "{cancel:?}"
    );
    assert_eq!(runner_stock(db).await, stock);
    let found = returns.find(&ReturnId::new("r1")).await.unwrap().unwrap();
    assert_eq!(found.replacement_order_id, Some(id));
}

async fn a_return_of_refunds_only_makes_no_replacement_order(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    delivered(&orders, "o1", 2).await;
    let returns = DieselReturnRepository::new(db.db());
    returns
        .request(&ask("o1", "r1", vec![refund(2)]))
        .await
        .unwrap();
    approved(&returns).await;
    let picked = returns
        .pick_up(&ReturnId::new("r1"), &OrderId::new("x1"), None, at(300))
        .await
        .unwrap();
    assert!(picked.moved);
    assert_eq!(picked.ret.status, ReturnStatus::PickedUp);
    assert_eq!(picked.ret.replacement_order_id, None);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
}

async fn a_pickup_without_its_replacement_s_id_changes_nothing(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    delivered(&orders, "o1", 1).await;
    let returns = DieselReturnRepository::new(db.db());
    returns
        .request(&ask("o1", "r1", vec![exchange(1, 1)]))
        .await
        .unwrap();
    approved(&returns).await;
    let id = ReturnId::new("r1");
    let plain = returns
        .step(&id, ReturnStep::PickUp, None, None, at(300))
        .await;
    assert!(matches!(plain, Err(RepoError::Unexpected(_))), "{plain:?}");
    let found = returns.find(&id).await.unwrap().unwrap();
    assert_eq!(found.status, ReturnStatus::Approved, "rolled back");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
}
