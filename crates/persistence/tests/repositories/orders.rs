use std::sync::Arc;

use paduka_application::checkout::RefundResult;
use paduka_application::orders::{
    NewOrder, NewOrderLine, OrderConflict, OrderCredit, OrderRepository, PlaceError, Placement,
    StockChange,
};
use paduka_domain::gst::{GstRate, Hsn};
use paduka_domain::invoice::InvoicePrefix;
use paduka_domain::order::{LineTax, Order, OrderLine, OrderStatus, StatusChange};
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, Paise, Percent, ProductId, State, UserId};
use paduka_persistence::DieselOrderRepository;

use crate::helpers::{Seed, TestDb, UserBuilder, assert_conflict, assert_not_found, at, record};

crate::on_both_backends!(
    a_placed_order_reads_back_with_its_lines_in_order,
    one_payment_places_one_order,
    out_of_stock_writes_nothing,
    a_product_that_is_gone_is_out_of_stock_with_the_changes_name,
    a_claimed_refund_blocks_the_placement,
    cancelling_returns_the_stock_once,
    a_delivered_order_cannot_be_cancelled,
    status_changes_are_recorded_and_a_cancelled_order_keeps_its_status,
    a_refund_is_recorded_on_the_order,
    a_deleted_buyer_keeps_the_name_they_had,
    twenty_parallel_placements_of_the_last_item_make_one_order,
    parallel_placements_of_one_payment_make_one_order,
);

/// An admin (the seller), the buyer `u1` "Asha", a category and the products `p1` (stock 5)
/// and `p2` (stock `p2_stock`).
pub(crate) async fn shop(db: &TestDb, p1_stock: u32, p2_stock: u32) -> DieselOrderRepository {
    let seed = Seed::new(db);
    seed.a_boot(p1_stock).await;
    seed.user(UserBuilder::shopper("u1").named("Asha").build())
        .await;
    let mut sandal = record("P2", "Sandal", "boots", "admin", 0);
    sandal.draft.quantity = p2_stock;
    seed.product("p2", sandal).await;
    DieselOrderRepository::new(db.db())
}

pub(crate) fn line(product: &str, name: &str, rupees: i64, quantity: u32) -> NewOrderLine {
    NewOrderLine {
        line: OrderLine {
            product: ProductId::new(product),
            name: name.to_owned(),
            category_name: "Boots".to_owned(),
            variant_label: Some("UK 8".to_owned()),
            color: String::new(),
            unit_price: Paise::from_rupees(rupees).unwrap(),
            discount: Percent::new(10).unwrap(),
            sale_price: Paise::from_rupees(rupees)
                .unwrap()
                .discounted(Percent::new(10).unwrap()),
            quantity,
            tax: Some(LineTax {
                hsn: Hsn::parse("6403").unwrap(),
                rate: GstRate::new(5).unwrap(),
            }),
            held_by_returns: 0,
        },
        variant_index: 1,
    }
}

/// An order by `u1` paid by `payment`, of `quantity` of `p1`.
pub(crate) fn new_order(id: &str, payment: &str, quantity: u32, seconds: i64) -> NewOrder {
    NewOrder {
        id: OrderId::new(id),
        user: UserRef::new(UserId::new("u1"), "Asha"),
        address: "12 MG Road, Bengaluru".to_owned(),
        pincode: "560001".to_owned(),
        state: State::Karnataka,
        invoice_prefix: InvoicePrefix::default(),
        amount_rupees: 900 * i64::from(quantity),
        payment_id: payment.to_owned(),
        provider_order_id: format!("order_{payment}"),
        lines: vec![line("p1", "Boot", 1000, quantity)],
        actor: Some(UserId::new("u1")),
        whatsapp: false,
        at: at(seconds),
        charge: Default::default(),
        coupon: None,
        cod: None,
        credit: OrderCredit::None,
        low_stock_threshold: 0,
    }
}

pub(crate) fn take(product: &str, quantity: u32) -> StockChange {
    StockChange {
        product: ProductId::new(product),
        variant: None,
        name: format!("name of {product}"),
        size: None,
        quantity,
    }
}

pub(crate) fn stock_of(db: &TestDb, product: &str) -> i64 {
    db.count(&format!(
        "SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = '{product}'"
    ))
}

