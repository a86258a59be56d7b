//! Learning of changes made by other instances: the database's change counters (moved by
//! triggers in every transaction that writes the catalog or the sales) are read a few times a
//! second, and a difference bumps this process's revision, so the cached lists are rebuilt
//! (decisions D13: a write on one instance shows on every other within a second).
//!
//! A signed-in caller's read of a cached list reads the counters first, so an admin who
//! changed the catalog or a sale through another instance sees it on the very next read
//! (decisions D18, read-your-writes); anonymous shoppers keep the polled lists and cost nothing.
//!
//! This process's own writes bump the revisions at once; the counters then bump them once
//! more, which costs one extra rebuild and keeps the rule simple: whatever committed, from
//! wherever, is seen.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use paduka_application::{RepoError, Revision};
use paduka_persistence::{ChangeCounts, Database};

/// How often the counters are read: well within the promised second, and a query of a few
/// rows each time.
pub const POLL_EVERY: Duration = Duration::from_millis(250);

/// The `/api/v1` paths whose replies come from the shared list cache, tagged with a revision.
const CACHED_LISTS: [&str; 3] = ["/api/v1/product/", "/api/v1/category/", "/api/v1/sale/"];

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

    fn bump_all(&self) {
        self.catalog.bump();
        self.sales.bump();
    }
}

/// The counters as last read, and the revisions they move.
pub struct ChangeWatcher {
    database: Database,
    revisions: Revisions,
    last: Mutex<Option<ChangeCounts>>,
}

impl ChangeWatcher {
    pub fn new(database: Database, revisions: Revisions) -> Arc<Self> {
        Arc::new(Self {
            database,
            revisions,
            last: Mutex::new(None),
        })
    }

    /// Reads the counters and bumps the revisions of whatever changed since the last reading.
    pub async fn catch_up(&self) -> Result<(), RepoError> {
        let now = self.database.change_counts().await?;
        let before = self.last.lock().expect("counters lock").replace(now);
        if let Some(before) = before {
            self.revisions.follow(before, now);
        }
        Ok(())
    }

    /// Reads the counters every [`POLL_EVERY`] until the runtime stops. A failed reading is
    /// logged once per outage and retried; the revisions never wait on it.
    pub fn watch(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut failing = false;
            let mut ticks = tokio::time::interval(POLL_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                match self.catch_up().await {
                    Ok(()) if failing => {
                        // Whatever changed while the counters could not be read shows now.
                        tracing::info!("change counters readable again");
                        self.revisions.bump_all();
                        failing = false;
                    }
                    Ok(()) => {}
                    Err(error) => {
                        if !failing {
                            tracing::warn!(%error, "cannot read the change counters; other instances' changes show once they can be read");
                            failing = true;
                        }
                    }
                }
            }
        })
    }

    /// Middleware: a signed-in caller's read of a cached list first catches up with the
    /// counters. A failed reading is no reason to fail the read: the poll recovers.
    pub async fn catch_up_for_signed_in(
        self: Arc<Self>,
        request: ServiceRequest,
        next: Next<impl MessageBody>,
    ) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
        let signed_in = request.headers().contains_key(header::AUTHORIZATION);
        let path = request.path();
        if signed_in
            && request.method() == Method::GET
            && CACHED_LISTS.iter().any(|list| path.starts_with(list))
            && let Err(error) = self.catch_up().await
        {
            tracing::debug!(%error, "change counters unreadable for a signed-in read");
        }
        next.call(request).await
    }
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
