//! Returns and size exchanges as the API answers them (decisions D24), and the bodies that ask
//! for one and move it along. Every text of a body is taken exactly as the document's enum
//! says (no trimming), so what the document calls valid is what the server takes.

use paduka_domain::OrderId;
use paduka_domain::returns::{
    NOTE_MAX, Pickup, Qc, Reason, RefundTo, RequestedLine, Return, ReturnEvent, ReturnKind,
    ReturnLine, ReturnStatus,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::schema::ArrayBuilder;
use utoipa::{IntoParams, ToSchema};

mod names;

pub use names::*;

use super::schema::{self, request_schema};
use super::{TryIntoDomain, timestamp};
use crate::ApiError;

/// One returned line.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnLineDto {
    /// The index in the order's `products`.
    pub line: u32,
    #[serde(rename = "productId")]
    pub product_id: String,
    pub name: String,
    /// The size bought (its label), `null` when the product has none.
    pub size: Option<String>,
    /// The colour bought; `""` for a product without colours.
    pub color: String,
    /// For an exchange, the size wanted (its label); `null` otherwise.
    #[serde(rename = "newSize")]
    pub new_size: Option<String>,
    /// For an exchange, the colour wanted (any colour at the same price); `""` otherwise or
    /// without colours.
    #[serde(rename = "newColor")]
    pub new_color: String,
    pub quantity: u32,
    pub reason: ReasonName,
    pub kind: ReturnKindName,
    /// Rupees (up to 2 decimals): the line's share of the order's `amount`, the coupon
    /// spread as the invoice spreads it.
    pub amount: f64,
}

impl From<&ReturnLine> for ReturnLineDto {
    fn from(line: &ReturnLine) -> Self {
        Self {
            line: line.line,
            product_id: line.product.to_string(),
            name: line.name.clone(),
            size: line.size_label.clone(),
            color: line.color.clone(),
            new_size: line.new_size.as_ref().map(|(_, label)| label.clone()),
            new_color: line.new_color.clone(),
            quantity: line.quantity,
            reason: line.reason.into(),
            kind: line.kind.into(),
            amount: line.amount.rupees(),
        }
    }
}

/// One step of a return's life, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnEventDto {
    pub status: ReturnStatusName,
    #[schema(format = DateTime)]
    pub at: String,
    /// A rejection's reason, a QC remark; `null` without one.
    pub note: Option<String>,
}

impl From<&ReturnEvent> for ReturnEventDto {
    fn from(event: &ReturnEvent) -> Self {
        Self {
            status: event.status.into(),
            at: timestamp(event.at),
            note: event.note.clone(),
        }
    }
}

/// A return's reverse pickup, booked with the courier on approval (Shiprocket).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnPickupDto {
    /// The courier collecting the parcel, 2-60 characters.
    pub courier: String,
    /// The pickup's air waybill: 4-40 letters, digits and `-`.
    pub awb: String,
    /// Where the parcel is followed: an http(s) URL, or `null`.
    #[serde(rename = "trackingUrl")]
    pub tracking_url: Option<String>,
    /// When the courier reported the parcel delivered to the shop, `null` before (its QC is
    /// still the admin's `receive`).
    #[serde(rename = "arrivedAt")]
    #[schema(format = DateTime)]
    pub arrived_at: Option<String>,
}

impl From<&Pickup> for ReturnPickupDto {
    fn from(pickup: &Pickup) -> Self {
        Self {
            courier: pickup.courier.as_str().to_owned(),
            awb: pickup.awb.as_str().to_owned(),
            tracking_url: pickup
                .tracking_url
                .as_ref()
                .map(|url| url.as_str().to_owned()),
            arrived_at: pickup.arrived_at.map(timestamp),
        }
    }
}

