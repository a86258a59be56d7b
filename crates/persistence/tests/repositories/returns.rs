//! Returns (decisions D24): the request's transaction and each step, under concurrency, on
//! both backends.

use std::sync::Arc;

use chrono::Duration;
use paduka_application::RepoError;
use paduka_application::credit::StoreCreditRepository;
use paduka_application::orders::{NewOrder, OrderRepository};
use paduka_application::returns::{NewReturn, ReturnConflict, ReturnRepository, Stepped};
use paduka_domain::order::OrderStatus;
use paduka_domain::returns::{Qc, RequestedLine, ReturnStatus, ReturnStep};
use paduka_domain::{OrderId, Paise, ReturnId, UserId};
use paduka_persistence::{
    DieselOrderRepository, DieselReturnRepository, DieselStoreCreditRepository,
};

use crate::helpers::{Seed, TestDb, UserBuilder, assert_not_found, at};
use crate::orders::{line, new_order, place, set_by_admin};
use crate::stock_and_coupons::{runner_stock, sized_shop, take_size};

crate::on_both_backends!(
    fifty_exchanges_racing_for_the_last_pair_of_a_size_make_one_return,
    every_step_taken_ten_times_at_once_changes_things_once,
    cancelling_gives_the_reserved_size_back_once,
    a_request_is_checked_against_the_order_inside_its_transaction,
);

/// An order `id` by `u1` of `quantity` pairs of `p3` in UK 7 at ₹2,000 less 10 %, delivered
/// by hand at `at(100)`.
pub(crate) async fn delivered(orders: &DieselOrderRepository, id: &str, quantity: u32) {
    let mut order: NewOrder = new_order(id, &format!("pay_{id}"), quantity, 0);
    let mut runner = line("p3", "Runner", 2000, quantity);
    runner.line.variant_label = Some("UK 7".to_owned());
    runner.variant_index = 0;
    order.lines = vec![runner];
    order.amount_rupees = 1800 * i64::from(quantity);
    place(orders, &order, &[take_size(0, quantity)]).await;
    set_by_admin(orders, id, OrderStatus::Delivered, 100).await;
}

pub(crate) fn ask(order: &str, id: &str, lines: Vec<RequestedLine>) -> NewReturn {
    NewReturn {
        id: ReturnId::new(id),
        order: OrderId::new(order),
        user: UserId::new("u1"),
        lines,
        window_days: 7,
        at: at(200),
    }
}

pub(crate) fn exchange(quantity: u32, size: u32) -> RequestedLine {
    RequestedLine::parse(0, quantity, "Too small", "exchange", Some(size)).unwrap()
}

pub(crate) fn refund(quantity: u32) -> RequestedLine {
    RequestedLine::parse(0, quantity, "Changed my mind", "refund", None).unwrap()
}

async fn fifty_exchanges_racing_for_the_last_pair_of_a_size_make_one_return(db: &TestDb) {
    let orders = sized_shop(db, 5, [50, 1, 6]).await;
    for i in 0..50 {
        delivered(&orders, &format!("o{i}"), 1).await;
    }
    let returns = Arc::new(DieselReturnRepository::new(db.db()));
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let returns = Arc::clone(&returns);
            tokio::spawn(async move {
                let new = ask(&format!("o{i}"), &format!("r{i}"), vec![exchange(1, 1)]);
                returns.request(&new).await
            })
        })
        .collect();
    let (mut made, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => made += 1,
            Err(RepoError::Conflict(ReturnConflict::OutOfStock { name, size, left })) => {
                assert_eq!(
                    (name.as_str(), size.as_deref(), left),
                    ("Runner", Some("UK 8"), 0)
                );
                refused += 1;
            }
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((made, refused), (1, 49));
    assert_eq!(runner_stock(db).await, (vec![Some(0), Some(0), Some(6)], 6));
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM returns"), 1);
    let number = db.count("SELECT MAX(number) AS n FROM returns");
    assert_eq!(number, 1, "refused requests take no number");
}

