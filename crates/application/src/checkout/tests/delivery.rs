use chrono::NaiveDate;

use super::*;

#[tokio::test]
async fn the_delivery_check_answers_with_the_product_page_messages() {
    let service = Shop::new().checkout();
    let yes = service.delivery("281001").await.unwrap();
    assert!(yes.check.deliverable);
    assert_eq!(yes.check.message, "Delivery available at this pincode");
    let no = service.delivery("110001").await.unwrap();
    assert!(!no.check.deliverable);
    assert_eq!(no.check.message, "Delivery unavailable");
    assert_eq!(no.estimate, None, "no date where the shop does not deliver");
    assert_eq!(
        message(service.delivery("28100").await),
        "Enter a valid 6-digit Pincode"
    );
}

#[tokio::test]
async fn a_deliverable_pincode_gets_the_table_s_dates_from_the_clock() {
    // The clock reads 15:00 in India on 1 October 2025: past the cut-off, it leaves on the 2nd.
    let service = Shop::new().checkout();
    let estimate = service.delivery("281001").await.unwrap().estimate.unwrap();
    let day = |d| NaiveDate::from_ymd_opt(2025, 10, d).unwrap();
    assert_eq!((estimate.from, estimate.to), (day(5), day(9)));
    assert_eq!(estimate.source.as_str(), "table");
}

fn courier_says(answer: Result<Option<NaiveDate>, ()>, times: usize) -> MockCourierEstimates {
    let mut courier = MockCourierEstimates::new();
    courier
        .expect_latest_day()
        .times(times)
        .returning(move |_| {
            answer.map_err(|()| {
                crate::orders::CourierError::Unavailable(anyhow::anyhow!("timed out"))
            })
        });
    courier
}

#[tokio::test]
async fn the_courier_s_date_is_the_last_day_and_is_kept_for_the_pincode() {
    let day = |d| NaiveDate::from_ymd_opt(2025, 10, d).unwrap();
    let courier = courier_says(Ok(Some(day(7))), 1);
    let service = Shop::new()
        .checkout()
        .with_courier_estimates(std::sync::Arc::new(courier));
    for _ in 0..3 {
        let estimate = service.delivery("281001").await.unwrap().estimate.unwrap();
        assert_eq!((estimate.from, estimate.to), (day(5), day(7)));
        assert_eq!(estimate.source.as_str(), "courier");
    }
}

#[tokio::test]
async fn a_courier_that_fails_leaves_the_table_s_dates_and_is_not_asked_again_at_once() {
    let courier = courier_says(Err(()), 1);
    let service = Shop::new()
        .checkout()
        .with_courier_estimates(std::sync::Arc::new(courier));
    for _ in 0..2 {
        let estimate = service.delivery("281001").await.unwrap().estimate.unwrap();
        assert_eq!(estimate.source.as_str(), "table");
    }
    assert_eq!(
        service.delivery("110001").await.unwrap().estimate,
        None,
        "not delivered: not asked"
    );
}
