//! Shiprocket (decisions D15, D20): log in, create the order, assign the AWB, fetch the label,
//! request the pickup. Each step is saved in the adapter's store as soon as it completes and
//! a repeat resumes where the last try stopped; before creating an order the adapter looks
//! for one it may have created before a crash: never two Shiprocket orders for one of ours.

use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use chrono::{NaiveDate, Utc};
use paduka_application::checkout::CourierEstimates;
use paduka_application::orders::{
    BuyerContact, Courier, CourierError, ReturnPickup, ShiprocketBooking, ShiprocketBookings,
};
use paduka_domain::InvalidInput;
use paduka_domain::contact::Pincode;
use paduka_domain::order::{Awb, Booking, CourierName, Order, ShipRequest, TrackingUrl};
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use forms::{Contact, india_date_time, item};
pub use replies::city_of;
use replies::{
    AwbReply, CreateReply, LabelReply, LoginReply, SearchReply, as_i64, as_text, etd_of, message_of,
};

/// How to reach Shiprocket and what to book with it.
#[derive(Debug, Clone)]
pub struct ShiprocketConfig {
    /// `https://apiv2.shiprocket.in` in production (`SHIPROCKET_API_BASE`); a fake serves
    /// tests. Every call goes under it.
    pub api_base: String,
    pub email: String,
    pub password: SecretString,
    /// The pickup address's name in Shiprocket's settings (`SHIPROCKET_PICKUP_LOCATION`).
    pub pickup_location: String,
    /// A parcel's weight when the admin gives none (`SHIP_DEFAULT_WEIGHT_GRAMS`).
    pub default_weight_grams: u32,
    /// Length, breadth and height (`SHIP_DEFAULT_DIMENSIONS_CM`).
    pub default_dimensions_cm: (u32, u32, u32),
    /// The billing e-mail when the buyer's account is gone: the shop's own (`MAIL_FROM`).
    pub fallback_email: String,
    /// For connecting and for each whole call.
    pub timeout: Duration,
}

impl ShiprocketConfig {
    pub const DEFAULT_API_BASE: &'static str = "https://apiv2.shiprocket.in";
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
    /// Shiprocket's tokens last 10 days; a day less leaves room.
    pub const TOKEN_LIFETIME: Duration = Duration::from_secs(9 * 24 * 60 * 60);
}

/// Refused when the buyer's account (and so their phone) is gone.
pub const PHONE_REQUIRED: &str = "The buyer's phone is needed to book with Shiprocket";

/// The Shiprocket adapter of the courier port.
pub struct ShiprocketCourier {
    config: ShiprocketConfig,
    base_url: String,
    client: reqwest::Client,
    store: std::sync::Arc<dyn ShiprocketBookings>,
    token: Mutex<Option<(String, Instant)>>,
    pickup_address: Mutex<Option<Value>>,
    /// One booking at a time in this instance: two clicks on Ship must not both find no
    /// Shiprocket order and both create one.
    booking: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for ShiprocketCourier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShiprocketCourier")
            .field("email", &self.config.email)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn unavailable(what: &str, error: impl std::fmt::Display) -> CourierError {
    CourierError::Unavailable(anyhow::anyhow!("Shiprocket {what}: {error}"))
}

/// Shiprocket refused what we sent (a 4xx other than 401): the admin sees its message.
fn refused(what: &str, message: &str) -> CourierError {
    CourierError::Invalid(InvalidInput::new(format!(
        "Shiprocket refused the {what}: {message}"
    )))
}

impl ShiprocketCourier {
    /// An adapter for `config` keeping its steps in `store`. Fails only when the HTTP client
    /// cannot be built (no TLS).
    pub fn new(
        config: ShiprocketConfig,
        store: std::sync::Arc<dyn ShiprocketBookings>,
    ) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .connect_timeout(config.timeout)
            .timeout(config.timeout)
            .user_agent(concat!("paduka/", env!("CARGO_PKG_VERSION")))
            .build()?;
        let base_url = config.api_base.trim_end_matches('/').to_owned();
        Ok(Self {
            config,
            base_url,
            client,
            store,
            token: Mutex::new(None),
            pickup_address: Mutex::new(None),
            booking: tokio::sync::Mutex::new(()),
        })
    }