pub(crate) fn placed(placement: Placement) -> Order {
    match placement {
        Placement::Placed { order, .. } => order,
        Placement::Existing(order) => panic!("expected a new order, got existing {order:?}"),
    }
}

/// The product, its name and the pairs left of an out-of-stock refusal.
fn out_of_stock(error: PlaceError) -> (ProductId, String, u32) {
    match error {
        PlaceError::OutOfStock {
            product,
            name,
            left,
            ..
        } => (product, name, left),
        other => panic!("expected out of stock, got {other:?}"),
    }
}

/// The admin sets the order `id`'s `status` at `at(seconds)`.
pub(crate) async fn set_by_admin(
    orders: &DieselOrderRepository,
    id: &str,
    status: OrderStatus,
    seconds: i64,
) {
    let (id, admin) = (OrderId::new(id), Some(UserId::new("admin")));
    let set = orders.set_status(&id, status, admin, at(seconds));
    set.await.expect("the status is set");
}

/// Places `order`, taking `stock`, which must make a new order.
pub(crate) async fn place(
    orders: &DieselOrderRepository,
    order: &NewOrder,
    stock: &[StockChange],
) -> Order {
    placed(orders.place(order, stock).await.unwrap())
}

async fn a_placed_order_reads_back_with_its_lines_in_order(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let mut first = new_order("o1", "pay_1", 2, 10);
    first.lines = vec![
        line("p2", "Sandal", 500, 1),
        line("p1", "Boot", 1000, 2),
        line("p1", "Boot", 1200, 1),
    ];
    let order = place(&orders, &first, &[take("p1", 3), take("p2", 1)]).await;
    assert_eq!(order.id, OrderId::new("o1"));
    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(order.user, UserRef::new(UserId::new("u1"), "Asha"));
    assert_eq!(order.payment_id, "pay_1");
    assert_eq!(order.provider_order_id, "order_pay_1");
    assert_eq!(order.amount_rupees, 1800);
    assert_eq!(order.created_at, at(10));
    assert_eq!(order.updated_at, at(10));
    let lines: Vec<OrderLine> = first.lines.iter().map(|l| l.line.clone()).collect();
    assert_eq!(order.lines, lines, "lines keep their order");
    assert_eq!(stock_of(db, "p1"), 2);
    assert_eq!(stock_of(db, "p2"), 4);
    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM order_events WHERE order_id = 'o1' \
             AND position = 0 AND status = 'Pending' AND actor_id = 'u1'"
        ),
        1,
        "the first event is recorded"
    );

    assert_eq!(orders.find(&order.id).await.unwrap(), Some(order.clone()));
    assert_eq!(
        orders.find_by_payment("pay_1").await.unwrap(),
        Some(order.clone())
    );
    assert_eq!(orders.find(&OrderId::new("nope")).await.unwrap(), None);
    assert_eq!(orders.find_by_payment("nope").await.unwrap(), None);

    let second = place(&orders, &new_order("o2", "pay_2", 1, 20), &[take("p1", 1)]).await;
    let mine = orders.for_user(&UserId::new("u1")).await.unwrap();
    assert_eq!(mine, vec![second.clone(), order.clone()], "newest first");
    assert!(
        orders
            .for_user(&UserId::new("admin"))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(orders.all().await.unwrap(), vec![second, order]);
}

async fn one_payment_places_one_order(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let first = place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    let again = orders
        .place(&new_order("o2", "pay_1", 1, 20), &[take("p1", 1)])
        .await
        .unwrap();
    assert_eq!(again, Placement::Existing(first));
    assert_eq!(stock_of(db, "p1"), 4, "stock is taken once");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
}

async fn out_of_stock_writes_nothing(db: &TestDb) {
    let orders = shop(db, 5, 1).await;
    let mut order = new_order("o1", "pay_1", 2, 10);
    order.lines.push(line("p2", "Sandal", 500, 2));
    let error = orders
        .place(&order, &[take("p1", 2), take("p2", 2)])
        .await
        .unwrap_err();
    let (product, name, left) = out_of_stock(error);
    assert_eq!(product, ProductId::new("p2"));
    assert_eq!(name, "Sandal", "the product's own name");
    assert_eq!(left, 1);
    assert_eq!(stock_of(db, "p1"), 5, "the first product's stock came back");
    assert_eq!(stock_of(db, "p2"), 1);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 0);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM order_lines"), 0);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM order_events"), 0);
}

