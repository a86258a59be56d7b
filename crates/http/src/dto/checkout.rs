//! Delivery checks, payments, the sandbox checkout, and the bodies that place and change
//! orders (the orders themselves are `order.rs`).

use paduka_application::checkout::{
    CartInput, CartLine, CartQuote, CodRequest, DeliveryQuote, OrderRequest, PaymentOrder,
    SandboxPayment,
};
use paduka_domain::contact::{DeliveryAddress, Pincode};
use paduka_domain::delivery::{DeliveryEstimate, EstimateSource};
use paduka_domain::{ProductId, State, UserId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::schema::request_schema;
use super::{TryIntoDomain, scalar_integer, scalar_text, schema};
use crate::ApiError;

/// `GET /delivery/{pincode}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DeliveryResponse {
    pub success: bool,
    pub deliverable: bool,
    /// `Delivery available at this pincode` or `Delivery unavailable`.
    pub message: String,
    /// The state or union territory the pincode's first digits belong to (the checkout's
    /// place of supply unless the shopper picks another); `null` when none does.
    pub state: Option<String>,
    /// When a parcel ordered now would arrive; `null` where the shop does not deliver.
    pub estimate: Option<DeliveryEstimateDto>,
    /// Whether an order to this pincode may be paid in cash on delivery: false where the shop
    /// does not deliver, with `COD_ENABLED=false`, and in a pincode area whose cash-on-delivery
    /// parcels came back at `COD_RTO_LIMIT` or more (decisions D38).
    pub cod: bool,
}

/// The days a parcel ordered now is expected between (decisions D15).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DeliveryEstimateDto {
    /// `YYYY-MM-DD`, India's calendar.
    #[schema(format = Date)]
    pub from: String,
    /// `YYYY-MM-DD`: what `Delivery by` shows.
    #[schema(format = Date)]
    pub to: String,
    /// `courier` (the courier's own estimate) or `table` (the shop's `DELIVERY_DAYS`).
    pub source: EstimateSourceName,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EstimateSourceName {
    Courier,
    Table,
}

impl From<DeliveryEstimate> for DeliveryEstimateDto {
    fn from(estimate: DeliveryEstimate) -> Self {
        let day = |date: chrono::NaiveDate| date.format("%Y-%m-%d").to_string();
        Self {
            from: day(estimate.from),
            to: day(estimate.to),
            source: match estimate.source {
                EstimateSource::Courier => EstimateSourceName::Courier,
                EstimateSource::Table => EstimateSourceName::Table,
            },
        }
    }
}

impl DeliveryResponse {
    pub fn new(quote: DeliveryQuote, state: Option<State>) -> Self {
        Self {
            success: true,
            deliverable: quote.check.deliverable,
            message: quote.check.message.to_owned(),
            state: state.map(|s| s.name().to_owned()),
            estimate: quote.estimate.map(DeliveryEstimateDto::from),
            cod: quote.cod,
        }
    }
}

/// One state or union territory of India.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StateDto {
    /// Its two-digit GST code, e.g. `29`.
    pub code: String,
    /// e.g. `Karnataka`.
    pub name: String,
}

/// `GET /delivery/states`: every state and union territory, by name.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StatesResponse {
    pub success: bool,
    pub states: Vec<StateDto>,
}

impl StatesResponse {
    pub fn all() -> Self {
        let mut states: Vec<StateDto> = State::ALL
            .iter()
            .map(|state| StateDto {
                code: state.code_text(),
                name: state.name().to_owned(),
            })
            .collect();
        states.sort_by(|a, b| a.name.cmp(&b.name));
        Self {
            success: true,
            states,
        }
    }
}

/// One cart line as the client sends it; any other field is ignored.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CartLineBody {
    /// The product's `_id`.
    #[serde(rename = "_id")]
    pub id: Option<String>,
    /// The index of the chosen variant (0 for the first), as a number or text.
    pub productno: Option<Value>,
    /// How many, at least 1, as a number or text.
    pub quantity: Option<Value>,
}