    /// The token kept, or a new login's.
    async fn token(&self) -> Result<String, CourierError> {
        if let Some((token, since)) = lock(&self.token).as_ref()
            && since.elapsed() < ShiprocketConfig::TOKEN_LIFETIME
        {
            return Ok(token.clone());
        }
        self.login().await
    }

    async fn login(&self) -> Result<String, CourierError> {
        let what = "login";
        let response = self
            .client
            .post(format!("{}/v1/external/auth/login", self.base_url))
            .json(&json!({
                "email": self.config.email,
                "password": self.config.password.expose_secret(),
            }))
            .send()
            .await
            .map_err(|e| unavailable(what, e))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| unavailable(what, e))?;
        if !status.is_success() {
            // Wrong credentials are the shop's setting, not the admin's input: not booked.
            return Err(unavailable(
                what,
                format_args!("{status}: {}", message_of(&body)),
            ));
        }
        let reply: LoginReply = serde_json::from_slice(&body).map_err(|e| unavailable(what, e))?;
        *lock(&self.token) = Some((reply.token.clone(), Instant::now()));
        tracing::info!("logged in to Shiprocket");
        Ok(reply.token)
    }

    /// One authenticated call and its JSON reply; a 401 logs in again once and retries.
    async fn call<T: DeserializeOwned>(
        &self,
        what: &str,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<T, CourierError> {
        let mut token = self.token().await?;
        let mut logged_in_again = false;
        loop {
            let mut request = self
                .client
                .request(method.clone(), format!("{}{path}", self.base_url))
                .bearer_auth(&token);
            if let Some(body) = body {
                request = request.json(body);
            }
            let response = request.send().await.map_err(|e| unavailable(what, e))?;
            let status = response.status();
            let bytes = response.bytes().await.map_err(|e| unavailable(what, e))?;
            if status == StatusCode::UNAUTHORIZED && !logged_in_again {
                logged_in_again = true;
                *lock(&self.token) = None;
                token = self.login().await?;
                continue;
            }
            if status.is_server_error() || status == StatusCode::UNAUTHORIZED {
                return Err(unavailable(what, format_args!("{status}")));
            }
            if !status.is_success() {
                return Err(refused(what, &message_of(&bytes)));
            }
            return serde_json::from_slice(&bytes).map_err(|e| unavailable(what, e));
        }
    }

    async fn save(&self, booking: &mut ShiprocketBooking) -> Result<(), CourierError> {
        booking.updated_at = Utc::now();
        self.store
            .save(booking)
            .await
            .map_err(|e| CourierError::Unavailable(anyhow::anyhow!("cannot save the step: {e}")))
    }

    /// The order an earlier try created for ours (`ours`, its `channel_order_id`), if
    /// Shiprocket's list at `list` has one: its id and its shipment's.
    async fn find_created(
        &self,
        list: &str,
        ours: &str,
    ) -> Result<Option<(i64, Option<i64>)>, CourierError> {
        let path = format!("{list}?search={ours}");
        let reply: SearchReply = self.call("order search", Method::GET, &path, None).await?;
        Ok(reply
            .data
            .into_iter()
            .find(|found| as_text(&found.channel_order_id).as_deref() == Some(ours))
            .and_then(|found| {
                let id = as_i64(&found.id)?;
                let shipment = (found.shipments.first())
                    .and_then(|s| as_i64(&s.id))
                    .or_else(|| as_i64(&found.shipment_id));
                Some((id, shipment))
            }))
    }

    fn adhoc_order(
        &self,
        order: &Order,
        buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<Value, CourierError> {
        let Contact {
            first,
            last,
            email,
            phone,
        } = self.contact(buyer)?;
        let state = order.state.map(|state| state.name());
        let weight_grams = request
            .weight_grams
            .unwrap_or(self.config.default_weight_grams);
        let (length, breadth, height) = self.config.default_dimensions_cm;
        let cod = order.to_collect_rupees() > 0;
        let items: Vec<Value> = order
            .lines
            .iter()
            .map(|line| item(line, line.quantity))
            .collect();
        Ok(json!({
            "order_id": order.id.as_str(),
            "order_date": india_date_time(order.created_at),
            "pickup_location": self.config.pickup_location,
            "billing_customer_name": first,
            "billing_last_name": last,
            "billing_address": order.address,
            "billing_city": city_of(&order.address, &order.pincode, state),
            "billing_pincode": order.pincode,
            "billing_state": state.unwrap_or_default(),
            "billing_country": "India",
            "billing_email": email,
            "billing_phone": phone,
            "shipping_is_billing": true,
            "order_items": items,
            // A replacement order (amount 0, nothing to collect) is Prepaid, declared at the
            // value of the pairs it replaces.
            "payment_method": if cod { "COD" } else { "Prepaid" },
            "sub_total": order.declared_value_rupees(),
            "total_discount": order.coupon.as_ref().map_or(0, |coupon| coupon.discount_rupees),
            "length": length,
            "breadth": breadth,
            "height": height,
            "weight": f64::from(weight_grams) / 1000.0,
        }))
    }

    /// The buyer as Shiprocket's forms want them; refused without a phone.
    fn contact(&self, buyer: &BuyerContact) -> Result<Contact, CourierError> {
        let phone = buyer
            .phone
            .as_deref()
            .map(str::trim)
            .filter(|phone| !phone.is_empty())
            .ok_or_else(|| InvalidInput::new(PHONE_REQUIRED))?;
        let name = buyer.name.trim();
        let (first, last) = name.split_once(' ').unwrap_or((name, ""));
        Ok(Contact {
            first: first.to_owned(),
            last: last.trim().to_owned(),
            email: buyer
                .email
                .clone()
                .unwrap_or_else(|| self.config.fallback_email.clone()),
            phone: phone.to_owned(),
        })
    }

    /// Step 1: the Shiprocket order, created or found.
    async fn ensure_created(
        &self,
        state: &mut ShiprocketBooking,
        order: &Order,
        buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<(), CourierError> {
        if state.shiprocket_order_id.is_some() {
            return Ok(());
        }
        if let Some((id, shipment)) = self
            .find_created("/v1/external/orders", order.id.as_str())
            .await?
        {
            tracing::info!(order = %order.id, shiprocket_order = id, "found the Shiprocket order an earlier try created");
            state.shiprocket_order_id = Some(id);
            state.shipment_id = shipment;
        } else {
            let body = self.adhoc_order(order, buyer, request)?;
            let reply: CreateReply = self
                .call(
                    "order",
                    Method::POST,
                    "/v1/external/orders/create/adhoc",
                    Some(&body),
                )
                .await?;
            let id = as_i64(&reply.order_id)
                .ok_or_else(|| unavailable("order", "no order_id in the reply"))?;
            state.shiprocket_order_id = Some(id);
            state.shipment_id = as_i64(&reply.shipment_id);
            tracing::info!(order = %order.id, shiprocket_order = id, "Shiprocket order created");
        }
        self.save(state).await
    }

    /// Step 2: the AWB and the courier carrying it.
    async fn ensure_awb(
        &self,
        state: &mut ShiprocketBooking,
        order: &Order,
        shipment_id: i64,
        request: &ShipRequest,
    ) -> Result<(), CourierError> {
        if state.awb.is_some() && state.courier_name.is_some() {
            return Ok(());
        }
        let (awb, courier) = self
            .assign_awb(json!({ "shipment_id": shipment_id }))
            .await?;
        state.awb = Some(awb);
        state.courier_name = Some(courier);
        state.expected_by = self.estimate(order, state, request).await;
        self.save(state).await
    }

    /// Asks for a shipment's AWB (`body` names the shipment, and for a return says so):
    /// the AWB and the courier carrying it.
    async fn assign_awb(&self, body: Value) -> Result<(String, String), CourierError> {
        let reply: AwbReply = self
            .call(
                "AWB",
                Method::POST,
                "/v1/external/courier/assign/awb",
                Some(&body),
            )
            .await?;
        let data = &reply.response["data"];
        let awb = data.get("awb_code").and_then(as_text);
        let courier = data.get("courier_name").and_then(as_text);
        match (awb, courier) {
            (Some(awb), Some(courier)) => Ok((awb, courier)),
            _ => {
                let why = data
                    .get("awb_assign_error")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .or(reply.message)
                    .unwrap_or_else(|| format!("status {}", reply.awb_assign_status));
                Err(refused("AWB", &why))
            }
        }
    }

    /// The assigned courier's delivery estimate from Shiprocket's serviceability; `None`
    /// when it cannot be had (the booking does not wait on it).
    async fn estimate(
        &self,
        order: &Order,
        state: &ShiprocketBooking,
        request: &ShipRequest,
    ) -> Option<NaiveDate> {
        let grams = request
            .weight_grams
            .unwrap_or(self.config.default_weight_grams);
        let cod = order.to_collect_rupees() > 0;
        match self.serviceability(&order.pincode, grams, cod).await {
            Ok(reply) => etd_of(&reply?, state.courier_name.as_deref()),
            Err(error) => {
                tracing::warn!(error = %error, "no delivery estimate from Shiprocket");
                None
            }
        }
    }

    /// Shiprocket's serviceability from our pickup address to `pincode` for a parcel of
    /// `grams`; `Ok(None)` without a pickup pincode to ask from.
    async fn serviceability(
        &self,
        pincode: &str,
        grams: u32,
        cod: bool,
    ) -> Result<Option<Value>, CourierError> {
        let Some(pickup) = self.pickup_pincode().await? else {
            return Ok(None);
        };
        let path = format!(
            "/v1/external/courier/serviceability/?pickup_postcode={pickup}&delivery_postcode={pincode}&weight={}&cod={}",
            f64::from(grams) / 1000.0,
            u8::from(cod),
        );
        self.call("serviceability", Method::GET, &path, None)
            .await
            .map(Some)
    }

    /// The pincode of our pickup address in Shiprocket's settings.
    async fn pickup_pincode(&self) -> Result<Option<String>, CourierError> {
        Ok(self
            .pickup_address()
            .await?
            .and_then(|address| address.get("pin_code").and_then(as_text)))
    }

    /// Our pickup address as Shiprocket's settings hold it (`pickup_location`, `address`,
    /// `city`, `state`, `pin_code`, `name`, `email`, `phone`), asked once: parcels leave from
    /// it and returns come back to it.
    async fn pickup_address(&self) -> Result<Option<Value>, CourierError> {
        if let Some(address) = lock(&self.pickup_address).clone() {
            return Ok(Some(address));
        }
        let reply: Value = self
            .call(
                "pickup settings",
                Method::GET,
                "/v1/external/settings/company/pickup",
                None,
            )
            .await?;
        let address = reply["data"]["shipping_address"]
            .as_array()
            .and_then(|addresses| {
                addresses.iter().find(|address| {
                    address["pickup_location"].as_str() == Some(&self.config.pickup_location)
                })
            })
            .cloned();
        if let Some(address) = &address {
            *lock(&self.pickup_address) = Some(address.clone());
        }
        Ok(address)
    }

    /// Step 3: the label, generated and its PDF fetched.
    async fn ensure_label(
        &self,
        state: &mut ShiprocketBooking,
        shipment_id: i64,
    ) -> Result<(), CourierError> {
        if state.label_pdf.is_some() {
            return Ok(());
        }
        let url = match state.label_url.clone() {
            Some(url) => url,
            None => {
                let reply: LabelReply = self
                    .call(
                        "label",
                        Method::POST,
                        "/v1/external/courier/generate/label",
                        Some(&json!({ "shipment_id": [shipment_id] })),
                    )
                    .await?;
                let url = reply
                    .label_url
                    .filter(|url| !url.trim().is_empty())
                    .ok_or_else(|| refused("label", &reply.response.to_string()))?;
                state.label_url = Some(url.clone());
                self.save(state).await?;
                url
            }
        };
        let response = self
            .client
            .get(&url)
            .send()
            .await
            .map_err(|e| unavailable("label PDF", e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(unavailable("label PDF", status));
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|e| unavailable("label PDF", e))?;
        state.label_pdf = Some(bytes.to_vec());
        self.save(state).await
    }

    /// Step 4: the pickup requested (one already queued counts as requested).
    async fn ensure_pickup(
        &self,
        state: &mut ShiprocketBooking,
        shipment_id: i64,
    ) -> Result<(), CourierError> {
        if state.pickup_requested {
            return Ok(());
        }
        let asked: Result<Value, CourierError> = self
            .call(
                "pickup",
                Method::POST,
                "/v1/external/courier/generate/pickup",
                Some(&json!({ "shipment_id": [shipment_id] })),
            )
            .await;
        match asked {
            Ok(_) => {}
            Err(CourierError::Invalid(refusal))
                if refusal.message().contains("Already in Pickup Queue") => {}
            Err(error) => return Err(error),
        }
        state.pickup_requested = true;
        self.save(state).await
    }
}

#[async_trait]
impl Courier for ShiprocketCourier {
    async fn book(
        &self,
        order: &Order,
        buyer: &BuyerContact,
        request: &ShipRequest,
    ) -> Result<Booking, CourierError> {
        let _one_at_a_time = self.booking.lock().await;
        let kept = self.store.find(&order.id).await.map_err(|e| {
            CourierError::Unavailable(anyhow::anyhow!("cannot read the booking's steps: {e}"))
        })?;
        let mut state =
            kept.unwrap_or_else(|| ShiprocketBooking::new(order.id.clone(), Utc::now()));
        self.ensure_created(&mut state, order, buyer, request)
            .await?;
        let shipment_id = state
            .shipment_id
            .ok_or_else(|| unavailable("order", "no shipment for the order yet"))?;
        self.ensure_awb(&mut state, order, shipment_id, request)
            .await?;
        self.ensure_label(&mut state, shipment_id).await?;
        self.ensure_pickup(&mut state, shipment_id).await?;
        let awb = state.awb.as_deref().unwrap_or_default();
        let courier = state.courier_name.as_deref().unwrap_or_default();
        Ok(Booking {
            courier: CourierName::parse(courier)?,
            awb: Awb::parse(awb)?,
            tracking_url: TrackingUrl::parse(&format!("https://shiprocket.co/tracking/{awb}")).ok(),
            expected_by: state.expected_by,
        })
    }

    async fn label(&self, order: &Order) -> Result<Option<Vec<u8>>, CourierError> {
        let kept = self.store.find(&order.id).await.map_err(|e| {
            CourierError::Unavailable(anyhow::anyhow!("cannot read the booking's steps: {e}"))
        })?;
        Ok(kept.and_then(|booking| booking.label_pdf))
    }

    async fn book_return(&self, pickup: &ReturnPickup) -> Result<Option<Booking>, CourierError> {
        self.book_reverse_pickup(pickup).await.map(Some)
    }
}

mod forms;
mod replies;
mod returns;
#[cfg(test)]
mod tests;

/// The product page's estimate asks Shiprocket for its recommended courier's date; the
/// shop waits at most this long before it shows the table's (decisions D15).
const ESTIMATE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

#[async_trait]
impl CourierEstimates for ShiprocketCourier {
    async fn latest_day(&self, pincode: &Pincode) -> Result<Option<NaiveDate>, CourierError> {
        let asked = self.serviceability(pincode.as_str(), self.config.default_weight_grams, false);
        match tokio::time::timeout(ESTIMATE_WAIT, asked).await {
            Ok(reply) => Ok(reply?.as_ref().and_then(|reply| etd_of(reply, None))),
            Err(_) => Err(unavailable("serviceability", "no answer within 2 s")),
        }
    }
}
