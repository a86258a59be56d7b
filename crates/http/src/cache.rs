//! Serialized replies of the product list, reused while the catalog is unchanged.
//!
//! The list is the shop's hottest call and changes rarely: rebuilding it (three queries and
//! ~1 KB of JSON a product) for every visitor would cap throughput far below serving a file.
//! Each entry is tagged with the catalog revision it was built from; a catalog write in this
//! process bumps the revision and the next request rebuilds. Writes made by other `paduka`
//! instances sharing a PostgreSQL database show within [`ListCache::MAX_AGE`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use sha2::{Digest, Sha256};

/// A reply ready to send: its JSON bytes and their strong ETag.
#[derive(Clone)]
pub struct CachedReply {
    pub body: Bytes,
    pub etag: String,
}

struct Entry {
    revision: u64,
    built: Instant,
    reply: CachedReply,
    /// One request is rebuilding this aged entry; the others keep serving it meanwhile.
    refreshing: bool,
}

#[derive(Default)]
pub struct ListCache {
    entries: Mutex<HashMap<String, Entry>>,
}

impl ListCache {
    /// How stale a reply may be when another instance changed the catalog.
    pub const MAX_AGE: Duration = Duration::from_secs(2);
    /// Distinct queries kept; past this the cache starts over (filters are few in practice).
    const MAX_ENTRIES: usize = 64;

    /// The reply built for `key` at `revision`, if it may still be served.
    ///
    /// An entry past [`Self::MAX_AGE`] at the same revision is handed to one caller as a miss
    /// (it rebuilds) while the others keep getting it, so load never piles into rebuilds at
    /// once. An entry from an older revision is never served: a change shows at once.
    pub fn get(&self, key: &str, revision: u64) -> Option<CachedReply> {
        let mut entries = self.entries.lock().ok()?;
        let entry = entries.get_mut(key).filter(|e| e.revision == revision)?;
        if entry.built.elapsed() < Self::MAX_AGE || entry.refreshing {
            return Some(entry.reply.clone());
        }
        entry.refreshing = true;
        None
    }

    /// Keeps `body` as the reply for `key` at `revision` and returns it with its ETag.
    pub fn put(&self, key: String, revision: u64, body: Vec<u8>) -> CachedReply {
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
        let reply = CachedReply {
            body: Bytes::from(body),
            etag,
        };
        if let Ok(mut entries) = self.entries.lock() {
            if entries.len() >= Self::MAX_ENTRIES && !entries.contains_key(&key) {
                entries.clear();
            }
            entries.insert(
                key,
                Entry {
                    revision,
                    built: Instant::now(),
                    reply: reply.clone(),
                    refreshing: false,
                },
            );
        }
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_reused_only_at_the_revision_it_was_built_from() {
        let cache = ListCache::default();
        let built = cache.put("all".into(), 7, b"[1]".to_vec());
        let hit = cache.get("all", 7).expect("a fresh entry");
        assert_eq!(hit.body, built.body);
        assert_eq!(hit.etag, built.etag);
        assert!(
            cache.get("all", 8).is_none(),
            "a catalog write makes it stale"
        );
        assert!(cache.get("other", 7).is_none());
    }

    #[test]
    fn an_aged_entry_is_rebuilt_by_one_caller_while_the_others_keep_it() {
        let cache = ListCache::default();
        cache.put("all".into(), 1, b"[1]".to_vec());
        if let Some(entry) = cache.entries.lock().unwrap().get_mut("all") {
            entry.built -= ListCache::MAX_AGE;
        }
        assert!(cache.get("all", 1).is_none(), "the first caller rebuilds");
        assert!(
            cache.get("all", 1).is_some(),
            "the others are served meanwhile"
        );
        cache.put("all".into(), 1, b"[2]".to_vec());
        assert_eq!(
            cache.get("all", 1).unwrap().body,
            Bytes::from_static(b"[2]")
        );
    }

    #[test]
    fn different_bodies_get_different_etags() {
        let cache = ListCache::default();
        let a = cache.put("a".into(), 1, b"[1]".to_vec());
        let b = cache.put("b".into(), 1, b"[2]".to_vec());
        assert_ne!(a.etag, b.etag);
        assert!(a.etag.starts_with('"') && a.etag.ends_with('"'));
    }

    #[test]
    fn the_cache_starts_over_rather_than_growing_without_bound() {
        let cache = ListCache::default();
        for i in 0..=ListCache::MAX_ENTRIES {
            cache.put(format!("q{i}"), 1, vec![]);
        }
        assert!(cache.get("q0", 1).is_none());
        assert!(
            cache
                .get(&format!("q{}", ListCache::MAX_ENTRIES), 1)
                .is_some()
        );
    }
}
