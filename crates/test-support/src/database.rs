//! A database of its own for each test, on SQLite or PostgreSQL, and [`on_both_backends!`]
//! to run a test body on each.
//!
//! SQLite: a file in a new temporary folder. PostgreSQL: a schema of its own
//! (`paduka_test_<uuid>`) in the database `TEST_POSTGRES_URL` names (default
//! `postgres://root@127.0.0.1:5432/test`), which every connection of the test finds first on
//! its `search_path`; it is dropped when the test ends. A schema costs a few milliseconds
//! where a `CREATE DATABASE` and its `DROP` cost most of a second, and it isolates a test as
//! well: nothing of ours names a schema. When the server does not answer, a PostgreSQL test
//! says so loudly and passes without running, except under `CI=true`, where it fails.

use std::path::PathBuf;
use std::sync::OnceLock;

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use paduka_persistence::{Backend, Database, sqlite_url_in};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");
const DEFAULT_POSTGRES_URL: &str = "postgres://root@127.0.0.1:5432/test";
/// Pooled connections a test's own [`Database`] holds.
const POOL_SIZE: u32 = 4;

/// A database of its own, removed when the test ends. It is migrated on first use, by
/// [`TestDb::db`] or by the application a test starts on it.
pub struct TestDb {
    url: String,
    place: Place,
    db: OnceLock<Database>,
}

enum Place {
    Sqlite {
        path: PathBuf,
        _dir: tempfile::TempDir,
    },
    Postgres {
        admin_url: String,
        schema: String,
    },
}