async fn a_product_that_is_gone_is_out_of_stock_with_the_changes_name(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let error = orders
        .place(&new_order("o1", "pay_1", 1, 10), &[take("gone", 1)])
        .await
        .unwrap_err();
    let (product, name, left) = out_of_stock(error);
    assert_eq!(product, ProductId::new("gone"));
    assert_eq!(name, "name of gone");
    assert_eq!(left, 0);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 0);
}

async fn a_claimed_refund_blocks_the_placement(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    db.execute(
        "INSERT INTO checkout_intents (provider_order_id, receipt, user_id, amount_rupees, \
         address, pincode, created_at, refund_payment_id, refund_claimed_at) VALUES \
         ('order_pay_1', 'r1', 'u1', 900, '', '', '2025-01-01 10:00:00', 'pay_1', \
         '2025-01-01 10:00:05')",
    );
    db.execute(
        "INSERT INTO checkout_intents (provider_order_id, receipt, user_id, amount_rupees, \
         address, pincode, created_at) VALUES \
         ('order_pay_2', 'r2', 'u1', 900, '', '', '2025-01-01 10:00:00')",
    );
    let error = orders
        .place(&new_order("o1", "pay_1", 1, 10), &[take("p1", 1)])
        .await
        .unwrap_err();
    assert!(matches!(error, PlaceError::Refunded), "{error:?}");
    assert_eq!(stock_of(db, "p1"), 5);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 0);

    place(&orders, &new_order("o2", "pay_2", 1, 10), &[take("p1", 1)]).await;
}

async fn cancelling_returns_the_stock_once(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let mut order = new_order("o1", "pay_1", 2, 10);
    order.lines.push(line("p2", "Sandal", 500, 1));
    order.lines.push(line("p1", "Boot", 1200, 1));
    place(&orders, &order, &[take("p1", 3), take("p2", 1)]).await;
    assert_eq!(stock_of(db, "p1"), 2);

    let cancelled = orders
        .cancel(&OrderId::new("o1"), Some(UserId::new("u1")), at(30))
        .await
        .unwrap();
    assert!(!cancelled.already_cancelled);
    assert_eq!(cancelled.refund_id, None);
    assert_eq!(cancelled.order.status, OrderStatus::Cancelled);
    assert_eq!(cancelled.order.updated_at, at(30));
    assert_eq!(cancelled.order.created_at, at(10));
    assert_eq!(stock_of(db, "p1"), 5);
    assert_eq!(stock_of(db, "p2"), 5);

    let again = orders
        .cancel(&OrderId::new("o1"), None, at(40))
        .await
        .unwrap();
    assert!(again.already_cancelled);
    assert_eq!(again.order, cancelled.order, "nothing changes");
    assert_eq!(stock_of(db, "p1"), 5, "stock is not returned twice");
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM order_events WHERE order_id = 'o1'"),
        2
    );
    assert!(
        orders
            .for_user(&UserId::new("u1"))
            .await
            .unwrap()
            .is_empty(),
        "a cancelled order leaves the shopper's list"
    );
    assert_eq!(orders.all().await.unwrap(), vec![cancelled.order]);

    assert_not_found(orders.cancel(&OrderId::new("nope"), None, at(50)).await);
}

async fn a_delivered_order_cannot_be_cancelled(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    set_by_admin(&orders, "o1", OrderStatus::Delivered, 20).await;
    assert_conflict(
        orders.cancel(&OrderId::new("o1"), None, at(30)).await,
        OrderConflict::Delivered,
    );
    let order = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(order.status, OrderStatus::Delivered);
    assert_eq!(order.updated_at, at(20));
    assert_eq!(stock_of(db, "p1"), 4);
}

