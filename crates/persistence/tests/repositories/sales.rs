use paduka_application::RepoError;
use paduka_application::sales::SaleRepository;
use paduka_domain::sale::Sale;
use paduka_domain::{Percent, SaleId};
use paduka_persistence::DieselSaleRepository;

use crate::helpers::{TestDb, assert_not_found, at};

crate::on_both_backends!(
    sales_are_listed_by_start_and_changed_in_place,
    updating_or_deleting_an_unknown_sale_is_not_found,
    a_sale_must_end_after_it_starts,
);

fn sale(id: &str, name: &str, start: i64, end: i64, discount: i64) -> Sale {
    Sale {
        id: SaleId::new(id),
        name: name.to_owned(),
        start: at(start),
        end: at(end),
        discount: Percent::new(discount).unwrap(),
    }
}

async fn sales_are_listed_by_start_and_changed_in_place(db: &TestDb) {
    let sales = DieselSaleRepository::new(db.db());
    assert!(sales.list().await.unwrap().is_empty());
    let diwali = sale("s2", "Diwali", 2_000, 9_000, 30);
    let holi = sale("s1", "Holi", 1_000, 1_500, 10);
    let monsoon = sale("s3", "Monsoon", 5_000, 6_000, 100);
    for s in [&diwali, &holi, &monsoon] {
        sales.create(s).await.unwrap();
    }
    assert_eq!(
        sales.list().await.unwrap(),
        vec![holi.clone(), diwali.clone(), monsoon.clone()]
    );

    let later_holi = sale("s1", "Holi Week", 8_000, 8_500, 25);
    sales.update(&later_holi).await.unwrap();
    assert_eq!(
        sales.list().await.unwrap(),
        vec![diwali.clone(), monsoon.clone(), later_holi]
    );

    sales.delete(&SaleId::new("s3")).await.unwrap();
    assert_eq!(sales.list().await.unwrap().len(), 2);
}

async fn updating_or_deleting_an_unknown_sale_is_not_found(db: &TestDb) {
    let sales = DieselSaleRepository::new(db.db());
    sales.create(&sale("s1", "Holi", 0, 10, 5)).await.unwrap();
    assert_not_found(sales.update(&sale("ghost", "Ghost", 0, 10, 5)).await);
    assert_not_found(sales.delete(&SaleId::new("ghost")).await);
    assert_eq!(
        sales.list().await.unwrap(),
        vec![sale("s1", "Holi", 0, 10, 5)]
    );
}

async fn a_sale_must_end_after_it_starts(db: &TestDb) {
    let sales = DieselSaleRepository::new(db.db());
    let backwards = sales.create(&sale("s1", "Backwards", 10, 5, 5)).await;
    assert!(
        matches!(backwards, Err(RepoError::Unexpected(_))),
        "{backwards:?}"
    );
    assert!(sales.list().await.unwrap().is_empty());
}
