//! The connection pool over SQLite or PostgreSQL, migrations, and what every adapter shares:
//! running diesel off the async executor, write transactions, error and time conversions.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Timelike, Utc};
use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{self, CustomizeConnection, ManageConnection, R2D2Connection};
use diesel::result::Error as DieselError;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use paduka_application::{ReadinessProbe, RepoError};

use crate::schema::{products, users};
use crate::sqlite::{SqlitePragmas, Upkeep, upkeep};

mod errors;
pub(crate) use errors::{Broken, Stop, broken, repo_error, repo_error_with};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// How long a caller waits for a free pooled connection before giving up.
const CHECKOUT_TIMEOUT: Duration = Duration::from_secs(10);
/// The readiness probe answers quickly, even when the pool is exhausted or the server gone.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// A connection to either backend. Queries written once against it run on both.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    Sqlite(SqliteConnection),
    Postgresql(PgConnection),
}

/// Which database a [`Database`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where connections go: chosen from the URL once, never guessed per connection.
#[derive(Debug, Clone)]
enum Target {
    /// A file path (already stripped of `sqlite://`).
    Sqlite(String),
    Postgres(String),
}

impl Target {
    fn parse(url: &str) -> Self {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let ssl_mode_set = std::env::var_os("PGSSLMODE").is_some();
            Self::Postgres(plain_on_loopback(url, ssl_mode_set))
        } else {
            let path = url.strip_prefix("sqlite://").unwrap_or(url);
            Self::Sqlite(path.to_owned())
        }
    }
}

/// A PostgreSQL URL to a server on this machine (`127.0.0.1`, `::1`, `localhost`) that says
/// nothing of TLS gets `sslmode=allow`: a connection without TLS first, TLS only if the server
/// insists. libpq's own default (`prefer`) encrypts loopback traffic whenever the server offers
/// TLS, which no one on the network can read anyway: half a millisecond of this process's CPU
/// per paid order (docs/performance.md, decisions D35). A URL with any TLS setting
/// (`sslmode`, `sslrootcert`, ...) or a `PGSSLMODE`, another host, or hosts given as
/// parameters are left exactly as written.
fn plain_on_loopback(url: &str, ssl_mode_set: bool) -> String {
    let (before_query, query) = url.split_once('?').unwrap_or((url, ""));
    let names_tls_or_host = query.split('&').any(|pair| {
        let name = pair.split_once('=').map_or(pair, |(name, _)| name);
        name.starts_with("ssl") || matches!(name, "requiressl" | "host" | "hostaddr")
    });
    let authority = before_query
        .split_once("://")
        .map_or("", |(_, rest)| rest.split('/').next().unwrap_or(""));
    let host_and_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = match host_and_port.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None => host_and_port.split(':').next().unwrap_or(""),
    };
    let loopback = matches!(host, "127.0.0.1" | "localhost" | "::1");
    if !loopback || ssl_mode_set || names_tls_or_host {
        return url.to_owned();
    }
    let separator = if query.is_empty() { '?' } else { '&' };
    let url = url.trim_end_matches('?');
    format!("{url}{separator}sslmode=allow")
}

/// Opens connections of exactly the backend the URL names. (diesel's own
/// `ConnectionManager<AnyConnection>` tries each backend in turn, which would let a failed
/// PostgreSQL connection fall through to SQLite.)
#[derive(Debug)]
pub(crate) struct Manager(Target);

