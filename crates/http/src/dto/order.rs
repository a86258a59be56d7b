//! Orders as the API answers them: the order, its lines, its history, and the names its
//! statuses and payment methods have in replies.

use paduka_application::cod::TimedCodEvent;
use paduka_application::orders::{OrderDetail, OrderUseCases};
use paduka_domain::order::{
    CodConfirmation, CourierEvent, Order, OrderActions, OrderStatus, PaymentMethod, Refusal,
    SettableStatus, StatusChange,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{CodEventDto, ShipmentDto, timestamp};
use crate::routes::API_PREFIX;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderCategoryDto {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderUserDto {
    /// `null` once the account is deleted; the name stays.
    #[serde(rename = "_id")]
    pub id: Option<String>,
    pub name: String,
}

/// One line of an order, as it was bought.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderLineDto {
    /// The product's `_id`.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `/api/v1/product/product-photo/{product id}`
    pub photo: String,
    pub category: OrderCategoryDto,
    /// The variant's label, if it has one.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The colour's name when it was sold; `""` for a product without colours.
    pub color: String,
    /// The unit's MRP in rupees when it was sold, before `discount`.
    pub price: f64,
    /// Percent off the MRP, whole (derived from the two prices since decisions D36).
    pub discount: u8,
    /// The unit price charged, in rupees with paise: every amount of the line comes from it.
    #[serde(rename = "salePrice")]
    pub sale_price: f64,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub products: Vec<OrderLineDto>,
    pub user: OrderUserDto,
    pub address: String,
    pub pincode: String,
    /// Whole rupees, as charged: `subtotal` less `discount` and `prepaidDiscount`, plus
    /// `codFee`.
    pub amount: i64,
    /// Whole rupees, what the lines cost before the coupon.
    pub subtotal: i64,
    /// Whole rupees the coupon took off; 0 without one.
    pub discount: i64,
    /// Whole rupees taken off for paying online (`PREPAID_DISCOUNT_PERCENT`); 0 for cash on
    /// delivery and for orders placed before the saving.
    #[serde(rename = "prepaidDiscount")]
    pub prepaid_discount: i64,
    /// Whole rupees added for cash on delivery (`COD_FEE`), given back only when the order is
    /// cancelled before it ships; 0 online and for orders placed before the charge.
    #[serde(rename = "codFee")]
    pub cod_fee: i64,
    /// The coupon's code, or `null`.
    pub coupon: Option<String>,
    /// Whole rupees of `amount` paid with store credit; 0 without. The rest was charged
    /// online, or is collected in cash.
    #[serde(rename = "creditUsed")]
    pub credit_used: i64,
    /// `online` or `cod` (cash on delivery).
    #[serde(rename = "paymentMethod")]
    pub payment_method: PaymentMethodName,
    /// Always `true` online; cash on delivery once an administrator recorded the cash.
    pub paid: bool,
    /// The provider's payment id; `null` for cash on delivery not collected yet.
    #[serde(rename = "paymentId")]
    pub payment_id: Option<String>,
    /// Where the order stands in its lifecycle (the enum names all seven statuses).
    pub status: OrderStatusName,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
    #[serde(rename = "updatedAt")]
    #[schema(format = DateTime)]
    pub updated_at: String,
    /// 0..=6, stable for an order.
    #[serde(rename = "deliveryDays")]
    pub delivery_days: u8,
    /// The place of supply (a state or union territory); `null` on orders placed before
    /// invoices.
    pub state: Option<String>,
    /// `PDK/26-27/000001` (`GET /order/invoice/{id}`); `null` on orders placed before
    /// invoices, which have none.
    #[serde(rename = "invoiceNo")]
    pub invoice_no: Option<String>,
    /// `null` until the order is handed to a courier.
    pub shipment: Option<ShipmentDto>,
    /// For the replacement order of a size exchange, the `_id` of the order it replaces
    /// (amount 0, `paid`, no invoice, never cancelled); else `null`.
    pub replaces: Option<String>,
    /// Whether the buyer asked for order updates on WhatsApp at checkout; `false` for orders
    /// placed before the question and for replacement orders.
    pub whatsapp: bool,
    /// Whether the buyer confirmed a cash-on-delivery order (on WhatsApp or by the mail's
    /// link): `awaiting` when placed, then `confirmed` or `unanswered`; `null` for online and
    /// replacement orders and orders placed before the question.
    #[serde(rename = "codConfirmation")]
    pub cod_confirmation: Option<CodConfirmationName>,
    /// What may be done to it now, as the server's rules say at the time of the reply.
    pub actions: OrderActionsDto,
}

/// What may be done to an order now (decisions D30). The screens offer exactly these and
/// restate no rule.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderActionsDto {
    /// Whether the buyer may cancel it now (`GET /order/delete/{id}`).
    pub cancel: ActionDto,
    /// Whether an administrator may hand it to a courier now (`POST /shipment/create/{id}`
    /// would book one): the `Ship` button and the `To ship` list.
    pub ship: ActionDto,
    /// Whether an administrator may record the cash collected now
    /// (`PUT /order/mark-paid/{id}`): an unpaid cash-on-delivery order not cancelled.
    #[serde(rename = "markPaid")]
    pub mark_paid: ActionDto,
    /// The last instant a return may be asked for (`POST /return/request`), ISO with `Z`,
    /// while one may be asked (a delivered order, `RETURN_WINDOW_DAYS` after its delivery,
    /// to the second); `null` when none may be asked now.
    #[serde(rename = "returnUntil")]
    #[schema(format = DateTime)]
    pub return_until: Option<String>,
    /// Pairs of each line (as `products`, in order) a return request may ask for now: all 0
    /// while `returnUntil` is `null`, else those no return holds (rejected and cancelled
    /// returns hold none).
    pub returnable: Vec<u32>,
    /// The courier events an administrator may report now (`POST /shipment/event/{id}`).
    pub events: Vec<CourierEventName>,
    /// The statuses an administrator may set now (`PUT /order/update-status/{id}`), the
    /// current one included when setting it is allowed (it changes nothing).
    pub statuses: Vec<SettableStatusName>,
}

