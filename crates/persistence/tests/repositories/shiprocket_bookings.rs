//! The Shiprocket adapter's memory: nothing until a step is saved, then each save replaces
//! what was kept for that order, and orders keep apart.

use chrono::NaiveDate;
use paduka_application::orders::{ShiprocketBooking, ShiprocketBookings};
use paduka_domain::OrderId;
use paduka_persistence::DieselShiprocketBookings;

use crate::helpers::{TestDb, at};

crate::on_both_backends!(each_step_saved_replaces_what_was_kept_for_the_order,);

async fn each_step_saved_replaces_what_was_kept_for_the_order(db: &TestDb) {
    let store = DieselShiprocketBookings::new(db.db());
    let ord_1 = OrderId::new("ord-1");
    assert_eq!(store.find(&ord_1).await.unwrap(), None);

    let mut booking = ShiprocketBooking::new(ord_1.clone(), at(1));
    booking.shiprocket_order_id = Some(7_700_001);
    booking.shipment_id = Some(8_800_001);
    store.save(&booking).await.unwrap();
    assert_eq!(store.find(&ord_1).await.unwrap().as_ref(), Some(&booking));

    booking.awb = Some("SR0001".into());
    booking.courier_name = Some("Delhivery Surface".into());
    booking.expected_by = NaiveDate::from_ymd_opt(2026, 12, 2);
    booking.label_url = Some("https://kr-shipmultichannel.s3.amazonaws.com/label.pdf".into());
    booking.label_pdf = Some(b"%PDF-1.4 label\x00\xff".to_vec());
    booking.pickup_requested = true;
    booking.updated_at = at(2);
    let other = ShiprocketBooking::new(OrderId::new("ord-2"), at(3));
    store.save(&booking).await.unwrap();
    store.save(&other).await.unwrap();

    assert_eq!(store.find(&ord_1).await.unwrap(), Some(booking));
    assert_eq!(
        store.find(&OrderId::new("ord-2")).await.unwrap(),
        Some(other)
    );
}
