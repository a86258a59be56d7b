//! A return's reverse pickup through Shiprocket (decisions D24): a return order collected
//! from the shopper and brought to our pickup address, then its AWB. Shiprocket schedules the
//! collection itself once the AWB is assigned. The steps are kept in the adapter's store
//! under the return's number (Shiprocket knows it as its order id; it cannot be taken for
//! one of our order ids, which are UUIDs), so a repeat resumes and never books twice; before
//! creating the return order the adapter looks for one a try cut short may have created.

use chrono::Utc;
use paduka_application::orders::{CourierError, ReturnPickup, ShiprocketBooking};
use paduka_domain::order::{Awb, Booking, CourierName, TrackingUrl};
use paduka_domain::{InvalidInput, OrderId};
use reqwest::Method;
use serde_json::{Value, json};

use super::forms::{india_date_time, item};
use super::replies::{CreateReply, as_i64, as_text, city_of};
use super::{ShiprocketCourier, unavailable};

/// Shiprocket's list of return orders, searched by our return number before one is created.
const RETURN_ORDERS: &str = "/v1/external/orders/processing/return";

/// Refused when Shiprocket's settings have no pickup address by the configured name: the
/// parcel would have nowhere to go.
pub const NO_RETURN_ADDRESS: &str =
    "Shiprocket has no pickup address named in SHIPROCKET_PICKUP_LOCATION to return the parcel to";

impl ShiprocketCourier {
    /// Books `pickup` or resumes the booking an earlier try began.
    pub(super) async fn book_reverse_pickup(
        &self,
        pickup: &ReturnPickup,
    ) -> Result<Booking, CourierError> {
        let _one_at_a_time = self.booking.lock().await;
        let key = OrderId::new(pickup.number.clone());
        let kept = self.store.find(&key).await.map_err(|e| {
            CourierError::Unavailable(anyhow::anyhow!("cannot read the booking's steps: {e}"))
        })?;
        let mut state = kept.unwrap_or_else(|| ShiprocketBooking::new(key, Utc::now()));
        if state.shiprocket_order_id.is_none() && state.shipment_id.is_none() {
            match self.find_created(RETURN_ORDERS, &pickup.number).await? {
                Some((id, shipment)) => {
                    // Created by a try that stopped before it could save: adopted, never made
                    // twice.
                    tracing::info!(r#return = %pickup.number, shiprocket_order = id, "found the Shiprocket return order an earlier try created");
                    state.shiprocket_order_id = Some(id);
                    state.shipment_id = shipment;
                }
                None => {
                    let body = self.return_order(pickup).await?;
                    let reply: CreateReply = self
                        .call(
                            "return order",
                            Method::POST,
                            "/v1/external/orders/create/return",
                            Some(&body),
                        )
                        .await?;
                    state.shiprocket_order_id = as_i64(&reply.order_id);
                    state.shipment_id = as_i64(&reply.shipment_id);
                    if state.shipment_id.is_none() {
                        return Err(unavailable("return order", "no shipment_id in the reply"));
                    }
                    tracing::info!(r#return = %pickup.number, shiprocket_order = ?state.shiprocket_order_id, "Shiprocket return order created");
                }
            }
            self.save(&mut state).await?;
        }
        let shipment_id = state
            .shipment_id
            .ok_or_else(|| unavailable("return order", "no shipment for it yet"))?;
        if state.awb.is_none() || state.courier_name.is_none() {
            let (awb, courier) = self
                .assign_awb(json!({ "shipment_id": shipment_id, "is_return": 1 }))
                .await?;
            state.awb = Some(awb);
            state.courier_name = Some(courier);
            // Shiprocket queues a return's collection with its AWB.
            state.pickup_requested = true;
            self.save(&mut state).await?;
        }
        let awb = state.awb.as_deref().unwrap_or_default();
        Ok(Booking {
            courier: CourierName::parse(state.courier_name.as_deref().unwrap_or_default())?,
            awb: Awb::parse(awb)?,
            tracking_url: TrackingUrl::parse(&format!("https://shiprocket.co/tracking/{awb}")).ok(),
            expected_by: None,
        })
    }

    /// Shiprocket's return order: collected at the order's address from the buyer, delivered
    /// to our pickup address; prepaid (nothing is collected from the shopper).
    async fn return_order(&self, pickup: &ReturnPickup) -> Result<Value, CourierError> {
        let order = &pickup.order;
        let buyer = self.contact(&pickup.buyer)?;
        let shop = self
            .pickup_address()
            .await?
            .ok_or_else(|| InvalidInput::new(NO_RETURN_ADDRESS))?;
        let items: Vec<Value> = pickup
            .items
            .iter()
            .filter_map(|&(index, units)| order.lines.get(index).map(|line| item(line, units)))
            .collect();
        if items.is_empty() {
            return Err(InvalidInput::new("A return pickup needs at least one pair").into());
        }
        let sub_total: f64 = items
            .iter()
            .map(|item| {
                item["selling_price"].as_f64().unwrap_or(0.0)
                    * item["units"].as_f64().unwrap_or(0.0)
            })
            .sum();
        let state = order.state.map(|state| state.name());
        let (length, breadth, height) = self.config.default_dimensions_cm;
        let text = |field: &str| shop.get(field).and_then(as_text).unwrap_or_default();
        Ok(json!({
            "order_id": pickup.number,
            "order_date": india_date_time(Utc::now()),
            "pickup_customer_name": buyer.first,
            "pickup_last_name": buyer.last,
            "pickup_address": order.address,
            "pickup_city": city_of(&order.address, &order.pincode, state),
            "pickup_state": state.unwrap_or_default(),
            "pickup_country": "India",
            "pickup_pincode": order.pincode,
            "pickup_email": buyer.email,
            "pickup_phone": buyer.phone,
            "shipping_customer_name": text("name"),
            "shipping_address": text("address"),
            "shipping_address_2": text("address_2"),
            "shipping_city": text("city"),
            "shipping_state": text("state"),
            "shipping_country": "India",
            "shipping_pincode": text("pin_code"),
            "shipping_email": text("email"),
            "shipping_phone": text("phone"),
            "order_items": items,
            "payment_method": "PREPAID",
            "sub_total": sub_total,
            "length": length,
            "breadth": breadth,
            "height": height,
            "weight": f64::from(self.config.default_weight_grams) / 1000.0,
        }))
    }
}