/// A return (decisions section 16).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// `RET-000001`.
    pub number: String,
    #[serde(rename = "orderId")]
    pub order_id: String,
    /// The `_id` of the order shipping the exchange lines' new pairs (its `replaces` is
    /// `orderId`), made when the old ones are picked up; `null` before, and for refunds only.
    #[serde(rename = "replacementOrderId")]
    pub replacement_order_id: Option<String>,
    pub status: ReturnStatusName,
    pub lines: Vec<ReturnLineDto>,
    /// Rupees (up to 2 decimals): the refund lines' amounts summed (an exchange is replaced,
    /// not paid back).
    #[serde(rename = "refundAmount")]
    pub refund_amount: f64,
    /// Where the refund went, fixed by the first completion; `null` before.
    #[serde(rename = "refundTo")]
    pub refund_to: Option<RefundToName>,
    /// `CN/26-27/000001` once refunded with a credit note, else `null`.
    #[serde(rename = "creditNoteNo")]
    pub credit_note_no: Option<String>,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
    pub events: Vec<ReturnEventDto>,
    /// The courier's collection of the parcel, booked on approval with Shiprocket; `null`
    /// with the manual courier (the admin arranges it) or before approval.
    pub pickup: Option<ReturnPickupDto>,
    /// What may be done to it now (decisions D30).
    pub actions: ReturnActionsDto,
}

/// What may be done to a return now: the screens offer exactly these steps.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnActionsDto {
    /// The steps its lifecycle allows now, in the order of a return's life.
    pub next: Vec<ReturnStepName>,
}

impl From<&Return> for ReturnDto {
    fn from(ret: &Return) -> Self {
        Self {
            id: ret.id.to_string(),
            number: ret.number_text(),
            order_id: ret.order_id.to_string(),
            replacement_order_id: ret.replacement_order_id.as_ref().map(ToString::to_string),
            status: ret.status.into(),
            lines: ret.lines.iter().map(ReturnLineDto::from).collect(),
            refund_amount: ret.refund_amount.rupees(),
            refund_to: ret.refund_to.map(RefundToName::from),
            credit_note_no: ret.credit_note_no.clone(),
            created_at: timestamp(ret.created_at),
            events: ret.events.iter().map(ReturnEventDto::from).collect(),
            pickup: ret.pickup.as_ref().map(ReturnPickupDto::from),
            actions: ReturnActionsDto {
                next: ret.lifecycle().next().into_iter().map(Into::into).collect(),
            },
        }
    }
}

/// `POST /return/request`: 201 `Return requested`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnRequestedResponse {
    pub success: bool,
    /// `Return requested`.
    pub message: String,
    #[serde(rename = "return")]
    pub ret: ReturnDto,
}

/// A step of a return: the return as it stands after it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnResponse {
    pub success: bool,
    #[serde(rename = "return")]
    pub ret: ReturnDto,
}

impl ReturnResponse {
    pub fn of(ret: &Return) -> Self {
        Self {
            success: true,
            ret: ret.into(),
        }
    }
}

/// A list of returns, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReturnsResponse {
    pub success: bool,
    pub returns: Vec<ReturnDto>,
}

impl ReturnsResponse {
    pub fn of(returns: &[Return]) -> Self {
        Self {
            success: true,
            returns: returns.iter().map(ReturnDto::from).collect(),
        }
    }
}

/// The most lines one request may name.
pub const MAX_RETURN_LINES: usize = 100;

/// `POST /return/request`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ReturnRequestBody {
    #[serde(rename = "orderId")]
    pub order_id: Option<String>,
    pub lines: Option<Vec<ReturnLineBody>>,
}

/// One line of a request.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ReturnLineBody {
    pub line: Option<Value>,
    pub quantity: Option<Value>,
    pub reason: Option<String>,
    pub kind: Option<String>,
    pub size: Option<Value>,
}

fn texts<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|value| name(*value)).collect()
}

request_schema!(
    ReturnLineBody,
    schema::schema(schema::object(
        "One line of the order to take back.",
        vec![
            (
                "line",
                schema::integer(0, u32::MAX.into()),
                "The index in the order's `products`",
            ),
            (
                "quantity",
                schema::integer(1, u32::MAX.into()),
                "How many pairs of it, at most what was ordered and not asked for already",
            ),
            (
                "reason",
                schema::one_of_texts(&texts(&Reason::ALL, Reason::as_str)),
                "Else `Invalid reason`",
            ),
            (
                "kind",
                schema::one_of_texts(&texts(&ReturnKind::ALL, ReturnKind::as_str)),
                "`exchange` (for `size`) or `refund`",
            ),
            (
                "size",
                schema::nullable_integer(0, u32::MAX.into()),
                "For an exchange, the variant index wanted: another size of the same product \
                 at the same price",
            ),
        ],
        &["line", "quantity", "reason", "kind"],
    ))
);