impl ManageConnection for Manager {
    type Connection = AnyConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<AnyConnection, r2d2::Error> {
        match &self.0 {
            Target::Sqlite(path) => SqliteConnection::establish(path).map(AnyConnection::Sqlite),
            Target::Postgres(url) => PgConnection::establish(url).map(AnyConnection::Postgresql),
        }
        .map_err(r2d2::Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut AnyConnection) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut AnyConnection) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// The shop's database: a pool of connections to SQLite or PostgreSQL. Cheap to clone (the
/// clones share the pool); hand one to each repository.
#[derive(Clone)]
pub struct Database {
    pub(crate) pool: r2d2::Pool<Manager>,
    backend: Backend,
    /// SQLite: the database file's path, beside which instances starting together take turns
    /// on a lock file.
    sqlite_path: Option<PathBuf>,
    /// SQLite: keeps the thread that has idle connections give their memory back and gathers
    /// the planner's statistics.
    _upkeep: Option<Upkeep>,
}

/// Held while this instance migrates or seeds the database: instances that start together
/// take turns, so each migration and the demo data are applied exactly once. Released when
/// dropped.
pub struct StartupLock(Held);

enum Held {
    /// A session-level advisory lock, on a connection kept out of the pool until released.
    Postgres(r2d2::PooledConnection<Manager>),
    /// An exclusive lock on `<database>.startup-lock` (released when the file is closed).
    Sqlite { _file: std::fs::File },
}

/// The advisory lock's key: any number the shop's other locks do not use (0x504144554b41,
/// "PADUKA" in ASCII).
const ADVISORY_LOCK: &str = "SELECT pg_advisory_lock(88241249536833)";
const ADVISORY_UNLOCK: &str = "SELECT pg_advisory_unlock(88241249536833)";

impl Drop for StartupLock {
    fn drop(&mut self) {
        if let Held::Postgres(conn) = &mut self.0
            && let AnyConnection::Postgresql(pg) = &mut **conn
            && let Err(error) = diesel::sql_query(ADVISORY_UNLOCK).execute(pg)
        {
            // Closing the connection releases it too; a broken one is not returned to the pool.
            tracing::warn!(%error, "releasing the start-up lock failed");
        }
    }
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend)
            .field("state", &self.pool.state())
            .finish()
    }
}

/// The default SQLite database inside the data folder: `sqlite://DATA_DIR/paduka.db`.
pub fn sqlite_url_in(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("paduka.db").display())
}

