//! Cash on delivery off where it keeps coming back (decisions D38): whether a pincode's area is
//! offered cash on delivery, asked by the pincode check and by `POST /order/cod`.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::contact::Pincode;
use paduka_domain::order::{AreaCodShipments, CodRtoLimit, pincode_area, rto_since};

use super::{CheckoutError, CheckoutService};
use crate::RepoError;

/// The ended cash-on-delivery shipments of a pincode area.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CodAreaRepository: Send + Sync {
    /// The cash-on-delivery orders to pincodes starting with `area` (3 digits) shipped at or
    /// after `since` that ended (delivered or returned to origin), counted by the domain's
    /// [`AreaCodShipments::of`].
    async fn cod_shipments(
        &self,
        area: &str,
        since: DateTime<Utc>,
    ) -> Result<AreaCodShipments, RepoError>;
}

/// `COD_RTO_LIMIT` with where the figures are read.
#[derive(Clone)]
pub(super) struct CodRto {
    pub limit: CodRtoLimit,
    pub areas: Arc<dyn CodAreaRepository>,
}

impl CheckoutService {
    /// Whether `pincode`'s area is offered cash on delivery as far as its returns to origin
    /// go: always without `COD_RTO_LIMIT`.
    pub(super) async fn cod_area_open(&self, pincode: &Pincode) -> Result<bool, CheckoutError> {
        let Some(rto) = &self.cod_rto else {
            return Ok(true);
        };
        let Some(area) = pincode_area(pincode.as_str()) else {
            return Ok(true);
        };
        let since = rto_since(self.ports.clock.now());
        let counts = rto.areas.cod_shipments(area, since).await?;
        Ok(rto.limit.offers_cod(counts))
    }
}
