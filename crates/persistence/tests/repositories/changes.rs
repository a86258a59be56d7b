//! The change counters: every committed write to the catalog's or the sales' tables moves
//! them, whichever connection (or instance) made it; a failed write does not.

use paduka_application::sales::SaleRepository;
use paduka_domain::sale::Sale;
use paduka_domain::{Percent, SaleId};
use paduka_persistence::{ChangeCounts, DieselSaleRepository};

use crate::helpers::{Seed, TestDb, at, record};

crate::on_both_backends!(committed_writes_move_the_counters_of_their_kind_only,);

async fn committed_writes_move_the_counters_of_their_kind_only(db: &TestDb) {
    let database = db.db();
    let counts = || async { database.change_counts().await.unwrap() };
    let start = counts().await;

    Seed::new(db).admin("admin").await;
    assert_eq!(counts().await, start, "accounts are not the catalog");

    Seed::new(db).category("boots", "Boots").await;
    let after_category = counts().await;
    assert!(after_category.catalog > start.catalog);
    assert_eq!(after_category.sales, start.sales);

    Seed::new(db)
        .product("p1", record("P1", "Boot", "boots", "admin", 0))
        .await;
    let after_product = counts().await;
    assert!(after_product.catalog > after_category.catalog);

    let sales = DieselSaleRepository::new(db.db());
    let diwali = Sale {
        id: SaleId::new("s1"),
        name: "Diwali".into(),
        start: at(0),
        end: at(100),
        discount: Percent::new(20).unwrap(),
    };
    sales.create(&diwali).await.unwrap();
    let after_sale = counts().await;
    assert_eq!(
        after_sale,
        ChangeCounts {
            catalog: after_product.catalog,
            sales: after_sale.sales,
        }
    );
    assert!(after_sale.sales > after_product.sales);

    sales.create(&diwali).await.unwrap_err();
    assert_eq!(
        counts().await,
        after_sale,
        "a rolled-back write counts nothing"
    );
}
