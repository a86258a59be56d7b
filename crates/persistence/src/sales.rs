use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::dsl::Eq;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::sales::SaleRepository;
use paduka_domain::sale::Sale;
use paduka_domain::{Percent, SaleId};

use crate::db::{Database, corrupt, from_db_time, to_db_time};
use crate::schema::sales;

/// Timed sales in the `sales` table.
#[derive(Debug, Clone)]
pub struct DieselSaleRepository {
    db: Database,
}

impl DieselSaleRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = sales)]
struct SaleRow {
    id: String,
    name: String,
    starts_at: chrono::NaiveDateTime,
    ends_at: chrono::NaiveDateTime,
    discount: i32,
}

impl SaleRow {
    fn into_sale(self) -> QueryResult<Sale> {
        Ok(Sale {
            discount: Percent::new(i64::from(self.discount))
                .map_err(|_| corrupt(format_args!("discount of sale {}", self.id)))?,
            id: SaleId::new(self.id),
            name: self.name,
            start: from_db_time(self.starts_at),
            end: from_db_time(self.ends_at),
        })
    }
}

/// The columns an admin's sale fills, written alike when it is created and edited.
type SaleColumns<'a> = (
    Eq<sales::name, &'a String>,
    Eq<sales::starts_at, NaiveDateTime>,
    Eq<sales::ends_at, NaiveDateTime>,
    Eq<sales::discount, i32>,
);

fn sale_columns(sale: &Sale) -> SaleColumns<'_> {
    (
        sales::name.eq(&sale.name),
        sales::starts_at.eq(to_db_time(sale.start)),
        sales::ends_at.eq(to_db_time(sale.end)),
        sales::discount.eq(i32::from(sale.discount.value())),
    )
}

#[async_trait]
impl SaleRepository for DieselSaleRepository {
    async fn list(&self) -> Result<Vec<Sale>, RepoError> {
        self.db
            .run(|conn| {
                sales::table
                    .order((sales::starts_at, sales::id))
                    .select(SaleRow::as_select())
                    .load::<SaleRow>(conn)?
                    .into_iter()
                    .map(SaleRow::into_sale)
                    .collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(sale = %sale.id))]
    async fn create(&self, sale: &Sale) -> Result<(), RepoError> {
        let sale = sale.clone();
        self.db
            .run(move |conn| {
                diesel::insert_into(sales::table)
                    .values((
                        sales::id.eq(sale.id.as_str()),
                        sale_columns(&sale),
                        sales::created_at.eq(to_db_time(chrono::Utc::now())),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(sale = %sale.id))]
    async fn update(&self, sale: &Sale) -> Result<(), RepoError> {
        let sale = sale.clone();
        self.db
            .write_one(move |conn| {
                diesel::update(sales::table.find(sale.id.as_str()))
                    .set(sale_columns(&sale))
                    .execute(conn)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &SaleId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .write_one(move |conn| diesel::delete(sales::table.find(id)).execute(conn))
            .await
    }
}