/// `step` taken ten times at once: how many moved it.
async fn ten_at_once(returns: &Arc<DieselReturnRepository>, step: ReturnStep) -> usize {
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let returns = Arc::clone(returns);
            tokio::spawn(async move {
                let id = ReturnId::new("r1");
                if step == ReturnStep::PickUp {
                    // With its replacement order's id, as every pickup is asked.
                    let replacement = OrderId::new(format!("x{i}"));
                    return returns.pick_up(&id, &replacement, None, at(300)).await;
                }
                returns.step(&id, step, None, None, at(300)).await
            })
        })
        .collect();
    let mut moved = 0;
    for task in tasks {
        let Stepped { ret, moved: now } = task.await.unwrap().expect("the step is taken");
        assert_eq!(ret.status, step.target());
        moved += usize::from(now);
    }
    moved
}

async fn every_step_taken_ten_times_at_once_changes_things_once(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    delivered(&orders, "o1", 3).await;
    let returns = Arc::new(DieselReturnRepository::new(db.db()));
    let new = ask("o1", "r1", vec![exchange(1, 2), refund(1)]);
    let ret = returns.request(&new).await.unwrap();
    assert_eq!(ret.number_text(), "RET-000001");
    assert_eq!(ret.status, ReturnStatus::Requested);
    // ₹5,400 over three pairs: ₹1,800 each; the exchange's is its value, not refunded.
    let amounts: Vec<i64> = ret.lines.iter().map(|l| l.amount.paise()).collect();
    assert_eq!(amounts, [180_000, 180_000]);
    assert_eq!(ret.refund_amount, Paise::from_stored(180_000));
    assert_eq!(ret.lines[0].new_size, Some((2, "UK 9".to_owned())));
    assert_eq!(runner_stock(db).await, (vec![Some(1), Some(1), Some(5)], 7));
    for step in [
        ReturnStep::Approve,
        ReturnStep::PickUp,
        ReturnStep::Receive(Qc::Passed),
    ] {
        assert_eq!(ten_at_once(&returns, step).await, 1, "{step:?}");
    }
    // Both returned pairs back to UK 7, once.
    assert_eq!(runner_stock(db).await, (vec![Some(3), Some(1), Some(5)], 9));
    let refused = returns
        .step(
            &ReturnId::new("r1"),
            ReturnStep::Cancel,
            None,
            None,
            at(400),
        )
        .await;
    let Err(RepoError::Conflict(ReturnConflict::Refused(refusal))) = refused else {
        panic!("expected a refusal, got {refused:?}");
    };
    assert_eq!(refusal.to_string(), "Return is Received");
    let credit = DieselStoreCreditRepository::new(db.db());
    let before = credit.balance(&UserId::new("u1")).await.unwrap();
    let done = returns
        .complete(
            &ReturnId::new("r1"),
            Some("rfnd_1".to_owned()),
            300,
            at(500),
        )
        .await
        .unwrap();
    assert!(done.moved);
    let again = returns
        .complete(
            &ReturnId::new("r1"),
            Some("rfnd_2".to_owned()),
            300,
            at(600),
        )
        .await
        .unwrap();
    assert!(!again.moved);
    assert_eq!(
        credit.balance(&UserId::new("u1")).await.unwrap(),
        before + 300,
        "the credit part is given once"
    );
    // The order was invoiced: the refunded line's credit note, first of its series.
    let note = again.ret.credit_note_no.clone().expect("a credit note");
    assert!(
        note.starts_with("CN/") && note.ends_with("/000001"),
        "{note}"
    );
    assert_eq!(done.ret.credit_note_no.as_deref(), Some(note.as_str()));
    assert_eq!(again.ret.refund_reference.as_deref(), Some("rfnd_1"));
    assert_eq!(again.ret.refunded_at, Some(at(500)));
    let statuses: Vec<&str> = again.ret.events.iter().map(|e| e.status.as_str()).collect();
    assert_eq!(
        statuses,
        [
            "Requested",
            "Approved",
            "Picked up",
            "Received",
            "Completed"
        ]
    );
    assert_eq!(again.ret.qc, Some(Qc::Passed));
}