/// Ten-digit numbers up to `u32::MAX` (4294967295), as text: a line's numbers are read as 32-bit,
/// and a text's `maximum` is not checked by JSON Schema, so its pattern carries the bound.
const TEN_DIGIT_U32: &str = "[1-3][0-9]{9}|4[01][0-9]{8}|42[0-8][0-9]{7}|429[0-3][0-9]{6}|\
     4294[0-8][0-9]{5}|42949[0-5][0-9]{4}|429496[0-6][0-9]{3}|4294967[01][0-9]{2}|\
     42949672[0-8][0-9]|429496729[0-5]";

request_schema!(
    CartLineBody,
    schema::schema(schema::object(
        "One cart line; any other field (the product's name, price, ...) is ignored.",
        vec![
            ("_id", schema::id(), "The product's `_id`"),
            (
                "productno",
                schema::whole_number(
                    0,
                    u32::MAX.into(),
                    &format!(r"\+?0*(?:[0-9]{{1,9}}|{TEN_DIGIT_U32})|-0+"),
                    true
                ),
                "The index of the chosen variant (0, the first, when left out), as a number or text",
            ),
            (
                "quantity",
                schema::whole_number(
                    1,
                    u32::MAX.into(),
                    &format!(r"\+?0*(?:[1-9][0-9]{{0,8}}|{TEN_DIGIT_U32})"),
                    false
                ),
                "How many, at least 1, as a number or text",
            ),
        ],
        &["_id", "quantity"],
    ))
);

/// The cart's lines.
pub(super) fn cart_lines_schema() -> ArrayBuilder {
    ArrayBuilder::new().items(CartLineBody::schema())
}

/// A pincode in a body: six digits as text (trimmed) or as a JSON number.
fn pincode(or_null: bool) -> ObjectBuilder {
    schema::whole_number(100_000, 999_999, "[0-9]{6}", or_null)
}

impl CartLineBody {
    fn try_into_domain(self) -> Result<CartLine, ApiError> {
        let product = self
            .id
            .map(|id| id.trim().to_owned())
            .filter(|id| !id.is_empty())
            .ok_or_else(|| ApiError::bad_request("Every cart item needs a product _id"))?;
        let variant = match self.productno.as_ref() {
            None | Some(Value::Null) => 0,
            Some(value) => scalar_integer(Some(value))
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| ApiError::bad_request("productno must be a whole number"))?,
        };
        let quantity = scalar_integer(self.quantity.as_ref())
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n >= 1)
            .ok_or_else(|| ApiError::bad_request("Quantity must be at least 1"))?;
        Ok(CartLine {
            product: ProductId::new(product),
            variant,
            quantity,
        })
    }
}

pub(super) fn cart_lines(products: Option<Vec<CartLineBody>>) -> Result<Vec<CartLine>, ApiError> {
    products
        .unwrap_or_default()
        .into_iter()
        .map(CartLineBody::try_into_domain)
        .collect()
}

/// The optional coupon code of a payment or an order.
fn coupon_schema() -> ObjectBuilder {
    schema::nullable_string().pattern(Some(schema::coupon_code_pattern(true)))
}

const COUPON_ABOUT: &str = "The coupon code the shopper applied (`POST /coupon/apply`); the \
    amount is then what the cart costs with it. Null or blank: no coupon";

/// The optional place of supply of a payment or an order: a state's name, or `null`. The
/// server also takes other spellings (`KA`, `29`, `maharashtra`); the document names the one
/// the cart page sends.
fn state_schema() -> ObjectBuilder {
    let names = State::ALL.iter().map(|state| Value::from(state.name()));
    schema::nullable_string().enum_values(Some(names.chain([Value::Null])))
}

const STATE_ABOUT: &str = "The place of supply for the invoice: a state or union territory \
    (`GET /delivery/states`). Null or left out: the one the pincode's first digits belong to";

/// Whether to pay with store credit: `true`, `false` or `null`.
fn use_credit_schema() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(utoipa::openapi::schema::SchemaType::from_iter([
        utoipa::openapi::schema::Type::Boolean,
        utoipa::openapi::schema::Type::Null,
    ]))
}

const USE_CREDIT_ABOUT: &str = "`true`: store credit pays min(balance, amount - 1) rupees of the \
    order (`amount` stays the order's amount before credit). Left out, `false` or null: none";

