//! The change counters (`change_counters`): bumped by triggers in every transaction that
//! writes the catalog's tables or the sales', read by each instance to learn of changes made
//! by the others.

use diesel::prelude::*;
use paduka_application::RepoError;

use crate::db::Database;
use crate::schema::change_counters;

/// How many committed changes the database has seen, per kind of data. Only differences
/// between two readings mean anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChangeCounts {
    pub catalog: i64,
    pub sales: i64,
}

impl Database {
    /// The counters' sums: one small query (2 rows on SQLite, 32 on PostgreSQL).
    pub async fn change_counts(&self) -> Result<ChangeCounts, RepoError> {
        self.run(|conn| {
            let rows = change_counters::table
                .select((change_counters::name, change_counters::value))
                .load::<(String, i64)>(conn)?;
            let mut counts = ChangeCounts::default();
            for (name, value) in rows {
                match name.as_str() {
                    "catalog" => counts.catalog = counts.catalog.wrapping_add(value),
                    "sales" => counts.sales = counts.sales.wrapping_add(value),
                    _ => {}
                }
            }
            Ok(counts)
        })
        .await
    }
}
