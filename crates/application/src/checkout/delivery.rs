//! `GET /delivery/{pincode}`: whether the shop delivers there.

use paduka_domain::delivery::DeliveryCheck;

use super::{CheckoutError, CheckoutService};

pub trait Delivery: Send + Sync {
    /// Whether the shop delivers to `pincode`, with the product page's message. 400
    /// `Enter a valid 6-digit Pincode` when it is not 6 digits.
    fn delivery(&self, pincode: &str) -> Result<DeliveryCheck, CheckoutError>;
}

impl Delivery for CheckoutService {
    fn delivery(&self, pincode: &str) -> Result<DeliveryCheck, CheckoutError> {
        Ok(self.area.availability(pincode)?)
    }
}