/// One step now: allowed, or the refusal its call would get.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ActionDto {
    pub allowed: bool,
    /// Why not (the call's 409 message, e.g. `Order has shipped`); `null` when allowed.
    pub reason: Option<String>,
}

impl From<Result<(), Refusal>> for ActionDto {
    fn from(action: Result<(), Refusal>) -> Self {
        Self {
            allowed: action.is_ok(),
            reason: action.err().map(|refusal| refusal.to_string()),
        }
    }
}

impl From<&OrderActions> for OrderActionsDto {
    fn from(actions: &OrderActions) -> Self {
        Self {
            cancel: actions.cancel.into(),
            ship: actions.ship.into(),
            mark_paid: actions.mark_paid.into(),
            return_until: actions.return_until.map(timestamp),
            returnable: actions.returnable.clone(),
            events: actions.events.iter().map(|e| (*e).into()).collect(),
            statuses: actions.statuses.iter().map(|s| (*s).into()).collect(),
        }
    }
}

impl OrderDto {
    /// The order with what `orders` says may be done to it now.
    pub fn of(order: &Order, orders: &dyn OrderUseCases) -> Self {
        Self::new(order, &orders.actions(order))
    }

    pub fn new(order: &Order, actions: &OrderActions) -> Self {
        Self {
            id: order.id.to_string(),
            products: order
                .lines
                .iter()
                .map(|line| OrderLineDto {
                    id: line.product.to_string(),
                    name: line.name.clone(),
                    photo: format!("{API_PREFIX}/product/product-photo/{}", line.product),
                    category: OrderCategoryDto {
                        name: line.category_name.clone(),
                    },
                    kind: line.variant_label.clone(),
                    color: line.color.clone(),
                    price: line.unit_price.rupees(),
                    discount: line.discount.value(),
                    sale_price: line.sale_price.rupees(),
                    quantity: line.quantity,
                })
                .collect(),
            user: OrderUserDto {
                id: order.user.id.as_ref().map(ToString::to_string),
                name: order.user.name.clone(),
            },
            address: order.address.clone(),
            pincode: order.pincode.clone(),
            amount: order.amount_rupees,
            subtotal: order.subtotal_rupees(),
            discount: order.discount_rupees(),
            prepaid_discount: order.prepaid_discount_rupees,
            cod_fee: order.cod_fee_rupees,
            coupon: order.coupon.as_ref().map(|c| c.code.clone()),
            credit_used: order.credit_used_rupees,
            payment_method: order.payment_method.into(),
            paid: order.paid,
            payment_id: order.shown_payment_id().map(str::to_owned),
            status: order.status.into(),
            created_at: timestamp(order.created_at),
            updated_at: timestamp(order.updated_at),
            delivery_days: order.delivery_days(),
            state: order.state.map(|s| s.name().to_owned()),
            invoice_no: order.invoice_no.clone(),
            shipment: order.shipment.as_ref().map(ShipmentDto::from),
            replaces: order.replaces.as_ref().map(ToString::to_string),
            whatsapp: order.whatsapp,
            cod_confirmation: order.cod_confirmation.map(Into::into),
            actions: actions.into(),
        }
    }
}

/// One status an order took.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StatusChangeDto {
    /// The status the order took.
    pub status: OrderStatusName,
    #[schema(format = DateTime)]
    pub at: String,
    /// Who set it; only admins are told, and `null` when the shop itself did (a payment
    /// webhook) or the account is gone.
    pub by: Option<String>,
}

