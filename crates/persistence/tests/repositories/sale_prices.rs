//! Exact selling prices (decisions D36): kept per size and per order line to the paisa, and
//! the migration that gives every size and line made before them what it sold at.

use paduka_application::catalog::ProductRepository;
use paduka_application::orders::OrderRepository;
use paduka_domain::{OrderId, Paise, ProductId};
use paduka_persistence::DieselProductRepository;

use crate::helpers::{Seed, TestDb, record, variant};
use crate::orders::{new_order, placed, shop, take};

crate::on_both_backends!(
    a_sizes_exact_price_and_mrp_read_back_to_the_paisa,
    the_migration_gives_every_size_and_order_line_its_price_less_its_discount,
);

fn paise(n: i64) -> Paise {
    Paise::from_stored(n)
}

async fn a_sizes_exact_price_and_mrp_read_back_to_the_paisa(db: &TestDb) {
    let seed = Seed::new(db);
    seed.admin("admin").await;
    seed.category("boots", "Boots").await;
    let mut sneaker = record("S", "Sneaker", "boots", "admin", 0);
    let mut size = variant(Some("UK 8"), 3299, 0);
    size.sale_price = paise(129_900);
    sneaker.draft.variants = vec![size];
    seed.product("s", sneaker).await;
    let read = DieselProductRepository::new(db.db())
        .find(&ProductId::new("s"))
        .await
        .unwrap()
        .unwrap();
    let size = &read.variants[0];
    assert_eq!(
        (size.price, size.sale_price),
        (paise(329_900), paise(129_900))
    );
    assert_eq!(size.discount().value(), 60);
    // The stored discount is the derived one, which sorting by discount reads.
    assert_eq!(
        db.count(
            "SELECT CAST(discount AS BIGINT) AS n FROM product_variants WHERE product_id = 's'"
        ),
        60
    );
}

async fn the_migration_gives_every_size_and_order_line_its_price_less_its_discount(db: &TestDb) {
    let orders = shop(db, 5, 5).await;
    let order = placed(
        orders
            .place(&new_order("o1", "pay_1", 2, 1), &[take("p1", 2)])
            .await
            .unwrap(),
    );
    // Back to before exact prices: a size and a line as they were stored then, at ₹999.99
    // less 15 % (₹849.9915, which the code rounded down to ₹849.99).
    db.revert_through("2025-12-06-000100");
    db.execute(
        "UPDATE product_variants SET price_paise = 99999, discount = 15 WHERE product_id = 'p1'",
    );
    db.execute(
        "UPDATE order_lines SET unit_price_paise = 99999, discount = 15 WHERE order_id = 'o1'",
    );
    db.db().run_migrations().unwrap();

    let boot = DieselProductRepository::new(db.db())
        .find(&ProductId::new("p1"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (boot.variants[0].price, boot.variants[0].sale_price),
        (paise(99_999), paise(84_999))
    );
    assert_eq!(boot.variants[0].discount().value(), 15);
    let read = orders.find(&OrderId::new("o1")).await.unwrap().unwrap();
    assert_eq!(read.lines[0].sale_price, paise(84_999));
    assert_eq!(read.lines[0].discount.value(), 15);
    // The amount charged is stored, never recomputed.
    assert_eq!(read.amount_rupees, order.amount_rupees);
}
