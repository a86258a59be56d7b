//! The in-memory throttle: a sliding window of attempt times per key.
//!
//! Per instance: several instances behind a load balancer each count on their own, so the
//! limits then hold per instance (see docs/decisions.md).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_application::Clock;
use paduka_application::accounts::{Limit, Throttle};

/// How often (in operations) keys whose attempts have all left their window are dropped.
const SWEEP_EVERY: u64 = 1024;

pub struct InMemoryThrottle {
    clock: Arc<dyn Clock>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    keys: HashMap<String, Attempts>,
    operations: u64,
}

/// The newest attempts under a key, oldest first: never more than the limit, which is all it
/// takes to tell whether the limit is reached.
struct Attempts {
    times: VecDeque<DateTime<Utc>>,
    window: chrono::Duration,
}

impl Attempts {
    /// Forgets the attempts that left the window ending `now`.
    fn expire(&mut self, now: DateTime<Utc>, limit: Limit) {
        self.window = limit.window;
        while self
            .times
            .front()
            .is_some_and(|at| *at <= now - limit.window)
        {
            self.times.pop_front();
        }
    }

    fn count(&mut self, now: DateTime<Utc>, limit: Limit) {
        self.times.push_back(now);
        while self.times.len() > limit.max as usize {
            self.times.pop_front();
        }
    }

    fn allows(&self, limit: Limit) -> bool {
        self.times.len() < limit.max as usize
    }
}

impl InMemoryThrottle {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self {
            clock,
            state: Mutex::new(State::default()),
        }
    }

    /// Runs `work` on the key's attempts, within their window, creating them when `create`.
    fn with<R>(
        &self,
        key: &str,
        limit: Limit,
        create: bool,
        work: impl FnOnce(Option<&mut Attempts>, DateTime<Utc>) -> R,
    ) -> R {
        let now = self.clock.now();
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.operations += 1;
        if state.operations.is_multiple_of(SWEEP_EVERY) {
            state
                .keys
                .retain(|_, a| a.times.back().is_some_and(|at| *at > now - a.window));
        }
        let mut attempts = if create {
            Some(
                state
                    .keys
                    .entry(key.to_owned())
                    .or_insert_with(|| Attempts {
                        times: VecDeque::new(),
                        window: limit.window,
                    }),
            )
        } else {
            state.keys.get_mut(key)
        };
        if let Some(a) = attempts.as_deref_mut() {
            a.expire(now, limit);
        }
        work(attempts, now)
    }

    /// How many keys are remembered (for tests of the sweep).
    pub fn keys(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .keys
            .len()
    }
}

#[async_trait]
impl Throttle for InMemoryThrottle {
    async fn allows(&self, key: &str, limit: Limit) -> bool {
        self.with(key, limit, false, |attempts, _| {
            attempts.is_none_or(|a| a.allows(limit))
        })
    }

    async fn record(&self, key: &str, limit: Limit) {
        self.with(key, limit, true, |attempts, now| {
            if let Some(a) = attempts {
                a.count(now, limit);
            }
        });
    }

    async fn attempt(&self, key: &str, limit: Limit) -> bool {
        self.with(key, limit, true, |attempts, now| match attempts {
            Some(a) if a.allows(limit) => {
                a.count(now, limit);
                true
            }
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;

    /// A clock the test moves.
    struct Manual(Mutex<DateTime<Utc>>);

    impl Manual {
        fn advance(&self, by: Duration) {
            *self.0.lock().unwrap() += by;
        }
    }

    impl Clock for Manual {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap()
        }
    }

    fn throttle() -> (Arc<Manual>, InMemoryThrottle) {
        let clock = Arc::new(Manual(Mutex::new(
            Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
        )));
        let throttle = InMemoryThrottle::new(clock.clone());
        (clock, throttle)
    }

    const LIMIT: Limit = Limit {
        max: 3,
        window: Duration::seconds(60),
    };

    #[tokio::test]
    async fn attempts_are_allowed_up_to_the_limit_then_refused_and_not_counted() {
        let (_, throttle) = throttle();
        for _ in 0..3 {
            assert!(throttle.attempt("k", LIMIT).await);
        }
        assert!(!throttle.attempt("k", LIMIT).await);
        assert!(!throttle.allows("k", LIMIT).await);
        assert!(throttle.allows("other", LIMIT).await, "keys count apart");
    }

    #[tokio::test]
    async fn the_window_slides_an_attempt_frees_up_as_it_leaves() {
        let (clock, throttle) = throttle();
        assert!(throttle.attempt("k", LIMIT).await);
        clock.advance(Duration::seconds(30));
        assert!(throttle.attempt("k", LIMIT).await);
        assert!(throttle.attempt("k", LIMIT).await);
        assert!(!throttle.allows("k", LIMIT).await);
        clock.advance(Duration::seconds(29));
        assert!(
            !throttle.allows("k", LIMIT).await,
            "59 s: all three still count"
        );
        clock.advance(Duration::seconds(1));
        assert!(
            throttle.allows("k", LIMIT).await,
            "60 s: the first has left"
        );
        assert!(throttle.attempt("k", LIMIT).await);
        assert!(!throttle.attempt("k", LIMIT).await);
    }

    #[tokio::test]
    async fn recorded_failures_count_without_being_refused_and_checks_count_nothing() {
        let (clock, throttle) = throttle();
        for _ in 0..10 {
            assert!(throttle.allows("k", LIMIT).await);
        }
        for _ in 0..5 {
            throttle.record("k", LIMIT).await;
        }
        assert!(!throttle.allows("k", LIMIT).await);
        clock.advance(Duration::seconds(60));
        assert!(throttle.allows("k", LIMIT).await);
    }

    #[tokio::test]
    async fn checking_a_key_remembers_nothing_and_idle_keys_are_swept() {
        let (clock, throttle) = throttle();
        for i in 0..10 {
            throttle.allows(&format!("look-{i}"), LIMIT).await;
        }
        assert_eq!(throttle.keys(), 0);
        for i in 0..100 {
            throttle.attempt(&format!("key-{i}"), LIMIT).await;
        }
        assert_eq!(throttle.keys(), 100);
        clock.advance(Duration::seconds(61));
        for _ in 0..SWEEP_EVERY {
            throttle.allows("look", LIMIT).await;
        }
        assert_eq!(throttle.keys(), 0);
    }
}
