//! What every pooled SQLite connection is set up with, the memory an idle one gives back, and
//! the statistics the query planner chooses its indexes by.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::r2d2::{self, CustomizeConnection};

use crate::db::{AnyConnection, Manager};

/// Set on every pooled SQLite connection. `busy_timeout` first: switching to WAL takes a lock.
/// `mmap_size`: the file's pages are read where the kernel already keeps them instead of being
/// copied into each connection's own 2 MB page cache; a search reading a few thousand products
/// spent a quarter of its time in those copies (docs/performance.md, issue 24). The first
/// 256 MiB of the file are mapped ([`SQLITE_MAP_FILE`]); past them pages are read as before.
/// The mapped pages count in the process's resident memory as the kernel's file cache does,
/// shared, not its own heap, until the connection rests ([`SQLITE_RELEASE_MEMORY`]).
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
                              PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";
const SQLITE_MAP_FILE: &str = "PRAGMA mmap_size = 268435456;";

/// What a resting SQLite connection gives back: its page cache (`shrink_memory`) and the
/// pages of the file it mapped (unmapped, then mapped again untouched; the kernel keeps them
/// in its cache, so the next read finds them without a disk read). After an import of 10,000
/// products in three colours the mapped file was 45 of the idle shop's 109 MB (decisions D35).
const SQLITE_RELEASE_MEMORY: &str = "PRAGMA shrink_memory; PRAGMA mmap_size = 0;";
/// How often the pool's idle connections give their memory back. The reads after it fault the
/// file's pages in again from the kernel's cache: 3.3 ms more than a mapped read for a scan of
/// a whole 45 MB file (5.5 against 2.2 ms), once per connection per interval at most.
const SQLITE_RELEASE_EVERY: Duration = Duration::from_secs(10);

/// The planner's statistics (`sqlite_stat1`) gathered for every table that has none or whose
/// size changed a lot since (SQLite's own rule; a table is sampled, not read whole). Without
/// them SQLite guessed: the overview's month of orders went through the index on `status`
/// (`IN` of five statuses) instead of the covering one on `created_at`, 7.1 against 3.6 ms
/// over 10,000 orders (decisions D35). `0x10000`: every table, not only those this connection
/// has queried, as SQLite advises for a connection that has just opened.
const SQLITE_GATHER_STATISTICS: &str = "PRAGMA optimize = 0x10002;";
/// How often the statistics are looked at again, as SQLite advises for long-lived
/// connections: a shop grows by hours and days, not seconds.
const SQLITE_GATHER_EVERY: Duration = Duration::from_secs(3600);

/// Gathers the planner's statistics where they are missing or stale
/// ([`SQLITE_GATHER_STATISTICS`]); after the migrations, and then every hour.
pub(crate) fn gather_statistics(sqlite: &mut diesel::SqliteConnection) -> diesel::QueryResult<()> {
    sqlite.batch_execute(SQLITE_GATHER_STATISTICS)
}

#[derive(Debug)]
pub(crate) struct SqlitePragmas;

impl CustomizeConnection<AnyConnection, r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut AnyConnection) -> Result<(), r2d2::Error> {
        if let AnyConnection::Sqlite(sqlite) = conn {
            sqlite
                .batch_execute(SQLITE_PRAGMAS)
                .and_then(|()| sqlite.batch_execute(SQLITE_MAP_FILE))
                .map_err(r2d2::Error::QueryError)?;
        }
        Ok(())
    }
}

/// The upkeep of a SQLite pool, on a thread of its own. Every [`SQLITE_RELEASE_EVERY`], the
/// pool's idle connections give back their memory ([`SQLITE_RELEASE_MEMORY`]), as jemalloc
/// hands back freed pages after a while: a shop that imported or searched its whole catalog
/// does not keep the file's pages mapped while nobody shops. Every [`SQLITE_GATHER_EVERY`], an
/// idle connection gathers the planner's statistics. Connections in use are left alone.
/// (Waiting for the pool to rest would never release: the WhatsApp worker and the change
/// watcher look at the database every second.) The thread ends with the last clone of its
/// [`Database`](crate::Database), whose [`Upkeep`] handle closes the channel it waits on.
pub(crate) fn upkeep(pool: r2d2::Pool<Manager>) -> std::io::Result<Upkeep> {
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .name("sqlite-upkeep".into())
        .spawn(move || {
            let mut gathered = Instant::now();
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(SQLITE_RELEASE_EVERY) {
                release_memory_of_idle_connections(&pool);
                if gathered.elapsed() >= SQLITE_GATHER_EVERY {
                    gathered = Instant::now();
                    gather_statistics_on_an_idle_connection(&pool);
                }
            }
        })?;
    Ok(Upkeep { _stop: stop })
}

/// Keeps [`upkeep`]'s thread going while any clone of the database lives.
#[derive(Clone)]
pub(crate) struct Upkeep {
    _stop: mpsc::Sender<()>,
}

fn gather_statistics_on_an_idle_connection(pool: &r2d2::Pool<Manager>) {
    if let Some(mut conn) = pool.try_get()
        && let AnyConnection::Sqlite(sqlite) = &mut *conn
        && let Err(error) = gather_statistics(sqlite)
    {
        tracing::warn!(%error, "SQLite could not gather the query planner's statistics");
    }
}

