//! Searches that found nothing, counted per query and day, every instance adding to one count.

use chrono::NaiveDate;
use paduka_application::catalog::{SearchMiss, SearchMissRepository};
use paduka_persistence::DieselSearchMissRepository;

use crate::helpers::TestDb;

crate::on_both_backends!(
    misses_add_up_per_query_from_a_day_on_most_first,
    a_searcher_counts_once_a_day_and_old_misses_are_forgotten,
);

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 11, d).unwrap()
}

fn miss(query: &str, count: u64) -> SearchMiss {
    SearchMiss {
        query: query.into(),
        count,
    }
}

async fn misses_add_up_per_query_from_a_day_on_most_first(db: &TestDb) {
    let misses = DieselSearchMissRepository::new(db.db());
    // Another instance on the same database counts into the same rows.
    let other = DieselSearchMissRepository::new(db.db());
    for (query, d) in [
        ("mojdi", 1),
        ("mojdi", 10),
        ("mojdi", 10),
        ("zzzz", 10),
        ("heels red", 11),
        ("heels red", 12),
        ("aaaa", 12),
    ] {
        misses.record(query, day(d), None, day(1)).await.unwrap();
    }
    other.record("aaaa", day(12), None, day(1)).await.unwrap();

    assert_eq!(
        misses.most_missed(day(10), 20).await.unwrap(),
        [
            miss("aaaa", 2),
            miss("heels red", 2),
            miss("mojdi", 2),
            miss("zzzz", 1),
        ],
        "from the 10th on; ties by query"
    );
    assert_eq!(
        misses.most_missed(day(1), 2).await.unwrap(),
        [miss("mojdi", 3), miss("aaaa", 2)]
    );
    assert_eq!(misses.most_missed(day(13), 20).await.unwrap(), []);
}

async fn a_searcher_counts_once_a_day_and_old_misses_are_forgotten(db: &TestDb) {
    let misses = DieselSearchMissRepository::new(db.db());
    let other = DieselSearchMissRepository::new(db.db());
    for _ in 0..5 {
        misses
            .record("mojdi", day(10), Some("203.0.113.7".into()), day(1))
            .await
            .unwrap();
    }
    // Another instance sees the same searcher; another searcher counts.
    other
        .record("mojdi", day(10), Some("203.0.113.7".into()), day(1))
        .await
        .unwrap();
    other
        .record("mojdi", day(10), Some("2001:db8:1:2::/64".into()), day(1))
        .await
        .unwrap();
    // The next day, the first searcher counts again; so does a different query that day.
    misses
        .record("mojdi", day(11), Some("203.0.113.7".into()), day(1))
        .await
        .unwrap();
    misses
        .record("heels", day(10), Some("203.0.113.7".into()), day(1))
        .await
        .unwrap();
    assert_eq!(
        misses.most_missed(day(1), 20).await.unwrap(),
        [miss("mojdi", 3), miss("heels", 1)]
    );

    // A miss on the 20th forgets the days before the 11th, their searchers too.
    misses
        .record("zzzz", day(20), Some("203.0.113.7".into()), day(11))
        .await
        .unwrap();
    assert_eq!(
        misses.most_missed(day(1), 20).await.unwrap(),
        [miss("mojdi", 1), miss("zzzz", 1)]
    );
    misses
        .record("mojdi", day(11), Some("203.0.113.7".into()), day(11))
        .await
        .unwrap();
    assert_eq!(
        misses.most_missed(day(11), 20).await.unwrap()[0],
        miss("mojdi", 1),
        "the 11th's searcher is still remembered"
    );
}
