//! COD confirmation as the API answers it (decisions D39): the link's page, and an order's
//! confirmation events.

use paduka_application::cod::{CodLinkView, TimedCodEvent};
use serde::Serialize;
use utoipa::ToSchema;

use super::{CodConfirmationName, OrderStatusName, timestamp};

/// One line of the order, as the link's page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CodLineDto {
    pub name: String,
    /// The size, if the line has one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The colour, `""` without colours.
    pub color: String,
    pub quantity: u32,
}

/// The order a link names: its id, lines and amount, nothing of the address or buyer (a
/// mail may be forwarded).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CodOrderDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub products: Vec<CodLineDto>,
    /// Whole rupees the courier collects.
    pub amount: i64,
    pub status: OrderStatusName,
    #[serde(rename = "codConfirmation")]
    pub cod_confirmation: Option<CodConfirmationName>,
}

/// A step of the confirmation: `Confirmed on WhatsApp`, `Confirmed by link`, `Cancelled on
/// WhatsApp`, `Cancelled by link`, `Cancelled: not confirmed in time`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CodEventDto {
    pub event: String,
    #[schema(format = DateTime)]
    pub at: String,
}

impl From<&TimedCodEvent> for CodEventDto {
    fn from(event: &TimedCodEvent) -> Self {
        Self {
            event: event.event.as_str().to_owned(),
            at: timestamp(event.at),
        }
    }
}

/// The link's page: the order, whether `Confirm order` / `Cancel order` may still change it
/// (`answerable`), and if not why (`message`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CodLinkResponse {
    pub success: bool,
    pub order: CodOrderDto,
    pub answerable: bool,
    /// Why an answer can no longer change it (`This order was cancelled`, `This order has
    /// shipped, ...`); `null` while it can.
    pub message: Option<String>,
    pub events: Vec<CodEventDto>,
}

impl From<&CodLinkView> for CodLinkResponse {
    fn from(view: &CodLinkView) -> Self {
        let order = &view.order;
        Self {
            success: true,
            order: CodOrderDto {
                id: order.id.to_string(),
                products: order
                    .lines
                    .iter()
                    .map(|line| CodLineDto {
                        name: line.name.clone(),
                        kind: line.variant_label.clone(),
                        color: line.color.clone(),
                        quantity: line.quantity,
                    })
                    .collect(),
                amount: order.charged_rupees(),
                status: order.status.into(),
                cod_confirmation: order.cod_confirmation.map(Into::into),
            },
            answerable: view.refusal.is_none(),
            message: view.refusal.map(|refusal| refusal.to_string()),
            events: view.events.iter().map(CodEventDto::from).collect(),
        }
    }
}
