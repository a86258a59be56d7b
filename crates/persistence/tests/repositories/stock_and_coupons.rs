//! Stock per size and coupons (decisions D7): what placing and cancelling an order take and
//! give back, under concurrency, on both backends.

use std::sync::Arc;

use chrono::Duration;
use paduka_application::admin::{LowStockProduct, StatsRepository};
use paduka_application::catalog::ProductRepository;
use paduka_application::coupons::{CouponConflict, CouponRepository};
use paduka_application::orders::{
    CouponUse, LowStock, NewOrder, OrderRepository, PlaceError, Placement, StockChange,
};
use paduka_domain::coupon::{Coupon, CouponCode, CouponTerms};
use paduka_domain::{CouponId, OrderId, ProductId, UserId};
use paduka_persistence::{
    DieselCouponRepository, DieselOrderRepository, DieselProductRepository, DieselStatsRepository,
};

use crate::helpers::{Seed, TestDb, assert_conflict, assert_not_found, at, record, variant};
use crate::orders::{line, new_order, place, shop};

crate::on_both_backends!(
    fifty_parallel_buyers_for_the_last_pair_of_one_size_make_one_order,
    fifty_parallel_buyers_for_a_coupon_of_ten_uses_make_ten_orders,
    one_shopper_limited_to_one_use_gets_one_of_ten_parallel_orders,
    cancelling_gives_the_pair_and_the_coupons_use_back,
    the_migration_keeps_every_product_pooled_with_its_stock,
    an_order_that_takes_a_size_to_the_threshold_reports_it_once,
    coupons_are_stored_listed_updated_and_deleted,
    the_overview_lists_low_sizes_beside_low_pooled_products,
);

/// The shop of [`shop`] (`p1` pooled with `p1_stock`, `p2` pooled with 5) and `p3`, "Runner",
/// in UK 7, UK 8 and UK 9 with `sizes` pairs each.
pub(crate) async fn sized_shop(
    db: &TestDb,
    p1_stock: u32,
    sizes: [u32; 3],
) -> DieselOrderRepository {
    let orders = shop(db, p1_stock, 5).await;
    let mut runner = record("P3", "Runner", "boots", "admin", 0);
    runner.draft.variants = ["UK 7", "UK 8", "UK 9"]
        .iter()
        .zip(sizes)
        .map(|(label, pairs)| {
            let mut size = variant(Some(label), 2000, 0);
            size.stock = Some(pairs);
            size
        })
        .collect();
    runner.draft.quantity = sizes.iter().sum();
    Seed::new(db).product("p3", runner).await;
    orders
}

/// `quantity` pairs of `p3` in the size at `variant`.
pub(crate) fn take_size(variant: u32, quantity: u32) -> StockChange {
    StockChange {
        product: ProductId::new("p3"),
        variant: Some(variant),
        name: "Runner".into(),
        size: Some(["UK 7", "UK 8", "UK 9"][variant as usize].into()),
        quantity,
    }
}

fn take_pooled(quantity: u32) -> StockChange {
    StockChange {
        product: ProductId::new("p1"),
        variant: None,
        name: "Boot".into(),
        size: None,
        quantity,
    }
}

/// The stock of `p3`'s sizes and its total, as stored.
pub(crate) async fn runner_stock(db: &TestDb) -> (Vec<Option<u32>>, u32) {
    let products = DieselProductRepository::new(db.db());
    let runner = products.find(&ProductId::new("p3")).await.unwrap().unwrap();
    (
        runner.variants.iter().map(|v| v.stock).collect(),
        runner.quantity,
    )
}

/// The coupon `code`: 10 % off from a day before `at(0)` to 30 days after, with these limits.
pub(crate) fn coupon(
    id: &str,
    code: &str,
    max_uses: Option<i64>,
    max_uses_per_user: Option<i64>,
    seconds: i64,
) -> Coupon {
    Coupon {
        id: CouponId::new(id),
        terms: CouponTerms::parse(
            code,
            "percent",
            10,
            0,
            at(0) - Duration::days(1),
            at(0) + Duration::days(30),
            max_uses,
            max_uses_per_user,
        )
        .unwrap(),
        used: 0,
        created_at: at(seconds),
    }
}

