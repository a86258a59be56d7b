//! Shipping and tracking (decisions D15): the shipment an order gains, what the courier
//! reports, and what a return to origin gives back, under concurrency, on both backends.

use std::sync::Arc;

use chrono::NaiveDate;
use paduka_application::RepoError;
use paduka_application::coupons::CouponRepository;
use paduka_application::orders::{
    CourierReport, OrderConflict, OrderRepository, PlaceError, ReportSource, Shipping, Tracked,
};
use paduka_domain::order::{
    Awb, Booking, CourierEvent, CourierName, Order, OrderStatus, Shipment, StatusChange,
    TrackingEvent, TrackingUrl,
};
use paduka_domain::{OrderId, UserId};
use paduka_persistence::{Backend, DieselCouponRepository, DieselOrderRepository};

use crate::cash_on_delivery::cod_order;
use crate::helpers::{TestDb, assert_conflict, assert_not_found, at};
use crate::orders::{line, new_order, place, set_by_admin, shop, stock_of, take};
use crate::stock_and_coupons::{
    coupon, runner_stock, sized_shop, stored_coupon, take_size, with_coupon,
};

crate::on_both_backends!(
    shipping_stores_the_shipment_once,
    shipping_completes_a_booking_that_stopped_half_way,
    a_cancelled_or_delivered_order_does_not_ship,
    a_shipped_order_is_the_couriers_to_move,
    courier_reports_move_the_order_and_list_oldest_first,
    a_report_sent_ten_times_at_once_is_stored_once,
    a_failed_delivery_goes_back_to_shipped,
    reports_on_an_unshipped_cancelled_or_delivered_order_are_refused,
    five_parallel_returns_to_origin_give_back_once,
    the_courier_s_replayed_late_reports_are_kept_once_and_never_move_back,
    the_courier_s_return_sent_five_times_at_once_restocks_once,
    the_overview_reads_the_ended_shipments_since_it_asks,
    a_returned_cash_on_delivery_order_is_no_longer_open,
    every_status_is_stored_and_the_migration_keeps_every_order,
);

fn booking(awb: &str) -> Booking {
    Booking {
        courier: CourierName::parse("Delhivery").unwrap(),
        awb: Awb::parse(awb).unwrap(),
        tracking_url: Some(TrackingUrl::parse(&format!("https://track.example/{awb}")).unwrap()),
        expected_by: NaiveDate::from_ymd_opt(2025, 1, 6),
    }
}

/// The admin ships the order `id` at `at(seconds)` with the AWB `DL-1234`.
pub(crate) async fn ship(orders: &DieselOrderRepository, id: &str, seconds: i64) -> Shipping {
    let admin = Some(UserId::new("admin"));
    orders
        .ship(&OrderId::new(id), &booking("DL-1234"), admin, at(seconds))
        .await
        .expect("the order ships")
}

fn report(event: CourierEvent, seconds: i64) -> CourierReport {
    CourierReport {
        location: Some("Bengaluru hub".to_owned()),
        ..CourierReport::by_admin(event, at(seconds), None)
    }
}

/// What the courier's webhook reports: `status` in its words, the step it is, if any.
fn from_courier(event: Option<CourierEvent>, status: &str, seconds: i64) -> CourierReport {
    CourierReport {
        event,
        status: status.to_owned(),
        at: at(seconds),
        location: None,
        note: None,
        source: ReportSource::Courier,
    }
}

/// The courier reports `event` on the order `id` at `at(seconds)`.
pub(crate) async fn track(
    orders: &DieselOrderRepository,
    id: &str,
    event: CourierEvent,
    seconds: i64,
) -> Result<Tracked, RepoError<OrderConflict>> {
    orders
        .track(&OrderId::new(id), &report(event, seconds), None)
        .await
}

