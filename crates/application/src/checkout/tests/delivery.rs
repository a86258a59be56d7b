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
