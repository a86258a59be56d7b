use std::sync::Arc;

use chrono::{DateTime, Utc};
use paduka_domain::ProductId;

use super::*;
use crate::MockClock;
use crate::admin::{LowStockProduct, MockStatsRepository, OrderPoint, StatsSnapshot};
use crate::testing::admin;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

fn point(text: &str, amount: i64) -> OrderPoint {
    OrderPoint {
        created_at: at(text),
        amount_rupees: amount,
    }
}

/// The overview an admin gets at `now`, from a repository that holds `snapshot` and is asked
/// for the orders since `since`.
async fn stats(now: &str, snapshot: StatsSnapshot, since: &'static str) -> ShopStats {
    let mut clock = MockClock::new();
    let now = at(now);
    clock.expect_now().return_const(now);
    let mut repo = MockStatsRepository::new();
    repo.expect_overview()
        .withf(move |from, shipped_from, threshold, limit| {
            *from == at(since)
                && *shipped_from == now - chrono::Duration::days(RTO_DAYS)
                && *threshold == LOW_STOCK_THRESHOLD
                && *limit == LOW_STOCK_LIMIT
        })
        .times(1)
        .returning(move |_, _, _, _| Ok(snapshot.clone()));
    repo.expect_fit_reasons()
        .withf(move |since| *since == now - chrono::Duration::days(180))
        .returning(|_| Ok(vec![]));
    let service = AdminService::new(Arc::new(repo), Arc::new(clock));
    service.stats(&admin()).await.unwrap()
}

fn totals(orders: u64, revenue: i64) -> Totals {
    Totals { orders, revenue }
}

#[tokio::test]
async fn orders_fall_into_india_days_across_midnight() {
    // 2025-06-15 02:00 IST is 2025-06-14 20:30 UTC: today in India is the 15th.
    let snapshot = StatsSnapshot {
        orders: vec![
            // 18:29 UTC on the 14th is 23:59 IST on the 14th: yesterday.
            point("2025-06-14T18:29:00Z", 100),
            // 18:30 UTC on the 14th is 00:00 IST on the 15th: today.
            point("2025-06-14T18:30:00Z", 250),
            point("2025-06-14T20:00:00Z", 50),
        ],
        pending_orders: 2,
        to_collect: totals(1, 1499),
        low_stock: vec![LowStockProduct {
            size: None,
            id: ProductId::new("p1"),
            name: "Jutti".into(),
            quantity: 1,
        }],
        ..StatsSnapshot::default()
    };
    // The first of the 30 days is 2025-05-17 IST, which starts at 18:30 UTC on the 16th.
    let stats = stats("2025-06-14T20:30:00Z", snapshot, "2025-05-16T18:30:00Z").await;

    assert_eq!(stats.today, totals(2, 300));
    assert_eq!(stats.last_30_days, totals(3, 400));
    assert_eq!(stats.revenue_by_day.len(), 30);
    assert_eq!(stats.revenue_by_day[0].date.to_string(), "2025-05-17");
    let yesterday = &stats.revenue_by_day[28];
    assert_eq!(yesterday.date.to_string(), "2025-06-14");
    assert_eq!(yesterday.totals.revenue, 100);
    assert_eq!(stats.revenue_by_day[29].date.to_string(), "2025-06-15");
    assert_eq!(stats.pending_orders, 2);
    assert_eq!(
        stats.to_collect,
        totals(1, 1499),
        "passed on as the repository counts it"
    );
    assert_eq!(stats.low_stock.len(), 1);
}