impl Database {
    /// Connects to the database `url` names, with a pool sized for this machine.
    ///
    /// `postgres://...` or `postgresql://...` is PostgreSQL, and failing to reach it is an
    /// error. Anything else is SQLite: `sqlite://PATH` or a plain file path, whose folder is
    /// created when missing. Blocking: call it before serving or inside `spawn_blocking`.
    pub fn connect(url: &str) -> anyhow::Result<Self> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let size = u32::try_from(cores * 2).unwrap_or(u32::MAX).clamp(4, 16);
        Self::connect_with(url, size)
    }

    /// As [`Database::connect`], with at most `max_connections` pooled connections.
    pub fn connect_with(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        let target = Target::parse(url);
        let backend = match &target {
            Target::Sqlite(path) => {
                if path.is_empty() {
                    anyhow::bail!("the SQLite database path is empty");
                }
                if let Some(parent) = Path::new(path)
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                {
                    std::fs::create_dir_all(parent).with_context(|| {
                        format!("cannot create the database folder {}", parent.display())
                    })?;
                }
                Backend::Sqlite
            }
            Target::Postgres(_) => Backend::Postgres,
        };
        let sqlite_path = match &target {
            Target::Sqlite(path) => Some(PathBuf::from(path)),
            Target::Postgres(_) => None,
        };
        let manager = Manager(target);
        // One direct connection first: a clear error now rather than a pool timeout later.
        let mut first = manager.connect().map_err(|e| match backend {
            Backend::Postgres => anyhow::anyhow!("cannot connect to PostgreSQL: {e}"),
            Backend::Sqlite => anyhow::anyhow!("cannot open the SQLite database: {e}"),
        })?;
        if backend == Backend::Sqlite {
            SqlitePragmas
                .on_acquire(&mut first)
                .context("cannot set up the SQLite database")?;
        }
        drop(first);

        let mut builder = r2d2::Pool::builder()
            .max_size(max_connections.max(1))
            .connection_timeout(CHECKOUT_TIMEOUT)
            // No `SELECT 1` before every use: it was a third of checkout's round trips. A
            // connection the server dropped fails its next query once, is then marked broken
            // (`has_broken`) and replaced.
            .test_on_check_out(false);
        if backend == Backend::Sqlite {
            builder = builder.connection_customizer(Box::new(SqlitePragmas));
        }
        let pool = builder
            .build(manager)
            .context("cannot open the database connection pool")?;
        let upkeep = match backend {
            Backend::Sqlite => {
                Some(upkeep(pool.clone()).context("cannot start the SQLite upkeep thread")?)
            }
            Backend::Postgres => None,
        };
        Ok(Self {
            pool,
            backend,
            sqlite_path,
            _upkeep: upkeep,
        })
    }

    /// Waits until no other instance is migrating or seeding this database, then holds the
    /// start-up lock until the returned guard is dropped. Blocking.
    pub fn startup_lock(&self) -> anyhow::Result<StartupLock> {
        match (&self.backend, &self.sqlite_path) {
            (Backend::Sqlite, Some(path)) => {
                let mut lock_path = path.clone().into_os_string();
                lock_path.push(".startup-lock");
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&lock_path)
                    .with_context(|| format!("cannot open {}", Path::new(&lock_path).display()))?;
                file.lock().context("cannot take the start-up lock")?;
                Ok(StartupLock(Held::Sqlite { _file: file }))
            }
            _ => {
                let mut conn = self
                    .pool
                    .get()
                    .context("no database connection for the start-up lock")?;
                if let AnyConnection::Postgresql(pg) = &mut *conn {
                    diesel::sql_query(ADVISORY_LOCK)
                        .execute(pg)
                        .context("cannot take the start-up lock")?;
                }
                Ok(StartupLock(Held::Postgres(conn)))
            }
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Applies the embedded migrations this backend has not run yet. Blocking.
    pub fn run_migrations(&self) -> anyhow::Result<()> {
        let mut conn = self
            .pool
            .get()
            .context("no database connection for migrations")?;
        let applied = match &mut *conn {
            AnyConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS),
            AnyConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS),
        }
        .map_err(|e| anyhow::anyhow!("applying database migrations failed: {e}"))?;
        for version in applied {
            tracing::info!(%version, backend = ?self.backend, "applied database migration");
        }
        let handles = crate::products::backfill_handles(&mut conn)
            .context("giving products their handles failed")?;
        if handles > 0 {
            tracing::info!(handles, "gave existing products their handles");
        }
        let keyed = crate::products::backfill_color_keys(&mut conn)
            .context("giving coloured variants their colour keys failed")?;
        if keyed > 0 {
            tracing::info!(keyed, "gave existing coloured variants their colour keys");
        }
        // PostgreSQL's autovacuum keeps its statistics; SQLite's are gathered here, then hourly.
        if let AnyConnection::Sqlite(sqlite) = &mut *conn {
            crate::sqlite::gather_statistics(sqlite)
                .context("gathering the query planner's statistics failed")?;
        }
        Ok(())
    }

    /// Writes a consistent copy of a SQLite database to `target` while the shop keeps
    /// running (`VACUUM INTO`: one read transaction, so the copy is one moment of the shop,
    /// compacted). Restoring is putting the file back in place of the database while the shop
    /// is stopped. PostgreSQL has `pg_dump` for this. Blocking.
    pub fn backup_to(&self, target: &Path) -> anyhow::Result<()> {
        if self.backend != Backend::Sqlite {
            anyhow::bail!(
                "paduka backup copies a SQLite shop; back up PostgreSQL with pg_dump (see docs/deployment.md)"
            );
        }
        if target.exists() {
            anyhow::bail!("{} exists already: choose a new file", target.display());
        }
        let target = target
            .to_str()
            .context("the backup file's path must be UTF-8")?;
        let mut conn = self
            .pool
            .get()
            .context("no database connection for the backup")?;
        diesel::sql_query("VACUUM INTO ?")
            .bind::<diesel::sql_types::Text, _>(target)
            .execute(&mut *conn)
            .context("the backup failed")?;
        Ok(())
    }

    /// Whether the shop holds no users and no products (then demo data may be loaded).
    pub async fn is_empty(&self) -> Result<bool, RepoError> {
        self.run(|conn| {
            let user = users::table
                .select(users::id)
                .first::<String>(conn)
                .optional()?;
            if user.is_some() {
                return Ok(false);
            }
            let product = products::table
                .select(products::id)
                .first::<String>(conn)
                .optional()?;
            Ok(product.is_none())
        })
        .await
    }

    /// Runs `work` with a pooled connection on tokio's blocking threads, translating diesel's
    /// errors into [`RepoError`]s: a broken constraint is unexpected here (see
    /// [`Database::run_with`] for work whose port names its conflicts).
    pub(crate) async fn run<T, C, F>(&self, work: F) -> Result<T, RepoError<C>>
    where
        F: FnOnce(&mut AnyConnection) -> QueryResult<T> + Send + 'static,
        T: Send + 'static,
        C: Send + 'static,
    {
        self.run_with(work, |_| None).await
    }

    /// As [`Database::run`], with `conflict` naming the port's conflict for each constraint
    /// the work may break.
    pub(crate) async fn run_with<T, C, F>(
        &self,
        work: F,
        conflict: fn(&Broken<'_>) -> Option<C>,
    ) -> Result<T, RepoError<C>>
    where
        F: FnOnce(&mut AnyConnection) -> QueryResult<T> + Send + 'static,
        T: Send + 'static,
        C: Send + 'static,
    {
        self.run_raw(move |conn| work(conn).map_err(|error| repo_error_with(error, conflict)))
            .await
    }

    /// Runs one write by id (an `UPDATE` or `DELETE`, `work` answering how many rows it
    /// matched): `NotFound` when it matched none, the id being unknown.
    pub(crate) async fn write_one<C: Send + 'static>(
        &self,
        work: impl FnOnce(&mut AnyConnection) -> QueryResult<usize> + Send + 'static,
    ) -> Result<(), RepoError<C>> {
        self.run(move |conn| matched_a_row(work(conn)?)).await
    }

    /// Runs `work` in a write transaction (as [`write_transaction_with`]): a rule it found
    /// broken rolls back and is the port's conflict; no constraint names one.
    pub(crate) async fn run_in_write_transaction<T, C, F>(&self, work: F) -> Result<T, RepoError<C>>
    where
        F: FnOnce(&mut AnyConnection) -> Result<T, Stop<C>> + Send + 'static,
        T: Send + 'static,
        C: Send + 'static,
    {
        self.run_raw(move |conn| {
            write_transaction_with(conn, work).map_err(|stop| stop.into_repo(|_| None))
        })
        .await
    }

    /// Runs `work`, which translates its own errors, with a pooled connection on tokio's
    /// blocking threads.
    pub(crate) async fn run_raw<T, C, F>(&self, work: F) -> Result<T, RepoError<C>>
    where
        F: FnOnce(&mut AnyConnection) -> Result<T, RepoError<C>> + Send + 'static,
        T: Send + 'static,
        C: Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool
                .get()
                .context("no database connection available")
                .map_err(RepoError::Unexpected)?;
            work(&mut conn)
        })
        .await
        .context("database task failed")?
    }
}

