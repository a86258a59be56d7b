//! Rate limits counted in the database: what one instance counts, every other sees.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};
use paduka_application::Clock;
use paduka_application::accounts::{Limit, Throttle};
use paduka_persistence::DieselThrottle;
use paduka_test_support::time::now;

use crate::helpers::TestDb;

crate::on_both_backends!(
    attempts_are_allowed_up_to_the_limit_then_refused_and_not_counted,
    the_window_slides_an_attempt_frees_up_as_it_leaves,
    recorded_failures_count_without_being_refused_and_checks_count_nothing,
    two_instances_on_one_database_count_against_one_limit,
    parallel_attempts_never_pass_the_limit,
);

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

const LIMIT: Limit = Limit {
    max: 3,
    window: Duration::seconds(60),
};

fn throttle(db: &TestDb) -> (Arc<Manual>, DieselThrottle) {
    let clock = Arc::new(Manual(Mutex::new(now())));
    (clock.clone(), DieselThrottle::new(db.db(), clock))
}

async fn attempts_are_allowed_up_to_the_limit_then_refused_and_not_counted(db: &TestDb) {
    let (_, throttle) = throttle(db);
    for _ in 0..3 {
        assert!(throttle.attempt("k", LIMIT).await);
    }
    assert!(!throttle.attempt("k", LIMIT).await);
    assert!(!throttle.allows("k", LIMIT).await);
    assert!(throttle.allows("other", LIMIT).await, "keys count apart");
}

async fn the_window_slides_an_attempt_frees_up_as_it_leaves(db: &TestDb) {
    let (clock, throttle) = throttle(db);
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

async fn recorded_failures_count_without_being_refused_and_checks_count_nothing(db: &TestDb) {
    let (clock, throttle) = throttle(db);
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

async fn two_instances_on_one_database_count_against_one_limit(db: &TestDb) {
    let (_, first) = throttle(db);
    let (_, second) = throttle(db);
    assert!(first.attempt("login", LIMIT).await);
    second.record("login", LIMIT).await;
    assert!(first.attempt("login", LIMIT).await);
    assert!(
        !second.attempt("login", LIMIT).await,
        "the third and fourth count wherever they came"
    );
    assert!(!first.allows("login", LIMIT).await);
}

async fn parallel_attempts_never_pass_the_limit(db: &TestDb) {
    let (_, throttle) = throttle(db);
    let throttle = Arc::new(throttle);
    let tries: Vec<_> = (0..12)
        .map(|_| {
            let throttle = throttle.clone();
            tokio::spawn(async move { throttle.attempt("burst", LIMIT).await })
        })
        .collect();
    let mut allowed = 0;
    for t in tries {
        allowed += usize::from(t.await.unwrap());
    }
    assert_eq!(allowed, 3, "each check and its count are one step");
}
