//! Replies that are the same for every visitor (the product list and its pages, a category
//! page, categories, sales), kept ready to send and compressed once.
//!
//! They are the shop's hottest calls and change rarely: rebuilding the product list (three
//! queries and ~1 KB of JSON a product) and compressing it for every visitor would cap
//! throughput far below serving a file. Each entry is tagged with the revision of the data it
//! was built from (the catalog's, or the sales'); a write in this process bumps the revision
//! and the next request rebuilds. Writes made by other `paduka` instances sharing the
//! database bump it too, when the server's change watcher sees the database's change
//! counters move (a few times a second); [`ListCache::MAX_AGE`] is only a safety net, and
//! what rotates the banner's random pick.
//!
//! An entry holds the JSON as it is and as brotli and gzip ([`Precompressed`]). A rebuild
//! that produces the same bytes (what the periodic rebuild usually does) keeps the compressed
//! codings, so compressing is paid only when the data changed.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use crate::ApiError;
use crate::encoding::{Effort, Precompressed};

struct Entry {
    revision: u64,
    built: Instant,
    reply: Arc<Precompressed>,
    /// When one request was handed this aged entry to rebuild; the others keep serving it
    /// meanwhile. A claim older than [`ListCache::REFRESH_CLAIM`] (a rebuild that failed, or
    /// whose client went away) is handed to the next request.
    refreshing: Option<Instant>,
}

/// The shared replies of one running server (every worker uses the same one).
pub struct ListCache {
    entries: Mutex<HashMap<String, Entry>>,
    /// Bytes kept, every coding counted: whatever queries clients send, the cache stays
    /// within this. Past it the oldest entries go.
    max_bytes: usize,
}

impl Default for ListCache {
    fn default() -> Self {
        Self {
            entries: Mutex::default(),
            max_bytes: 16 << 20,
        }
    }
}

impl ListCache {
    /// How old a reply may grow before it is rebuilt even though no change was seen.
    pub const MAX_AGE: Duration = Duration::from_secs(30);
    /// How long one request may take to rebuild an aged entry before another tries.
    const REFRESH_CLAIM: Duration = Duration::from_secs(5);
    /// Distinct replies kept; past this the oldest go (filters are few in practice).
    const MAX_ENTRIES: usize = 256;

    /// The reply built for `key` at `revision`, if it may still be served.
    ///
    /// An entry past [`Self::MAX_AGE`] at the same revision is handed to one caller as a miss
    /// (it rebuilds) while the others keep getting it, so load never piles into rebuilds at
    /// once. An entry from another revision is never served: a change shows at once.
    pub fn get(&self, key: &str, revision: u64) -> Option<Arc<Precompressed>> {
        let mut entries = self.entries.lock().ok()?;
        let entry = entries.get_mut(key).filter(|e| e.revision == revision)?;
        let claimed = entry
            .refreshing
            .is_some_and(|since| since.elapsed() < Self::REFRESH_CLAIM);
        if entry.built.elapsed() < Self::MAX_AGE || claimed {
            return Some(entry.reply.clone());
        }
        entry.refreshing = Some(Instant::now());
        None
    }

    /// Gives up the claim to rebuild `key` (the rebuild failed), so the next request tries.
    fn release(&self, key: &str) {
        if let Ok(mut entries) = self.entries.lock()
            && let Some(entry) = entries.get_mut(key)
        {
            entry.refreshing = None;
        }
    }

    /// Keeps the JSON `body` as the reply for `key` at `revision` and returns it.
    ///
    /// When the entry already holds these very bytes (an aged entry rebuilt unchanged, or
    /// another request that rebuilt the same change first) its compressed codings are kept
    /// instead of being made again.
    pub fn put(&self, key: String, revision: u64, body: Vec<u8>) -> Arc<Precompressed> {
        let held = self.entries.lock().ok().and_then(|entries| {
            entries
                .get(&key)
                .filter(|entry| entry.reply.holds(&body))
                .map(|entry| entry.reply.clone())
        });
        // Compressing happens outside the lock: other keys stay readable meanwhile.
        let reply = held.unwrap_or_else(|| Arc::new(Precompressed::json(body, Effort::Cached)));
        if let Ok(mut entries) = self.entries.lock() {
            entries.insert(
                key.clone(),
                Entry {
                    revision,
                    built: Instant::now(),
                    reply: reply.clone(),
                    refreshing: None,
                },
            );
            self.evict(&mut entries, &key);
        }
        reply
    }

    /// Drops the oldest entries (the one just stored last) until both limits hold.
    fn evict(&self, entries: &mut HashMap<String, Entry>, newest: &str) {
        let weight = |entries: &HashMap<String, Entry>| -> usize {
            entries.values().map(|entry| entry.reply.weight()).sum()
        };
        while entries.len() > Self::MAX_ENTRIES || weight(entries) > self.max_bytes {
            let oldest = entries
                .iter()
                .filter(|(key, _)| key.as_str() != newest)
                .min_by_key(|(_, entry)| entry.built)
                .map(|(key, _)| key.clone())
                .unwrap_or_else(|| newest.to_owned());
            entries.remove(&oldest);
        }
    }

