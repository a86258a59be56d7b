//! Orders as the API answers them: the order, its lines, its history, and the names its
//! statuses and payment methods have in replies.

use paduka_application::orders::OrderDetail;
use paduka_domain::order::{Order, OrderStatus, PaymentMethod, StatusChange};
use serde::Serialize;
use utoipa::ToSchema;

use super::{ShipmentDto, timestamp};
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
    /// The unit price in rupees, before `discount`.
    pub price: f64,
    /// Percent.
    pub discount: u8,
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
    /// Whole rupees, as charged: `subtotal` less `discount`.
    pub amount: i64,
    /// Whole rupees, what the lines cost before the coupon.
    pub subtotal: i64,
    /// Whole rupees the coupon took off; 0 without one.
    pub discount: i64,
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
}

impl From<&Order> for OrderDto {
    fn from(order: &Order) -> Self {
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
                    price: line.unit_price.rupees(),
                    discount: line.discount.value(),
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
}

impl From<&OrderDetail> for OrderResponse {
    fn from(detail: &OrderDetail) -> Self {
        Self {
            success: true,
            order: OrderDto::from(&detail.order),
            history: detail.history.iter().map(StatusChangeDto::from).collect(),
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
    pub fn of(orders: &[Order]) -> Self {
        Self {
            success: true,
            orders: orders.iter().map(OrderDto::from).collect(),
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