async fn status_changes_are_recorded_and_a_cancelled_order_keeps_its_status(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    let id = OrderId::new("o1");
    let admin = Some(UserId::new("admin"));
    let confirmed = orders
        .set_status(&id, OrderStatus::Confirmed, admin.clone(), at(20))
        .await
        .unwrap();
    assert_eq!(confirmed.status, OrderStatus::Confirmed);
    assert_eq!(confirmed.updated_at, at(20));
    let back = orders
        .set_status(&id, OrderStatus::Pending, None, at(30))
        .await
        .unwrap();
    assert_eq!(back.status, OrderStatus::Pending);
    assert_eq!(orders.find(&id).await.unwrap(), Some(back));
    let change = |status, seconds, by: Option<&str>| StatusChange {
        status,
        at: at(seconds),
        by: by.map(str::to_owned),
    };
    assert_eq!(
        orders.history(&id).await.unwrap(),
        [
            change(OrderStatus::Pending, 10, Some("Asha")),
            change(OrderStatus::Confirmed, 20, Some("Admin")),
            change(OrderStatus::Pending, 30, None),
        ],
        "every status is recorded in order, with who set it"
    );

    orders.cancel(&id, None, at(40)).await.unwrap();
    assert_conflict(
        orders
            .set_status(&id, OrderStatus::Confirmed, admin.clone(), at(50))
            .await,
        OrderConflict::Cancelled,
    );
    let order = orders.find(&id).await.unwrap().unwrap();
    assert_eq!(order.status, OrderStatus::Cancelled);
    assert_eq!(order.updated_at, at(40));
    let history = orders.history(&id).await.unwrap();
    assert_eq!(history.len(), 4);
    assert_eq!(history[3], change(OrderStatus::Cancelled, 40, None));
    assert_eq!(orders.history(&OrderId::new("nope")).await.unwrap(), []);

    assert_not_found(
        orders
            .set_status(&OrderId::new("nope"), OrderStatus::Confirmed, admin, at(60))
            .await,
    );
}

async fn a_refund_is_recorded_on_the_order(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    let refund = RefundResult {
        id: "rfnd_1".to_owned(),
        amount: Paise::from_rupees(900).unwrap(),
        status: "processed".to_owned(),
    };
    let id = OrderId::new("o1");
    let cancelled = orders.cancel(&id, None, at(20)).await.unwrap();
    assert_eq!(cancelled.refund_id, None);
    orders.record_refund(&id, &refund).await.unwrap();
    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM orders WHERE id = 'o1' AND refund_id = 'rfnd_1' \
             AND refund_status = 'processed'"
        ),
        1
    );
    let again = orders.cancel(&id, None, at(30)).await.unwrap();
    assert!(again.already_cancelled);
    assert_eq!(again.refund_id.as_deref(), Some("rfnd_1"));

    assert_not_found(orders.record_refund(&OrderId::new("nope"), &refund).await);
}

async fn a_deleted_buyer_keeps_the_name_they_had(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    db.execute("UPDATE users SET name = 'Asha R' WHERE id = 'u1'");
    let order = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(
        order.user,
        UserRef::new(UserId::new("u1"), "Asha R"),
        "the current name"
    );
    db.execute("DELETE FROM users WHERE id = 'u1'");
    let order = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(order.user, UserRef::deleted("Asha"));
    assert_eq!(orders.all().await.unwrap(), vec![order]);
}

async fn twenty_parallel_placements_of_the_last_item_make_one_order(db: &TestDb) {
    let orders = Arc::new(shop(db, 1, 5).await);
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                orders
                    .place(
                        &new_order(&format!("o{i}"), &format!("pay_{i}"), 1, i),
                        &[take("p1", 1)],
                    )
                    .await
            })
        })
        .collect();
    let mut placed_count = 0;
    let mut out_of_stock = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { .. }) => placed_count += 1,
            Err(PlaceError::OutOfStock { left: 0, .. }) => out_of_stock += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(placed_count, 1, "exactly one shopper gets the last item");
    assert_eq!(out_of_stock, 19);
    assert_eq!(stock_of(db, "p1"), 0);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM order_lines"), 1);
}

async fn parallel_placements_of_one_payment_make_one_order(db: &TestDb) {
    let orders = Arc::new(shop(db, 50, 5).await);
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                orders
                    .place(
                        &new_order(&format!("o{i}"), "pay_1", 1, i),
                        &[take("p1", 1)],
                    )
                    .await
            })
        })
        .collect();
    let mut winners = Vec::new();
    let mut existing = Vec::new();
    for task in tasks {
        match task.await.unwrap().unwrap() {
            Placement::Placed { order, .. } => winners.push(order),
            Placement::Existing(order) => existing.push(order),
        }
    }
    assert_eq!(winners.len(), 1, "one payment, one order");
    assert_eq!(existing.len(), 9);
    assert!(existing.iter().all(|order| *order == winners[0]));
    assert_eq!(stock_of(db, "p1"), 49, "the losers' stock came back");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
}