/// The event as the courier's report stores it.
fn event(event: CourierEvent, seconds: i64) -> TrackingEvent {
    TrackingEvent {
        status: event.as_str().to_owned(),
        at: at(seconds),
        location: Some("Bengaluru hub".to_owned()),
        note: None,
    }
}

async fn find(orders: &DieselOrderRepository, id: &str) -> Order {
    orders.find(&OrderId::new(id)).await.unwrap().unwrap()
}

/// The statuses of the order's history, oldest first, with their times.
async fn statuses(orders: &DieselOrderRepository, id: &str) -> Vec<(OrderStatus, i64)> {
    let history = orders.history(&OrderId::new(id)).await.unwrap();
    history
        .into_iter()
        .map(|change: StatusChange| (change.status, (change.at - at(0)).num_seconds()))
        .collect()
}

async fn shipping_stores_the_shipment_once(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    let unshipped = place(&orders, &new_order("o2", "pay_2", 1, 30), &[take("p1", 1)]).await;
    assert_eq!(unshipped.shipment, None);

    let shipping = ship(&orders, "o1", 20).await;
    assert!(shipping.shipped_now);
    let order = shipping.order;
    assert_eq!(order.status, OrderStatus::Shipped);
    assert_eq!(order.updated_at, at(20));
    let booked = booking("DL-1234");
    assert_eq!(
        order.shipment,
        Some(Shipment {
            courier: booked.courier,
            awb: booked.awb,
            tracking_url: booked.tracking_url,
            shipped_at: at(20),
            expected_by: NaiveDate::from_ymd_opt(2025, 1, 6),
            delivered_at: None,
            events: vec![],
        })
    );
    assert_eq!(
        orders.history(&order.id).await.unwrap().last(),
        Some(&StatusChange {
            status: OrderStatus::Shipped,
            at: at(20),
            by: Some("Admin".to_owned()),
        })
    );
    assert_eq!(orders.find(&order.id).await.unwrap().as_ref(), Some(&order));
    assert_eq!(
        orders.find_by_payment("pay_1").await.unwrap().as_ref(),
        Some(&order)
    );
    let both = vec![unshipped, order.clone()];
    assert_eq!(
        orders.all().await.unwrap(),
        both,
        "a list carries each shipment"
    );
    assert_eq!(orders.for_user(&UserId::new("u1")).await.unwrap(), both);

    let again = orders
        .ship(&order.id, &booking("XB-9999"), None, at(40))
        .await
        .unwrap();
    assert!(!again.shipped_now);
    assert_eq!(again.order, order, "the same shipment, nothing new");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM shipments"), 1);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM order_events WHERE order_id = 'o1'"),
        2
    );

    assert_not_found(
        orders
            .ship(&OrderId::new("nope"), &booking("DL-1"), None, at(50))
            .await,
    );
}

async fn shipping_completes_a_booking_that_stopped_half_way(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    // What a courier adapter saves before the parcel is booked (none does yet).
    db.execute(
        "INSERT INTO shipments (order_id, courier, awb, shipped_at, created_at, updated_at) \
         VALUES ('o1', 'Booking', 'PENDING', '2025-01-01 10:00:15', \
                 '2025-01-01 10:00:15', '2025-01-01 10:00:15')",
    );
    assert_conflict(
        orders.cancel(&OrderId::new("o1"), None, at(16)).await,
        OrderConflict::Shipped,
    );

    let shipping = ship(&orders, "o1", 20).await;
    assert!(shipping.shipped_now);
    assert_eq!(shipping.order.status, OrderStatus::Shipped);
    let shipment = shipping.order.shipment.unwrap();
    assert_eq!(shipment.awb.as_str(), "DL-1234");
    assert_eq!(shipment.shipped_at, at(20));
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM shipments"), 1);
}

