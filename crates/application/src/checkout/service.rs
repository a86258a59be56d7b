use std::collections::HashMap;
use std::sync::Arc;

use paduka_domain::catalog::Product;
use paduka_domain::contact::Pincode;
use paduka_domain::delivery::{DeliveryArea, DeliveryCheck};
use paduka_domain::money::{PricedLine, order_amount_rupees};
use paduka_domain::order::{Order, OrderLine};
use paduka_domain::review::UserRef;
use paduka_domain::{InvalidInput, OrderId, Paise, ProductId, UserId};
use tracing::instrument;

use super::CheckoutError;
use super::ports::*;
use crate::accounts::{Principal, UserRepository};
use crate::catalog::{CatalogRevision, ProductRepository};
use crate::mail::Mailer;
use crate::orders::mails;
use crate::orders::{NewOrder, NewOrderLine, OrderRepository, PlaceError, Placement, StockChange};
use crate::{Clock, IdGenerator, RepoError};

/// The smallest payment, in whole rupees.
pub const MIN_AMOUNT_RUPEES: i64 = 1;
/// The largest payment, in whole rupees (1 crore).
pub const MAX_AMOUNT_RUPEES: i64 = 10_000_000;
/// A cart holds at most this many lines.
pub const MAX_CART_LINES: usize = 100;
/// How many of a user's latest checkout intents a payment is matched against.
const RECENT_INTENTS: u32 = 50;

/// The idempotency key of the refund of `payment_id`. One per payment: whether the refund is
/// for an order that could not be filled or for a cancelled order, a payment is refunded at
/// most once.
pub fn refund_key(payment_id: &str) -> String {
    format!("refund-{payment_id}")
}

/// The ports checkout is built from.
pub struct CheckoutPorts {
    pub gateway: Arc<dyn PaymentGateway>,
    pub intents: Arc<dyn CheckoutIntentRepository>,
    pub orders: Arc<dyn OrderRepository>,
    pub products: Arc<dyn ProductRepository>,
    pub users: Arc<dyn UserRepository>,
    pub webhook_events: Arc<dyn WebhookEventRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// Bumped when an order takes stock, so cached catalog reads rebuild.
    pub catalog_revision: CatalogRevision,
}

/// The cart our client sends with `POST /payment/{amount}` (`{products, address, pincode}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartInput {
    pub lines: Vec<CartLine>,
    pub address: String,
    pub pincode: String,
}

/// The answer to `POST /payment/{amount}`: what the checkout window is opened with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentOrder {
    /// The provider's order id.
    pub id: String,
    pub amount: Paise,
    pub currency: String,
    /// The public key the checkout window needs.
    pub key: String,
    /// `razorpay` or `sandbox`.
    pub provider: &'static str,
}

/// `POST /order/cart`: the cart, where it goes, the amount the client computed, and the three
/// fields the checkout window returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRequest {
    pub lines: Vec<CartLine>,
    pub address: String,
    pub pincode: String,
    /// What the client says the cart costs, in whole rupees.
    pub amount_rupees: i64,
    pub payment_id: String,
    /// The provider order id the browser reports. Only a hint for finding one of the user's
    /// stored intents: verification always uses a stored id.
    pub order_id: Option<String>,
    pub signature: String,
}

/// An order placed by `POST /order/cart`, or the one the same payment placed before.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedOrder {
    pub order: Order,
    /// `false` when the payment had placed this order already (a repeated call, or the
    /// webhook was first).
    pub created: bool,
}

/// What a webhook delivery did. Every outcome is answered 2xx.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// The shopper paid but never came back: the order was placed from the stored intent.
    Created(OrderId),
    /// The payment's order exists already (usually placed by the browser); left as it is.
    AlreadyPlaced(OrderId),
    /// The order could not be filled, and the payment was refunded.
    Refunded,
    /// Nothing to do: another event, an unknown provider order, or an intent without a cart.
    Ignored,
    /// This event id was handled before.
    Duplicate,
}

/// Paying for a cart and turning the payment into an order.
pub struct CheckoutService {
    ports: CheckoutPorts,
    area: DeliveryArea,
}

