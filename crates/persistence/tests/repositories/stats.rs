use paduka_application::admin::{LowStockProduct, OrderPoint, StatsRepository};
use paduka_application::orders::{NewOrder, OrderRepository};
use paduka_application::returns::{NewReturn, ReturnRepository};
use paduka_domain::order::OrderStatus;
use paduka_domain::returns::{RequestedLine, ReturnStats, ReturnStep};
use paduka_domain::{OrderId, ProductId, ReturnId, UserId};
use paduka_persistence::{DieselOrderRepository, DieselReturnRepository, DieselStatsRepository};

use crate::helpers::{TestDb, at};
use crate::orders::{line, new_order, place, set_by_admin, shop, take};
use crate::stock_and_coupons::{sized_shop, take_size};

crate::on_both_backends!(
    the_overview_counts_recent_uncancelled_orders_and_low_stock,
    returns_are_counted_in_pairs_by_reason_and_by_size_against_the_pairs_sold,
);

async fn the_overview_counts_recent_uncancelled_orders_and_low_stock(db: &TestDb) {
    let orders = shop(db, 8, 5).await;
    // o1: pending, in the window. o2: cancelled. o3: pending but before the window.
    // o4: confirmed, two pairs, in the window.
    for (id, payment, quantity, seconds) in [
        ("o1", "pay_1", 1, 10),
        ("o2", "pay_2", 1, 20),
        ("o3", "pay_3", 1, -40 * 86_400),
        ("o4", "pay_4", 2, 30),
    ] {
        place(
            &orders,
            &new_order(id, payment, quantity, seconds),
            &[take("p1", quantity)],
        )
        .await;
    }
    orders
        .cancel(&OrderId::new("o2"), None, at(40))
        .await
        .unwrap();
    set_by_admin(&orders, "o4", OrderStatus::Confirmed, 50).await;

    let stats = DieselStatsRepository::new(db.db());
    let snapshot = stats.overview(at(0), at(0), 5, 10).await.unwrap();
    let mut points = snapshot.orders.clone();
    points.sort_by_key(|point| point.created_at);
    assert_eq!(
        points,
        vec![
            OrderPoint {
                created_at: at(10),
                amount_rupees: 900
            },
            OrderPoint {
                created_at: at(30),
                amount_rupees: 1800
            },
        ]
    );
    assert_eq!(snapshot.pending_orders, 2);
    // p1: 8 - 1 (o1) - 1 (o3) - 2 (o4) = 4, o2's pair came back; p2 stays at 5.
    assert_eq!(
        snapshot.low_stock,
        vec![
            LowStockProduct {
                size: None,
                id: ProductId::new("p1"),
                name: "Boot".into(),
                quantity: 4
            },
            LowStockProduct {
                size: None,
                id: ProductId::new("p2"),
                name: "Sandal".into(),
                quantity: 5
            },
        ]
    );

    let few = stats.overview(at(0), at(0), 4, 10).await.unwrap();
    assert_eq!(few.low_stock.len(), 1);
    let one = stats.overview(at(0), at(0), 5, 1).await.unwrap();
    assert_eq!(one.low_stock.len(), 1);
    assert_eq!(one.low_stock[0].id, ProductId::new("p1"));
}

/// `u1`'s order `id` of `quantity` pairs of `p3` in the size at `size` (UK 7, 8, 9), placed at
/// `at(0)`.
fn runner(id: &str, size: u32, quantity: u32) -> NewOrder {
    let mut order = new_order(id, &format!("pay_{id}"), quantity, 0);
    let mut runner = line("p3", "Runner", 2000, quantity);
    runner.line.variant_label = Some(["UK 7", "UK 8", "UK 9"][size as usize].to_owned());
    runner.variant_index = size;
    order.lines = vec![runner];
    order.amount_rupees = 1800 * i64::from(quantity);
    order
}

/// [`runner`], placed and delivered by hand at `at(100)`.
async fn runner_order(orders: &DieselOrderRepository, id: &str, size: u32, quantity: u32) {
    place(
        orders,
        &runner(id, size, quantity),
        &[take_size(size, quantity)],
    )
    .await;
    set_by_admin(orders, id, OrderStatus::Delivered, 100).await;
}

/// `u1` asks at `at(200)` for `quantity` pairs of the order's only line back, for `reason`.
async fn asked(
    returns: &DieselReturnRepository,
    order: &str,
    id: &str,
    quantity: u32,
    reason: &str,
) {
    let new = NewReturn {
        id: ReturnId::new(id),
        order: OrderId::new(order),
        user: UserId::new("u1"),
        lines: vec![RequestedLine::parse(0, quantity, reason, "refund", None).unwrap()],
        window_days: 7,
        at: at(200),
    };
    returns
        .request(&new)
        .await
        .expect("the return is asked for");
}

async fn returns_are_counted_in_pairs_by_reason_and_by_size_against_the_pairs_sold(db: &TestDb) {
    let orders = sized_shop(db, 5, [10, 10, 10]).await;
    runner_order(&orders, "o1", 0, 3).await;
    runner_order(&orders, "o2", 2, 2).await;
    // Two orders in one size: their pairs add up.
    runner_order(&orders, "o4", 0, 1).await;
    // A cancelled order sold nothing.
    place(&orders, &runner("o3", 0, 1), &[take_size(0, 1)]).await;
    orders
        .cancel(&OrderId::new("o3"), None, at(40))
        .await
        .unwrap();
    let returns = DieselReturnRepository::new(db.db());
    asked(&returns, "o1", "r1", 2, "Too small").await;
    // Rejected and cancelled returns give their pairs back: not counted.
    asked(&returns, "o2", "r2", 1, "Damaged").await;
    let note = Some("Worn outdoors".to_owned());
    let id = ReturnId::new("r2");
    returns
        .step(&id, ReturnStep::Reject, None, note, at(300))
        .await
        .unwrap();
    asked(&returns, "o2", "r3", 1, "Damaged").await;
    let owner = Some(UserId::new("u1"));
    let id = ReturnId::new("r3");
    returns
        .step(&id, ReturnStep::Cancel, owner, None, at(300))
        .await
        .unwrap();
    asked(&returns, "o2", "r4", 1, "Too big").await;

    let stats = DieselStatsRepository::new(db.db());
    let snapshot = stats.overview(at(0), at(0), 5, 10).await.unwrap();
    let counted = ReturnStats::of(&snapshot.returned, &snapshot.sold);
    let reasons: Vec<(&str, u32)> = counted
        .by_reason
        .iter()
        .map(|r| (r.reason.as_str(), r.count))
        .collect();
    assert_eq!(
        reasons,
        [
            ("Too small", 2),
            ("Too big", 1),
            ("Damaged", 0),
            ("Not as described", 0),
            ("Changed my mind", 0),
        ]
    );
    let sizes: Vec<(&str, u32, u32)> = counted
        .by_size
        .iter()
        .map(|s| (s.size.as_str(), s.returned, s.sold))
        .collect();
    assert_eq!(sizes, [("UK 7", 2, 4), ("UK 9", 1, 2)]);

    // Returns asked for and orders placed before the span are left out.
    let later = stats.overview(at(0), at(250), 5, 10).await.unwrap();
    assert!(later.returned.is_empty(), "{:?}", later.returned);
    assert!(later.sold.is_empty(), "{:?}", later.sold);
}