async fn a_cancelled_or_delivered_order_does_not_ship(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    place(&orders, &new_order("o2", "pay_2", 1, 11), &[take("p1", 1)]).await;
    orders
        .cancel(&OrderId::new("o1"), None, at(20))
        .await
        .unwrap();
    set_by_admin(&orders, "o2", OrderStatus::Delivered, 21).await;

    let booked = booking("DL-1234");
    for (id, refusal) in [
        ("o1", OrderConflict::Cancelled),
        ("o2", OrderConflict::Delivered),
    ] {
        let id = OrderId::new(id);
        assert_conflict(orders.ship(&id, &booked, None, at(30)).await, refusal);
    }
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM shipments"), 0);
    assert_eq!(find(&orders, "o1").await.status, OrderStatus::Cancelled);
    assert_eq!(find(&orders, "o2").await.updated_at, at(21));
}

async fn a_shipped_order_is_the_couriers_to_move(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 2, 10), &[take("p1", 2)]).await;
    ship(&orders, "o1", 20).await;
    let id = OrderId::new("o1");

    assert_conflict(
        orders.cancel(&id, None, at(30)).await,
        OrderConflict::Shipped,
    );
    assert_eq!(stock_of(db, "p1"), 3, "the stock stays taken");
    for status in [OrderStatus::Pending, OrderStatus::Confirmed] {
        assert_conflict(
            orders.set_status(&id, status, None, at(31)).await,
            OrderConflict::Shipped,
        );
    }
    assert_eq!(find(&orders, "o1").await.status, OrderStatus::Shipped);

    // The courier failed to report the delivery: the admin may.
    let delivered = orders
        .set_status(&id, OrderStatus::Delivered, None, at(40))
        .await
        .unwrap();
    assert_eq!(delivered.status, OrderStatus::Delivered);
    let shipment = delivered.shipment.unwrap();
    assert_eq!(shipment.delivered_at, Some(at(40)));
    assert_eq!(shipment.shipped_at, at(20));
    assert_conflict(
        orders
            .set_status(&id, OrderStatus::Pending, None, at(50))
            .await,
        OrderConflict::Shipped,
    );
}

async fn courier_reports_move_the_order_and_list_oldest_first(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    ship(&orders, "o1", 20).await;

    // A failed attempt before it went out: stored, the order stays where it is.
    let failed = track(&orders, "o1", CourierEvent::DeliveryFailed, 35)
        .await
        .unwrap();
    assert_eq!(failed.from, OrderStatus::Shipped);
    assert!(!failed.repeated);
    assert_eq!(failed.order.status, OrderStatus::Shipped);
    assert_eq!(failed.order.updated_at, at(20));

    // It went out before that attempt, and says so late.
    let out = track(&orders, "o1", CourierEvent::OutForDelivery, 30)
        .await
        .unwrap();
    assert_eq!(out.from, OrderStatus::Shipped);
    assert_eq!(out.order.status, OrderStatus::OutForDelivery);
    assert_eq!(out.order.updated_at, at(30));
    assert_eq!(out.refund_id, None);

    let delivered = track(&orders, "o1", CourierEvent::Delivered, 60)
        .await
        .unwrap();
    assert_eq!(delivered.from, OrderStatus::OutForDelivery);
    let order = delivered.order;
    assert_eq!(order.status, OrderStatus::Delivered);
    let shipment = order.shipment.clone().unwrap();
    assert_eq!(shipment.delivered_at, Some(at(60)));
    assert_eq!(
        shipment.events,
        [
            event(CourierEvent::OutForDelivery, 30),
            event(CourierEvent::DeliveryFailed, 35),
            event(CourierEvent::Delivered, 60),
        ],
        "by when they happened, not when they came"
    );
    assert_eq!(find(&orders, "o1").await, order);
    assert_eq!(
        statuses(&orders, "o1").await,
        [
            (OrderStatus::Pending, 10),
            (OrderStatus::Shipped, 20),
            (OrderStatus::OutForDelivery, 30),
            (OrderStatus::Delivered, 60),
        ]
    );
    assert_eq!(stock_of(db, "p1"), 4, "a delivery gives nothing back");
}

