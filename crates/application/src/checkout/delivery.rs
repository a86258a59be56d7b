//! `GET /delivery/{pincode}`: whether the shop delivers there, and by when.

use async_trait::async_trait;
use paduka_domain::delivery::{DeliveryCheck, DeliveryEstimate};

use super::{CheckoutError, CheckoutService};

/// What the product page's pincode box shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryQuote {
    pub check: DeliveryCheck,
    /// When a parcel ordered now would arrive; `None` where the shop does not deliver.
    pub estimate: Option<DeliveryEstimate>,
}

#[async_trait]
pub trait Delivery: Send + Sync {
    /// Whether the shop delivers to `pincode`, with the product page's message and the
    /// delivery estimate (decisions D15). 400 `Enter a valid 6-digit Pincode` when it is not
    /// 6 digits.
    async fn delivery(&self, pincode: &str) -> Result<DeliveryQuote, CheckoutError>;
}

#[async_trait]
impl Delivery for CheckoutService {
    async fn delivery(&self, pincode: &str) -> Result<DeliveryQuote, CheckoutError> {
        let check = self.area.availability(pincode)?;
        let now = self.ports.clock.now();
        let estimate = check.deliverable.then(|| self.delivery_table.estimate(now));
        Ok(DeliveryQuote { check, estimate })
    }
}