/// A cart priced from the catalog as it is now.
struct PricedCart {
    lines: Vec<NewOrderLine>,
    stock: Vec<StockChange>,
    amount_rupees: i64,
    /// The first product with less stock than the cart wants: its name and stock.
    shortage: Option<(String, u32)>,
}

/// How a refund of an unfillable payment went.
enum RefundAttempt {
    Refunded,
    /// The provider did not take it; the claim stays, so a later attempt retries it.
    Failed(PaymentError),
}

/// What trying to fill a verified payment came to.
enum Fill {
    Placed(Order),
    Existing(Order),
    /// The order cannot be filled; `why` says why (its `refunded` flag still false).
    Unfilled {
        why: CheckoutError,
        refund: RefundAttempt,
    },
}

/// A verified payment and where its order goes.
struct Paid<'a> {
    intent: &'a CheckoutIntent,
    payment_id: &'a str,
    buyer: UserRef,
    buyer_id: UserId,
    lines: &'a [CartLine],
    address: String,
    pincode: Pincode,
    /// The amount the browser sent; `None` for the webhook.
    client_amount: Option<i64>,
    actor: Option<UserId>,
}

impl CheckoutService {
    pub fn new(ports: CheckoutPorts, area: DeliveryArea) -> Self {
        Self { ports, area }
    }

    /// `GET /delivery/{pincode}`: whether the shop delivers there, with the product page's
    /// message. 400 `Enter a valid 6-digit Pincode` when it is not 6 digits.
    pub fn delivery(&self, pincode: &str) -> Result<DeliveryCheck, CheckoutError> {
        Ok(self.area.availability(pincode)?)
    }

    /// `POST /payment/{amount}`: creates the provider order for `amount_rupees` and stores
    /// the checkout intent keyed by its id. With a cart, the cart is checked first (pincode,
    /// address, current prices must add up to the amount, stock), so nobody pays for an
    /// order that cannot be placed.
    #[instrument(skip(self, cart), fields(user = %user.user_id))]
    pub async fn start_payment(
        &self,
        user: &Principal,
        amount_rupees: i64,
        cart: Option<CartInput>,
    ) -> Result<PaymentOrder, CheckoutError> {
        if !(MIN_AMOUNT_RUPEES..=MAX_AMOUNT_RUPEES).contains(&amount_rupees) {
            return Err(CheckoutError::InvalidAmount);
        }
        let amount = Paise::from_rupees(amount_rupees).map_err(|_| CheckoutError::InvalidAmount)?;
        let (lines, address, pincode) = match cart {
            None => (Vec::new(), String::new(), String::new()),
            Some(cart) => {
                let pincode = self.area.for_checkout(&cart.pincode)?;
                let address = checkout_address(&cart.address)?;
                let priced = self.price(&cart.lines).await?;
                if priced.amount_rupees != amount_rupees {
                    return Err(CheckoutError::AmountMismatch {
                        cart_rupees: priced.amount_rupees,
                        given_rupees: amount_rupees,
                    });
                }
                if let Some((name, left)) = priced.shortage {
                    return Err(CheckoutError::OutOfStock {
                        name,
                        left,
                        refunded: false,
                    });
                }
                (cart.lines, address, pincode.as_str().to_owned())
            }
        };
        let receipt = self.ports.ids.new_id();
        let order = self
            .ports
            .gateway
            .create_order(amount, &receipt)
            .await
            .map_err(CheckoutError::Provider)?;
        let intent = CheckoutIntent {
            provider_order_id: order.id.clone(),
            receipt,
            user: user.user_id.clone(),
            lines,
            address,
            pincode,
            amount_rupees,
            created_at: self.ports.clock.now(),
            refund: None,
        };
        self.ports.intents.save(&intent).await?;
        Ok(PaymentOrder {
            id: order.id,
            amount: order.amount,
            currency: order.currency,
            key: self.ports.gateway.public_key(),
            provider: self.ports.gateway.provider(),
        })
    }

