//! The packing slip the shop prints for a parcel it ships by hand (decisions D15): who sends
//! it, who gets it, what is inside, and the cash the courier collects.

use chrono::NaiveDate;

use super::{Awb, CourierName, Order};
use crate::invoice::Seller;
use crate::sale::india_time;
use crate::{OrderId, State};

/// One line of the parcel: what, which size, how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlipLine {
    pub name: String,
    /// The colour and size as printed (`Tan, UK 8`, or the size alone as before colours:
    /// decisions D44), when the line has either.
    pub size: Option<String>,
    pub quantity: u32,
}

/// Everything a packing slip shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackingSlip {
    /// The sender: the shop's legal name and address.
    pub shop_name: String,
    pub shop_address: String,
    pub order_id: OrderId,
    /// For the replacement order of a size exchange, the order it replaces: the slip says
    /// `Exchange for order ID`.
    pub exchange_for: Option<OrderId>,
    /// The day it was ordered, in India.
    pub ordered_on: NaiveDate,
    pub buyer_name: String,
    /// The buyer's phone, for the courier; `None` once the account is gone.
    pub buyer_phone: Option<String>,
    pub address: String,
    pub pincode: String,
    pub state: Option<State>,
    pub courier: CourierName,
    /// Printed as text and as a Code 128 barcode.
    pub awb: Awb,
    pub lines: Vec<SlipLine>,
    /// Whole rupees the courier collects on delivery (`Collect ₹N`); 0 for a paid order.
    pub collect_rupees: i64,
}

impl PackingSlip {
    /// The slip of a shipped order; `None` before it has a shipment.
    pub fn of(order: &Order, sender: &Seller, buyer_phone: Option<String>) -> Option<Self> {
        let shipment = order.shipment.as_ref()?;
        Some(Self {
            shop_name: sender.legal_name.clone(),
            shop_address: sender.address.clone(),
            order_id: order.id.clone(),
            exchange_for: order.replaces.clone(),
            ordered_on: order.created_at.with_timezone(&india_time()).date_naive(),
            buyer_name: order.user.name.clone(),
            buyer_phone,
            address: order.address.clone(),
            pincode: order.pincode.clone(),
            state: order.state,
            courier: shipment.courier.clone(),
            awb: shipment.awb.clone(),
            lines: order
                .lines
                .iter()
                .map(|line| SlipLine {
                    name: line.name.clone(),
                    size: line.variant_words(),
                    quantity: line.quantity,
                })
                .collect(),
            collect_rupees: order.to_collect_rupees(),
        })
    }
}