/// The shopper's consent to order updates on WhatsApp (decisions D37).
fn whatsapp_field() -> (&'static str, ObjectBuilder, &'static str) {
    (
        "whatsapp",
        use_credit_schema(),
        "`true`: the shopper ticked `Get order updates on WhatsApp`, and the order's messages \
         go to their phone. Left out, `false` or null: none is sent",
    )
}

/// A pincode as a number or text.
fn pincode_text(value: Option<&Value>) -> String {
    scalar_text(value).unwrap_or_default()
}

/// The schema of a body that carries a cart: `products`, `address` and `pincode`, the call's
/// own `fields`, then `coupon` and `state`.
fn cart_body_schema(
    description: &str,
    fields: Vec<(&str, ObjectBuilder, &str)>,
    required: &[&str],
) -> RefOr<Schema> {
    let mut properties = vec![
        ("address", schema::nullable_string(), "Where to deliver"),
        (
            "pincode",
            pincode(true),
            "Six digits, as text or as a number",
        ),
    ];
    properties.extend(fields);
    properties.push(("coupon", coupon_schema(), COUPON_ABOUT));
    properties.push(("state", state_schema(), STATE_ABOUT));
    properties.push(("useCredit", use_credit_schema(), USE_CREDIT_ABOUT));
    schema::schema(
        schema::object(description, properties, required).property("products", cart_lines_schema()),
    )
}

/// What an order's cart costs, in whole rupees, as the client computed it.
fn amount_field(about: &'static str) -> (&'static str, ObjectBuilder, &'static str) {
    let whole_rupees = schema::whole_number(i64::MIN, i64::MAX, r"[-+]?[0-9]+", false);
    ("amount", whole_rupees, about)
}

fn amount_rupees(value: Option<&Value>) -> Result<i64, ApiError> {
    scalar_integer(value).ok_or_else(|| ApiError::bad_request("Please enter a valid amount"))
}

/// `POST /payment/{amount}`: the cart, optional (the spec's client sends none).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PaymentBody {
    pub products: Option<Vec<CartLineBody>>,
    pub address: Option<String>,
    /// Six digits, as text or a number.
    pub pincode: Option<Value>,
    pub coupon: Option<String>,
    pub state: Option<String>,
    /// Pay with store credit: the provider order is then for the rest.
    #[serde(rename = "useCredit")]
    pub use_credit: Option<bool>,
}

request_schema!(
    PaymentBody,
    cart_body_schema(
        "`POST /payment/{amount}`: the cart. Without any of its fields (`{}`), no cart is \
         checked (the spec's client); with one, the cart must be complete, deliverable and \
         cost `amount`.",
        vec![],
        &[],
    )
);

impl TryIntoDomain for PaymentBody {
    /// `None` when the body carries no cart at all.
    type Domain = Option<CartInput>;

    /// The lines, then the pincode, the address and the state. Whether the shop delivers to
    /// the pincode is the use case's to say.
    fn try_into_domain(self) -> Result<Option<CartInput>, ApiError> {
        if self.products.is_none()
            && self.address.is_none()
            && self.pincode.is_none()
            && self.coupon.is_none()
            && self.state.is_none()
        {
            return Ok(None);
        }
        Ok(Some(CartInput {
            lines: cart_lines(self.products)?,
            pincode: Pincode::parse(&pincode_text(self.pincode.as_ref()))?,
            address: DeliveryAddress::parse(self.address.as_deref().unwrap_or_default())?,
            state: self.state.as_deref().map(State::parse).transpose()?,
            coupon: self.coupon,
        }))
    }
}

/// `POST /payment/{amount}`: what the checkout window is opened with.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PaymentResponse {
    pub success: bool,
    /// The provider's order id.
    pub id: String,
    /// In paise.
    pub amount: i64,
    /// `INR`
    pub currency: String,
    /// The public key the checkout window needs.
    pub key: String,
    /// `razorpay` or `sandbox`.
    pub provider: String,
    /// Whole rupees of the order's amount store credit pays (0 without `useCredit`): the
    /// provider order (`amount`) is for the rest.
    #[serde(rename = "creditUsed")]
    pub credit_used: i64,
}

impl From<PaymentOrder> for PaymentResponse {
    fn from(order: PaymentOrder) -> Self {
        Self {
            success: true,
            id: order.id,
            amount: order.amount.paise(),
            currency: order.currency,
            key: order.key,
            provider: order.provider.to_owned(),
            credit_used: order.credit_used_rupees,
        }
    }
}

