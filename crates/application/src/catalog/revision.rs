use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A count of catalog changes in this process, shared by every service that changes what the
/// catalog shows: its own writes, and stock taken or given back by orders. Caches of catalog
/// reads compare it to know when to rebuild.
#[derive(Debug, Clone, Default)]
pub struct CatalogRevision(Arc<AtomicU64>);

impl CatalogRevision {
    pub fn current(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_one_count() {
        let revision = CatalogRevision::default();
        let held_elsewhere = revision.clone();
        held_elsewhere.bump();
        assert_eq!(revision.current(), 1);
    }
}
