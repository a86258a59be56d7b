//! Searches that found nothing (decisions D27), counted per normalised query and India day in
//! `search_misses`, so every instance adds to one count; once per client address a day
//! (`search_miss_searchers`, the address hashed), and kept 30 days (decisions section 19).

use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use paduka_application::RepoError;
use paduka_application::catalog::{SearchMiss, SearchMissRepository};

use crate::db::{AnyConnection, Database, corrupt, sha256_hex};
use crate::schema::{search_miss_searchers, search_misses};

#[derive(Debug, Clone)]
pub struct DieselSearchMissRepository {
    db: Database,
}

impl DieselSearchMissRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A day as stored: ISO `YYYY-MM-DD`, which sorts as the days do.
fn stored_day(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

#[async_trait]
impl SearchMissRepository for DieselSearchMissRepository {
    async fn record(
        &self,
        query: &str,
        day: NaiveDate,
        searcher: Option<String>,
        forget_before: NaiveDate,
    ) -> Result<(), RepoError> {
        let (query, day) = (query.to_owned(), stored_day(day));
        // What tells two clients apart, not their address.
        let searcher = searcher.map(|s| sha256_hex(s.as_bytes()));
        let forget_before = stored_day(forget_before);
        self.db
            .run(move |conn| {
                conn.transaction(|conn| {
                    diesel::delete(search_misses::table)
                        .filter(search_misses::day.lt(&forget_before))
                        .execute(conn)?;
                    diesel::delete(search_miss_searchers::table)
                        .filter(search_miss_searchers::day.lt(&forget_before))
                        .execute(conn)?;
                    if let Some(searcher) = searcher {
                        let seen = (
                            search_miss_searchers::day.eq(&day),
                            search_miss_searchers::query.eq(&query),
                            search_miss_searchers::searcher.eq(searcher),
                        );
                        let first = diesel::insert_into(search_miss_searchers::table)
                            .values(seen)
                            .on_conflict_do_nothing();
                        let inserted = match conn {
                            AnyConnection::Postgresql(pg) => first.execute(pg),
                            AnyConnection::Sqlite(sqlite) => first.execute(sqlite),
                        }?;
                        if inserted == 0 {
                            return Ok(());
                        }
                    }
                    let row = (
                        search_misses::query.eq(&query),
                        search_misses::day.eq(&day),
                        search_misses::count.eq(1_i64),
                    );
                    let upsert = diesel::insert_into(search_misses::table)
                        .values(row)
                        .on_conflict((search_misses::query, search_misses::day))
                        .do_update()
                        .set(search_misses::count.eq(search_misses::count + 1_i64));
                    // Each backend spells the upsert its own way.
                    match conn {
                        AnyConnection::Postgresql(pg) => upsert.execute(pg),
                        AnyConnection::Sqlite(sqlite) => upsert.execute(sqlite),
                    }
                    .map(|_| ())
                })
            })
            .await
    }

    async fn most_missed(
        &self,
        since: NaiveDate,
        limit: u32,
    ) -> Result<Vec<SearchMiss>, RepoError> {
        let since = stored_day(since);
        self.db
            .run(move |conn| {
                // Cast, as PostgreSQL sums a BIGINT as NUMERIC.
                let total = || sql::<BigInt>("CAST(SUM(search_misses.count) AS BIGINT)");
                let rows: Vec<(String, i64)> = search_misses::table
                    .filter(search_misses::day.ge(since))
                    .group_by(search_misses::query)
                    .select((search_misses::query, total()))
                    .order((total().desc(), search_misses::query))
                    .limit(i64::from(limit))
                    .load(conn)?;
                rows.into_iter()
                    .map(|(query, count)| {
                        Ok(SearchMiss {
                            query,
                            count: u64::try_from(count).map_err(|_| corrupt("count"))?,
                        })
                    })
                    .collect()
            })
            .await
    }
}
