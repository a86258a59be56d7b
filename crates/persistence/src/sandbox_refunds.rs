//! The offline sandbox's refunds in `sandbox_refunds`: one per idempotency key, for every
//! instance sharing the database.

use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use paduka_application::RepoError;
use paduka_application::checkout::{RefundResult, SandboxRefund, SandboxRefundLedger};
use paduka_domain::Paise;

use crate::db::{AnyConnection, Database, corrupt, to_db_time};
use crate::schema::sandbox_refunds;

#[derive(Debug, Clone)]
pub struct DieselSandboxRefundLedger {
    db: Database,
}

impl DieselSandboxRefundLedger {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = sandbox_refunds)]
struct RefundRow {
    idempotency_key: String,
    payment_id: String,
    refund_id: String,
    amount_paise: i64,
    status: String,
    #[allow(dead_code, reason = "selected for the order of the list only")]
    created_at: NaiveDateTime,
}

impl TryFrom<RefundRow> for SandboxRefund {
    type Error = DieselError;

    fn try_from(row: RefundRow) -> Result<Self, DieselError> {
        if row.amount_paise < 0 {
            return Err(corrupt(format_args!("amount of refund {}", row.refund_id)));
        }
        Ok(Self {
            payment_id: row.payment_id,
            idempotency_key: row.idempotency_key,
            refund: RefundResult {
                id: row.refund_id,
                amount: Paise::from_stored(row.amount_paise),
                status: row.status,
            },
        })
    }
}

fn kept(conn: &mut AnyConnection, key: &str) -> QueryResult<SandboxRefund> {
    sandbox_refunds::table
        .find(key)
        .select(RefundRow::as_select())
        .first(conn)?
        .try_into()
}

#[async_trait]
impl SandboxRefundLedger for DieselSandboxRefundLedger {
    async fn keep(&self, refund: SandboxRefund) -> Result<SandboxRefund, RepoError> {
        self.db
            .run(move |conn| {
                let inserted = diesel::insert_into(sandbox_refunds::table)
                    .values((
                        sandbox_refunds::idempotency_key.eq(&refund.idempotency_key),
                        sandbox_refunds::payment_id.eq(&refund.payment_id),
                        sandbox_refunds::refund_id.eq(&refund.refund.id),
                        sandbox_refunds::amount_paise.eq(refund.refund.amount.paise()),
                        sandbox_refunds::status.eq(&refund.refund.status),
                        sandbox_refunds::created_at.eq(to_db_time(chrono::Utc::now())),
                    ))
                    .execute(conn);
                match inserted {
                    Ok(_) => Ok(refund),
                    // Asked before, through this instance or another: that refund stands.
                    Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                        kept(conn, &refund.idempotency_key)
                    }
                    Err(error) => Err(error),
                }
            })
            .await
    }

    async fn all(&self) -> Result<Vec<SandboxRefund>, RepoError> {
        self.db
            .run(|conn| {
                sandbox_refunds::table
                    .order((sandbox_refunds::created_at, sandbox_refunds::refund_id))
                    .select(RefundRow::as_select())
                    .load(conn)?
                    .into_iter()
                    .map(SandboxRefund::try_from)
                    .collect()
            })
            .await
    }
}