async fn a_report_sent_ten_times_at_once_is_stored_once(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    ship(&orders, "o1", 20).await;
    let orders = Arc::new(orders);
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                track(&orders, "o1", CourierEvent::OutForDelivery, 30)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut repeated = 0;
    for task in tasks {
        let tracked = task.await.unwrap();
        assert_eq!(tracked.order.status, OrderStatus::OutForDelivery);
        repeated += usize::from(tracked.repeated);
    }
    assert_eq!(
        repeated, 9,
        "the first one is stored, the others are repeats"
    );
    let order = find(&orders, "o1").await;
    assert_eq!(
        order.shipment.unwrap().events,
        [event(CourierEvent::OutForDelivery, 30)]
    );
    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM order_events \
             WHERE order_id = 'o1' AND status = 'Out for delivery'"
        ),
        1
    );
}

async fn a_failed_delivery_goes_back_to_shipped(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    ship(&orders, "o1", 20).await;
    track(&orders, "o1", CourierEvent::OutForDelivery, 30)
        .await
        .unwrap();

    let failed = track(&orders, "o1", CourierEvent::DeliveryFailed, 40)
        .await
        .unwrap();
    assert_eq!(failed.from, OrderStatus::OutForDelivery);
    assert_eq!(failed.order.status, OrderStatus::Shipped);
    assert_eq!(failed.order.updated_at, at(40));
    let events = failed.order.shipment.unwrap().events;
    assert_eq!(events.len(), 2);
    assert_eq!(events[1].status, "Delivery failed");
    assert_eq!(
        statuses(&orders, "o1").await.last(),
        Some(&(OrderStatus::Shipped, 40))
    );

    let again = track(&orders, "o1", CourierEvent::OutForDelivery, 50)
        .await
        .unwrap();
    assert_eq!(again.order.status, OrderStatus::OutForDelivery);
}

async fn reports_on_an_unshipped_cancelled_or_delivered_order_are_refused(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    for (i, id) in ["o1", "o2", "o3", "o4"].into_iter().enumerate() {
        let order = new_order(id, &format!("pay_{id}"), 1, 10 + i as i64);
        place(&orders, &order, &[take("p1", 1)]).await;
    }
    set_by_admin(&orders, "o2", OrderStatus::Confirmed, 20).await;
    orders
        .cancel(&OrderId::new("o3"), None, at(20))
        .await
        .unwrap();
    ship(&orders, "o4", 20).await;
    track(&orders, "o4", CourierEvent::Delivered, 30)
        .await
        .unwrap();

    for event in CourierEvent::ALL {
        assert_conflict(
            track(&orders, "o1", event, 40).await,
            OrderConflict::NotShipped,
        );
        assert_conflict(
            track(&orders, "o2", event, 40).await,
            OrderConflict::NotShipped,
        );
        assert_conflict(
            track(&orders, "o3", event, 40).await,
            OrderConflict::Cancelled,
        );
        assert_conflict(
            track(&orders, "o4", event, 40).await,
            OrderConflict::Delivered,
        );
    }
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM shipment_events"),
        1,
        "only the delivery is stored"
    );
    assert_eq!(find(&orders, "o4").await.updated_at, at(30));
    assert_eq!(stock_of(db, "p1"), 2, "only the cancelled order gave back");
    assert_not_found(track(&orders, "nope", CourierEvent::Delivered, 40).await);
}