#[async_trait]
impl ReadinessProbe for Database {
    async fn check(&self) -> anyhow::Result<()> {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool
                .get_timeout(PROBE_TIMEOUT)
                .context("no database connection available")?;
            diesel::sql_query("SELECT 1")
                .execute(&mut *conn)
                .context("the database does not answer")?;
            Ok(())
        })
        .await
        .context("database task failed")?
    }
}

/// Runs `work` in a transaction that writes. On SQLite it starts with `BEGIN IMMEDIATE`, so
/// concurrent writers queue on the busy timeout instead of failing when a read lock cannot be
/// upgraded. On PostgreSQL it is a plain transaction.
pub(crate) fn write_transaction<T>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> QueryResult<T>,
) -> QueryResult<T> {
    write_transaction_with(conn, work)
}

/// As [`write_transaction`], for work that fails with its own error type (a broken rule that
/// must roll the transaction back as well as a database error).
pub(crate) fn write_transaction_with<T, E: From<DieselError>>(
    conn: &mut AnyConnection,
    work: impl FnOnce(&mut AnyConnection) -> Result<T, E>,
) -> Result<T, E> {
    match conn {
        AnyConnection::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
        }
        AnyConnection::Postgresql(_) => AnyConnection::begin_transaction(conn)?,
    }
    match work(conn) {
        Ok(value) => match AnyConnection::commit_transaction(conn) {
            Ok(()) => Ok(value),
            Err(error) => {
                // A failed COMMIT may leave the transaction open; a failed rollback marks
                // the connection broken and the pool drops it.
                let _ = AnyConnection::rollback_transaction(conn);
                Err(error.into())
            }
        },
        Err(error) => {
            let _ = AnyConnection::rollback_transaction(conn);
            Err(error)
        }
    }
}