impl TestDb {
    /// A SQLite file in a new temporary folder (in a sub-folder `Database` has to create).
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let data_dir = dir.path().join("data");
        Self {
            url: sqlite_url_in(&data_dir),
            place: Place::Sqlite {
                path: data_dir.join("paduka.db"),
                _dir: dir,
            },
            db: OnceLock::new(),
        }
    }

    /// A new schema `paduka_test_<uuid>` on the server `TEST_POSTGRES_URL` names, or `None`
    /// (after a loud warning) when that server does not answer. Under `CI=true` an
    /// unreachable server fails the test instead.
    pub fn postgres() -> Option<Self> {
        let admin_url =
            std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_POSTGRES_URL.to_owned());
        let mut admin = match PgConnection::establish(&admin_url) {
            Ok(conn) => conn,
            Err(error) => {
                if std::env::var("CI").is_ok_and(|ci| ci == "true") {
                    panic!("PostgreSQL is required under CI=true but {admin_url} fails: {error}");
                }
                eprintln!(
                    "\n######## WARNING: PostgreSQL unreachable at {admin_url} ({error}).\n\
                     ######## This PostgreSQL test is SKIPPED; set TEST_POSTGRES_URL.\n"
                );
                return None;
            }
        };
        let schema = format!("paduka_test_{}", uuid::Uuid::now_v7().simple());
        diesel::sql_query(format!("CREATE SCHEMA {schema}"))
            .execute(&mut admin)
            .expect("create the test schema");
        Some(Self {
            url: in_schema(&admin_url, &schema),
            place: Place::Postgres { admin_url, schema },
            db: OnceLock::new(),
        })
    }

    /// What `DATABASE_URL` would say to reach this database.
    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn backend(&self) -> Backend {
        match self.place {
            Place::Sqlite { .. } => Backend::Sqlite,
            Place::Postgres { .. } => Backend::Postgres,
        }
    }

    /// The database, migrated, as the repositories use it (opened on first use).
    pub fn db(&self) -> Database {
        self.db
            .get_or_init(|| {
                let db = Database::connect_with(&self.url, POOL_SIZE).expect("open the database");
                db.run_migrations().expect("migrate the database");
                db
            })
            .clone()
    }

    /// Runs SQL outside the repositories (what no port offers, e.g. an old row's shape).
    pub fn execute(&self, sql: &str) {
        self.with_connection(
            |conn| diesel::sql_query(sql).execute(conn).map(drop),
            |conn| diesel::sql_query(sql).execute(conn).map(drop),
        )
    }

    /// The `n` column of a `SELECT COUNT(*) AS n ...` run outside the repositories.
    pub fn count(&self, sql: &str) -> i64 {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        self.with_connection(
            |conn| {
                diesel::sql_query(sql)
                    .get_result::<Count>(conn)
                    .map(|c| c.n)
            },
            |conn| {
                diesel::sql_query(sql)
                    .get_result::<Count>(conn)
                    .map(|c| c.n)
            },
        )
    }

    /// The number of tables the migrations made (diesel's own bookkeeping table aside).
    pub fn table_count(&self) -> i64 {
        self.count(match self.place {
            Place::Sqlite { .. } => {
                "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations'"
            }
            Place::Postgres { .. } => {
                "SELECT COUNT(*) AS n FROM information_schema.tables \
                 WHERE table_schema = current_schema() \
                 AND table_name <> '__diesel_schema_migrations'"
            }
        })
    }

    /// Runs `down.sql` of every migration newer than `version` (a migration folder's date
    /// prefix, e.g. `2025-11-24-000100`), newest first, then of `version` itself.
    pub fn revert_through(&self, version: &str) {
        let wanted = version.replace('-', "");
        while self.revert_one() != wanted {}
    }

    /// Reverts the newest migration; its version.
    fn revert_one(&self) -> String {
        self.with_connection(
            |conn| {
                conn.revert_last_migration(SQLITE_MIGRATIONS)
                    .map(|v| v.to_string())
            },
            |conn| {
                conn.revert_last_migration(POSTGRES_MIGRATIONS)
                    .map(|v| v.to_string())
            },
        )
    }

    /// Runs every migration's `down.sql`, newest first.
    pub fn revert_all_migrations(&self) {
        self.with_connection(
            |conn| conn.revert_all_migrations(SQLITE_MIGRATIONS).map(drop),
            |conn| conn.revert_all_migrations(POSTGRES_MIGRATIONS).map(drop),
        )
    }

    /// Runs `sqlite` or `postgres` on a connection of its own, outside the pool, once the
    /// database is migrated.
    fn with_connection<T, E: std::fmt::Debug>(
        &self,
        sqlite: impl FnOnce(&mut SqliteConnection) -> Result<T, E>,
        postgres: impl FnOnce(&mut PgConnection) -> Result<T, E>,
    ) -> T {
        self.db();
        match &self.place {
            Place::Sqlite { path, .. } => {
                let mut conn = SqliteConnection::establish(path.to_str().expect("a UTF-8 path"))
                    .expect("open SQLite");
                diesel::sql_query("PRAGMA foreign_keys = ON")
                    .execute(&mut conn)
                    .expect("foreign keys on");
                sqlite(&mut conn).expect("SQL outside the repositories")
            }
            Place::Postgres { .. } => {
                let mut conn = PgConnection::establish(&self.url).expect("connect to PostgreSQL");
                postgres(&mut conn).expect("SQL outside the repositories")
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // Close the pool first, then remove the schema (a temporary folder removes itself).
        drop(self.db.take());
        if let Place::Postgres { admin_url, schema } = &self.place {
            let dropped = PgConnection::establish(admin_url).map(|mut admin| {
                diesel::sql_query(format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
                    .execute(&mut admin)
            });
            if !matches!(dropped, Ok(Ok(_))) {
                eprintln!("cannot drop the test schema {schema}: {dropped:?}");
            }
        }
    }
}

/// `url` with every connection's `search_path` set to `schema`. Commits do not wait for the
/// disk: a test database never outlives a crash.
fn in_schema(url: &str, schema: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-csearch_path%3D{schema}%20-csynchronous_commit%3Doff")
}

/// Runs each named test body, `async fn name(db: &TestDb)` in the invoking module, once on
/// SQLite (`<module>::sqlite::name`) and once on PostgreSQL (`<module>::postgres::name`),
/// each on a [`TestDb`] of its own. A body not named here is dead code, which the lints
/// refuse, so a test cannot silently stop running.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() {
                    let db = $crate::database::TestDb::sqlite();
                    super::$name(&db).await;
                }
            )+
        }

        mod postgres {
            $(
                #[tokio::test]
                async fn $name() {
                    let Some(db) = $crate::database::TestDb::postgres() else {
                        return;
                    };
                    super::$name(&db).await;
                }
            )+
        }
    };
}
