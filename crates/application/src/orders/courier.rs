//! The courier port (decisions D15): who books a parcel. The manual adapter takes what the
//! admin typed; the Shiprocket adapter books through the aggregator.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use paduka_domain::order::{Booking, Order, ShipRequest};
use paduka_domain::{InvalidInput, OrderId};

use crate::RepoError;
use crate::accounts::UserRepository;

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

/// The buyer of `order` as the courier's billing names them: the order's name, the account's
/// e-mail and phone (none when the account is gone; the adapter decides what it can do
/// without).
pub async fn buyer_contact(
    users: &dyn UserRepository,
    order: &Order,
) -> Result<BuyerContact, RepoError> {
    let account = match &order.user.id {
        Some(buyer) => users.find(buyer).await?,
        None => None,
    };
    Ok(BuyerContact {
        name: order.user.name.clone(),
        email: account.as_ref().map(|user| user.email.as_str().to_owned()),
        phone: account.map(|user| user.phone),
    })
}

/// A return's parcel, collected from the shopper and brought back to the shop (decisions
/// D24).
#[derive(Debug, Clone)]
pub struct ReturnPickup {
    /// The return's number, `RET-000001`: the courier knows the parcel by it.
    pub number: String,
    /// The order the pairs came in: where to collect them and what they are.
    pub order: Order,
    pub buyer: BuyerContact,
    /// The order's lines coming back, as (index in `order.lines`, pairs).
    pub items: Vec<(usize, u32)>,
}

/// Books parcels with a courier.
#[cfg_attr(test, mockall::automock)]
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

    /// Books the collection of a return's parcel (a reverse pickup), or finishes the booking
    /// an earlier try began: never two for one return. `None`: this courier books nothing
    /// and the admin moves the return on by hand.
    async fn book_return(&self, pickup: &ReturnPickup) -> Result<Option<Booking>, CourierError>;
}

/// What the Shiprocket adapter has done so far for one of our orders (decisions D20): its own
/// memory, so that a repeat resumes where the last try stopped and never books twice. Each
/// step's result is saved as soon as it completes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiprocketBooking {
    pub order_id: OrderId,
    /// Shiprocket's order id, once created (or found by our id).
    pub shiprocket_order_id: Option<i64>,
    pub shipment_id: Option<i64>,
    /// Once the AWB is assigned: the AWB and the courier carrying it.
    pub awb: Option<String>,
    pub courier_name: Option<String>,
    /// The courier's estimate, when Shiprocket gave one.
    pub expected_by: Option<NaiveDate>,
    /// Shiprocket's label: where it was, and the PDF fetched from there.
    pub label_url: Option<String>,
    pub label_pdf: Option<Vec<u8>>,
    pub pickup_requested: bool,
    pub updated_at: DateTime<Utc>,
}

impl ShiprocketBooking {
    /// Nothing done yet for `order_id`.
    pub fn new(order_id: OrderId, at: DateTime<Utc>) -> Self {
        Self {
            order_id,
            shiprocket_order_id: None,
            shipment_id: None,
            awb: None,
            courier_name: None,
            expected_by: None,
            label_url: None,
            label_pdf: None,
            pickup_requested: false,
            updated_at: at,
        }
    }
}

/// Where the Shiprocket adapter keeps its [`ShiprocketBooking`]s, one per order of ours.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ShiprocketBookings: Send + Sync {
    async fn find(&self, order_id: &OrderId) -> Result<Option<ShiprocketBooking>, RepoError>;

    /// Stores `booking` as it is now, replacing what was kept for its order.
    async fn save(&self, booking: &ShiprocketBooking) -> Result<(), RepoError>;
}
