//! A fresh, migrated database per test, on SQLite or PostgreSQL, and fixture builders.

use std::path::PathBuf;

use chrono::{DateTime, Duration, TimeZone, Utc};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use paduka_application::catalog::ProductRecord;
use paduka_domain::catalog::{Category, Image, ImageType, ProductDraft, Variant};
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};
use paduka_domain::{CategoryId, Paise, Percent, UserId};
use paduka_persistence::{Database, sqlite_url_in};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");
const DEFAULT_POSTGRES_URL: &str = "postgres://root@127.0.0.1:5432/test";

/// A migrated database of its own, removed when the test ends.
pub struct TestDb {
    db: Option<Database>,
    place: Place,
}

enum Place {
    Sqlite {
        path: PathBuf,
        _dir: tempfile::TempDir,
    },
    Postgres {
        admin_url: String,
        name: String,
        url: String,
    },
}

impl TestDb {
    /// A SQLite file in a new temporary folder (in a sub-folder `Database` has to create).
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("temporary folder");
        let data_dir = dir.path().join("data");
        let path = data_dir.join("paduka.db");
        let db = Database::connect_with(&sqlite_url_in(&data_dir), 4).expect("open SQLite");
        db.run_migrations().expect("migrate SQLite");
        Self {
            db: Some(db),
            place: Place::Sqlite { path, _dir: dir },
        }
    }

    /// A new database `paduka_test_<uuid>` on the server `TEST_POSTGRES_URL` names, or `None`
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
                     ######## This PostgreSQL repository test is SKIPPED; set TEST_POSTGRES_URL.\n"
                );
                return None;
            }
        };
        let name = format!("paduka_test_{}", uuid::Uuid::now_v7().simple());
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .expect("create the test database");
        let url = with_database(&admin_url, &name);
        let db = Database::connect_with(&url, 4).expect("connect to the test database");
        db.run_migrations().expect("migrate PostgreSQL");
        Some(Self {
            db: Some(db),
            place: Place::Postgres {
                admin_url,
                name,
                url,
            },
        })
    }

    pub fn db(&self) -> Database {
        self.db.clone().expect("database open")
    }

    /// Runs SQL outside the repositories (what no port offers yet, e.g. deleting a user).
    pub fn execute(&self, sql: &str) {
        match &self.place {
            Place::Sqlite { path, .. } => {
                let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
                diesel::sql_query("PRAGMA foreign_keys = ON")
                    .execute(&mut conn)
                    .unwrap();
                diesel::sql_query(sql).execute(&mut conn).unwrap();
            }
            Place::Postgres { url, .. } => {
                let mut conn = PgConnection::establish(url).unwrap();
                diesel::sql_query(sql).execute(&mut conn).unwrap();
            }
        }
    }

    /// The number of tables the migrations made (diesel's own bookkeeping table aside).
    pub fn table_count(&self) -> i64 {
        match self.place {
            Place::Sqlite { .. } => self.count(
                "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations'",
            ),
            Place::Postgres { .. } => self.count(
                "SELECT COUNT(*) AS n FROM information_schema.tables \
                 WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations'",
            ),
        }
    }

    /// The `n` column of a `SELECT COUNT(*) AS n ...` run outside the repositories.
    pub fn count(&self, sql: &str) -> i64 {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        match &self.place {
            Place::Sqlite { path, .. } => {
                let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
                diesel::sql_query(sql)
                    .get_result::<Count>(&mut conn)
                    .unwrap()
                    .n
            }
            Place::Postgres { url, .. } => {
                let mut conn = PgConnection::establish(url).unwrap();
                diesel::sql_query(sql)
                    .get_result::<Count>(&mut conn)
                    .unwrap()
                    .n
            }
        }
    }

    /// Runs `down.sql` of every migration newer than `version` (a migration folder's date
    /// prefix, e.g. `2025-11-24-000100`), newest first, then of `version` itself.
    pub fn revert_through(&self, version: &str) {
        let wanted = version.replace('-', "");
        loop {
            let reverted = match &self.place {
                Place::Sqlite { path, .. } => {
                    let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
                    conn.revert_last_migration(SQLITE_MIGRATIONS)
                        .unwrap()
                        .to_string()
                }
                Place::Postgres { url, .. } => {
                    let mut conn = PgConnection::establish(url).unwrap();
                    conn.revert_last_migration(POSTGRES_MIGRATIONS)
                        .unwrap()
                        .to_string()
                }
            };
            if reverted == wanted {
                return;
            }
        }
    }

    /// Runs every migration's `down.sql`, newest first.
    pub fn revert_all_migrations(&self) {
        match &self.place {
            Place::Sqlite { path, .. } => {
                let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
                conn.revert_all_migrations(SQLITE_MIGRATIONS).unwrap();
            }
            Place::Postgres { url, .. } => {
                let mut conn = PgConnection::establish(url).unwrap();
                conn.revert_all_migrations(POSTGRES_MIGRATIONS).unwrap();
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // Close the pool first, then remove the database (a temporary folder removes itself).
        drop(self.db.take());
        if let Place::Postgres {
            admin_url, name, ..
        } = &self.place
        {
            match PgConnection::establish(admin_url) {
                Ok(mut admin) => {
                    let forced =
                        diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                            .execute(&mut admin);
                    if forced.is_err() {
                        // Before PostgreSQL 13 there is no FORCE.
                        let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name}"))
                            .execute(&mut admin);
                    }
                }
                Err(error) => eprintln!("cannot drop test database {name}: {error}"),
            }
        }
    }
}

