//! The pages made, each kept at the catalog revision it was made from.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use paduka_http::encoding::Precompressed;

/// What a page was made from: the catalog revision, and for a page that also changes with
/// time (the home page's banner) the period it was made in (else 0).
type Made = (u64, u64);

/// Pages kept at the catalog revision (and period) they were made from.
#[derive(Default)]
pub(super) struct PageCache {
    entries: Mutex<HashMap<String, (Made, Arc<Precompressed>)>>,
}

impl PageCache {
    /// Past this many pages (or bytes, every coding counted) some go: a shop's products and
    /// categories, and the sitemap, fit many times over.
    const MAX_ENTRIES: usize = 4096;
    const MAX_BYTES: usize = 32 << 20;

    pub(super) fn get(&self, key: &str, made: Made) -> Option<Arc<Precompressed>> {
        let entries = self.entries.lock().ok()?;
        let (made_at, page) = entries.get(key)?;
        (*made_at == made).then(|| page.clone())
    }

    /// How many pages are kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.entries.lock().map_or(0, |entries| entries.len())
    }

    pub(super) fn put(&self, key: String, made: Made, page: Arc<Precompressed>) {
        let revision = made.0;
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        entries.insert(key.clone(), (made, page));
        let over = |entries: &HashMap<String, (Made, Arc<Precompressed>)>| {
            entries.len() > Self::MAX_ENTRIES
                || entries
                    .values()
                    .map(|(_, page)| page.weight())
                    .sum::<usize>()
                    > Self::MAX_BYTES
        };
        if over(&entries) {
            // Stale pages first; then any but the newest.
            entries.retain(|_, ((made_at, _), _)| *made_at >= revision);
        }
        while over(&entries) {
            let Some(other) = entries.keys().find(|k| **k != key).cloned() else {
                break;
            };
            entries.remove(&other);
        }
    }
}