fn use_of(coupon: &Coupon) -> CouponUse {
    CouponUse {
        coupon: coupon.id.clone(),
        code: coupon.terms.code.as_str().to_owned(),
        discount_rupees: 90,
        max_uses_per_user: coupon.terms.max_uses_per_user,
    }
}

/// `new_order` for the buyer `buyer`, with the coupon's use.
pub(crate) fn with_coupon(mut order: NewOrder, coupon: &Coupon, buyer: &str) -> NewOrder {
    order.user.id = Some(UserId::new(buyer));
    order.coupon = Some(use_of(coupon));
    order.amount_rupees -= 90;
    order
}

pub(crate) async fn stored_coupon(db: &TestDb, id: &str) -> Coupon {
    let coupons = DieselCouponRepository::new(db.db());
    coupons.find(&CouponId::new(id)).await.unwrap().unwrap()
}

async fn fifty_parallel_buyers_for_the_last_pair_of_one_size_make_one_order(db: &TestDb) {
    let orders = Arc::new(sized_shop(db, 5, [4, 1, 6]).await);
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let orders = Arc::clone(&orders);
            tokio::spawn(async move {
                let order = new_order(&format!("o{i}"), &format!("pay_{i}"), 1, i);
                orders.place(&order, &[take_size(1, 1)]).await
            })
        })
        .collect();
    let (mut placed_count, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { .. }) => placed_count += 1,
            Err(PlaceError::OutOfStock {
                size, left, name, ..
            }) => {
                assert_eq!(
                    (name.as_str(), size.as_deref(), left),
                    ("Runner", Some("UK 8"), 0)
                );
                refused += 1;
            }
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(
        (placed_count, refused),
        (1, 49),
        "one shopper gets the last UK 8"
    );
    assert_eq!(
        runner_stock(db).await,
        (vec![Some(4), Some(0), Some(6)], 10),
        "the other sizes are untouched and the total follows"
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM orders"), 1);
}

async fn fifty_parallel_buyers_for_a_coupon_of_ten_uses_make_ten_orders(db: &TestDb) {
    let orders = Arc::new(shop(db, 100, 5).await);
    let welcome = coupon("c1", "WELCOME10", Some(10), None, 0);
    let coupons = DieselCouponRepository::new(db.db());
    coupons.create(&welcome).await.unwrap();
    let seed = Seed::new(db);
    for i in 0..50 {
        seed.shopper(&format!("s{i}")).await;
    }
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let orders = Arc::clone(&orders);
            let order = with_coupon(
                new_order(&format!("o{i}"), &format!("pay_{i}"), 1, i),
                &welcome,
                &format!("s{i}"),
            );
            tokio::spawn(async move { orders.place(&order, &[take_pooled(1)]).await })
        })
        .collect();
    let (mut placed_count, mut used_up) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { order, .. }) => {
                assert_eq!(order.coupon.unwrap().code, "WELCOME10");
                placed_count += 1;
            }
            Err(PlaceError::CouponUsedUp) => used_up += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!((placed_count, used_up), (10, 40));
    assert_eq!(stored_coupon(db, "c1").await.used, 10);
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM orders WHERE coupon_code = 'WELCOME10'"),
        10
    );
    assert_eq!(
        db.count("SELECT CAST(quantity AS BIGINT) AS n FROM products WHERE id = 'p1'"),
        90,
        "the refused orders' pairs came back"
    );
}

