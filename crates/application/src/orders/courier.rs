//! The courier port (decisions D15): who books a parcel. The manual adapter takes what the
//! admin typed; the Shiprocket adapter books through the aggregator.

use async_trait::async_trait;
use paduka_domain::InvalidInput;
use paduka_domain::order::{Booking, Order, ShipRequest};

/// Why a courier could not book a parcel.
#[derive(Debug, thiserror::Error)]
pub enum CourierError {
    /// 400: the request lacks what this courier needs (`Courier and AWB are required`).
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// 502: the courier's service did not answer; nothing booked half-way is lost, the next
    /// try resumes.
    #[error("Courier is not answering, try again")]
    Unavailable(#[source] anyhow::Error),
}

/// Who the parcel is for, as the courier's billing wants them: the order's name and the
/// account's e-mail and phone. `email` and `phone` are `None` when the account is gone
/// (decisions D20: the adapter then uses the shop's own address, or refuses when it must
/// have a phone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuyerContact {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// Books parcels with a courier.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait Courier: Send + Sync {
    /// Books `order`'s parcel as `request` asks, or finishes the booking an earlier try
    /// began: never two bookings for one order.
    async fn book(
        &self,
        order: &Order,
        buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<Booking, CourierError>;

    /// The courier's label for `order`'s booked parcel as a PDF; `None`: the shop draws its
    /// own packing slip (the manual courier).
    async fn label(&self, order: &Order) -> Result<Option<Vec<u8>>, CourierError>;
}
