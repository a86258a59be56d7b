//! Learning of changes made by other instances: the database's change counters (moved by
//! triggers in every transaction that writes the catalog or the sales) are read a few times a
//! second, and a difference bumps this process's revision, so the cached lists are rebuilt
//! (decisions 13: a write on one instance shows on every other within a second).
//!
//! This process's own writes bump the revisions at once; the counters then bump them once
//! more, which costs one extra rebuild and keeps the rule simple: whatever committed, from
//! wherever, is seen.

use std::time::Duration;

use paduka_application::Revision;
use paduka_persistence::{ChangeCounts, Database};

/// How often the counters are read: well within the promised second, and a query of a few
/// rows each time.
pub const POLL_EVERY: Duration = Duration::from_millis(250);

/// The revisions the cached lists are tagged with.
#[derive(Debug, Clone, Default)]
pub struct Revisions {
    pub catalog: Revision,
    pub sales: Revision,
}

impl Revisions {
    /// Bumps what changed between two readings.
    fn follow(&self, before: ChangeCounts, now: ChangeCounts) {
        if now.catalog != before.catalog {
            self.catalog.bump();
        }
        if now.sales != before.sales {
            self.sales.bump();
        }
    }
}

/// Reads the counters every [`POLL_EVERY`] until the runtime stops. A failed reading is
/// logged once per outage and retried; the revisions never wait on it.
pub fn watch(database: Database, revisions: Revisions) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut last = None;
        let mut failing = false;
        let mut ticks = tokio::time::interval(POLL_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match database.change_counts().await {
                Ok(counts) => {
                    match last {
                        Some(before) => revisions.follow(before, counts),
                        // Whatever changed while the counters could not be read shows now.
                        None if failing => {
                            tracing::info!("change counters readable again");
                            revisions.catalog.bump();
                            revisions.sales.bump();
                        }
                        None => {}
                    }
                    last = Some(counts);
                    failing = false;
                }
                Err(error) => {
                    if !failing {
                        tracing::warn!(%error, "cannot read the change counters; other instances' changes show once they can be read");
                        failing = true;
                    }
                    last = None;
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_kind_that_changed_is_bumped() {
        let revisions = Revisions::default();
        let start = ChangeCounts {
            catalog: 4,
            sales: 9,
        };
        revisions.follow(start, start);
        assert_eq!(
            (revisions.catalog.current(), revisions.sales.current()),
            (0, 0)
        );
        revisions.follow(
            start,
            ChangeCounts {
                catalog: 5,
                ..start
            },
        );
        assert_eq!(
            (revisions.catalog.current(), revisions.sales.current()),
            (1, 0)
        );
        revisions.follow(
            start,
            ChangeCounts {
                catalog: 4,
                sales: 12,
            },
        );
        assert_eq!(
            (revisions.catalog.current(), revisions.sales.current()),
            (1, 1)
        );
    }
}
