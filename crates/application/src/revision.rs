use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A count of changes to some data in this process (the catalog, the sales), shared by every
/// service that changes it. Caches of reads compare it to know when to rebuild.
#[derive(Debug, Clone, Default)]
pub struct Revision(Arc<AtomicU64>);

impl Revision {
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
        let revision = Revision::default();
        let held_elsewhere = revision.clone();
        held_elsewhere.bump();
        assert_eq!(revision.current(), 1);
    }
}
