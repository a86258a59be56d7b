use paduka_application::admin::{LowStockProduct, OrderPoint, StatsRepository};
use paduka_application::orders::OrderRepository;
use paduka_domain::order::OrderStatus;
use paduka_domain::{OrderId, ProductId};
use paduka_persistence::DieselStatsRepository;

use crate::helpers::{TestDb, at};
use crate::orders::{new_order, place, set_by_admin, shop, take};

crate::on_both_backends!(the_overview_counts_recent_uncancelled_orders_and_low_stock);

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
