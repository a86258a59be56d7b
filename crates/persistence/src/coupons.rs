use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::dsl::Eq;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::coupons::{CouponConflict, CouponRepository};
use paduka_domain::coupon::{Coupon, CouponCode, CouponTerms};
use paduka_domain::{CouponId, UserId};

use crate::db::{Broken, Database, corrupt, from_db_time, matched_a_row, to_db_time};
use crate::orders::coupon_uses_by;
use crate::schema::coupons;

/// The columns of an admin's terms, written alike when a coupon is created and edited.
type TermsColumns<'a> = (
    Eq<coupons::code, &'a str>,
    Eq<coupons::kind, &'a str>,
    Eq<coupons::value, i64>,
    Eq<coupons::min_order_rupees, i64>,
    Eq<coupons::starts_at, NaiveDateTime>,
    Eq<coupons::ends_at, NaiveDateTime>,
    Eq<coupons::max_uses, Option<i64>>,
    Eq<coupons::max_uses_per_user, Option<i64>>,
);

fn terms_columns(terms: &CouponTerms) -> TermsColumns<'_> {
    (
        coupons::code.eq(terms.code.as_str()),
        coupons::kind.eq(terms.kind.as_str()),
        coupons::value.eq(terms.value),
        coupons::min_order_rupees.eq(terms.min_order_rupees),
        coupons::starts_at.eq(to_db_time(terms.start)),
        coupons::ends_at.eq(to_db_time(terms.end)),
        coupons::max_uses.eq(terms.max_uses),
        coupons::max_uses_per_user.eq(terms.max_uses_per_user),
    )
}

/// Coupons in the `coupons` table. `used` moves only with orders (`orders.rs`).
#[derive(Debug, Clone)]
pub struct DieselCouponRepository {
    db: Database,
}

impl DieselCouponRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = coupons)]
struct CouponRow {
    id: String,
    code: String,
    kind: String,
    value: i64,
    min_order_rupees: i64,
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
    max_uses: Option<i64>,
    max_uses_per_user: Option<i64>,
    used: i64,
    created_at: NaiveDateTime,
}

impl CouponRow {
    fn into_coupon(self) -> QueryResult<Coupon> {
        let terms = CouponTerms::parse(
            &self.code,
            &self.kind,
            self.value,
            self.min_order_rupees,
            from_db_time(self.starts_at),
            from_db_time(self.ends_at),
            self.max_uses,
            self.max_uses_per_user,
        )
        .map_err(|_| corrupt(format_args!("terms of coupon {}", self.id)))?;
        Ok(Coupon {
            id: CouponId::new(self.id),
            terms,
            used: self.used,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// A write broke the unique rule on codes.
fn duplicate_code(broken: &Broken<'_>) -> Option<CouponConflict> {
    (*broken == Broken::Unique(Some("coupons_code_key"))).then_some(CouponConflict::DuplicateCode)
}

fn load(
    conn: &mut crate::AnyConnection,
    query: coupons::BoxedQuery<'static, crate::db::MultiBackend>,
) -> QueryResult<Vec<Coupon>> {
    query
        .select(CouponRow::as_select())
        .load::<CouponRow>(conn)?
        .into_iter()
        .map(CouponRow::into_coupon)
        .collect()
}

#[async_trait]
impl CouponRepository for DieselCouponRepository {
    async fn all(&self) -> Result<Vec<Coupon>, RepoError> {
        self.db
            .run(|conn| {
                load(
                    conn,
                    coupons::table
                        .order((coupons::created_at.desc(), coupons::id.desc()))
                        .into_boxed(),
                )
            })
            .await
    }

    async fn find(&self, id: &CouponId) -> Result<Option<Coupon>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| Ok(load(conn, coupons::table.find(id).into_boxed())?.pop()))
            .await
    }

    async fn find_by_code(&self, code: &CouponCode) -> Result<Option<Coupon>, RepoError> {
        let code = code.as_str().to_owned();
        self.db
            .run(move |conn| {
                let query = coupons::table.filter(coupons::code.eq(code)).into_boxed();
                Ok(load(conn, query)?.pop())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(coupon = %coupon.id))]
    async fn create(&self, coupon: &Coupon) -> Result<(), RepoError<CouponConflict>> {
        let coupon = coupon.clone();
        self.db
            .run_with(
                move |conn| {
                    diesel::insert_into(coupons::table)
                        .values((
                            coupons::id.eq(coupon.id.as_str()),
                            terms_columns(&coupon.terms),
                            coupons::used.eq(coupon.used),
                            coupons::created_at.eq(to_db_time(coupon.created_at)),
                        ))
                        .execute(conn)?;
                    Ok(())
                },
                duplicate_code,
            )
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(coupon = %coupon.id))]
    async fn update(&self, coupon: &Coupon) -> Result<Coupon, RepoError<CouponConflict>> {
        let coupon = coupon.clone();
        self.db
            .run_with(
                move |conn| {
                    let terms = &coupon.terms;
                    let id = coupon.id.as_str().to_owned();
                    let changed = diesel::update(coupons::table.find(&id))
                        .set(terms_columns(terms))
                        .execute(conn)?;
                    matched_a_row(changed)?;
                    load(conn, coupons::table.find(id).into_boxed())?
                        .pop()
                        .ok_or(diesel::result::Error::NotFound)
                },
                duplicate_code,
            )
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &CouponId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .write_one(move |conn| diesel::delete(coupons::table.find(id)).execute(conn))
            .await
    }

    async fn uses_by(&self, id: &CouponId, user: &UserId) -> Result<i64, RepoError> {
        let (id, user) = (id.as_str().to_owned(), user.as_str().to_owned());
        self.db
            .run(move |conn| coupon_uses_by(conn, &id, &user))
            .await
    }
}