impl From<&StatusChange> for StatusChangeDto {
    fn from(change: &StatusChange) -> Self {
        Self {
            status: change.status.into(),
            at: timestamp(change.at),
            by: change.by.clone(),
        }
    }
}

/// One order, with every status it took, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderResponse {
    pub success: bool,
    pub order: OrderDto,
    pub history: Vec<StatusChangeDto>,
    /// The cash-on-delivery confirmation's steps, oldest first (`Confirmed on WhatsApp`,
    /// `Confirmed by link`, ...; decisions D39); empty for other orders.
    #[serde(rename = "codEvents")]
    pub cod_events: Vec<CodEventDto>,
}

impl OrderResponse {
    pub fn of(
        detail: &OrderDetail,
        cod_events: &[TimedCodEvent],
        orders: &dyn OrderUseCases,
    ) -> Self {
        Self {
            success: true,
            order: OrderDto::of(&detail.order, orders),
            history: detail.history.iter().map(StatusChangeDto::from).collect(),
            cod_events: cod_events.iter().map(CodEventDto::from).collect(),
        }
    }
}

/// An order with what happened to it: `Order Placed Successfully`, `Order status updated`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrderWriteResponse {
    pub success: bool,
    pub message: String,
    pub order: OrderDto,
}

/// A list of orders, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OrdersResponse {
    pub success: bool,
    pub orders: Vec<OrderDto>,
}

impl OrdersResponse {
    pub fn of(list: &[Order], orders: &dyn OrderUseCases) -> Self {
        Self {
            success: true,
            orders: list
                .iter()
                .map(|order| OrderDto::of(order, orders))
                .collect(),
        }
    }
}

/// Where a cash-on-delivery order's confirmation stands (decisions D39).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CodConfirmationName {
    Awaiting,
    Confirmed,
    Unanswered,
}

impl From<CodConfirmation> for CodConfirmationName {
    fn from(confirmation: CodConfirmation) -> Self {
        match confirmation {
            CodConfirmation::Awaiting => Self::Awaiting,
            CodConfirmation::Confirmed => Self::Confirmed,
            CodConfirmation::Unanswered => Self::Unanswered,
        }
    }
}

/// An order's status as its replies name it: the domain's, as a closed set in the document.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub enum OrderStatusName {
    Pending,
    Confirmed,
    Shipped,
    #[serde(rename = "Out for delivery")]
    OutForDelivery,
    Delivered,
    Cancelled,
    #[serde(rename = "Returned to origin")]
    ReturnedToOrigin,
}

impl From<OrderStatus> for OrderStatusName {
    fn from(status: OrderStatus) -> Self {
        match status {
            OrderStatus::Pending => Self::Pending,
            OrderStatus::Confirmed => Self::Confirmed,
            OrderStatus::Shipped => Self::Shipped,
            OrderStatus::OutForDelivery => Self::OutForDelivery,
            OrderStatus::Delivered => Self::Delivered,
            OrderStatus::Cancelled => Self::Cancelled,
            OrderStatus::ReturnedToOrigin => Self::ReturnedToOrigin,
        }
    }
}

/// A courier event as the order's `actions` name it: the texts `POST /shipment/event/{id}`
/// takes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub enum CourierEventName {
    #[serde(rename = "Out for delivery")]
    OutForDelivery,
    Delivered,
    #[serde(rename = "Delivery failed")]
    DeliveryFailed,
    #[serde(rename = "Returned to origin")]
    ReturnedToOrigin,
}

impl From<CourierEvent> for CourierEventName {
    fn from(event: CourierEvent) -> Self {
        match event {
            CourierEvent::OutForDelivery => Self::OutForDelivery,
            CourierEvent::Delivered => Self::Delivered,
            CourierEvent::DeliveryFailed => Self::DeliveryFailed,
            CourierEvent::ReturnedToOrigin => Self::ReturnedToOrigin,
        }
    }
}

/// A status an administrator may set, as the order's `actions` name it: the texts
/// `PUT /order/update-status/{id}` takes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub enum SettableStatusName {
    Pending,
    Confirmed,
    Delivered,
}

impl From<SettableStatus> for SettableStatusName {
    fn from(status: SettableStatus) -> Self {
        match status {
            SettableStatus::Pending => Self::Pending,
            SettableStatus::Confirmed => Self::Confirmed,
            SettableStatus::Delivered => Self::Delivered,
        }
    }
}

/// How an order is paid, as its replies name it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMethodName {
    Online,
    Cod,
}

impl From<PaymentMethod> for PaymentMethodName {
    fn from(method: PaymentMethod) -> Self {
        match method {
            PaymentMethod::Online => Self::Online,
            PaymentMethod::Cod => Self::Cod,
        }
    }
}

#[cfg(test)]
mod tests;