    /// `POST /order/cart`: turns a paid checkout into an order, as decisions.md section 5
    /// says: the signature against the STORED provider order id, then pincode, address, the
    /// amount from current prices (equal to the client's and to the paid one), stock, and one
    /// transaction for stock and order (status `Pending`). The same payment twice gives the
    /// same order. A paid cart that can no longer be filled is refunded and the shopper told.
    #[instrument(skip(self, request), fields(user = %user.user_id, payment = %request.payment_id))]
    pub async fn place_order(
        &self,
        user: &Principal,
        request: OrderRequest,
    ) -> Result<PlacedOrder, CheckoutError> {
        let payment_id = request.payment_id.trim();
        let signature = request.signature.trim();
        if payment_id.is_empty() || signature.is_empty() {
            return Err(CheckoutError::PaymentNotVerified);
        }
        let intent = self
            .verified_intent(user, request.order_id.as_deref(), payment_id, signature)
            .await?;
        if let Some(order) = self.ports.orders.find_by_payment(payment_id).await? {
            return Ok(PlacedOrder {
                order,
                created: false,
            });
        }
        if let Some(refund) = &intent.refund {
            if refund.refund_id.is_none() {
                // An earlier refund attempt failed: try again; the answer stays the same.
                self.send_refund(&intent, &refund.payment_id, None).await?;
            }
            return Err(CheckoutError::PaymentRefunded);
        }
        let pincode = self.area.for_checkout(&request.pincode)?;
        let address = checkout_address(&request.address)?;
        let fill = self
            .fill(Paid {
                intent: &intent,
                payment_id,
                buyer: UserRef::new(user.user_id.clone(), user.name.clone()),
                buyer_id: user.user_id.clone(),
                lines: &request.lines,
                address,
                pincode,
                client_amount: Some(request.amount_rupees),
                actor: Some(user.user_id.clone()),
            })
            .await?;
        match fill {
            Fill::Placed(order) => Ok(PlacedOrder {
                order,
                created: true,
            }),
            Fill::Existing(order) => Ok(PlacedOrder {
                order,
                created: false,
            }),
            Fill::Unfilled {
                why,
                refund: RefundAttempt::Refunded,
            } => Err(why.with_refund(true)),
            Fill::Unfilled {
                why,
                refund: RefundAttempt::Failed(_),
            } => Err(why),
        }
    }

