//! Rate limits counted in the database (`rate_limit_attempts`), so every instance sharing it
//! counts against one limit: an attempt is a row, a limit a count of the key's rows within
//! the window.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::Clock;
use paduka_application::accounts::{Limit, Throttle};

use crate::db::{AnyConnection, Database, to_db_time, write_transaction};
use crate::schema::rate_limit_attempts;

/// How often (in attempts counted by this instance) rows that left every window are swept.
const SWEEP_EVERY: u64 = 256;

pub struct DieselThrottle {
    db: Database,
    clock: Arc<dyn Clock>,
    counted: AtomicU64,
}

impl DieselThrottle {
    pub fn new(db: Database, clock: Arc<dyn Clock>) -> Self {
        Self {
            db,
            clock,
            counted: AtomicU64::new(0),
        }
    }

    /// Runs `work` in a write transaction in which no other instance counts under `key`
    /// (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: a transaction-level advisory lock on the
    /// key's hash), so a check and its count cannot interleave with another's.
    async fn locked(
        &self,
        key: &str,
        limit: Limit,
        work: fn(&mut AnyConnection, &str, Limit, DateTime<Utc>) -> QueryResult<bool>,
    ) -> bool {
        let key = key.to_owned();
        let now = self.clock.now();
        let sweep = self
            .counted
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(SWEEP_EVERY);
        let result =
            self.db
                .run::<_, std::convert::Infallible, _>(move |conn| {
                    write_transaction(conn, |conn| {
                        if let AnyConnection::Postgresql(pg) = conn {
                            diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext($1))")
                                .bind::<diesel::sql_types::Text, _>(&key)
                                .execute(pg)?;
                        }
                        if sweep {
                            diesel::delete(rate_limit_attempts::table.filter(
                                rate_limit_attempts::at.le(to_db_time(now - limit.window)),
                            ))
                            .execute(conn)?;
                        }
                        work(conn, &key, limit, now)
                    })
                })
                .await;
        result.unwrap_or_else(|error| {
            // Failing open: a database that cannot count cannot sign anyone in either.
            tracing::warn!(%error, "rate limit not counted");
            true
        })
    }
}

fn attempts_within(
    conn: &mut AnyConnection,
    key: &str,
    limit: Limit,
    now: DateTime<Utc>,
) -> QueryResult<i64> {
    rate_limit_attempts::table
        .filter(rate_limit_attempts::key.eq(key))
        .filter(rate_limit_attempts::at.gt(to_db_time(now - limit.window)))
        .count()
        .get_result(conn)
}

fn count_one(conn: &mut AnyConnection, key: &str, now: DateTime<Utc>) -> QueryResult<()> {
    diesel::insert_into(rate_limit_attempts::table)
        .values((
            rate_limit_attempts::key.eq(key),
            rate_limit_attempts::at.eq(to_db_time(now)),
        ))
        .execute(conn)
        .map(drop)
}

fn below(count: i64, limit: Limit) -> bool {
    count < i64::from(limit.max)
}

#[async_trait]
impl Throttle for DieselThrottle {
    async fn allows(&self, key: &str, limit: Limit) -> bool {
        let key = key.to_owned();
        let now = self.clock.now();
        let counted = self
            .db
            .run::<_, std::convert::Infallible, _>(move |conn| {
                attempts_within(conn, &key, limit, now)
            })
            .await;
        counted.map_or_else(
            |error| {
                tracing::warn!(%error, "rate limit not read");
                true
            },
            |count| below(count, limit),
        )
    }

    async fn record(&self, key: &str, limit: Limit) {
        self.locked(key, limit, |conn, key, _, now| {
            count_one(conn, key, now).map(|()| true)
        })
        .await;
    }

    async fn attempt(&self, key: &str, limit: Limit) -> bool {
        self.locked(key, limit, |conn, key, limit, now| {
            let allowed = below(attempts_within(conn, key, limit, now)?, limit);
            if allowed {
                count_one(conn, key, now)?;
            }
            Ok(allowed)
        })
        .await
    }
}
