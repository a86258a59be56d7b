//! `GET /delivery/{pincode}`: whether the shop delivers there, and by when.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use paduka_domain::contact::Pincode;
use paduka_domain::delivery::{DeliveryCheck, DeliveryEstimate};

use super::{CheckoutError, CheckoutService};
use crate::orders::CourierError;

/// A courier's own delivery estimate for a pincode (Shiprocket's serviceability).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CourierEstimates: Send + Sync {
    /// The latest day the courier expects a parcel sent now to `pincode` to arrive; `None`
    /// when it names none. Answers within 2 seconds or fails.
    async fn latest_day(&self, pincode: &Pincode) -> Result<Option<NaiveDate>, CourierError>;
}

/// A courier's answer is kept this long per pincode (decisions D15).
const KEPT: Duration = Duration::hours(24);
/// A courier that failed is not asked again for this long: each product page would wait
/// on it otherwise.
const FAILURE_KEPT: Duration = Duration::minutes(10);

/// What the courier said about a pincode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CourierAnswer {
    /// Its latest day, if it named one.
    Day(Option<NaiveDate>),
    /// It failed or took too long.
    Failed,
}

/// The courier's answers by pincode, with when they were had.
#[derive(Default)]
pub(super) struct EstimateCache {
    answers: Mutex<HashMap<Pincode, (DateTime<Utc>, CourierAnswer)>>,
}

impl EstimateCache {
    fn kept(&self, pincode: &Pincode, now: DateTime<Utc>) -> Option<CourierAnswer> {
        let answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        let (at, answer) = answers.get(pincode)?;
        let kept_for = match answer {
            CourierAnswer::Day(_) => KEPT,
            CourierAnswer::Failed => FAILURE_KEPT,
        };
        (now - *at < kept_for).then_some(*answer)
    }

    fn keep(&self, pincode: Pincode, now: DateTime<Utc>, answer: CourierAnswer) {
        let mut answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        answers.insert(pincode, (now, answer));
    }
}

/// What the product page's pincode box shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryQuote {
    pub check: DeliveryCheck,
    /// When a parcel ordered now would arrive; `None` where the shop does not deliver.
    pub estimate: Option<DeliveryEstimate>,
    /// Whether an order there may be paid in cash on delivery: the shop delivers there,
    /// `COD_ENABLED`, and the area's parcels do not come back too often (decisions D38).
    pub cod: bool,
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
        if !check.deliverable {
            return Ok(DeliveryQuote {
                check,
                estimate: None,
                cod: false,
            });
        }
        let pincode = Pincode::parse(pincode)?;
        let cod = self.cod.enabled && self.cod_area_open(&pincode).await?;
        let estimate = Some(self.estimate(pincode).await);
        Ok(DeliveryQuote {
            check,
            estimate,
            cod,
        })
    }
}

impl CheckoutService {
    /// The courier's latest day with the table's first (kept per pincode), else the table.
    async fn estimate(&self, pincode: Pincode) -> DeliveryEstimate {
        let now = self.ports.clock.now();
        let Some(courier) = &self.courier_estimates else {
            return self.delivery_table.estimate(now);
        };
        let answer = match self.estimate_cache.kept(&pincode, now) {
            Some(answer) => answer,
            None => {
                let answer = match courier.latest_day(&pincode).await {
                    Ok(day) => CourierAnswer::Day(day),
                    Err(error) => {
                        tracing::warn!(%error, pincode = pincode.as_str(), "no delivery estimate from the courier: the table's");
                        CourierAnswer::Failed
                    }
                };
                self.estimate_cache.keep(pincode, now, answer);
                answer
            }
        };
        match answer {
            CourierAnswer::Day(Some(day)) => self.delivery_table.with_courier(now, day),
            CourierAnswer::Day(None) | CourierAnswer::Failed => self.delivery_table.estimate(now),
        }
    }
}