/// `POST /payment/sandbox/pay`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SandboxPayBody {
    /// The sandbox order id `POST /payment/{amount}` answered.
    #[serde(rename = "orderId")]
    pub order_id: Option<String>,
}

request_schema!(
    SandboxPayBody,
    schema::schema(schema::object(
        "`POST /payment/sandbox/pay`.",
        vec![(
            "orderId",
            schema::not_blank(None),
            "The sandbox order id `POST /payment/{amount}` answered",
        )],
        &["orderId"],
    ))
);

/// The three fields a checkout window returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SandboxPaymentDto {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

impl From<SandboxPayment> for SandboxPaymentDto {
    fn from(payment: SandboxPayment) -> Self {
        Self {
            razorpay_order_id: payment.razorpay_order_id,
            razorpay_payment_id: payment.razorpay_payment_id,
            razorpay_signature: payment.razorpay_signature,
        }
    }
}

/// `POST /payment/webhook`: the acknowledgement.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct WebhookResponse {
    pub success: bool,
    /// `placed`, `existing`, `refunded`, `ignored` or `duplicate`.
    pub outcome: String,
}

/// `POST /order/cart`. Extra product fields, `status` and `user` are ignored.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct OrderBody {
    pub products: Option<Vec<CartLineBody>>,
    pub address: Option<String>,
    pub pincode: Option<Value>,
    /// What the cart costs, in whole rupees.
    pub amount: Option<Value>,
    #[serde(rename = "paymentId")]
    pub payment_id: Option<String>,
    #[serde(rename = "orderId")]
    pub order_id: Option<String>,
    pub signature: Option<String>,
    pub coupon: Option<String>,
    pub state: Option<String>,
    #[serde(rename = "useCredit")]
    pub use_credit: Option<bool>,
    pub whatsapp: Option<bool>,
}

request_schema!(
    OrderBody,
    cart_body_schema(
        "`POST /order/cart`: the paid cart and what the checkout window returned. Other \
         fields (`status`, `user`) are ignored.",
        vec![
            amount_field("What the cart costs, in whole rupees, as a number or text"),
            (
                "paymentId",
                schema::nullable_string(),
                "The provider's payment id",
            ),
            (
                "orderId",
                schema::nullable_string(),
                "The provider's order id (`id` of `POST /payment/{amount}`)",
            ),
            (
                "signature",
                schema::nullable_string(),
                "The provider's signature",
            ),
            whatsapp_field(),
        ],
        &["amount"],
    )
);

impl TryIntoDomain for OrderBody {
    type Domain = OrderRequest;

    fn try_into_domain(self) -> Result<OrderRequest, ApiError> {
        let amount_rupees = amount_rupees(self.amount.as_ref())?;
        Ok(OrderRequest {
            lines: cart_lines(self.products)?,
            address: self.address.unwrap_or_default(),
            pincode: pincode_text(self.pincode.as_ref()),
            amount_rupees,
            payment_id: self.payment_id.unwrap_or_default(),
            order_id: self.order_id.filter(|id| !id.trim().is_empty()),
            signature: self.signature.unwrap_or_default(),
            coupon: self.coupon,
            state: self.state,
            use_credit: self.use_credit.unwrap_or(false),
            whatsapp: self.whatsapp.unwrap_or(false),
        })
    }
}

/// `POST /order/cod`: the cart, where it goes, what it costs, the coupon and the place of
/// supply.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CodBody {
    pub products: Option<Vec<CartLineBody>>,
    pub address: Option<String>,
    pub pincode: Option<Value>,
    /// What the cart costs, in whole rupees, after the coupon.
    pub amount: Option<Value>,
    pub coupon: Option<String>,
    pub state: Option<String>,
    #[serde(rename = "useCredit")]
    pub use_credit: Option<bool>,
    pub whatsapp: Option<bool>,
}

request_schema!(
    CodBody,
    cart_body_schema(
        "`POST /order/cod`: the cart to pay for in cash on delivery.",
        vec![
            amount_field(
                "What the cart costs, in whole rupees (after the coupon, with the cash-on-delivery \
                 charge: `POST /cart/quote`'s `codAmount`), as a number or text",
            ),
            whatsapp_field(),
        ],
        &["amount"],
    )
);

