//! A return's reverse pickup (decisions D24): the courier's booking kept on the return, the
//! return found by its AWB, and its arrival marked once however often it is reported, on both
//! backends.

use std::sync::Arc;

use paduka_application::returns::ReturnRepository;
use paduka_domain::order::{Awb, Booking, CourierName, TrackingUrl};
use paduka_domain::returns::{ReturnStatus, ReturnStep};
use paduka_domain::{OrderId, ReturnId};
use paduka_persistence::DieselReturnRepository;

use crate::helpers::{TestDb, assert_not_found, at};
use crate::returns::{ask, delivered, refund};
use crate::stock_and_coupons::sized_shop;

crate::on_both_backends!(a_booked_pickup_is_kept_found_by_its_awb_and_arrives_once,);

fn booking(awb: &str) -> Booking {
    Booking {
        courier: CourierName::parse("Delhivery Reverse").unwrap(),
        awb: Awb::parse(awb).unwrap(),
        tracking_url: TrackingUrl::parse(&format!("https://shiprocket.co/tracking/{awb}")).ok(),
        expected_by: None,
    }
}

async fn a_booked_pickup_is_kept_found_by_its_awb_and_arrives_once(db: &TestDb) {
    let orders = sized_shop(db, 5, [4, 1, 6]).await;
    delivered(&orders, "o1", 2).await;
    let returns = Arc::new(DieselReturnRepository::new(db.db()));
    let id = ReturnId::new("r1");
    let asked = returns
        .request(&ask("o1", "r1", vec![refund(1)]))
        .await
        .unwrap();
    assert_eq!(asked.pickup, None);
    let awb = Awb::parse("SRR-44556677").unwrap();
    assert_eq!(returns.find_by_pickup_awb(&awb).await.unwrap(), None);
    assert_not_found(
        returns
            .record_pickup(&ReturnId::new("nope"), &booking("SRR-1"))
            .await,
    );

    returns
        .step(&id, ReturnStep::Approve, None, None, at(300))
        .await
        .unwrap();
    let booked = returns
        .record_pickup(&id, &booking("SRR-44556677"))
        .await
        .unwrap();

    let pickup = booked.pickup.expect("kept on the return");
    assert_eq!(pickup.courier.as_str(), "Delhivery Reverse");
    assert_eq!(pickup.awb, awb);
    assert_eq!(
        pickup.tracking_url.unwrap().as_str(),
        "https://shiprocket.co/tracking/SRR-44556677"
    );
    assert_eq!(pickup.arrived_at, None);
    assert_eq!(
        returns.find_by_pickup_awb(&awb).await.unwrap(),
        Some(id.clone())
    );
    let listed = returns.all(None).await.unwrap();
    assert_eq!(listed[0].pickup.as_ref().map(|p| p.awb.clone()), Some(awb));

    returns
        .pick_up(&id, &OrderId::new("replacement-1"), None, at(400))
        .await
        .unwrap();
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let returns = Arc::clone(&returns);
            let id = id.clone();
            tokio::spawn(async move { returns.mark_arrived(&id, at(500 + i)).await })
        })
        .collect();
    for task in tasks {
        let ret = task.await.unwrap().expect("marked");
        assert!(ret.pickup.unwrap().arrived_at.is_some());
    }
    let ret = returns.find(&id).await.unwrap().unwrap();
    assert_eq!(
        ret.status,
        ReturnStatus::PickedUp,
        "arriving is not receiving"
    );
    let arrivals: Vec<_> = (ret.events.iter())
        .filter(|e| e.note.as_deref() == Some("Arrived at the shop"))
        .collect();
    assert_eq!(arrivals.len(), 1, "marked once");
    assert_eq!(arrivals[0].status, ReturnStatus::PickedUp);
    assert_eq!(Some(arrivals[0].at), ret.pickup.unwrap().arrived_at);
    assert_not_found(returns.mark_arrived(&ReturnId::new("nope"), at(600)).await);
}