async fn five_parallel_returns_to_origin_give_back_once(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    let tenner = coupon("c1", "TEN", Some(10), None, 0);
    DieselCouponRepository::new(db.db())
        .create(&tenner)
        .await
        .unwrap();
    let mut order = with_coupon(new_order("o1", "pay_1", 2, 10), &tenner, "u1");
    let mut uk7 = line("p3", "Runner", 2000, 2);
    uk7.variant_index = 0;
    order.lines = vec![uk7];
    place(&orders, &order, &[take_size(0, 2)]).await;
    assert_eq!(runner_stock(db).await, (vec![Some(2), Some(1), Some(6)], 9));
    assert_eq!(stored_coupon(db, "c1").await.used, 1);
    ship(&orders, "o1", 20).await;

    let orders = Arc::new(orders);
    let tasks: Vec<_> = (0..5)
        .map(|_| {
            let orders = Arc::clone(&orders);
            tokio::spawn(
                async move { track(&orders, "o1", CourierEvent::ReturnedToOrigin, 40).await },
            )
        })
        .collect();
    let (mut returned, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(tracked) => {
                assert_eq!(tracked.from, OrderStatus::Shipped);
                assert!(!tracked.repeated);
                assert_eq!(tracked.order.status, OrderStatus::ReturnedToOrigin);
                returned += 1;
            }
            // A returned order is past every courier event.
            Err(RepoError::Conflict(OrderConflict::Shipped)) => refused += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!((returned, refused), (1, 4));
    assert_eq!(
        runner_stock(db).await,
        (vec![Some(4), Some(1), Some(6)], 11),
        "the two pairs come back once"
    );
    assert_eq!(
        stored_coupon(db, "c1").await.used,
        0,
        "the use comes back once"
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM shipment_events"), 1);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM order_events WHERE status = 'Returned to origin'"),
        1
    );

    let id = OrderId::new("o1");
    assert_conflict(
        orders.cancel(&id, None, at(50)).await,
        OrderConflict::Shipped,
    );
    assert_conflict(
        orders
            .set_status(&id, OrderStatus::Delivered, None, at(50))
            .await,
        OrderConflict::Shipped,
    );
    let mine = orders.for_user(&UserId::new("u1")).await.unwrap();
    assert_eq!(mine.len(), 1, "the shopper still sees a returned order");
    assert_eq!(mine[0].status, OrderStatus::ReturnedToOrigin);
}

async fn a_returned_cash_on_delivery_order_is_no_longer_open(db: &TestDb) {
    let orders = shop(db, 50, 5).await;
    for i in 1..=3 {
        let order = cod_order(&format!("o{i}"), None, 1, i);
        place(&orders, &order, &[take("p1", 1)]).await;
    }
    let fourth = cod_order("o4", None, 1, 4);
    let too_many = |result| matches!(result, Err(PlaceError::TooManyCodOrders));
    assert!(too_many(orders.place(&fourth, &[take("p1", 1)]).await));

    ship(&orders, "o1", 20).await;
    track(&orders, "o1", CourierEvent::OutForDelivery, 30)
        .await
        .unwrap();
    assert!(
        too_many(orders.place(&fourth, &[take("p1", 1)]).await),
        "a parcel on its way is still open"
    );

    let returned = track(&orders, "o1", CourierEvent::ReturnedToOrigin, 40)
        .await
        .unwrap();
    assert!(!returned.order.paid, "nothing was collected");
    assert_eq!(stock_of(db, "p1"), 48);
    place(&orders, &fourth, &[take("p1", 1)]).await;
    assert_eq!(stock_of(db, "p1"), 47);
}

/// An index the shipping migration rebuilds or makes, by name, and how many of them exist.
fn indexes(db: &TestDb) -> i64 {
    const NAMES: &str = "'orders_user_id_created_at_idx', 'orders_status_idx', \
        'orders_provider_order_id_idx', 'orders_created_at_status_amount_idx', \
        'orders_coupon_id_user_id_idx', 'orders_user_id_cod_key_key', 'orders_invoice_no_key', \
        'orders_user_id_paid_idx', 'order_lines_product_id_idx', 'shipments_awb_idx'";
    db.count(&match db.backend() {
        Backend::Sqlite => format!(
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND name IN ({NAMES})"
        ),
        Backend::Postgres => format!(
            "SELECT COUNT(*) AS n FROM pg_indexes \
             WHERE schemaname = current_schema() AND indexname IN ({NAMES})"
        ),
    })
}