fn release_memory_of_idle_connections(pool: &r2d2::Pool<Manager>) {
    // Each idle connection once: all taken before any goes back.
    let idle = pool.state().idle_connections as usize;
    let mut resting = Vec::with_capacity(idle);
    while resting.len() < idle
        && let Some(conn) = pool.try_get()
    {
        resting.push(conn);
    }
    for conn in &mut resting {
        if let AnyConnection::Sqlite(sqlite) = &mut **conn {
            let released = sqlite
                .batch_execute(SQLITE_RELEASE_MEMORY)
                .and_then(|()| sqlite.batch_execute(SQLITE_MAP_FILE));
            if let Err(error) = released {
                tracing::warn!(%error, "an idle SQLite connection could not release its memory");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use diesel::RunQueryDsl;
    use diesel::sql_types::Text;

    use super::*;
    use crate::Database;

    #[derive(diesel::QueryableByName)]
    struct PlanStep {
        #[diesel(sql_type = Text)]
        detail: String,
    }

    /// How SQLite would read the overview's month of standing orders (`stats.rs`).
    fn plan_of_a_month_of_orders(db: &Database) -> String {
        let mut conn = db.pool.get().unwrap();
        let AnyConnection::Sqlite(sqlite) = &mut *conn else {
            unreachable!("a SQLite pool")
        };
        diesel::sql_query(
            "EXPLAIN QUERY PLAN SELECT created_at, amount_rupees FROM orders \
             WHERE created_at >= datetime('now', '-30 days') \
             AND status IN ('Pending', 'Confirmed', 'Shipped', 'Out for delivery', 'Delivered')",
        )
        .load::<PlanStep>(sqlite)
        .unwrap()
        .into_iter()
        .map(|step| step.detail)
        .collect::<Vec<_>>()
        .join("; ")
    }

    /// Without statistics SQLite read the month through the index on `status`; with them,
    /// gathered by the hourly upkeep after the shop grew, through the covering index.
    #[test]
    fn gathered_statistics_send_a_month_of_orders_through_the_covering_index() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::connect_with(dir.path().join("shop.db").to_str().unwrap(), 2).unwrap();
        db.run_migrations().unwrap();
        // The shop grows after it started: 3,000 orders over the last 90 days, as many in
        // each of four statuses.
        db.pool
            .get()
            .unwrap()
            .batch_execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) \
                 INSERT INTO orders (id, user_name, address, pincode, amount_rupees, payment_id, \
                     provider_order_id, status, created_at, updated_at) \
                 SELECT 'o' || i, 'Asha', '1 MG Road', '560001', 500 + i, 'pay_' || i, \
                     'order_' || i, \
                     CASE i % 4 WHEN 0 THEN 'Pending' WHEN 1 THEN 'Confirmed' \
                         WHEN 2 THEN 'Delivered' ELSE 'Cancelled' END, \
                     datetime('now', '-' || (i % 90) || ' days'), datetime('now') FROM n;",
            )
            .unwrap();
        let guessed = plan_of_a_month_of_orders(&db);
        assert!(guessed.contains("orders_status_idx"), "{guessed}");

        gather_statistics_on_an_idle_connection(&db.pool);
        let planned = plan_of_a_month_of_orders(&db);
        assert!(
            planned.contains("COVERING INDEX orders_created_at_status_amount_idx"),
            "{planned}"
        );
    }

    /// What this process holds of `path` through mappings (`/proc/self/smaps`), in KiB.
    #[cfg(target_os = "linux")]
    fn resident_kib_mapped_from(path: &Path) -> u64 {
        let path = path.canonicalize().unwrap();
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut in_file = false;
        let mut kib = 0;
        for line in smaps.lines() {
            if let Some(rss) = line.strip_prefix("Rss:") {
                if in_file {
                    kib += rss
                        .trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .unwrap();
                }
            } else if line
                .split_whitespace()
                .next()
                .is_some_and(|f| f.contains('-'))
            {
                // A mapping's first line: `start-end perms offset dev inode [path]`.
                in_file = line.split_whitespace().nth(5).map(Path::new) == Some(path.as_path());
            }
        }
        kib
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn idle_sqlite_connections_give_back_the_pages_of_the_file_they_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shop.db");
        let db = Database::connect_with(path.to_str().unwrap(), 2).unwrap();
        db.pool
            .get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE pages (body BLOB NOT NULL); \
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
                 INSERT INTO pages SELECT randomblob(4000) FROM n; \
                 PRAGMA wal_checkpoint(TRUNCATE);",
            )
            .unwrap();
        let read_every_page = || {
            // max() compares every blob whole, so every page of the table is read.
            let mut conn = db.pool.get().unwrap();
            conn.batch_execute("SELECT max(body) FROM pages").unwrap();
        };

        read_every_page();
        let read = resident_kib_mapped_from(&path);
        assert!(
            read > 4_000,
            "the 8 MB table is read through the mapping: {read} KiB"
        );

        release_memory_of_idle_connections(&db.pool);
        assert_eq!(
            resident_kib_mapped_from(&path),
            0,
            "nothing of the file stays mapped"
        );

        read_every_page();
        let again = resident_kib_mapped_from(&path);
        assert!(
            again > 4_000,
            "the next reads map the file again: {again} KiB"
        );
    }
}