/// `url` with its database name replaced by `name` (query parameters kept).
fn with_database(url: &str, name: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a postgres:// URL");
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let query = path
        .split_once('?')
        .map(|(_, q)| format!("?{q}"))
        .unwrap_or_default();
    format!("{scheme}://{authority}/{name}{query}")
}

/// Runs each named test body (`async fn name(db: &TestDb)` in the invoking module) once on
/// SQLite (`<module>::sqlite::name`) and once on PostgreSQL (`<module>::postgres::name`).
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() {
                    let db = $crate::helpers::TestDb::sqlite();
                    super::$name(&db).await;
                }
            )+
        }

        mod postgres {
            $(
                #[tokio::test]
                async fn $name() {
                    let Some(db) = $crate::helpers::TestDb::postgres() else {
                        return;
                    };
                    super::$name(&db).await;
                }
            )+
        }
    };
}

// --- fixtures -------------------------------------------------------------------------------

/// A fixed instant plus `seconds`, with microseconds so that precision is exercised.
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 10, 0, 0).unwrap()
        + Duration::seconds(seconds)
        + Duration::microseconds(123_456)
}

pub fn user(id: &str, name: &str, role: Role) -> User {
    User {
        id: UserId::new(id),
        name: name.to_owned(),
        email: Email::parse(&format!("{id}@paduka.test")).unwrap(),
        phone: "9876543210".into(),
        address: "12 MG Road, Bengaluru".into(),
        role,
        password_hash: "$2b$04$hash".into(),
        created_at: at(0),
        updated_at: at(0),
    }
}

pub fn category(id: &str, name: &str) -> Category {
    Category {
        id: CategoryId::new(id),
        name: name.to_owned(),
        image: format!("/img/{id}.png"),
    }
}

pub fn variant(label: Option<&str>, rupees: i64, discount: i64) -> Variant {
    Variant {
        label: label.map(str::to_owned),
        model: label.map(|l| format!("M-{l}")),
        price: Paise::from_rupees(rupees).unwrap(),
        discount: Percent::new(discount).unwrap(),
    }
}

pub fn png(bytes: &[u8]) -> Image {
    Image {
        image_type: ImageType::Png,
        bytes: bytes.to_vec(),
    }
}

/// A product to store, with sensible defaults; change fields as a test needs.
pub fn record(code: &str, name: &str, category: &str, seller: &str, seconds: i64) -> ProductRecord {
    ProductRecord {
        product_code: code.to_owned(),
        seller: UserId::new(seller),
        draft: ProductDraft {
            product_code: Some(code.to_owned()),
            name: name.to_owned(),
            info: String::new(),
            variants: vec![variant(None, 1000, 0)],
            descriptions: vec![],
            specifications: vec![],
            material: String::new(),
            tags: vec![],
            seller: None,
            category: CategoryId::new(category),
            quantity: 5,
            shipping: true,
            other_photos: vec![],
        },
        photo: None,
        at: at(seconds),
    }
}