async fn cancelling_gives_the_reserved_size_back_once(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    delivered(&orders, "o1", 2).await;
    let returns = Arc::new(DieselReturnRepository::new(db.db()));
    returns
        .request(&ask("o1", "r1", vec![exchange(2, 2)]))
        .await
        .unwrap();
    assert_eq!(runner_stock(db).await, (vec![Some(2), Some(1), Some(4)], 7));
    assert_eq!(ten_at_once(&returns, ReturnStep::Cancel).await, 1);
    assert_eq!(runner_stock(db).await, (vec![Some(2), Some(1), Some(6)], 9));
    // The pairs are free to be asked for again.
    let again = returns
        .request(&ask("o1", "r2", vec![refund(2)]))
        .await
        .unwrap();
    assert_eq!(again.number, 2);
    assert_eq!(again.refund_amount, Paise::from_stored(360_000));
}

async fn a_request_is_checked_against_the_order_inside_its_transaction(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    Seed::new(db)
        .user(UserBuilder::shopper("u2").named("Ravi").build())
        .await;
    delivered(&orders, "o1", 2).await;
    let returns = DieselReturnRepository::new(db.db());
    let refusal = |result: Result<_, RepoError<ReturnConflict>>| match result {
        Err(RepoError::Conflict(conflict)) => conflict,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let mut theirs = ask("o1", "r1", vec![refund(1)]);
    theirs.user = UserId::new("u2");
    assert_eq!(
        refusal(returns.request(&theirs).await),
        ReturnConflict::NotOwner
    );
    let too_many = returns.request(&ask("o1", "r1", vec![refund(3)])).await;
    assert_eq!(refusal(too_many).to_string(), "Nothing to return");
    let mut late = ask("o1", "r1", vec![refund(1)]);
    late.at = at(100) + Duration::days(7) + Duration::seconds(1);
    assert_eq!(
        refusal(returns.request(&late).await).to_string(),
        "Return window has closed"
    );
    assert_not_found(returns.request(&ask("nope", "r1", vec![refund(1)])).await);
    returns
        .request(&ask("o1", "r1", vec![refund(1)]))
        .await
        .unwrap();
    let second = returns.request(&ask("o1", "r2", vec![refund(2)])).await;
    assert_eq!(refusal(second).to_string(), "Nothing to return");
    returns
        .request(&ask("o1", "r2", vec![refund(1)]))
        .await
        .unwrap();
    let mine = returns.for_user(&UserId::new("u1")).await.unwrap();
    assert_eq!(mine.len(), 2);
    assert!(
        returns
            .for_user(&UserId::new("u2"))
            .await
            .unwrap()
            .is_empty()
    );
    returns
        .step(
            &ReturnId::new("r2"),
            ReturnStep::Approve,
            None,
            None,
            at(300),
        )
        .await
        .unwrap();
    let approved = returns.all(Some(ReturnStatus::Approved)).await.unwrap();
    assert_eq!(approved.len(), 1);
    assert_eq!(approved[0].id, ReturnId::new("r2"));
    assert_eq!(returns.all(None).await.unwrap().len(), 2);
    // The shopper may cancel only their own.
    let cancel = returns
        .step(
            &ReturnId::new("r1"),
            ReturnStep::Cancel,
            Some(UserId::new("u2")),
            None,
            at(400),
        )
        .await;
    assert_eq!(
        refusal(cancel.map(|stepped| stepped.ret)),
        ReturnConflict::NotOwner
    );
    let _ = orders.find(&OrderId::new("o1")).await.unwrap();
}