request_schema!(
    ReturnRequestBody,
    schema::schema(
        schema::object(
            "`POST /return/request`: some pairs of a delivered order, within `RETURN_WINDOW_DAYS` \
         of delivery.",
            vec![("orderId", schema::id(), "The order's `_id`")],
            &["orderId", "lines"],
        )
        .property(
            "lines",
            ArrayBuilder::new()
                .items(ReturnLineBody::schema())
                .min_items(Some(1))
                .max_items(Some(MAX_RETURN_LINES)),
        )
    )
);

/// A whole JSON number in `range` (the document's `integer`), else `message`.
fn whole(
    value: Option<&Value>,
    range: std::ops::RangeInclusive<u32>,
    message: &str,
) -> Result<u32, ApiError> {
    let number = match value {
        Some(Value::Number(number)) => number
            .as_u64()
            .or_else(|| {
                // JSON Schema's integer takes `2.0`.
                number
                    .as_f64()
                    .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= f64::from(u32::MAX))
                    .map(|f| f as u64)
            })
            .and_then(|n| u32::try_from(n).ok()),
        _ => None,
    };
    number
        .filter(|n| range.contains(n))
        .ok_or_else(|| ApiError::bad_request(message))
}

impl ReturnLineBody {
    fn try_into_domain(self) -> Result<RequestedLine, ApiError> {
        let line = whole(
            self.line.as_ref(),
            0..=u32::MAX,
            "line must be a whole number",
        )?;
        let quantity = whole(
            self.quantity.as_ref(),
            1..=u32::MAX,
            "Quantity must be at least 1",
        )?;
        let reason = self
            .reason
            .as_deref()
            .and_then(Reason::from_stored)
            .ok_or_else(|| ApiError::bad_request(Reason::parse("").unwrap_err().message()))?;
        let kind = self
            .kind
            .as_deref()
            .and_then(ReturnKind::from_stored)
            .ok_or_else(|| ApiError::bad_request(ReturnKind::parse("").unwrap_err().message()))?;
        let size = match &self.size {
            None | Some(Value::Null) => None,
            Some(value) => Some(whole(
                Some(value),
                0..=u32::MAX,
                "size must be a whole number",
            )?),
        };
        Ok(RequestedLine {
            line,
            quantity,
            reason,
            kind,
            size,
        })
    }
}

/// What `POST /return/request` asks for, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnRequestInput {
    pub order: OrderId,
    pub lines: Vec<RequestedLine>,
}

impl TryIntoDomain for ReturnRequestBody {
    type Domain = ReturnRequestInput;

    fn try_into_domain(self) -> Result<ReturnRequestInput, ApiError> {
        let order = self
            .order_id
            .filter(|id| !id.trim().is_empty())
            .ok_or_else(|| ApiError::bad_request("orderId is required"))?;
        let lines = self.lines.unwrap_or_default();
        if lines.is_empty() {
            return Err(ApiError::bad_request(
                paduka_domain::returns::refusal::NOTHING,
            ));
        }
        if lines.len() > MAX_RETURN_LINES {
            return Err(ApiError::bad_request(format!(
                "At most {MAX_RETURN_LINES} lines"
            )));
        }
        Ok(ReturnRequestInput {
            order: OrderId::new(order),
            lines: lines
                .into_iter()
                .map(ReturnLineBody::try_into_domain)
                .collect::<Result<_, _>>()?,
        })
    }
}

/// A step's note, as long as the use case keeps (untrimmed, as the document counts).
fn note(note: Option<String>) -> Result<Option<String>, ApiError> {
    if note.as_ref().is_some_and(|n| n.chars().count() > NOTE_MAX) {
        return Err(ApiError::bad_request(format!(
            "Note must be at most {NOTE_MAX} characters"
        )));
    }
    Ok(note)
}

/// `PUT /return/reject/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RejectBody {
    pub note: Option<String>,
}

request_schema!(
    RejectBody,
    schema::schema(schema::object(
        "`PUT /return/reject/{id}`: why, told to the shopper.",
        vec![(
            "note",
            schema::not_blank(Some(NOTE_MAX)),
            "Required (`A rejection needs a note`), at most 500 characters",
        )],
        &["note"],
    ))
);

impl TryIntoDomain for RejectBody {
    type Domain = Option<String>;