    /// A shared JSON reply, sent in the coding the client accepts best (an ETag per coding,
    /// 304 when unchanged, `Cache-Control: no-cache` so browsers ask again cheaply). It comes
    /// from the cache while `revision` holds; otherwise `build` makes it and it is kept.
    pub async fn json_reply<T: Serialize>(
        &self,
        request: &HttpRequest,
        key: String,
        revision: u64,
        build: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<HttpResponse, ApiError> {
        let reply = match self.get(&key, revision) {
            Some(reply) => reply,
            None => {
                let built = build.await.and_then(|value| {
                    serde_json::to_vec(&value).map_err(|e| ApiError::Unexpected(e.into()))
                });
                match built {
                    Ok(body) => self.put(key, revision, body),
                    Err(error) => {
                        self.release(&key);
                        return Err(error);
                    }
                }
            }
        };
        Ok(reply.respond(request, "no-cache"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Coding;

    #[test]
    fn a_reply_is_reused_only_at_the_revision_it_was_built_from() {
        let cache = ListCache::default();
        let built = cache.put("all".into(), 7, b"[1]".to_vec());
        let hit = cache.get("all", 7).expect("a fresh entry");
        assert!(Arc::ptr_eq(&hit, &built));
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
        age(&cache, "all");
        assert!(cache.get("all", 1).is_none(), "the first caller rebuilds");
        assert!(
            cache.get("all", 1).is_some(),
            "the others are served meanwhile"
        );
        cache.put("all".into(), 1, b"[2]".to_vec());
        assert_eq!(cache.get("all", 1).unwrap().identity().as_ref(), b"[2]");
    }

    #[actix_web::test]
    async fn a_failed_rebuild_is_tried_again_by_the_next_request_while_the_old_reply_serves() {
        let cache = ListCache::default();
        cache.put("all".into(), 1, b"[1]".to_vec());
        age(&cache, "all");
        let request = actix_web::test::TestRequest::default().to_http_request();
        let failed = cache
            .json_reply(&request, "all".into(), 1, async {
                Err::<Vec<u8>, _>(ApiError::Unexpected(anyhow::anyhow!("database down")))
            })
            .await;
        assert!(failed.is_err());
        assert!(
            cache.get("all", 1).is_none(),
            "the next request rebuilds instead of the old reply being kept for ever"
        );
        assert!(
            cache.get("all", 1).is_some(),
            "the others are served meanwhile"
        );
        cache.put("all".into(), 1, b"[2]".to_vec());
        assert_eq!(cache.get("all", 1).unwrap().identity().as_ref(), b"[2]");
    }

    #[test]
    fn a_rebuild_that_never_finishes_is_handed_on_after_a_while() {
        let cache = ListCache::default();
        cache.put("all".into(), 1, b"[1]".to_vec());
        age(&cache, "all");
        assert!(cache.get("all", 1).is_none(), "the first caller rebuilds");
        // Its client went away and the rebuild was dropped half way.
        if let Some(entry) = cache.entries.lock().unwrap().get_mut("all") {
            entry.refreshing = entry.refreshing.map(|at| at - ListCache::REFRESH_CLAIM);
        }
        assert!(cache.get("all", 1).is_none(), "another caller rebuilds");
    }

    #[test]
    fn rebuilding_the_same_bytes_keeps_the_compressed_codings() {
        let cache = ListCache::default();
        let body = br#"{"products":["sandal","sandal","sandal","sandal"]}"#.to_vec();
        let first = cache.put("all".into(), 1, body.clone());
        age(&cache, "all");
        assert!(cache.get("all", 1).is_none());
        let rebuilt = cache.put("all".into(), 1, body.clone());
        assert!(Arc::ptr_eq(&first, &rebuilt), "nothing compressed again");
        let after_a_write = cache.put("all".into(), 2, body);
        assert!(
            Arc::ptr_eq(&first, &after_a_write),
            "a write that left this reply alone costs no compression either"
        );
        let changed = cache.put("all".into(), 3, b"[]".to_vec());
        assert!(!Arc::ptr_eq(&first, &changed));
    }

    #[test]
    fn different_bodies_get_different_etags() {
        let cache = ListCache::default();
        let a = cache.put("a".into(), 1, b"[1]".to_vec());
        let b = cache.put("b".into(), 1, b"[2]".to_vec());
        assert_ne!(a.etag(Coding::Identity), b.etag(Coding::Identity));
    }

    #[test]
    fn the_oldest_entries_go_rather_than_the_cache_growing_without_bound() {
        let cache = ListCache::default();
        for i in 0..=ListCache::MAX_ENTRIES {
            cache.put(format!("q{i}"), 1, vec![]);
        }
        assert!(cache.get("q0", 1).is_none());
        assert!(cache.get("q1", 1).is_some());
        assert!(
            cache
                .get(&format!("q{}", ListCache::MAX_ENTRIES), 1)
                .is_some()
        );
    }

    #[test]
    fn the_cache_holds_at_most_its_byte_budget() {
        let cache = ListCache {
            max_bytes: 64 << 10,
            ..ListCache::default()
        };
        // Incompressible bytes, so each entry weighs at least its size.
        let mut state = 0x2545_f491_u32;
        let mut noise = |len: usize| -> Vec<u8> {
            (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state as u8
                })
                .collect()
        };
        let size = cache.max_bytes / 4;
        for i in 0..6 {
            cache.put(format!("big{i}"), 1, noise(size));
        }
        let entries = cache.entries.lock().unwrap();
        let held: usize = entries.values().map(|e| e.reply.weight()).sum();
        assert!(held <= cache.max_bytes, "{held} bytes held");
        assert!(entries.contains_key("big5"), "the newest is kept");
        assert!(!entries.contains_key("big0"), "the oldest went");
    }

    fn age(cache: &ListCache, key: &str) {
        if let Some(entry) = cache.entries.lock().unwrap().get_mut(key) {
            entry.built -= ListCache::MAX_AGE;
        }
    }
}