    /// `POST /payment/webhook`: checks the signature over the raw body, skips an event id
    /// handled before, and for a captured payment places the order from its stored intent
    /// when the browser has not (or refunds it when it cannot be filled). Never moves an
    /// existing order. An error means "deliver it again later" (the event is not recorded).
    #[instrument(skip(self, body, signature))]
    pub async fn webhook(
        &self,
        event_id: &str,
        body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, CheckoutError> {
        if !self.ports.gateway.verify_webhook(body, signature.trim()) {
            return Err(CheckoutError::InvalidWebhookSignature);
        }
        let event_id = event_id.trim();
        if !event_id.is_empty() && self.ports.webhook_events.is_handled(event_id).await? {
            return Ok(WebhookOutcome::Duplicate);
        }
        let outcome = match self.ports.gateway.parse_webhook(body) {
            Ok(WebhookEvent::PaymentCaptured {
                payment_id,
                provider_order_id,
                amount,
            }) => {
                self.captured(&payment_id, &provider_order_id, amount)
                    .await?
            }
            Ok(WebhookEvent::Other { event }) => {
                tracing::debug!(%event, "webhook event ignored");
                WebhookOutcome::Ignored
            }
            Err(error) => {
                tracing::warn!(%error, "unreadable webhook ignored");
                WebhookOutcome::Ignored
            }
        };
        if !event_id.is_empty() {
            self.ports
                .webhook_events
                .mark_handled(event_id, self.ports.clock.now())
                .await?;
        }
        Ok(outcome)
    }

    /// A captured payment: make sure its order exists.
    async fn captured(
        &self,
        payment_id: &str,
        provider_order_id: &str,
        amount: Paise,
    ) -> Result<WebhookOutcome, CheckoutError> {
        let Some(intent) = self.ports.intents.find(provider_order_id).await? else {
            tracing::info!(
                provider_order_id,
                "captured payment for an order we did not make"
            );
            return Ok(WebhookOutcome::Ignored);
        };
        if Some(amount.paise()) != intent.amount_rupees.checked_mul(100) {
            tracing::error!(
                provider_order_id,
                payment_id,
                captured = amount.paise(),
                expected_rupees = intent.amount_rupees,
                "captured amount differs from the checkout intent; left for a person"
            );
            return Ok(WebhookOutcome::Ignored);
        }
        if let Some(order) = self.ports.orders.find_by_payment(payment_id).await? {
            return Ok(WebhookOutcome::AlreadyPlaced(order.id));
        }
        if let Some(refund) = &intent.refund {
            if refund.refund_id.is_none()
                && let RefundAttempt::Failed(error) =
                    self.send_refund(&intent, &refund.payment_id, None).await?
            {
                return Err(CheckoutError::Provider(error));
            }
            return Ok(WebhookOutcome::Refunded);
        }
        if intent.lines.is_empty() {
            tracing::info!(
                provider_order_id,
                "captured payment without a stored cart: the browser places its order"
            );
            return Ok(WebhookOutcome::Ignored);
        }
        let buyer = self.ports.users.find(&intent.user).await?;
        let destination = match buyer {
            None => Err(InvalidInput::new("The account no longer exists")),
            Some(buyer) => self
                .area
                .for_checkout(&intent.pincode)
                .and_then(|pincode| Ok((buyer, pincode, checkout_address(&intent.address)?))),
        };
        let fill = match destination {
            Err(why) => self.unfillable(&intent, payment_id, why.into()).await?,
            Ok((buyer, pincode, address)) => {
                let fill = self
                    .fill(Paid {
                        intent: &intent,
                        payment_id,
                        buyer: UserRef::new(buyer.id.clone(), buyer.name.clone()),
                        buyer_id: buyer.id,
                        lines: &intent.lines,
                        address,
                        pincode,
                        client_amount: None,
                        actor: None,
                    })
                    .await;
                match fill {
                    // The stored cart broke a rule it passed when it was stored.
                    Err(why @ CheckoutError::Invalid(_)) => {
                        self.unfillable(&intent, payment_id, why).await?
                    }
                    Err(CheckoutError::PaymentRefunded) => return Ok(WebhookOutcome::Refunded),
                    other => other?,
                }
            }
        };
        match fill {
            Fill::Placed(order) => Ok(WebhookOutcome::Created(order.id)),
            Fill::Existing(order) => Ok(WebhookOutcome::AlreadyPlaced(order.id)),
            Fill::Unfilled {
                refund: RefundAttempt::Refunded,
                ..
            } => Ok(WebhookOutcome::Refunded),
            Fill::Unfilled {
                refund: RefundAttempt::Failed(error),
                ..
            } => Err(CheckoutError::Provider(error)),
        }
    }

    /// The user's stored intent whose provider order id the signature was made for. The
    /// browser's order id only helps find an intent of this user's beyond the latest ones;
    /// the id the signature is checked against is always one we stored for this user.
    async fn verified_intent(
        &self,
        user: &Principal,
        browser_order_id: Option<&str>,
        payment_id: &str,
        signature: &str,
    ) -> Result<CheckoutIntent, CheckoutError> {
        let mut candidates = self
            .ports
            .intents
            .recent_for_user(&user.user_id, RECENT_INTENTS)
            .await?;
        if let Some(hint) = browser_order_id.map(str::trim).filter(|h| !h.is_empty())
            && !candidates.iter().any(|i| i.provider_order_id == hint)
            && let Some(intent) = self.ports.intents.find(hint).await?
            && intent.user == user.user_id
        {
            candidates.push(intent);
        }
        candidates
            .into_iter()
            .find(|intent| {
                self.ports.gateway.verify_checkout_signature(
                    &intent.provider_order_id,
                    payment_id,
                    signature,
                )
            })
            .ok_or(CheckoutError::PaymentNotVerified)
    }

    /// Prices the cart, checks it against the paid amount (and the client's), checks stock and
    /// places the order; refunds the payment when the order can no longer be filled.
    async fn fill(&self, paid: Paid<'_>) -> Result<Fill, CheckoutError> {
        let intent = paid.intent;
        let priced = match self.price(paid.lines).await {
            Ok(priced) => priced,
            Err(why @ CheckoutError::ProductUnavailable { .. }) => {
                return self.unfillable(intent, paid.payment_id, why).await;
            }
            Err(other) => return Err(other),
        };
        if priced.amount_rupees != intent.amount_rupees {
            let why = CheckoutError::PriceChanged {
                paid_rupees: intent.amount_rupees,
                cart_rupees: priced.amount_rupees,
                refunded: false,
            };
            return self.unfillable(intent, paid.payment_id, why).await;
        }
        if let Some(given) = paid.client_amount
            && given != priced.amount_rupees
        {
            return Err(CheckoutError::AmountMismatch {
                cart_rupees: priced.amount_rupees,
                given_rupees: given,
            });
        }
        if let Some((name, left)) = priced.shortage {
            let why = CheckoutError::OutOfStock {
                name,
                left,
                refunded: false,
            };
            return self.unfillable(intent, paid.payment_id, why).await;
        }
        let order = NewOrder {
            id: OrderId::new(self.ports.ids.new_id()),
            user: paid.buyer,
            address: paid.address,
            pincode: paid.pincode.as_str().to_owned(),
            amount_rupees: priced.amount_rupees,
            payment_id: paid.payment_id.to_owned(),
            provider_order_id: intent.provider_order_id.clone(),
            lines: priced.lines,
            actor: paid.actor,
            at: self.ports.clock.now(),
        };
        match self.ports.orders.place(&order, &priced.stock).await {
            Ok(Placement::Placed(order)) => {
                self.ports.catalog_revision.bump();
                tracing::info!(order = %order.id, amount = order.amount_rupees, "order placed");
                mails::notify(
                    self.ports.users.as_ref(),
                    self.ports.mailer.as_ref(),
                    &paid.buyer_id,
                    |user| mails::order_placed(user, &order),
                )
                .await;
                Ok(Fill::Placed(order))
            }
            Ok(Placement::Existing(order)) => Ok(Fill::Existing(order)),
            Err(PlaceError::OutOfStock { name, left, .. }) => {
                let why = CheckoutError::OutOfStock {
                    name,
                    left,
                    refunded: false,
                };
                self.unfillable(intent, paid.payment_id, why).await
            }
            Err(PlaceError::Refunded) => Err(CheckoutError::PaymentRefunded),
            Err(PlaceError::Repo(error)) => Err(error.into()),
        }
    }

    /// Claims and sends the refund of a payment whose order cannot be filled. When the claim
    /// finds the payment's order placed meanwhile (the webhook and the browser raced), that
    /// order is the answer and nothing is refunded.
    async fn unfillable(
        &self,
        intent: &CheckoutIntent,
        payment_id: &str,
        why: CheckoutError,
    ) -> Result<Fill, CheckoutError> {
        let now = self.ports.clock.now();
        match self
            .ports
            .intents
            .claim_refund(&intent.provider_order_id, payment_id, now)
            .await
        {
            Ok(()) => {}
            Err(RepoError::Conflict(_)) => {
                return match self.ports.orders.find_by_payment(payment_id).await? {
                    Some(order) => Ok(Fill::Existing(order)),
                    None => Err(CheckoutError::Unexpected(anyhow::anyhow!(
                        "refund claim refused but no order uses payment {payment_id}"
                    ))),
                };
            }
            Err(other) => return Err(other.into()),
        }
        tracing::warn!(payment_id, reason = %why, "paid order cannot be filled; refunding");
        let refund = self
            .send_refund(intent, payment_id, Some(&why.to_string()))
            .await?;
        Ok(Fill::Unfilled { why, refund })
    }

    /// Asks the provider for the refund of a claimed payment (at most once per payment, by
    /// its idempotency key), records it and mails the shopper.
    async fn send_refund(
        &self,
        intent: &CheckoutIntent,
        payment_id: &str,
        reason: Option<&str>,
    ) -> Result<RefundAttempt, CheckoutError> {
        let amount = Paise::from_rupees(intent.amount_rupees)
            .map_err(|e| CheckoutError::Unexpected(anyhow::anyhow!(e)))?;
        match self
            .ports
            .gateway
            .refund(payment_id, amount, &refund_key(payment_id))
            .await
        {
            Ok(refund) => {
                self.ports
                    .intents
                    .record_refund(&intent.provider_order_id, &refund.id)
                    .await?;
                let reason = reason.unwrap_or("your order could not be filled");
                mails::notify(
                    self.ports.users.as_ref(),
                    self.ports.mailer.as_ref(),
                    &intent.user,
                    |user| mails::payment_refunded(user, payment_id, intent.amount_rupees, reason),
                )
                .await;
                Ok(RefundAttempt::Refunded)
            }
            Err(error) => {
                tracing::error!(
                    payment_id,
                    %error,
                    "refund of an unfillable payment failed; it is retried on the next attempt"
                );
                Ok(RefundAttempt::Failed(error))
            }
        }
    }

    /// Prices `cart` from the catalog as it is now, by the shop's formula, and sums the stock
    /// it needs per product.
    async fn price(&self, cart: &[CartLine]) -> Result<PricedCart, CheckoutError> {
        if cart.is_empty() {
            return Err(InvalidInput::new("Please add some items to your cart").into());
        }
        if cart.len() > MAX_CART_LINES {
            return Err(InvalidInput::new(format!(
                "A cart can hold at most {MAX_CART_LINES} lines"
            ))
            .into());
        }
        if cart.iter().any(|line| line.quantity == 0) {
            return Err(InvalidInput::new("Quantity must be at least 1").into());
        }
        let mut products: HashMap<ProductId, Product> = HashMap::new();
        // Stock needed per product, in the order products first appear.
        let mut needed: Vec<(ProductId, u64)> = Vec::new();
        let mut lines = Vec::with_capacity(cart.len());
        let mut priced = Vec::with_capacity(cart.len());
        for line in cart {
            if !products.contains_key(&line.product) {
                let Some(product) = self.ports.products.find(&line.product).await? else {
                    return Err(CheckoutError::ProductUnavailable { refunded: false });
                };
                products.insert(line.product.clone(), product);
            }
            let product = &products[&line.product];
            let variant = usize::try_from(line.variant)
                .ok()
                .and_then(|i| product.variants.get(i))
                .ok_or(CheckoutError::ProductUnavailable { refunded: false })?;
            priced.push(PricedLine {
                unit_price: variant.price,
                discount: variant.discount,
                quantity: line.quantity,
            });
            lines.push(NewOrderLine {
                line: OrderLine {
                    product: product.id.clone(),
                    name: product.name.clone(),
                    category_name: product.category.name.clone(),
                    variant_label: variant.label.clone().or_else(|| variant.model.clone()),
                    unit_price: variant.price,
                    discount: variant.discount,
                    quantity: line.quantity,
                },
                variant_index: line.variant,
            });
            match needed.iter_mut().find(|(id, _)| *id == line.product) {
                Some((_, total)) => *total += u64::from(line.quantity),
                None => needed.push((line.product.clone(), u64::from(line.quantity))),
            }
        }
        let shortage = needed.iter().find_map(|(id, total)| {
            let product = &products[id];
            (*total > u64::from(product.quantity)).then(|| (product.name.clone(), product.quantity))
        });
        let stock = needed
            .into_iter()
            .map(|(id, total)| StockChange {
                name: products[&id].name.clone(),
                product: id,
                quantity: u32::try_from(total).unwrap_or(u32::MAX),
            })
            .collect();
        Ok(PricedCart {
            lines,
            stock,
            amount_rupees: order_amount_rupees(&priced),
            shortage,
        })
    }
}

impl CheckoutError {
    /// The same error, saying whether the payment was refunded.
    fn with_refund(self, refunded: bool) -> Self {
        match self {
            Self::PriceChanged {
                paid_rupees,
                cart_rupees,
                ..
            } => Self::PriceChanged {
                paid_rupees,
                cart_rupees,
                refunded,
            },
            Self::OutOfStock { name, left, .. } => Self::OutOfStock {
                name,
                left,
                refunded,
            },
            Self::ProductUnavailable { .. } => Self::ProductUnavailable { refunded },
            other => other,
        }
    }
}

/// The delivery address: required (`Please enter your address`), at most 500 characters.
fn checkout_address(text: &str) -> Result<String, InvalidInput> {
    let address = text.trim();
    if address.is_empty() {
        return Err(InvalidInput::new("Please enter your address"));
    }
    if address.chars().count() > 500 {
        return Err(InvalidInput::new("Address must be at most 500 characters"));
    }
    Ok(address.to_owned())
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