    fn try_into_domain(self) -> Result<Option<String>, ApiError> {
        note(self.note)
    }
}

/// `PUT /return/receive/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ReceiveBody {
    pub qc: Option<String>,
    pub note: Option<String>,
}

request_schema!(
    ReceiveBody,
    schema::schema(schema::object(
        "`PUT /return/receive/{id}`: the pairs arrived; the quality check's result.",
        vec![
            (
                "qc",
                schema::one_of_texts(&texts(&Qc::ALL, Qc::as_str)),
                "`passed`: the pairs go back to stock and the return is refunded on \
                 completion; `failed`: nothing back, nothing refunded",
            ),
            (
                "note",
                schema::nullable_string().max_length(Some(NOTE_MAX)),
                "A remark for the shopper, at most 500 characters",
            ),
        ],
        &["qc"],
    ))
);

/// What `PUT /return/receive/{id}` records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiveInput {
    pub qc: Qc,
    pub note: Option<String>,
}

impl TryIntoDomain for ReceiveBody {
    type Domain = ReceiveInput;

    fn try_into_domain(self) -> Result<ReceiveInput, ApiError> {
        let qc = self
            .qc
            .as_deref()
            .and_then(Qc::from_stored)
            .ok_or_else(|| ApiError::bad_request(Qc::parse("").unwrap_err().message()))?;
        Ok(ReceiveInput {
            qc,
            note: note(self.note)?,
        })
    }
}

/// The longest payout reference (`RefundPlan` counts it trimmed; this, as sent).
pub const REFERENCE_MAX: usize = 100;

/// `PUT /return/complete/{id}`; no body is `{}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CompleteBody {
    #[serde(rename = "refundTo")]
    pub refund_to: Option<String>,
    pub reference: Option<String>,
}

request_schema!(
    CompleteBody,
    schema::schema(schema::object(
        "`PUT /return/complete/{id}`: where the refund goes. Online orders: `original` \
         (default) or `credit`; cash on delivery: `credit` (default) or `bank` with the \
         payout's `reference`. The first completion's choice stands for every retry.",
        vec![
            (
                "refundTo",
                schema::nullable_string().enum_values(Some(
                    texts(&RefundTo::ALL, RefundTo::as_str)
                        .into_iter()
                        .map(Value::from)
                        .chain([Value::Null]),
                )),
                "`null` or left out: the order's default",
            ),
            (
                "reference",
                schema::nullable_string().max_length(Some(REFERENCE_MAX)),
                "The bank or UPI payout's reference, at most 100 characters",
            ),
        ],
        &[],
    ))
);

/// Where `PUT /return/complete/{id}` sends the refund.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompleteInput {
    pub to: Option<RefundTo>,
    pub reference: Option<String>,
}

impl TryIntoDomain for CompleteBody {
    type Domain = CompleteInput;

    fn try_into_domain(self) -> Result<CompleteInput, ApiError> {
        let to = self
            .refund_to
            .as_deref()
            .map(|to| {
                RefundTo::from_stored(to).ok_or_else(|| {
                    ApiError::bad_request(RefundTo::parse("").unwrap_err().message())
                })
            })
            .transpose()?;
        if self
            .reference
            .as_ref()
            .is_some_and(|r| r.chars().count() > REFERENCE_MAX)
        {
            return Err(ApiError::bad_request(format!(
                "Reference must be at most {REFERENCE_MAX} characters"
            )));
        }
        Ok(CompleteInput {
            to,
            reference: self.reference,
        })
    }
}

/// `GET /return/all`'s filter.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnListParams {
    /// Only the returns in this status; empty or left out: every return.
    #[param(
        value_type = Option<String>,
        pattern = "^(?:Requested|Approved|Picked up|Received|Completed|Rejected|Cancelled)?$"
    )]
    pub status: Option<String>,
}

impl TryIntoDomain for ReturnListParams {
    type Domain = Option<ReturnStatus>;

    fn try_into_domain(self) -> Result<Option<ReturnStatus>, ApiError> {
        match self.status.as_deref() {
            None | Some("") => Ok(None),
            Some(text) => ReturnStatus::from_stored(text)
                .map(Some)
                .ok_or_else(|| ReturnStatus::parse("").unwrap_err().into()),
        }
    }
}

#[cfg(test)]
mod tests;