async fn every_status_is_stored_and_the_migration_keeps_every_order(db: &TestDb) {
    let orders = shop(db, 20, 5).await;
    for (i, status) in OrderStatus::ALL.into_iter().enumerate() {
        let id = format!("o{i}");
        let order = new_order(&id, &format!("pay_{i}"), 1, 10 + i as i64);
        place(&orders, &order, &[take("p1", 1)]).await;
        match status {
            OrderStatus::Pending => {}
            OrderStatus::Confirmed | OrderStatus::Delivered => {
                set_by_admin(&orders, &id, status, 20).await;
            }
            OrderStatus::Cancelled => {
                orders
                    .cancel(&OrderId::new(&id), None, at(20))
                    .await
                    .unwrap();
            }
            OrderStatus::Shipped => {
                ship(&orders, &id, 20).await;
            }
            OrderStatus::OutForDelivery | OrderStatus::ReturnedToOrigin => {
                ship(&orders, &id, 20).await;
                let event = if status == OrderStatus::OutForDelivery {
                    CourierEvent::OutForDelivery
                } else {
                    CourierEvent::ReturnedToOrigin
                };
                track(&orders, &id, event, 30).await.unwrap();
            }
        }
        let stored = find(&orders, &id).await;
        assert_eq!(stored.status, status, "{status:?} reads back");
        assert_eq!(statuses(&orders, &id).await.last().unwrap().0, status);
    }
    assert_eq!(indexes(db), 10, "every index is rebuilt");

    // An order's rows go with it, its shipment's included.
    place(
        &orders,
        &new_order("gone", "pay_gone", 1, 50),
        &[take("p1", 1)],
    )
    .await;
    ship(&orders, "gone", 51).await;
    track(&orders, "gone", CourierEvent::OutForDelivery, 52)
        .await
        .unwrap();
    db.execute("DELETE FROM orders WHERE id = 'gone'");
    for table in [
        "order_lines",
        "order_events",
        "shipments",
        "shipment_events",
    ] {
        assert_eq!(
            db.count(&format!(
                "SELECT COUNT(*) AS n FROM {table} WHERE order_id = 'gone'"
            )),
            0,
            "{table}"
        );
    }

    let before = orders.all().await.unwrap();
    db.revert_through("2025-11-30-000100");
    assert_eq!(db.table_count(), 22);
    let count = |status: &str| {
        db.count(&format!(
            "SELECT COUNT(*) AS n FROM orders WHERE status = '{status}'"
        ))
    };
    // On its way: Confirmed again; back at the shop: Cancelled, as it gave back what it took.
    assert_eq!(
        ["Pending", "Confirmed", "Delivered", "Cancelled"].map(count),
        [1, 3, 1, 2]
    );
    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM order_events \
             WHERE status NOT IN ('Pending', 'Confirmed', 'Delivered', 'Cancelled')"
        ),
        0
    );

    db.db().run_migrations().unwrap();
    assert_eq!(indexes(db), 10);
    let expected: Vec<Order> = before
        .into_iter()
        .map(|mut order| {
            order.status = match order.status {
                OrderStatus::Shipped | OrderStatus::OutForDelivery => OrderStatus::Confirmed,
                OrderStatus::ReturnedToOrigin => OrderStatus::Cancelled,
                status => status,
            };
            order.shipment = None;
            order
        })
        .collect();
    assert_eq!(
        orders.all().await.unwrap(),
        expected,
        "every other value of every order stays"
    );
    ship(&orders, "o0", 60).await;
    assert_eq!(find(&orders, "o0").await.status, OrderStatus::Shipped);
}

