//! Courier adapters for the courier port (decisions D15).
//!
//! [`ManualCourier`] is the offline default, like the payment sandbox: the admin books the
//! parcel with any courier outside the shop and types its name and AWB; the courier's later
//! reports are recorded by hand too. It works on a laptop with no courier account.
//!
//! [`ShiprocketCourier`] books through Shiprocket's API (decisions D20), resuming through its
//! [`ShiprocketBookings`](paduka_application::orders::ShiprocketBookings) store.

mod shiprocket;

pub use shiprocket::{ShiprocketConfig, ShiprocketCourier};

use async_trait::async_trait;
use paduka_application::orders::{BuyerContact, Courier, CourierError, ReturnPickup};
use paduka_domain::InvalidInput;
use paduka_domain::order::{Booking, ManualBooking, Order, ShipRequest};

/// The courier the admin booked by hand: the booking is what they typed.
#[derive(Debug, Clone, Copy, Default)]
pub struct ManualCourier;

#[async_trait]
impl Courier for ManualCourier {
    async fn book(
        &self,
        _order: &Order,
        _buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<Booking, CourierError> {
        let booking = request
            .booking
            .clone()
            .ok_or_else(|| InvalidInput::new(ManualBooking::REQUIRED))?;
        Ok(booking.into())
    }

    /// The shop draws its packing slip.
    async fn label(&self, _order: &Order) -> Result<Option<Vec<u8>>, CourierError> {
        Ok(None)
    }

    /// Nothing to book: the admin arranges the pickup and marks the return picked up.
    async fn book_return(&self, _pickup: &ReturnPickup) -> Result<Option<Booking>, CourierError> {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use paduka_test_support::builders::OrderBuilder;

    use super::*;

    fn buyer() -> BuyerContact {
        BuyerContact {
            name: "Asha".into(),
            email: Some("asha@example.in".into()),
            phone: Some("9876543210".into()),
        }
    }

    #[tokio::test]
    async fn the_booking_is_what_the_admin_typed() {
        let order = OrderBuilder::new("ord-1").build();
        let request = ShipRequest::parse(Some("DTDC"), Some("D1234"), None, Some(700)).unwrap();
        let booking = ManualCourier
            .book(&order, &buyer(), &request)
            .await
            .unwrap();
        assert_eq!(booking.courier.as_str(), "DTDC");
        assert_eq!(booking.awb.as_str(), "D1234");
        assert_eq!(booking.expected_by, None);
        assert_eq!(ManualCourier.label(&order).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_return_is_collected_by_hand() {
        let pickup = ReturnPickup {
            number: "RET-000001".into(),
            order: OrderBuilder::new("ord-1").build(),
            buyer: buyer(),
            items: vec![(0, 1)],
        };
        assert_eq!(ManualCourier.book_return(&pickup).await.unwrap(), None);
    }

    #[tokio::test]
    async fn without_a_courier_and_an_awb_nothing_is_booked() {
        let order = OrderBuilder::new("ord-1").build();
        let refused = ManualCourier
            .book(&order, &buyer(), &ShipRequest::default())
            .await;
        assert_eq!(
            refused.unwrap_err().to_string(),
            "Courier and AWB are required"
        );
    }
}