/// How many ids go into one `IN (...)` list (well under both backends' bind limits); longer
/// lists are queried in chunks.
pub(crate) const IN_CHUNK: usize = 500;

/// `NotFound` when a write by id matched no row: the id is unknown.
pub(crate) fn matched_a_row(rows: usize) -> QueryResult<()> {
    if rows == 0 {
        return Err(DieselError::NotFound);
    }
    Ok(())
}

/// A UTC time as stored: naive UTC, cut to whole microseconds (what PostgreSQL keeps), so
/// both backends read back exactly what they were given.
pub(crate) fn to_db_time(at: DateTime<Utc>) -> NaiveDateTime {
    let naive = at.naive_utc();
    naive
        .with_nanosecond(naive.nanosecond() / 1_000 * 1_000)
        .unwrap_or(naive)
}

pub(crate) fn from_db_time(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

/// A stored value that does not fit its domain type (a corrupt row).
pub(crate) fn corrupt(what: impl std::fmt::Display) -> DieselError {
    DieselError::DeserializationError(format!("stored value out of range: {what}").into())
}

/// A value that does not fit its column (the domain let through more than the schema holds).
pub(crate) fn too_large(what: impl std::fmt::Display) -> DieselError {
    DieselError::SerializationError(format!("value does not fit its column: {what}").into())
}

/// Hex SHA-256 of `bytes`, the `ETag` of a stored image.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::plain_on_loopback;

    #[test]
    fn a_server_on_this_machine_is_reached_without_tls_unless_the_url_asks_for_it() {
        for (url, expected) in [
            (
                "postgres://root@127.0.0.1:5432/shop",
                "postgres://root@127.0.0.1:5432/shop?sslmode=allow",
            ),
            (
                "postgresql://shop:p%40ss@localhost/shop?options=-csearch_path%3Dx",
                "postgresql://shop:p%40ss@localhost/shop?options=-csearch_path%3Dx&sslmode=allow",
            ),
            (
                "postgres://root@[::1]:5432/shop",
                "postgres://root@[::1]:5432/shop?sslmode=allow",
            ),
            ("postgres://127.0.0.1", "postgres://127.0.0.1?sslmode=allow"),
        ] {
            assert_eq!(plain_on_loopback(url, false), expected);
        }
    }

    #[test]
    fn another_host_a_chosen_mode_or_hosts_given_as_parameters_are_kept_as_written() {
        for url in [
            "postgres://shop@db.internal:5432/shop",
            "postgres://shop@10.0.0.5/shop",
            "postgres://shop@127.0.0.1.example.com/shop",
            "postgres://root@127.0.0.1/shop?sslmode=require",
            "postgres://root@localhost/shop?connect_timeout=5&sslmode=verify-full",
            "postgres:///shop?host=/var/run/postgresql",
            "postgres://localhost/shop?host=db.internal",
            "postgres://root@127.0.0.1/shop?sslrootcert=system",
        ] {
            assert_eq!(plain_on_loopback(url, false), url);
        }
        assert_eq!(
            plain_on_loopback("postgres://root@127.0.0.1/shop", true),
            "postgres://root@127.0.0.1/shop",
            "PGSSLMODE in the environment is the operator's choice"
        );
    }
}