async fn one_shopper_limited_to_one_use_gets_one_of_ten_parallel_orders(db: &TestDb) {
    let orders = Arc::new(shop(db, 100, 5).await);
    let once = coupon("c1", "ONCE", None, Some(1), 0);
    DieselCouponRepository::new(db.db())
        .create(&once)
        .await
        .unwrap();
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let orders = Arc::clone(&orders);
            let order = with_coupon(
                new_order(&format!("o{i}"), &format!("pay_{i}"), 1, i),
                &once,
                "u1",
            );
            tokio::spawn(async move { orders.place(&order, &[take_pooled(1)]).await })
        })
        .collect();
    let mut placed_count = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(Placement::Placed { .. }) => placed_count += 1,
            Err(PlaceError::CouponUsedUp) => {}
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(placed_count, 1, "one use per account");
    assert_eq!(stored_coupon(db, "c1").await.used, 1);
    let coupons = DieselCouponRepository::new(db.db());
    assert_eq!(
        coupons
            .uses_by(&CouponId::new("c1"), &UserId::new("u1"))
            .await
            .unwrap(),
        1
    );
}

async fn cancelling_gives_the_pair_and_the_coupons_use_back(db: &TestDb) {
    let orders = sized_shop(db, 5, [2, 1, 0]).await;
    let once = coupon("c1", "ONCE", Some(1), Some(1), 0);
    let coupons = DieselCouponRepository::new(db.db());
    coupons.create(&once).await.unwrap();
    let mut first = with_coupon(new_order("o1", "pay_1", 1, 1), &once, "u1");
    let mut uk8 = line("p3", "Runner", 2000, 1);
    uk8.variant_index = 1;
    let mut uk7 = line("p3", "Runner", 2000, 2);
    uk7.variant_index = 0;
    first.lines = vec![uk8, uk7];
    let order = place(&orders, &first, &[take_size(1, 1), take_size(0, 2)]).await;
    assert_eq!(runner_stock(db).await, (vec![Some(0), Some(0), Some(0)], 0));
    assert_eq!(stored_coupon(db, "c1").await.used, 1);

    let second = with_coupon(new_order("o2", "pay_2", 1, 2), &once, "u1");
    assert!(matches!(
        orders.place(&second, &[]).await,
        Err(PlaceError::CouponUsedUp)
    ));

    let cancelled = orders.cancel(&order.id, None, at(3)).await.unwrap();
    assert!(!cancelled.already_cancelled);
    assert_eq!(
        runner_stock(db).await,
        (vec![Some(2), Some(1), Some(0)], 3),
        "each size gets its pairs back"
    );
    assert_eq!(stored_coupon(db, "c1").await.used, 0);
    orders.cancel(&order.id, None, at(4)).await.unwrap();
    assert_eq!(stored_coupon(db, "c1").await.used, 0, "given back once");

    let again = place(&orders, &second, &[take_pooled(1)]).await;
    assert_eq!(again.discount_rupees(), 90);
    assert_eq!(again.subtotal_rupees(), again.amount_rupees + 90);
    let read = orders.find(&OrderId::new("o2")).await.unwrap().unwrap();
    assert_eq!(read, again, "the coupon and discount read back as placed");
}

async fn the_migration_keeps_every_product_pooled_with_its_stock(db: &TestDb) {
    let orders = shop(db, 7, 5).await;
    place(&orders, &new_order("o1", "pay_1", 2, 1), &[take_pooled(2)]).await;
    // Back to before stock per size and coupons, and forward again.
    db.revert_through("2025-11-26-000100");
    db.db().run_migrations().unwrap();

    let products = DieselProductRepository::new(db.db());
    let boot = products.find(&ProductId::new("p1")).await.unwrap().unwrap();
    assert_eq!(boot.quantity, 5);
    assert!(!boot.tracks_sizes());
    assert_eq!(boot.stock_per_size(), None);
    let order = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(order.coupon, None);
    assert_eq!(order.subtotal_rupees(), order.amount_rupees);
    assert_eq!(
        db.count("SELECT subtotal_rupees AS n FROM orders WHERE id = 'o1'"),
        order.amount_rupees
    );
}