#[tokio::test]
async fn every_day_appears_even_without_orders() {
    let stats = stats(
        "2025-01-01T06:00:00Z",
        StatsSnapshot::default(),
        "2024-12-02T18:30:00Z",
    )
    .await;

    assert_eq!(stats.revenue_by_day.len(), 30);
    let dates: Vec<String> = stats
        .revenue_by_day
        .iter()
        .map(|day| day.date.to_string())
        .collect();
    assert_eq!(dates.first().unwrap(), "2024-12-03");
    assert_eq!(dates.last().unwrap(), "2025-01-01");
    assert!(dates.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(
        stats
            .revenue_by_day
            .iter()
            .all(|day| day.totals == Totals::default())
    );
    assert_eq!(stats.today, Totals::default());
    assert_eq!(stats.last_30_days, Totals::default());
}

#[tokio::test]
async fn orders_outside_the_window_are_ignored() {
    // The repository returns only what it was asked for; anything older (or a clock skew
    // into tomorrow) is left out rather than miscounted.
    let snapshot = StatsSnapshot {
        orders: vec![
            point("2025-05-16T18:29:59Z", 999),
            point("2025-05-16T18:30:00Z", 10),
            point("2025-06-15T18:30:00Z", 999),
        ],
        ..StatsSnapshot::default()
    };
    let stats = stats("2025-06-14T20:30:00Z", snapshot, "2025-05-16T18:30:00Z").await;
    assert_eq!(stats.last_30_days, totals(1, 10));
    assert_eq!(stats.revenue_by_day[0].totals.revenue, 10);
    assert_eq!(stats.today, Totals::default());
}

#[tokio::test]
async fn the_rto_card_is_computed_from_the_ended_shipments_of_the_last_ninety_days() {
    use paduka_domain::order::{PaymentMethod, ShipmentOutcome};
    let shipment = |method, returned| ShipmentOutcome {
        payment_method: method,
        pincode: "281001".to_owned(),
        returned,
    };
    let snapshot = StatsSnapshot {
        shipments: vec![
            shipment(PaymentMethod::Cod, true),
            shipment(PaymentMethod::Cod, false),
            shipment(PaymentMethod::Online, false),
            shipment(PaymentMethod::Online, false),
        ],
        ..StatsSnapshot::default()
    };
    let stats = stats("2025-06-14T20:30:00Z", snapshot, "2025-05-16T18:30:00Z").await;
    assert_eq!(
        (stats.rto.rate, stats.rto.cod, stats.rto.online),
        (0.25, 0.5, 0.0)
    );
    assert!(
        stats.rto.areas.is_empty(),
        "4 shipments say nothing about an area"
    );
}

#[tokio::test]
async fn the_returns_panels_count_pairs_by_reason_and_size_over_the_same_ninety_days() {
    use paduka_domain::returns::{Reason, ReturnedPairs, SoldPairs};
    let snapshot = StatsSnapshot {
        returned: vec![ReturnedPairs {
            reason: Reason::TooSmall,
            size: Some("UK 7".to_owned()),
            quantity: 1,
        }],
        sold: vec![SoldPairs {
            size: Some("UK 7".to_owned()),
            quantity: 4,
            replacement: false,
        }],
        ..StatsSnapshot::default()
    };
    let stats = stats("2025-06-14T20:30:00Z", snapshot, "2025-05-16T18:30:00Z").await;
    assert_eq!(stats.returns.by_reason.len(), 5);
    assert_eq!(stats.returns.by_reason[0].count, 1);
    assert_eq!(stats.returns.by_size.len(), 1);
    assert_eq!(stats.returns.by_size[0].rate, 0.25);
}

#[tokio::test]
async fn the_areas_with_cod_off_are_listed_only_under_a_cod_rto_limit() {
    use paduka_domain::order::{CodRtoLimit, PaymentMethod, ShipmentOutcome};
    let shipment = |pincode: &str, returned| ShipmentOutcome {
        payment_method: PaymentMethod::Cod,
        pincode: pincode.to_owned(),
        returned,
    };
    let snapshot = StatsSnapshot {
        shipments: vec![
            shipment("281001", true),
            shipment("281204", false),
            shipment("492010", false),
            shipment("492010", false),
        ],
        ..StatsSnapshot::default()
    };
    let overview = |limit: Option<CodRtoLimit>| {
        let snapshot = snapshot.clone();
        async move {
            let mut clock = MockClock::new();
            clock.expect_now().return_const(at("2025-06-14T20:30:00Z"));
            let mut repo = MockStatsRepository::new();
            repo.expect_overview()
                .returning(move |_, _, _, _| Ok(snapshot.clone()));
            repo.expect_fit_reasons().returning(|_| Ok(vec![]));
            AdminService::new(Arc::new(repo), Arc::new(clock))
                .with_cod_rto_limit(limit)
                .stats(&admin())
                .await
                .unwrap()
        }
    };
    assert!(
        overview(None).await.cod_off.is_empty(),
        "no limit, no area off"
    );
    let off = overview(CodRtoLimit::new(50, 2)).await.cod_off;
    let off: Vec<(&str, u32, f64)> = off
        .iter()
        .map(|a| (a.prefix.as_str(), a.shipments, a.rate))
        .collect();
    assert_eq!(off, [("281", 2, 0.5)]);
}

#[tokio::test]
async fn products_whose_fit_returns_lean_one_way_are_flagged_by_name() {
    use crate::admin::ProductFitReasons;
    use paduka_domain::returns::{Fit, FitReasons};
    let product = |id: &str, name: &str, too_small, too_big| ProductFitReasons {
        id: ProductId::new(id),
        name: name.to_owned(),
        reasons: FitReasons { too_small, too_big },
    };
    let mut clock = MockClock::new();
    clock.expect_now().return_const(at("2025-06-14T20:30:00Z"));
    let mut repo = MockStatsRepository::new();
    repo.expect_overview()
        .returning(|_, _, _, _| Ok(StatsSnapshot::default()));
    repo.expect_fit_reasons().returning(move |_| {
        Ok(vec![
            product("p1", "Trail", 3, 2),
            product("p2", "Jutti", 4, 0),
            product("p3", "Mojari", 1, 4),
            product("p4", "Court", 3, 3),
        ])
    });
    let stats = AdminService::new(Arc::new(repo), Arc::new(clock))
        .stats(&admin())
        .await
        .unwrap();
    let flagged: Vec<(&str, Fit)> = stats
        .fit
        .iter()
        .map(|flag| (flag.name.as_str(), flag.fit))
        .collect();
    // Jutti's 4 fit reasons are too few; Court's split evenly.
    assert_eq!(flagged, [("Mojari", Fit::Large), ("Trail", Fit::Small)]);
}
