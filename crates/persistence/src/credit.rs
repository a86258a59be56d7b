//! Store credit: one balance row per shopper, locked by every change (`FOR UPDATE` on
//! PostgreSQL; SQLite's write transaction holds the database), and the ledger of entries
//! whose sum it is. [`grant`] and [`spend`] work inside the caller's transaction, so credit
//! moves together with the order (or return) it belongs to; the decisions are
//! [`paduka_domain::credit`]'s.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use paduka_application::RepoError;
use paduka_application::credit::{CreditGrant, StoreCreditRepository};
use paduka_domain::credit::{CreditEntry, CreditReason, CreditStatement, may_spend};
use paduka_domain::{OrderId, UserId};

use crate::db::{
    AnyConnection, Broken, Database, broken, corrupt, from_db_time, repo_error, to_db_time,
    too_large, write_transaction,
};
use crate::schema::{store_credit_balances, store_credit_entries, users};

/// The user's balance, its row created (at 0) when missing and locked until the transaction
/// ends. Every change of a balance goes through here, so changes of one user's credit take
/// turns.
pub(crate) fn lock_balance(
    conn: &mut AnyConnection,
    user: &UserId,
    at: NaiveDateTime,
) -> QueryResult<i64> {
    let create = diesel::insert_into(store_credit_balances::table)
        .values((
            store_credit_balances::user_id.eq(user.as_str()),
            store_credit_balances::balance.eq(0_i64),
            store_credit_balances::updated_at.eq(at),
        ))
        .on_conflict(store_credit_balances::user_id)
        .do_nothing();
    match conn {
        AnyConnection::Postgresql(pg) => create.execute(pg)?,
        AnyConnection::Sqlite(sqlite) => create.execute(sqlite)?,
    };
    let query = store_credit_balances::table
        .find(user.as_str())
        .select(store_credit_balances::balance);
    let balance = match conn {
        AnyConnection::Postgresql(pg) => query.for_update().first::<i64>(pg)?,
        AnyConnection::Sqlite(_) => query.first::<i64>(conn)?,
    };
    if balance < 0 {
        return Err(corrupt(format_args!("store credit balance of {user}")));
    }
    Ok(balance)
}

