//! The pages made, each kept at the catalog revision it was made from.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use paduka_http::encoding::Precompressed;

/// Pages kept at the catalog revision they were made from.
#[derive(Default)]
pub(super) struct PageCache {
    entries: Mutex<HashMap<String, (u64, Arc<Precompressed>)>>,
}

impl PageCache {
    /// Past this many pages (or bytes, every coding counted) some go: a shop's products and
    /// categories, and the sitemap, fit many times over.
    const MAX_ENTRIES: usize = 4096;
    const MAX_BYTES: usize = 32 << 20;

    pub(super) fn get(&self, key: &str, revision: u64) -> Option<Arc<Precompressed>> {
        let entries = self.entries.lock().ok()?;
        let (made_at, page) = entries.get(key)?;
        (*made_at == revision).then(|| page.clone())
    }

    pub(super) fn put(&self, key: String, revision: u64, page: Arc<Precompressed>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        entries.insert(key.clone(), (revision, page));
        let over = |entries: &HashMap<String, (u64, Arc<Precompressed>)>| {
            entries.len() > Self::MAX_ENTRIES
                || entries
                    .values()
                    .map(|(_, page)| page.weight())
                    .sum::<usize>()
                    > Self::MAX_BYTES
        };
        if over(&entries) {
            // Stale pages first; then any but the newest.
            entries.retain(|_, (made_at, _)| *made_at >= revision);
        }
        while over(&entries) {
            let Some(other) = entries.keys().find(|k| **k != key).cloned() else {
                break;
            };
            entries.remove(&other);
        }
    }
}
