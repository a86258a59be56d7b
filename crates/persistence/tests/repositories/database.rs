use paduka_application::ReadinessProbe;
use paduka_persistence::{Backend, Database, sqlite_url_in};

use crate::helpers::{Seed, TestDb, record};

crate::on_both_backends!(
    migrations_apply_revert_and_apply_again,
    the_readiness_probe_answers,
    the_database_is_empty_until_it_holds_a_user_or_a_product,
    instances_starting_together_take_turns_with_the_start_up_lock,
    a_backup_taken_while_the_shop_runs_restores_its_orders,
);

async fn migrations_apply_revert_and_apply_again(db: &TestDb) {
    assert_eq!(db.table_count(), 40, "every table is created");
    db.revert_all_migrations();
    assert_eq!(db.table_count(), 0, "down.sql removes every table");
    db.db().run_migrations().unwrap();
    assert_eq!(db.table_count(), 40);
    db.db()
        .run_migrations()
        .expect("running again changes nothing");
    assert_eq!(db.table_count(), 40);
}

async fn the_readiness_probe_answers(db: &TestDb) {
    db.db()
        .check()
        .await
        .expect("the database answers SELECT 1");
}

async fn the_database_is_empty_until_it_holds_a_user_or_a_product(db: &TestDb) {
    let database = db.db();
    let seed = Seed::new(db);
    assert!(database.is_empty().await.unwrap());
    seed.admin("u1").await;
    assert!(!database.is_empty().await.unwrap());

    db.execute("DELETE FROM users");
    assert!(database.is_empty().await.unwrap());
    seed.category("c1", "Boots").await;
    assert!(
        database.is_empty().await.unwrap(),
        "a category alone is still an empty shop"
    );
    seed.admin("u2").await;
    seed.product("p1", record("P-1", "Boot", "c1", "u2", 0))
        .await;
    db.execute("DELETE FROM users");
    assert!(
        !database.is_empty().await.unwrap(),
        "a product makes the shop non-empty"
    );
}

#[test]
fn a_sqlite_url_or_plain_path_opens_a_file_in_a_folder_it_creates() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("a").join("b");
    let url = sqlite_url_in(&nested);
    assert!(
        url.starts_with("sqlite://") && url.ends_with("paduka.db"),
        "{url}"
    );
    let db = Database::connect(&url).unwrap();
    assert_eq!(db.backend(), Backend::Sqlite);
    db.run_migrations().unwrap();
    assert!(nested.join("paduka.db").is_file());

    let plain = dir.path().join("plain").join("shop.db");
    let db = Database::connect(plain.to_str().unwrap()).unwrap();
    assert_eq!(db.backend(), Backend::Sqlite);
    assert!(plain.is_file());
}

#[test]
fn an_unreachable_postgres_is_an_error_never_a_sqlite_file() {
    for url in [
        "postgres://nobody@127.0.0.1:1/paduka",
        "postgresql://nobody@127.0.0.1:1/paduka",
    ] {
        let error = Database::connect(url).expect_err("port 1 has no PostgreSQL");
        assert!(error.to_string().contains("PostgreSQL"), "{error:#}");
    }
    assert!(
        !std::path::Path::new("postgres:").exists(),
        "no SQLite file was made instead"
    );
    assert!(!std::path::Path::new("postgresql:").exists());
}

async fn instances_starting_together_take_turns_with_the_start_up_lock(db: &TestDb) {
    let first = db.db().startup_lock().unwrap();
    let (taken, told) = std::sync::mpsc::channel();
    let other_instance = db.db();
    let waiter = std::thread::spawn(move || {
        let second = other_instance.startup_lock().unwrap();
        taken.send(()).unwrap();
        drop(second);
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        told.try_recv().is_err(),
        "the second waits while the first migrates or seeds"
    );
    drop(first);
    told.recv_timeout(std::time::Duration::from_secs(60))
        .expect("the second goes on once the first is done");
    waiter.join().unwrap();
    let again = db.db().startup_lock().unwrap();
    drop(again);
}

async fn a_backup_taken_while_the_shop_runs_restores_its_orders(db: &TestDb) {
    use paduka_application::orders::OrderRepository;
    use paduka_domain::OrderId;

    use crate::orders::{new_order, place, shop, take};

    let orders = shop(db, 5, 5).await;
    place(&orders, &new_order("o1", "pay_1", 2, 10), &[take("p1", 2)]).await;
    let folder = tempfile::tempdir().unwrap();
    let copy = folder.path().join("shop-backup.db");
    if db.backend() == Backend::Postgres {
        let refused = db.db().backup_to(&copy).unwrap_err();
        assert!(refused.to_string().contains("pg_dump"), "{refused}");
        return;
    }
    db.db().backup_to(&copy).unwrap();
    // An order placed after the copy is not in it: the copy is one moment of the shop.
    place(&orders, &new_order("o2", "pay_2", 1, 20), &[take("p1", 1)]).await;
    assert!(
        db.db().backup_to(&copy).is_err(),
        "an existing file is never overwritten"
    );

    let restored = Database::connect(copy.to_str().unwrap()).unwrap();
    restored.run_migrations().unwrap();
    let restored_orders = paduka_persistence::DieselOrderRepository::new(restored);
    let order = restored_orders.find(&OrderId::new("o1")).await.unwrap();
    assert_eq!(
        order.expect("the order is in the copy").lines[0].quantity,
        2
    );
    assert!(
        restored_orders
            .find(&OrderId::new("o2"))
            .await
            .unwrap()
            .is_none()
    );
}