async fn an_order_that_takes_a_size_to_the_threshold_reports_it_once(db: &TestDb) {
    let orders = sized_shop(db, 9, [7, 9, 9]).await;
    let mut first = new_order("o1", "pay_1", 2, 1);
    first.low_stock_threshold = 5;
    let placement = orders
        .place(&first, &[take_size(0, 2), take_pooled(2)])
        .await
        .unwrap();
    let Placement::Placed { low_stock, .. } = placement else {
        panic!("placed");
    };
    assert_eq!(
        low_stock,
        vec![LowStock {
            product: ProductId::new("p3"),
            name: "Runner".into(),
            size: Some("UK 7".into()),
            left: 5,
        }],
        "UK 7 crossed from 7 to 5; the pooled boot went from 9 to 7, still above"
    );
    let mut second = new_order("o2", "pay_2", 1, 2);
    second.low_stock_threshold = 5;
    let Placement::Placed { low_stock, .. } = orders
        .place(&second, &[take_size(0, 1), take_pooled(2)])
        .await
        .unwrap()
    else {
        panic!("placed");
    };
    assert_eq!(
        low_stock,
        vec![LowStock {
            product: ProductId::new("p1"),
            name: "Boot".into(),
            size: None,
            left: 5,
        }],
        "UK 7 was already low; the boot's pool crosses now"
    );
}

async fn coupons_are_stored_listed_updated_and_deleted(db: &TestDb) {
    let orders = shop(db, 9, 5).await;
    let coupons = DieselCouponRepository::new(db.db());
    let older = coupon("c1", "welcome10", Some(100), Some(1), 1);
    let newer = coupon("c2", "DIWALI", None, None, 2);
    coupons.create(&older).await.unwrap();
    coupons.create(&newer).await.unwrap();
    assert_conflict(
        coupons
            .create(&coupon("c3", "Welcome10", None, None, 3))
            .await,
        CouponConflict::DuplicateCode,
    );
    let all = coupons.all().await.unwrap();
    assert_eq!(all, vec![newer.clone(), older.clone()], "newest first");
    let code = CouponCode::parse("WELCOME10").unwrap();
    assert_eq!(
        coupons.find_by_code(&code).await.unwrap(),
        Some(older.clone())
    );

    let order = with_coupon(new_order("o1", "pay_1", 1, 1), &older, "u1");
    place(&orders, &order, &[take_pooled(1)]).await;
    let mut changed = coupon("c1", "WELCOME15", Some(50), None, 9);
    changed.used = 0;
    let updated = coupons.update(&changed).await.unwrap();
    assert_eq!(updated.terms.code.as_str(), "WELCOME15");
    assert_eq!(updated.used, 1, "uses move only with orders");
    assert_eq!(updated.created_at, older.created_at);
    assert_conflict(
        coupons
            .update(&coupon("c2", "welcome15", None, None, 0))
            .await,
        CouponConflict::DuplicateCode,
    );
    assert_not_found(
        coupons
            .update(&coupon("nope", "OTHER", None, None, 0))
            .await,
    );

    coupons.delete(&CouponId::new("c1")).await.unwrap();
    assert_not_found(coupons.delete(&CouponId::new("c1")).await);
    let kept = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(
        kept.coupon.unwrap().code,
        "WELCOME10",
        "orders keep their code"
    );
    orders
        .cancel(&OrderId::new("o1"), None, at(5))
        .await
        .expect("cancelling an order of a deleted coupon works");
}

async fn the_overview_lists_low_sizes_beside_low_pooled_products(db: &TestDb) {
    let _orders = sized_shop(db, 3, [9, 2, 0]).await;
    let stats = DieselStatsRepository::new(db.db());
    let snapshot = stats.overview(at(0), at(0), 5, 10).await.unwrap();
    let low = |id: &str, name: &str, size: Option<&str>, quantity| LowStockProduct {
        id: ProductId::new(id),
        name: name.into(),
        size: size.map(str::to_owned),
        quantity,
    };
    assert_eq!(
        snapshot.low_stock,
        vec![
            low("p3", "Runner", Some("UK 9"), 0),
            low("p3", "Runner", Some("UK 8"), 2),
            low("p1", "Boot", None, 3),
            low("p2", "Sandal", None, 5),
        ],
        "by size for the runner (its UK 7 is fine), by pool for the others"
    );
    assert_eq!(
        stats
            .overview(at(0), at(0), 5, 2)
            .await
            .unwrap()
            .low_stock
            .len(),
        2
    );
}