impl TryIntoDomain for CodBody {
    /// Without an idempotency key: that comes in a header.
    type Domain = CodRequest;

    fn try_into_domain(self) -> Result<CodRequest, ApiError> {
        let amount_rupees = amount_rupees(self.amount.as_ref())?;
        Ok(CodRequest {
            lines: cart_lines(self.products)?,
            address: self.address.unwrap_or_default(),
            pincode: pincode_text(self.pincode.as_ref()),
            amount_rupees,
            coupon: self.coupon,
            state: self.state,
            idempotency_key: None,
            use_credit: self.use_credit.unwrap_or(false),
            whatsapp: self.whatsapp.unwrap_or(false),
        })
    }
}

/// `POST /order/myorders`: `user`, when sent, must be the caller.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MyOrdersBody {
    pub user: Option<String>,
}

request_schema!(
    MyOrdersBody,
    schema::schema(schema::object(
        "`POST /order/myorders`: optional; `user`, when sent, must be the caller's `_id` (else 403).",
        vec![("user", schema::nullable_string(), "")],
        &[],
    ))
);

impl MyOrdersBody {
    pub fn claimed(&self) -> Option<UserId> {
        self.user
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(UserId::new)
    }
}

/// `PUT /order/update-status/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StatusBody {
    /// `Pending`, `Confirmed` or `Delivered`.
    pub status: Option<String>,
}

impl StatusBody {
    /// What an administrator may set; cancelling has its own call.
    pub const SETTABLE: [&'static str; 3] = ["Pending", "Confirmed", "Delivered"];
}

request_schema!(
    StatusBody,
    schema::schema(schema::object(
        "`PUT /order/update-status/{id}`.",
        vec![(
            "status",
            schema::one_of_texts(&StatusBody::SETTABLE),
            "Cancelling has its own call, `GET /order/delete/{id}`",
        )],
        &["status"],
    ))
);

#[cfg(test)]
mod tests;

/// `POST /cart/quote`: the cart's lines and the coupon applied, if any.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct QuoteBody {
    pub products: Option<Vec<CartLineBody>>,
    pub coupon: Option<String>,
}

request_schema!(
    QuoteBody,
    schema::schema(
        schema::object(
            "`POST /cart/quote`: the cart's lines, as checkout sends them, and the coupon.",
            vec![("coupon", coupon_schema(), COUPON_ABOUT)],
            &["products"],
        )
        // An empty cart has no price: 400 `Please add some items to your cart`.
        .property("products", cart_lines_schema().min_items(Some(1))),
    )
);

impl TryIntoDomain for QuoteBody {
    type Domain = (Vec<CartLine>, Option<String>);

    fn try_into_domain(self) -> Result<(Vec<CartLine>, Option<String>), ApiError> {
        Ok((cart_lines(self.products)?, self.coupon))
    }
}

/// `POST /cart/quote`: what the cart costs paid each way, in whole rupees (decisions D41). The
/// amount a way of paying names is the `amount` its order is placed with.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CartQuoteResponse {
    pub success: bool,
    /// What the lines cost by the shop's formula.
    pub subtotal: i64,
    /// What the coupon takes off; 0 without one.
    pub discount: i64,
    /// What paying online takes off (`Pay online and save ₹N`); 0 when the shop gives none.
    #[serde(rename = "prepaidDiscount")]
    pub prepaid_discount: i64,
    /// What is paid online: `subtotal - discount - prepaidDiscount`.
    #[serde(rename = "onlineAmount")]
    pub online_amount: i64,
    /// The charge for cash on delivery; 0 when the shop asks none.
    #[serde(rename = "codFee")]
    pub cod_fee: i64,
    /// What is collected in cash: `subtotal - discount + codFee`.
    #[serde(rename = "codAmount")]
    pub cod_amount: i64,
}

impl From<CartQuote> for CartQuoteResponse {
    fn from(quote: CartQuote) -> Self {
        Self {
            success: true,
            subtotal: quote.subtotal,
            discount: quote.discount,
            prepaid_discount: quote.online.change,
            online_amount: quote.online.amount,
            cod_fee: quote.cod.change,
            cod_amount: quote.cod.amount,
        }
    }
}