/// Moves the locked balance by `delta` and enters it under `reason`.
fn enter(
    conn: &mut AnyConnection,
    user: &UserId,
    delta: i64,
    reason: &CreditReason,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(store_credit_entries::table)
        .values((
            store_credit_entries::id.eq(reason.key()),
            store_credit_entries::user_id.eq(user.as_str()),
            store_credit_entries::amount.eq(delta),
            store_credit_entries::reason.eq(reason.as_str()),
            store_credit_entries::order_id.eq(reason.order().map(OrderId::as_str)),
            store_credit_entries::return_id.eq(reason.return_id()),
            store_credit_entries::created_at.eq(at),
        ))
        .execute(conn)?;
    diesel::update(store_credit_balances::table.find(user.as_str()))
        .set((
            store_credit_balances::balance.eq(store_credit_balances::balance + delta),
            store_credit_balances::updated_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

fn entered(conn: &mut AnyConnection, reason: &CreditReason) -> QueryResult<bool> {
    let found = store_credit_entries::table
        .find(reason.key())
        .select(store_credit_entries::id)
        .first::<String>(conn)
        .optional()?;
    Ok(found.is_some())
}

/// Adds `grant.amount_rupees` to the user's credit inside the caller's transaction (the
/// caller opened it with [`write_transaction`] or the like). `Ok(false)`, nothing written,
/// when the reason's entry exists already (a retried refund, a second give-back of an order's
/// credit) or the amount is 0. A negative amount is an error, never a spend.
pub(crate) fn grant(conn: &mut AnyConnection, grant: &CreditGrant) -> QueryResult<bool> {
    if grant.amount_rupees < 0 {
        return Err(too_large(format_args!(
            "store credit grant of {} rupees",
            grant.amount_rupees
        )));
    }
    if grant.amount_rupees == 0 {
        return Ok(false);
    }
    let at = to_db_time(grant.at);
    lock_balance(conn, &grant.user, at)?;
    if entered(conn, &grant.reason)? {
        return Ok(false);
    }
    enter(conn, &grant.user, grant.amount_rupees, &grant.reason, at)?;
    Ok(true)
}

/// Takes `rupees` of the user's credit to pay for `order`, inside the order's transaction:
/// `Ok(false)`, nothing written, when the balance no longer holds that much
/// ([`may_spend`]). 0 rupees takes nothing and writes nothing.
pub(crate) fn spend(
    conn: &mut AnyConnection,
    user: &UserId,
    rupees: i64,
    order: &OrderId,
    at: DateTime<Utc>,
) -> QueryResult<bool> {
    if rupees == 0 {
        return Ok(true);
    }
    let at = to_db_time(at);
    let balance = lock_balance(conn, user, at)?;
    if !may_spend(balance, rupees) {
        return Ok(false);
    }
    enter(
        conn,
        user,
        -rupees,
        &CreditReason::OrderPaid(order.clone()),
        at,
    )?;
    Ok(true)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = store_credit_entries)]
struct EntryRow {
    amount: i64,
    reason: String,
    order_id: Option<String>,
    return_id: Option<String>,
    created_at: NaiveDateTime,
}

impl From<EntryRow> for CreditEntry {
    fn from(row: EntryRow) -> Self {
        Self {
            amount_rupees: row.amount,
            reason: row.reason,
            order: row.order_id.map(OrderId::new),
            return_id: row.return_id,
            at: from_db_time(row.created_at),
        }
    }
}

fn balance_in(conn: &mut AnyConnection, user: &UserId) -> QueryResult<i64> {
    Ok(store_credit_balances::table
        .find(user.as_str())
        .select(store_credit_balances::balance)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}

/// Store credit over diesel.
#[derive(Debug, Clone)]
pub struct DieselStoreCreditRepository {
    db: Database,
}

impl DieselStoreCreditRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl StoreCreditRepository for DieselStoreCreditRepository {
    async fn balance(&self, user: &UserId) -> Result<i64, RepoError> {
        let user = user.clone();
        self.db.run(move |conn| balance_in(conn, &user)).await
    }

    async fn statement(&self, user: &UserId) -> Result<CreditStatement, RepoError> {
        let user = user.clone();
        self.db
            .run(move |conn| {
                // One transaction: the balance and the entries read at the same moment.
                conn.transaction(|conn| {
                    let entries = store_credit_entries::table
                        .filter(store_credit_entries::user_id.eq(user.as_str()))
                        .order((
                            store_credit_entries::created_at.desc(),
                            store_credit_entries::id.desc(),
                        ))
                        .select(EntryRow::as_select())
                        .load(conn)?;
                    Ok(CreditStatement {
                        balance_rupees: balance_in(conn, &user)?,
                        entries: entries.into_iter().map(CreditEntry::from).collect(),
                    })
                })
            })
            .await
    }

    async fn grant(&self, credit: &CreditGrant) -> Result<bool, RepoError> {
        let credit = credit.clone();
        self.db
            .run_raw(move |conn| {
                let known = users::table
                    .find(credit.user.as_str())
                    .select(users::id)
                    .first::<String>(conn)
                    .optional()
                    .map_err(repo_error)?;
                if known.is_none() {
                    return Err(RepoError::NotFound);
                }
                write_transaction(conn, |conn| grant(conn, &credit)).map_err(
                    |error: DieselError| {
                        // The account was deleted between the two statements.
                        if matches!(broken(&error), Some(Broken::ForeignKey(_))) {
                            RepoError::NotFound
                        } else {
                            repo_error(error)
                        }
                    },
                )
            })
            .await
    }
}