async fn the_courier_s_replayed_late_reports_are_kept_once_and_never_move_back(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 1, 10), &[take("p1", 1)]).await;
    ship(&orders, "o1", 20).await;
    let awb = Awb::parse("DL-1234").unwrap();
    assert_eq!(
        orders.find_by_awb(&awb).await.unwrap(),
        Some(OrderId::new("o1"))
    );
    let unknown = Awb::parse("NOPE-1").unwrap();
    assert_eq!(orders.find_by_awb(&unknown).await.unwrap(), None);

    // Delivered first, then the earlier steps; then everything again, ten times.
    let reports = [
        from_courier(Some(CourierEvent::Delivered), "Delivered", 40),
        from_courier(Some(CourierEvent::OutForDelivery), "Out for delivery", 30),
        from_courier(None, "IN TRANSIT", 25),
    ];
    for round in 0..10 {
        for report in &reports {
            let tracked = orders
                .track(&OrderId::new("o1"), report, None)
                .await
                .unwrap();
            assert_eq!(
                tracked.order.status,
                OrderStatus::Delivered,
                "round {round}"
            );
            assert_eq!(
                tracked.repeated,
                round > 0,
                "round {round}: {}",
                report.status
            );
        }
    }
    let order = find(&orders, "o1").await;
    let stored: Vec<_> = order
        .shipment
        .unwrap()
        .events
        .into_iter()
        .map(|e| e.status)
        .collect();
    assert_eq!(stored, ["IN TRANSIT", "Out for delivery", "Delivered"]);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM order_events WHERE order_id = 'o1' AND status = 'Out for delivery'"),
        0,
        "the late step never moved the order back"
    );
}

async fn the_courier_s_return_sent_five_times_at_once_restocks_once(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 2, 10), &[take("p1", 2)]).await;
    assert_eq!(stock_of(db, "p1"), 3);
    ship(&orders, "o1", 20).await;
    let orders = Arc::new(orders);
    let tasks: Vec<_> = (0..5)
        .map(|_| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let rto = from_courier(
                    Some(CourierEvent::ReturnedToOrigin),
                    "Returned to origin",
                    40,
                );
                orders.track(&OrderId::new("o1"), &rto, None).await.unwrap()
            })
        })
        .collect();
    let mut moved = 0;
    for task in tasks {
        let tracked = task.await.unwrap();
        assert_eq!(tracked.order.status, OrderStatus::ReturnedToOrigin);
        moved += usize::from(!tracked.repeated && tracked.from == OrderStatus::Shipped);
    }
    assert_eq!(moved, 1);
    assert_eq!(stock_of(db, "p1"), 5, "the two pairs come back once");
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM shipment_events"), 1);
}

async fn the_overview_reads_the_ended_shipments_since_it_asks(db: &TestDb) {
    use paduka_application::admin::StatsRepository;
    use paduka_persistence::DieselStatsRepository;
    let orders = shop(db, 10, 10).await;
    for (id, payment) in [("o1", "pay_1"), ("o2", "pay_2"), ("o3", "pay_3")] {
        place(&orders, &new_order(id, payment, 1, 10), &[take("p1", 1)]).await;
        ship(&orders, id, 20).await;
    }
    track(&orders, "o1", CourierEvent::Delivered, 30)
        .await
        .unwrap();
    track(&orders, "o2", CourierEvent::ReturnedToOrigin, 30)
        .await
        .unwrap();
    let stats = DieselStatsRepository::new(db.db());
    let snapshot = stats.overview(at(0), at(0), 5, 10).await.unwrap();
    let mut outcomes: Vec<(bool, &str)> = snapshot
        .shipments
        .iter()
        .map(|s| (s.returned, s.pincode.as_str()))
        .collect();
    outcomes.sort();
    assert_eq!(
        outcomes,
        [(false, "560001"), (true, "560001")],
        "o3 is still on its way"
    );
    let later = stats.overview(at(0), at(21), 5, 10).await.unwrap();
    assert!(later.shipments.is_empty(), "shipped before the span");
}
